"""The fast movement engine against a plain networkx graph written from 001's text.

The reference builds one directed edge per legal step of a small map, straight
from the rule (no arrays, no windows, no caches), and lets networkx's Dijkstra
answer. Hypothesis draws the maps, walls, free wall lines, tokens and budgets.
Wall lines are tested with shapely (``intersects`` counts touching), not with
the engine's own orientation test.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from shapely.geometry import LineString, Point

from tactical.core import (
    Encounter,
    GridMap,
    MoveOptions,
    Terrain,
    Token,
    Wall,
    find_path,
    reachable,
)
from tactical.core.movement import index_for
from tactical.core.movement import moves as moves_module
from tactical.core.movement import regions as regions_module
from tactical.core.movement import search as search_module
from tactical.core.wall_lines import WALL_LINE_KINDS, WallLine

Square = tuple[int, int]
STEPS = [(dc, dr) for dc in (-1, 0, 1) for dr in (-1, 0, 1) if (dc, dr) != (0, 0)]


def wall_touches_point(grid: GridMap, x: int, y: int) -> bool:
    """Does a blocking wall have an end (or run) through the grid point (x, y)?"""
    for (a, b), wall in grid.walls.items():
        if not wall.blocks:
            continue
        if a[1] == b[1]:  # vertical segment x = b.col, y in [row, row + 1]
            ends = {(b[0], a[1]), (b[0], a[1] + 1)}
        else:  # horizontal segment y = b.row, x in [col, col + 1]
            ends = {(a[0], b[1]), (a[0] + 1, b[1])}
        if (x, y) in ends:
            return True
    return False


def line_blocks(grid: GridMap, a: Square, b: Square) -> bool:
    """Does the segment between the two centres meet a wall line that blocks movement?

    Doorways (docs/rules.md): a step that meets a blocking line only at one of its
    ends, where an open door ends and no other blocking line does, passes.
    """
    step = LineString([(a[0] + 0.5, a[1] + 0.5), (b[0] + 0.5, b[1] + 0.5)])
    blocking = [line for line in grid.wall_lines if line.blocks_movement]
    doorway_ends = {
        end
        for line in grid.wall_lines
        if line.kind == "door" and line.open
        for end in (line.a, line.b)
    }

    def free_doorway_end(line: WallLine, point: tuple[float, float]) -> bool:
        if point not in (line.a, line.b) or point not in doorway_ends:
            return False
        return sum(point in (other.a, other.b) for other in blocking) == 1

    for line in blocking:
        shape = LineString([line.a, line.b]) if line.a != line.b else Point(line.a)
        meet = step.intersection(shape)
        if meet.is_empty:
            continue
        if isinstance(meet, Point) and free_doorway_end(line, (meet.x, meet.y)):
            continue
        return True
    return False


def open_square(grid: GridMap, s: Square) -> bool:
    return grid.in_bounds(s) and grid.terrain_at(s) != Terrain.IMPASSABLE


def single_step(grid: GridMap, a: Square, step: Square, roll: bool) -> int | None:
    """001's cost for one square to step, or None when the step is not allowed."""
    b = (a[0] + step[0], a[1] + step[1])
    if not grid.in_bounds(a) or not open_square(grid, b):
        return None
    if step[0] and step[1]:
        corner = (a[0] + (step[0] > 0), a[1] + (step[1] > 0))
        if wall_touches_point(grid, *corner):
            return None
        if not open_square(grid, (b[0], a[1])) and not open_square(grid, (a[0], b[1])):
            return None
    elif grid.blocked_edge(a, b):
        return None
    if line_blocks(grid, a, b):
        return None
    rise = grid.elevation_at(b) - grid.elevation_at(a)
    extra = max(0, abs(rise) - 1)
    if roll and rise <= -2:
        extra = 0
    leave = 1 if grid.terrain_at(a) == Terrain.DIFFICULT else 0
    return 1 + extra + leave


def footprint(corner: Square, size: int) -> list[Square]:
    return [(corner[0] + i, corner[1] + j) for j in range(size) for i in range(size)]


