"""GridMap.squares_near lists the squares beside a wall line itself, not its bounding box."""

from __future__ import annotations

import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from tactical.core.grid import NEAR_LINE, GridMap
from tactical.core.movement.line_steps import line_crossings
from tactical.core.wall_lines import WallLine


def brute_force(grid: GridMap, line: WallLine) -> set[tuple[int, int]]:
    (ax, ay), (bx, by) = line.a, line.b
    out = set()
    for r in range(grid.height):
        for c in range(grid.width):
            px, py = c + 0.5, r + 0.5
            dx, dy = bx - ax, by - ay
            length2 = dx * dx + dy * dy
            t = 0.0 if length2 == 0 else ((px - ax) * dx + (py - ay) * dy) / length2
            t = min(max(t, 0.0), 1.0)
            if math.hypot(px - ax - t * dx, py - ay - t * dy) <= NEAR_LINE:
                out.add((c, r))
    return out


def test_a_short_wall_lists_the_squares_round_it() -> None:
    grid = GridMap(6, 5)
    near = set(grid.squares_near(WallLine((2, 2), (3, 2))))
    # Rows 0..3 (centres within 1.7 of y = 2), columns 0..4 (x from 2 - 1.7 to 3 + 1.7),
    # less the corners whose centres lie beyond the line's ends.
    assert near == brute_force(grid, WallLine((2, 2), (3, 2)))
    assert (2, 1) in near and (2, 2) in near and (5, 2) not in near and (0, 0) not in near


def test_a_long_diagonal_lists_a_strip_not_its_bounding_box() -> None:
    grid = GridMap(1024, 1024)
    near = list(grid.squares_near(WallLine((0, 0), (1024, 1024))))
    assert len(near) < 6 * 1024  # its bounding box would be 1,048,576 squares
    assert (500, 500) in near and (510, 500) not in near and (0, 1023) not in near


@settings(max_examples=60, deadline=None)
@given(
    st.tuples(*[st.integers(-8, 40).map(lambda v: v / 4) for _ in range(4)]),
)
def test_near_squares_are_the_brute_force_ones_and_hold_every_step_the_line_cuts(
    ends: tuple[float, float, float, float],
) -> None:
    ax, ay, bx, by = ends
    grid = GridMap(9, 8)
    line = WallLine((ax, ay), (bx, by))
    near = set(grid.squares_near(line))
    assert near == brute_force(grid, line)
    crossed = line_crossings([line], grid.height, grid.width)
    origins = {(int(c), int(r)) for _, r, c in np.argwhere(crossed)}
    assert origins <= near


def test_a_wall_line_a_hair_long_lists_the_squares_near_its_point_without_a_warning() -> None:
    """A line 1e-310 long at the map's corner (a point, as a careless export may write it)
    is near the squares round that point; working it out overflows nothing (warnings are
    errors in the tests, a RuntimeWarning in the app's log)."""
    from tactical.core.grid import GridMap, squares_near_segment
    from tactical.core.wall_lines import WallLine

    rows, cols = squares_near_segment((0.0, 0.0), (1e-310, 1e-310), 8, 6)
    point_rows, point_cols = squares_near_segment((0.0, 0.0), (0.0, 0.0), 8, 6)
    near = set(zip(rows.tolist(), cols.tolist(), strict=True))
    assert near == set(zip(point_rows.tolist(), point_cols.tolist(), strict=True))
    assert near == {(0, 0), (0, 1), (1, 0)}
    grid = GridMap(8, 6)
    heard: list[frozenset[tuple[int, int]]] = []
    grid.add_listener(heard.append)
    grid.set_wall_line(0, WallLine((0.0, 0.0), (1e-310, 1e-310)))
    grid.set_wall_line(0, WallLine((0.0, 1e-310), (1e-310, 0.0)))
    assert heard[-1] == {(0, 0), (0, 1), (1, 0)}
