"""Among the cheapest paths, the one a person would draw: nearest the straight line.

The cost never changes (every path below is checked against the cheapest cost
``reachable`` finds on its own); only the choice among equally cheap paths.
Before, the A* returned whichever of them its heap order met first: along the
top edge of the cone, then one long diagonal ((0, 0) to (10, 3) ran along
row 0 for seven squares). The maps are drawn as text in the tests: ``S``
start, ``G`` goal, ``o`` the expected path, ``#`` impassable, ``,`` difficult,
``O`` the path over difficult ground.
"""

from __future__ import annotations

from itertools import pairwise

import networkx as nx
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tactical.core import Encounter, GridMap, Terrain, Token, find_path, reachable
from tactical.core.movement import index_for
from tactical.core.movement.band import band_path
from tactical.core.movement.costs import BLOCKED, DIRECTIONS
from tactical.core.movement.search import Blockers, cheapest_path
from tactical.core.movement.straight import Line

Square = tuple[int, int]


def drawn(picture: str) -> tuple[GridMap, Square, Square, list[Square]]:
    """The map, start, goal and the path drawn in ``picture`` (in path order)."""
    rows = [line.strip() for line in picture.strip().splitlines()]
    height, width = len(rows), len(rows[0])
    terrain = np.zeros((height, width), dtype=np.uint8)
    marked: set[Square] = set()
    start = goal = (-1, -1)
    for r, line in enumerate(rows):
        for c, ch in enumerate(line):
            if ch == "#":
                terrain[r, c] = Terrain.IMPASSABLE
            if ch in ",O":
                terrain[r, c] = Terrain.DIFFICULT
            if ch in "oO":
                marked.add((c, r))
            if ch == "S":
                start = (c, r)
            if ch == "G":
                goal = (c, r)
    grid = GridMap(width, height, terrain=terrain)
    path = [start]
    while marked:  # follow the drawn squares from the start, one neighbour at a time
        here = path[-1]
        near = [sq for sq in marked if max(abs(sq[0] - here[0]), abs(sq[1] - here[1])) == 1]
        if len(near) > 1:  # a staircase: the next square is beside, not across a corner
            near = [sq for sq in near if abs(sq[0] - here[0]) + abs(sq[1] - here[1]) == 1]
        (nxt,) = near
        marked.discard(nxt)
        path.append(nxt)
    return grid, start, goal, [*path, goal]


def previewed(picture: str, metric: str = "chebyshev") -> tuple[list[Square], list[Square]]:
    """(the path the engine previews, the path drawn), after checking the cost is minimal."""
    grid, start, goal, expected = drawn(picture)
    encounter = Encounter(map=grid, tokens=[Token(id="me", position=start, speed=99)])
    encounter.metric = metric
    found = find_path(encounter, "me", goal)
    assert found is not None
    squares, cost = found
    assert cost == reachable(encounter, "me", 99)[goal]  # still the cheapest
    return squares, expected


def test_open_field_a_shallow_slope_is_spread_evenly_not_run_along_an_edge() -> None:
    squares, expected = previewed(
        """
        So..........
        ..oooo......
        ......ooo...
        .........oG.
        """
    )
    assert squares == expected


def test_open_field_a_goal_off_the_45_degree_line() -> None:
    squares, expected = previewed(
        """
        So......
        ..oo....
        ....oo..
        ......G.
        ........
        """
    )
    assert squares == expected


def test_open_field_straight_along_the_row_and_the_diagonal() -> None:
    squares, expected = previewed(
        """
        ............
        SoooooooooG.
        ............
        """
    )
    assert squares == expected
    squares, expected = previewed(
        """
        S.....
        .o....
        ..o...
        ...o..
        ....G.
        """
    )
    assert squares == expected


def test_around_a_wall_the_path_turns_at_the_end_nearer_the_line() -> None:
    squares, expected = previewed(
        """
        ............
        ............
        .....#......
        .....#......
        .....#......
        Soo..#..ooG.
        ...o.#.o....
        ....o#o.....
        .....o......
        """
    )
    assert squares == expected


def test_around_a_wall_with_a_slanted_goal() -> None:
    squares, expected = previewed(
        """
        .....o......
        ....o#o.....
        ....o#.o....
        ...o.#..o.oG
        ..o..#...o..
        .o...#......
        S....#......
        .....#......
        .....#......
        """
    )
    assert squares == expected


def test_difficult_ground_is_still_crossed_only_when_it_costs_nothing_more() -> None:
    squares, expected = previewed(
        """
        ............
        ............
        ....,,,.....
        ....,,,.....
        Soo.,,,.ooG.
        ...o,,,o....
        ....ooo.....
        ............
        """
    )
    assert squares == expected
    squares, expected = previewed(
        """
        S...........
        .oo.........
        ...oo.......
        ...,,O,,,...
        ...,,,O,,...
        ...,,,,O,...
        ........o...
        .........oo.
        ...........G
        """
    )
    assert squares == expected