def valid_position(grid: GridMap, corner: Square, size: int) -> bool:
    squares = footprint(corner, size)
    if not all(open_square(grid, s) for s in squares):
        return False
    inside = set(squares)
    for s in squares:
        for n in ((s[0] + 1, s[1]), (s[0], s[1] + 1)):
            if n in inside and grid.blocked_edge(s, n):
                return False
        for n in ((s[0] + 1, s[1]), (s[0] + 1, s[1] + 1), (s[0], s[1] + 1), (s[0] - 1, s[1] + 1)):
            if n in inside and line_blocks(grid, s, n):
                return False
    return True


def reference_graph(encounter: Encounter, token: Token, roll: bool) -> nx.DiGraph:
    grid = encounter.grid
    assert grid is not None
    size = token.size
    enemy_squares = {
        s
        for t in encounter.tokens.values()
        if t.id != token.id and encounter.are_enemies(token.side, t.side)
        for s in t.occupied()
    }
    graph = nx.DiGraph()
    for corner in grid.squares():
        graph.add_node(corner)
        for step in STEPS:
            dest = (corner[0] + step[0], corner[1] + step[1])
            if not valid_position(grid, dest, size):
                continue
            if set(footprint(dest, size)) & enemy_squares:
                continue
            costs = [single_step(grid, s, step, roll) for s in footprint(corner, size)]
            if any(c is None for c in costs):
                continue
            graph.add_edge(corner, dest, weight=max(c for c in costs if c is not None))
    return graph


def no_stop(encounter: Encounter, token: Token) -> set[Square]:
    others = {s for t in encounter.tokens.values() if t.id != token.id for s in t.occupied()}
    return {
        corner
        for corner in (encounter.grid.squares() if encounter.grid else [])
        if set(footprint(corner, token.size)) & others
    }


@st.composite
def wall_lines(draw: st.DrawFn, width: int, height: int) -> WallLine:
    """A line with ends on quarter squares (exact in floats), some off the map."""
    x = st.integers(-2, 4 * width + 2).map(lambda v: v / 4)
    y = st.integers(-2, 4 * height + 2).map(lambda v: v / 4)
    kind = draw(st.sampled_from(WALL_LINE_KINDS))
    opened = kind == "door" and draw(st.booleans())
    return WallLine((draw(x), draw(y)), (draw(x), draw(y)), kind, opened)


@st.composite
def encounters(draw: st.DrawFn) -> tuple[Encounter, int, bool]:
    width = draw(st.integers(2, 7))
    height = draw(st.integers(2, 7))
    cells = width * height
    elevation = draw(st.lists(st.integers(-3, 3), min_size=cells, max_size=cells))
    terrain = draw(st.lists(st.sampled_from([0, 0, 0, 1, 2]), min_size=cells, max_size=cells))
    grid = GridMap(width, height, elevation=elevation, terrain=terrain)
    edges = [((c, r), (c + 1, r)) for c in range(width - 1) for r in range(height)]
    edges += [((c, r), (c, r + 1)) for c in range(width) for r in range(height - 1)]
    for a, b in draw(st.lists(st.sampled_from(edges), max_size=6, unique=True)):
        grid.set_wall(a, b, Wall(door=draw(st.booleans()), open=draw(st.booleans())))
    for n in range(draw(st.integers(0, 4))):
        grid.set_wall_line(n, draw(wall_lines(width, height)))
    size = draw(st.sampled_from([1, 1, 1, 2]))
    squares = list(grid.squares())
    start = draw(st.sampled_from(squares))
    mover = Token(id="me", side="pcs", position=start, size=size, speed=draw(st.integers(0, 9)))
    encounter = Encounter(map=grid, tokens=[mover])
    taken = set(mover.occupied())
    for n in range(draw(st.integers(0, 4))):
        at = draw(st.sampled_from(squares))
        if at in taken:
            continue
        taken.add(at)
        side = draw(st.sampled_from(["pcs", "npcs"]))
        encounter.add_token(Token(id=f"t{n}", side=side, position=at))
    return encounter, draw(st.integers(0, 12)), draw(st.booleans())


