"""Free wall lines (imported maps) stop movement: exact squares a user would see highlighted."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from tactical.core import Encounter, GridMap, Token, find_path, orthogonal_distance, reachable
from tactical.core.movement import index_for, line_steps
from tactical.core.movement import regions as regions_module
from tactical.core.movement.index import MovementIndex
from tactical.core.wall_lines import WALL_LINE_KINDS, WallLine, WallLineKind


def _encounter(grid: GridMap, at: tuple[int, int], size: int = 1) -> Encounter:
    return Encounter(map=grid, tokens=[Token(id="me", side="pcs", position=at, size=size)])


def test_a_diagonal_wall_closes_off_the_corner_it_cuts() -> None:
    grid = GridMap(4, 4, wall_lines=[WallLine((0, 2.5), (2.5, 0))])
    encounter = _encounter(grid, (0, 0))
    assert reachable(encounter, "me", 9) == {(0, 0): 0, (1, 0): 1, (0, 1): 1}
    assert find_path(encounter, "me", (1, 1)) is None


def test_a_diagonal_wall_lets_a_token_walk_round_its_end() -> None:
    grid = GridMap(4, 3, wall_lines=[WallLine((0, 2.5), (2.5, 0))])
    encounter = _encounter(grid, (0, 2))
    # (0, 2) is beyond the line; the line ends on the map's left edge and top edge,
    # so the corner squares (0, 0), (1, 0), (0, 1) stay out of reach.
    found = reachable(encounter, "me", 9)
    assert set(found) == {(c, r) for c in range(4) for r in range(3)} - {(0, 0), (1, 0), (0, 1)}
    assert found[(3, 0)] == 3


def test_a_wall_between_two_centres_blocks_but_one_short_of_the_centre_line_does_not() -> None:
    blocked = GridMap(3, 1, wall_lines=[WallLine((1.25, 0), (1.25, 1))])
    assert reachable(_encounter(blocked, (0, 0)), "me", 9) == {(0, 0): 0}
    short = GridMap(3, 1, wall_lines=[WallLine((1.25, 0), (1.25, 0.49))])
    assert reachable(_encounter(short, (0, 0)), "me", 9) == {(0, 0): 0, (1, 0): 1, (2, 0): 2}


def test_a_line_ending_exactly_on_the_centre_line_blocks_the_step_it_touches() -> None:
    grid = GridMap(3, 1, wall_lines=[WallLine((1.25, -1), (1.25, 0.5))])
    assert reachable(_encounter(grid, (0, 0)), "me", 9) == {(0, 0): 0}
    # The same line seen from the other side: touching counts both ways.
    assert reachable(_encounter(grid, (2, 0)), "me", 9) == {(2, 0): 0, (1, 0): 1}


def _doorway(kind: WallLineKind, opened: bool = False) -> GridMap:
    """A 3 x 3 room cut by a wall at x = 1.25 with a door (or window, object) in the middle."""
    return GridMap(
        3,
        3,
        wall_lines=[
            WallLine((1.25, 0), (1.25, 1)),
            WallLine((1.25, 1), (1.25, 2), kind, opened),
            WallLine((1.25, 2), (1.25, 3)),
        ],
    )


LEFT = {(0, 0): 1, (0, 1): 0, (0, 2): 1}
THROUGH = {
    **LEFT,
    (1, 1): 1,
    (1, 0): 2,
    (1, 2): 2,
    (2, 0): 2,
    (2, 1): 2,
    (2, 2): 2,
}


def test_a_closed_door_line_blocks_and_an_open_one_lets_through() -> None:
    assert reachable(_encounter(_doorway("door"), (0, 1)), "me", 9) == LEFT
    assert reachable(_encounter(_doorway("door", True), (0, 1)), "me", 9) == THROUGH


def test_opening_and_closing_a_door_line_updates_the_cached_index() -> None:
    grid = _doorway("door")
    encounter = _encounter(grid, (0, 1))
    regions = index_for(grid).region_index(1)
    assert reachable(encounter, "me", 9) == LEFT
    assert not regions.connected((0, 1), (2, 1))
    grid.set_wall_line(1, WallLine((1.25, 1), (1.25, 2), "door", True))
    assert reachable(encounter, "me", 9) == THROUGH
    assert regions.connected((0, 1), (2, 1))
    path = find_path(encounter, "me", (2, 1))
    assert path is not None and path[1] == 2
    grid.set_wall_line(1, WallLine((1.25, 1), (1.25, 2), "door", False))
    assert reachable(encounter, "me", 9) == LEFT
    assert find_path(encounter, "me", (2, 1)) is None
    grid.set_wall_line(1, None)  # the door deleted: an open gap
    assert reachable(encounter, "me", 9) == THROUGH


def test_a_window_blocks_movement_and_an_object_does_not() -> None:
    assert reachable(_encounter(_doorway("window"), (0, 1)), "me", 9) == LEFT
    assert reachable(_encounter(_doorway("object"), (0, 1)), "me", 9) == THROUGH


def test_a_large_token_is_stopped_when_any_of_its_squares_is() -> None:
    grid = GridMap(4, 3, wall_lines=[WallLine((2.25, 0), (2.25, 1))])
    encounter = _encounter(grid, (0, 0), size=2)
    # (1, 0) would put the line between two of the token's squares.
    assert reachable(encounter, "me", 9) == {(0, 0): 0, (0, 1): 1, (1, 1): 1, (2, 1): 2, (2, 0): 3}


def test_the_orthogonal_distance_ignores_wall_lines_as_it_ignores_edge_walls() -> None:
    grid = GridMap(3, 1, wall_lines=[WallLine((1.25, -1), (1.25, 2))])
    assert orthogonal_distance(grid, (0, 0), (2, 0)) == 2


def test_lines_off_the_map_or_not_finite_change_nothing() -> None:
    grid = GridMap(
        3,
        1,
        wall_lines=[
            WallLine((-50, -50), (-40, 80)),
            WallLine((1.25, float("nan")), (1.25, 2)),
            WallLine((1e300, 0), (1e300, 1)),
        ],
    )
    assert reachable(_encounter(grid, (0, 0)), "me", 9) == {(0, 0): 0, (1, 0): 1, (2, 0): 2}


@st.composite
def line_edits(draw: st.DrawFn) -> tuple[GridMap, list[tuple[int, WallLine | None]]]:
    width, height = draw(st.integers(3, 12)), draw(st.integers(3, 12))
    grid = GridMap(width, height)
    x = st.integers(-2, 4 * width + 2).map(lambda v: v / 4)
    y = st.integers(-2, 4 * height + 2).map(lambda v: v / 4)
    edits: list[tuple[int, WallLine | None]] = []
    count = 0
    for _ in range(draw(st.integers(1, 8))):
        if count and draw(st.booleans()):
            index = draw(st.integers(0, count - 1))
            if draw(st.booleans()):
                edits.append((index, None))
                count -= 1
                continue
        else:
            index = count
            count += 1
        kind = draw(st.sampled_from(WALL_LINE_KINDS))
        line = WallLine(
            (draw(x), draw(y)), (draw(x), draw(y)), kind, kind == "door" and draw(st.booleans())
        )
        edits.append((index, line))
    return grid, edits


@settings(max_examples=80, deadline=None)
@given(line_edits())
def test_edits_of_wall_lines_leave_the_index_as_a_fresh_build(
    case: tuple[GridMap, list[tuple[int, WallLine | None]]],
) -> None:
    grid, edits = case
    old_tile = regions_module.TILE
    regions_module.TILE = 4  # small tiles, so the lines cut links across tile borders too
    try:
        _check_edits(grid, edits)
    finally:
        regions_module.TILE = old_tile


def _check_edits(grid: GridMap, edits: list[tuple[int, WallLine | None]]) -> None:
    index = index_for(grid)
    index.layer(1), index.layer(2), index.region_index(1)
    for position, line in edits:
        grid.set_wall_line(position, line)
        copy = grid.copy()  # the index holds its grid weakly
        fresh = MovementIndex(copy)
        assert np.array_equal(index.crossed, fresh.crossed)
        for size in (1, 2):
            assert np.array_equal(index.layer(size).costs, fresh.layer(size).costs)
            assert np.array_equal(index.layer(size).valid, fresh.layer(size).valid)
        regions, fresh_regions = index.region_index(1), fresh.region_index(1)
        squares = [(c, r) for c in range(grid.width) for r in range(grid.height)]
        pairs = {(regions.region(*a), fresh_regions.region(*a)) for a in squares}
        # Same region exactly when same region in the fresh build: a one-to-one pairing.
        assert len({r for r, _ in pairs}) == len(pairs) == len({f for _, f in pairs})


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(*[st.integers(-8, 4 * 40 + 8).map(lambda v: v / 4) for _ in range(4)]),
        min_size=1,
        max_size=12,
    )
)
def test_long_lines_cut_into_pieces_block_the_same_steps_as_whole(
    ends: list[tuple[float, float, float, float]],
) -> None:
    lines = [WallLine((ax, ay), (bx, by)) for ax, ay, bx, by in ends]
    pieces = line_steps.line_crossings(lines, 40, 40)
    old = line_steps._PIECE
    line_steps._PIECE = 1e9  # every line tested over its whole bounding box
    try:
        whole = line_steps.line_crossings(lines, 40, 40)
    finally:
        line_steps._PIECE = old
    assert np.array_equal(pieces, whole)