def test_003_moves_by_rows_and_columns_in_an_even_staircase() -> None:
    squares, expected = previewed(
        """
        So......
        .oo.....
        ..ooo...
        ....oo..
        .....oo.
        ......oG
        """,
        metric="orthogonal",
    )
    assert squares == expected


def test_the_band_search_in_c_picks_the_same_path() -> None:
    grid, start, goal, expected = drawn(
        """
        ............
        ............
        .....#......
        .....#......
        .....#......
        Soo..#..ooG.
        ...o.#.o....
        ....o#o.....
        .....o......
        """
    )
    layer = index_for(grid).layer(1)
    assert band_path(layer, start, goal, Blockers()) == (expected, 10)


def test_a_long_path_across_an_open_map_is_the_drawn_line() -> None:
    encounter = Encounter(map=GridMap(64, 64), tokens=[Token(id="me", position=(0, 0))])
    found = find_path(encounter, "me", (63, 21))
    assert found is not None
    squares, cost = found
    assert cost == 63
    # Every square within half a square of the line's row at its column (y = x / 3).
    assert all(abs(r - c / 3) <= 0.5 for c, r in squares)


def rank(start: Square, goal: Square, squares: list[Square]) -> int:
    line = Line(start, goal)
    return sum(line.off_line(c, r) for c, r in squares[1:])


@st.composite
def maps(draw: st.DrawFn) -> tuple[GridMap, Square, Square, str]:
    width, height = draw(st.integers(3, 14)), draw(st.integers(3, 14))
    cells = st.sampled_from([0, 0, 0, 0, 1, 2])
    terrain = np.array(draw(st.lists(cells, min_size=width * height, max_size=width * height)))
    levels = st.sampled_from([0, 0, 0, 1, 2, 4])
    elevation = draw(st.lists(levels, min_size=width * height, max_size=width * height))
    grid = GridMap(
        width,
        height,
        elevation=np.array(elevation).reshape(height, width),
        terrain=terrain.reshape(height, width).astype(np.uint8),
    )
    square = st.tuples(st.integers(0, width - 1), st.integers(0, height - 1))
    return grid, draw(square), draw(square), draw(st.sampled_from(["chebyshev", "orthogonal"]))


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(maps())
def test_both_searches_rank_like_networkx_by_cost_then_distance_from_the_line(
    case: tuple[GridMap, Square, Square, str],
) -> None:
    """networkx's Dijkstra on weights ``cost * big + off_line`` (of the square entered),
    with ``big`` above any path's summed ``off_line``, is the reference of the rank."""
    grid, start, goal, metric = case
    layer = index_for(grid).layer(1, False, metric)
    if start == goal or not layer.valid[start[1], start[0]] or not layer.valid[goal[1], goal[0]]:
        return
    line = Line(start, goal)
    big = 1 << 40
    graph = nx.DiGraph()
    for r in range(grid.height):
        for c in range(grid.width):
            for d, (dc, dr) in enumerate(DIRECTIONS):
                step = int(layer.costs[d, r, c])
                if step != BLOCKED:
                    graph.add_edge(
                        (c, r), (c + dc, r + dr), w=step * big + line.off_line(c + dc, r + dr)
                    )
    try:
        best = nx.dijkstra_path_length(graph, start, goal, weight="w")
    except (nx.NetworkXNoPath, nx.NodeNotFound):
        assert cheapest_path(layer, start, goal, Blockers()) is None
        return
    for found in (
        cheapest_path(layer, start, goal, Blockers()),
        band_path(layer, start, goal, Blockers()),
    ):
        assert found is not None and found is not False
        squares, cost = found
        assert (cost, rank(start, goal, squares)) == divmod(best, big)
        assert squares[0] == start and squares[-1] == goal
        assert sum(graph[a][b]["w"] for a, b in pairwise(squares)) == best


def test_an_area_map_path_follows_the_line_across_a_field_of_equal_areas() -> None:
    """7 x 4 square areas sharing edges: 9 hops to the far corner by many routes. Before,
    networkx went down the first column and then along the bottom row."""
    from shapely.geometry import box

    from tactical.core.areas import Area, AreaMap

    field = AreaMap(
        [
            Area(f"r{r}c{c}", f"r{r}c{c}", box(c * 10, r * 10, c * 10 + 10, r * 10 + 10))
            for r in range(4)
            for c in range(7)
        ]
    )
    encounter = Encounter(map=field, tokens=[Token(id="me", position="r0c0", speed=20)])
    assert find_path(encounter, "me", "r3c6") == (
        ["r0c0", "r0c1", "r1c1", "r1c2", "r1c3", "r2c3", "r2c4", "r2c5", "r3c5", "r3c6"],
        9,
    )
    assert find_path(encounter, "me", "r1c6") == (
        ["r0c0", "r0c1", "r0c2", "r0c3", "r1c3", "r1c4", "r1c5", "r1c6"],
        7,
    )
    assert find_path(encounter, "me", "r1c6", budget=6) is None