@pytest.mark.slow
@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(encounters())
def test_reachable_and_find_path_agree_with_the_reference(
    case: tuple[Encounter, int, bool],
) -> None:
    encounter, budget, roll = case
    token = encounter.token("me")
    assert token.square is not None
    options = MoveOptions(roll_descent=roll)
    graph = reference_graph(encounter, token, roll)
    lengths = nx.single_source_dijkstra_path_length(graph, token.square, weight="weight")
    forbidden = no_stop(encounter, token) - {token.square}
    expected = {s: c for s, c in lengths.items() if c <= budget and s not in forbidden}
    assert reachable(encounter, "me", budget, options) == expected
    # The same with the levels kept in buckets (the search of big windows, issue 22).
    old_window = search_module._SCAN_WINDOW
    search_module._SCAN_WINDOW = 0
    try:
        reach = reachable(encounter, "me", budget, options)
    finally:
        search_module._SCAN_WINDOW = old_window
    assert reach == expected
    assert dict(reach.items()) == expected and set(reach) == set(expected)
    assert all(reach[s] == c and s in reach for s, c in expected.items())

    for goal in encounter.grid.squares():  # type: ignore[union-attr]
        path = find_path(encounter, "me", goal, options)
        if (
            goal in forbidden
            or goal not in lengths
            or not valid_position(
                encounter.grid,  # type: ignore[arg-type]
                goal,
                token.size,
            )
        ):
            assert path is None or goal == token.square
            continue
        assert path is not None
        squares, cost = path
        assert cost == lengths[goal]
        within = find_path(encounter, "me", goal, options, budget=budget)
        assert (within is not None) == (cost <= budget)
        assert within is None or within[1] == cost
        assert squares[0] == token.square and squares[-1] == goal
        assert sum(graph[a][b]["weight"] for a, b in pairwise(squares)) == cost


@st.composite
def edit_sequences(draw: st.DrawFn) -> tuple[GridMap, list[tuple[Square, int, int]]]:
    width = draw(st.integers(5, 14))
    height = draw(st.integers(5, 14))
    cells = width * height
    terrain = draw(st.lists(st.sampled_from([0, 0, 2]), min_size=cells, max_size=cells))
    grid = GridMap(width, height, terrain=terrain)
    square = st.tuples(st.integers(0, width - 1), st.integers(0, height - 1))
    edits = draw(
        st.lists(st.tuples(square, st.integers(-2, 2), st.sampled_from([0, 1, 2])), max_size=8)
    )
    return grid, edits


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(edit_sequences())
def test_regions_match_networkx_components_through_edits(
    case: tuple[GridMap, list[tuple[Square, int, int]]],
) -> None:
    grid, edits = case
    old_tile = regions_module.TILE
    regions_module.TILE = 4  # small tiles, so maps of a few squares cross tile borders
    try:
        index = index_for(grid)
        regions = index.region_index(1)
        for square, elevation, terrain in [(None, 0, 0), *edits]:
            if square is not None:
                grid.set_square(square, elevation=elevation, terrain=terrain)
            probe = Token(id="p", position=(0, 0))
            graph = reference_graph(Encounter(map=grid, tokens=[probe]), probe, False)
            # Links between open squares only: a token can step off an impassable
            # square it was put on, but nobody passes through one.
            open_squares = [s for s in grid.squares() if open_square(grid, s)]
            undirected = graph.subgraph(open_squares).to_undirected()
            component = {
                square: n
                for n, members in enumerate(nx.connected_components(undirected))
                for square in members
            }
            pairs = {(regions.region(*a), component[a]) for a in open_squares}
            # Same region exactly when same component: the pairing is one to one.
            assert len({r for r, _ in pairs}) == len(pairs) == len({c for _, c in pairs})
    finally:
        regions_module.TILE = old_tile


