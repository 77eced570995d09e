"""003 Stumble on the whole path: no step of a stumbling token's move goes the blocked way.

003 (seed 003_8e8ef1bed4dcaaed, "Stumble"): "While the effect lasts, you can not move in
one of the directions of the locations you are in (left, right, up or down). This is the
direction from which the effect came."

The searches take the banned steps (``MoveOptions.banned_steps``): for a token
that cannot move left, left, up-left and down-left. So a square is reachable
only by a path that never steps that way, even when the square itself lies
straight ahead or to the right.
"""

from __future__ import annotations

from itertools import pairwise

import networkx as nx
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tactical.core import Encounter, EngineError, GridMap, MoveOptions, Token, find_path, reachable
from tactical.core.movement import index_for, moves, steps_towards
from tactical.core.movement.band import band_path
from tactical.core.movement.banned import direction_indexes
from tactical.core.movement.costs import BLOCKED, DIRECTIONS
from tactical.core.movement.search import Blockers

# A wall of impassable squares under the token: straight below it (2, 3) is
# reached only round one end of the wall, and round either end a step goes left.
BELOW_A_WALL = """
0 0  0  0  0 0
0 0  0  0  0 0
0 0x 0x 0x 0 0
0 0  0  0  0 0
"""

NO_LEFT = MoveOptions(banned_steps=steps_towards((-1, 0)))


def picture(reach: dict[tuple[int, int], int], grid: GridMap) -> list[str]:
    """The reachable squares' costs row by row, ``#`` impassable, ``.`` out of reach."""
    return [
        "".join(
            str(reach[(c, r)]) if (c, r) in reach else "#" if grid.terrain[r, c] == 2 else "."
            for c in range(grid.width)
        )
        for r in range(grid.height)
    ]


def below_a_wall(metric: str = "chebyshev") -> Encounter:
    grid = GridMap.from_text(BELOW_A_WALL)
    return Encounter(map=grid, tokens=[Token(id="me", position=(2, 1), speed=4)], metric=metric)


def test_left_bans_the_three_steps_with_a_part_to_the_left() -> None:
    assert steps_towards((-1, 0)) == {(-1, -1), (-1, 0), (-1, 1)}
    assert steps_towards((0, -1)) == {(-1, -1), (0, -1), (1, -1)}
    with pytest.raises(EngineError):
        direction_indexes([(2, 0)])


def test_a_stumbling_token_reaches_only_what_a_path_without_a_left_step_reaches() -> None:
    encounter = below_a_wall()
    grid = encounter.grid
    assert grid is not None
    free = reachable(encounter, "me", 4)
    assert picture(free, grid) == ["211123", "210123", "2###23", "334333"]
    stumbling = reachable(encounter, "me", 4, NO_LEFT)
    # Nothing to the left, and nothing below the wall that a way round reaches only by
    # stepping back left: (2, 3) straight below, (3, 3) down-left of (4, 2).
    assert picture(stumbling, grid) == ["..1123", "..0123", ".###23", "....33"]


def test_003_by_rows_and_columns_the_same() -> None:
    encounter = below_a_wall("orthogonal")
    grid = encounter.grid
    assert grid is not None
    assert picture(reachable(encounter, "me", 4), grid) == ["321234", "210123", "3###34", "4...4."]
    assert picture(reachable(encounter, "me", 4, NO_LEFT), grid) == [
        "..1234",
        "..0123",
        ".###34",
        "....4.",
    ]


def test_the_path_never_steps_left_and_agrees_with_the_reach() -> None:
    encounter = below_a_wall()
    assert find_path(encounter, "me", (2, 3), NO_LEFT, budget=4) is None
    assert find_path(encounter, "me", (2, 3), NO_LEFT) is None  # at any cost
    assert find_path(encounter, "me", (2, 3), budget=4) is not None  # without the ban
    found = find_path(encounter, "me", (5, 3), NO_LEFT, budget=4)
    assert found == ([(2, 1), (3, 1), (4, 2), (5, 3)], 3)