def test_regions_stay_apart_after_two_separate_edits() -> None:
    # Regression: a tile relinked while its neighbour still had old labels left a
    # stray "-1" piece in the graph that later joined unconnected regions.
    regions_module_tile = regions_module.TILE
    regions_module.TILE = 4
    try:
        # Two corridors, columns 0 and 8 (tiles apart), each cut at row 4.
        rows = ["0" + " 0x" * 7 + " 0"] * 4 + ["0x" * 9] + ["0" + " 0x" * 7 + " 0"] * 7
        grid = GridMap.from_text("\n".join(r.replace("x0", "x 0") for r in rows))
        regions = index_for(grid).region_index(1)
        assert regions.region(0, 0) != regions.region(0, 5)
        grid.set_square((0, 4), terrain=Terrain.OPEN)
        assert regions.region(0, 0) == regions.region(0, 5)
        grid.set_square((8, 4), terrain=Terrain.OPEN)
        assert regions.region(8, 0) == regions.region(8, 5)
        assert regions.region(0, 0) != regions.region(8, 0)
    finally:
        regions_module.TILE = regions_module_tile


@st.composite
def crowded(draw: st.DrawFn) -> tuple[Encounter, int]:
    """Small maps with many enemies, so their clusters cut corridors and close pockets."""
    width = draw(st.integers(4, 12))
    height = draw(st.integers(4, 12))
    cells = width * height
    terrain = draw(st.lists(st.sampled_from([0, 0, 0, 2]), min_size=cells, max_size=cells))
    grid = GridMap(width, height, terrain=terrain)
    edges = [((c, r), (c + 1, r)) for c in range(width - 1) for r in range(height)]
    edges += [((c, r), (c, r + 1)) for c in range(width) for r in range(height - 1)]
    for a, b in draw(st.lists(st.sampled_from(edges), max_size=8, unique=True)):
        grid.set_wall(a, b, Wall())
    squares = list(grid.squares())
    size = draw(st.sampled_from([1, 1, 2]))
    mover = Token(id="me", side="pcs", position=draw(st.sampled_from(squares)), size=size)
    encounter = Encounter(map=grid, tokens=[mover])
    taken = set(mover.occupied())
    for n, at in enumerate(draw(st.lists(st.sampled_from(squares), max_size=cells // 2))):
        if at not in taken:
            taken.add(at)
            side = draw(st.sampled_from(["npcs", "npcs", "pcs"]))
            encounter.add_token(Token(id=f"t{n}", side=side, position=at))
    return encounter, size


@pytest.mark.slow
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(crowded())
def test_regions_with_enemies_closed_agree_with_the_reference(
    case: tuple[Encounter, int],
) -> None:
    # With tiny tiles and a flood that gives up at once, every "sealed by enemies"
    # answer comes from the regions with the enemies' positions closed.
    encounter, _ = case
    token = encounter.token("me")
    assert token.square is not None
    graph = reference_graph(encounter, token, False)
    lengths = nx.single_source_dijkstra_path_length(graph, token.square, weight="weight")
    forbidden = no_stop(encounter, token) - {token.square}
    grid = encounter.grid
    assert grid is not None
    start_valid = valid_position(grid, token.square, token.size)
    searched_in_vain: list[Square] = []
    real_search = moves_module.cheapest_path

    def watched(*args: Any, **kwargs: Any) -> Any:
        found = real_search(*args, **kwargs)
        # The bounded first try of a question with no budget (issue 22) may come back
        # empty; only a search after it would be a search in vain.
        near_try = kwargs.get("give_up") is not None and args[4] is not None
        if found is None and not near_try:
            searched_in_vain.append(args[2])
        return found

    old_tile, old_limit = regions_module.TILE, search_module.POCKET_LIMIT
    regions_module.TILE, search_module.POCKET_LIMIT = 4, 2
    moves_module.cheapest_path = watched  # type: ignore[assignment]
    try:
        index_for(grid).regions.clear()
        for goal in grid.squares():
            path = find_path(encounter, "me", goal)
            if goal == token.square:
                continue
            if goal in forbidden or goal not in lengths:
                assert path is None
            else:
                assert path is not None and path[1] == lengths[goal]
    finally:
        regions_module.TILE, search_module.POCKET_LIMIT = old_tile, old_limit
        moves_module.cheapest_path = real_search  # type: ignore[assignment]
        index_for(grid).regions.clear()
    # An unreachable goal is known without a search (unless the token stands
    # where it could not have walked to, on an impassable square).
    if start_valid:
        assert searched_in_vain == []