def test_the_band_search_obeys_the_ban_too() -> None:
    grid = GridMap(60, 6)
    grid.terrain[2, 1:59] = 2  # a long wall, open at both ends: (30, 3) is behind it
    layer = index_for(grid).layer(1)
    left = direction_indexes(steps_towards((-1, 0)))
    assert band_path(layer, (30, 1), (30, 3), Blockers(), None, left) is None
    found = band_path(layer, (1, 1), (59, 4), Blockers(), None, left)  # round the right end
    assert found is not None and found is not False
    squares, cost = found
    assert all(b[0] >= a[0] for a, b in pairwise(squares))
    assert (
        cost
        == reachable(
            Encounter(map=grid, tokens=[Token(id="me", position=(1, 1), speed=99)]), "me", 99
        )[(59, 4)]
    )


@st.composite
def cases(draw: st.DrawFn) -> tuple[GridMap, tuple[int, int], tuple[int, int], str]:
    width, height = draw(st.integers(3, 12)), draw(st.integers(3, 12))
    cells = st.lists(
        st.sampled_from([0, 0, 0, 1, 2]), min_size=width * height, max_size=width * height
    )
    levels = st.lists(
        st.sampled_from([0, 0, 1, 3]), min_size=width * height, max_size=width * height
    )
    grid = GridMap(
        width,
        height,
        elevation=np.array(draw(levels)).reshape(height, width),
        terrain=np.array(draw(cells), dtype=np.uint8).reshape(height, width),
    )
    start = draw(st.tuples(st.integers(0, width - 1), st.integers(0, height - 1)))
    banned = draw(st.sampled_from([(-1, 0), (1, 0), (0, -1), (0, 1)]))
    return grid, start, banned, draw(st.sampled_from(["chebyshev", "orthogonal"]))


@pytest.mark.slow
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cases())
def test_reach_and_paths_equal_networkx_on_the_graph_without_the_banned_steps(
    case: tuple[GridMap, tuple[int, int], tuple[int, int], str],
) -> None:
    grid, start, direction, metric = case
    encounter = Encounter(map=grid, tokens=[Token(id="me", position=start, speed=8)], metric=metric)
    layer = index_for(grid).layer(1, False, metric)
    banned = steps_towards(direction)
    graph = nx.DiGraph()
    graph.add_node(start)
    for r in range(grid.height):
        for c in range(grid.width):
            for d, step in enumerate(DIRECTIONS):
                cost = int(layer.costs[d, r, c])
                if cost != BLOCKED and step not in banned:
                    graph.add_edge((c, r), (c + step[0], r + step[1]), w=cost)
    expected = nx.single_source_dijkstra_path_length(graph, start, cutoff=8, weight="w")
    options = MoveOptions(banned_steps=banned)
    assert reachable(encounter, "me", 8, options) == expected
    for goal, cost in expected.items():
        if goal == start:
            continue
        found = find_path(encounter, "me", goal, options, budget=8)
        assert found is not None and found[1] == cost
        assert all((b[0] - a[0], b[1] - a[1]) not in banned for a, b in pairwise(found[0]))


def test_a_goal_on_the_banned_side_is_refused_without_a_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    encounter = below_a_wall()

    def no_search(*args: object, **kwargs: object) -> None:
        raise AssertionError("searched")

    monkeypatch.setattr(moves, "_search", no_search)
    monkeypatch.setattr(moves, "cheapest_path", no_search)  # the near try (issue 22)
    assert find_path(encounter, "me", (0, 3), NO_LEFT) is None  # down and to the left
    assert find_path(encounter, "me", (1, 1), NO_LEFT) is None
    with pytest.raises(AssertionError, match="searched"):
        find_path(encounter, "me", (2, 0), NO_LEFT)  # straight up: searched
