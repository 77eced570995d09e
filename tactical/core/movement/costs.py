"""Step costs of Thrum (001) as numpy arrays, one array per direction.

``costs[d, row, col]`` is what it costs a one-square token standing on
``(col, row)`` to step to its neighbour in direction ``DIRECTIONS[d]``, or
:data:`BLOCKED` when that step is not allowed. Keeping the rule in arrays (and
not in a graph object per square) is what makes a 1024 x 1024 map cheap: the
whole map is 8 bytes per square, and an edit recomputes only a small window.

The rule, from 001 ("Movement", "Elevation", "Difficult Terrain"):

- a step to any of the 8 neighbours costs 1;
- climbing or descending one level is free, each level beyond the first +1
  (0 -> +3 in one step costs 1 + 2 = 3); with ``roll_descent`` a drop of two or
  more levels costs nothing extra (the rules ask for the Endurance/Reflex roll);
- leaving a difficult square costs +1;
- an impassable square, or a square off the map, cannot be entered;
- a wall or closed door on the edge between two squares blocks that step;
- a free wall line (imported maps) blocks a step whose segment between the two
  centres meets it, touching included (:mod:`.line_steps`): ``crossed``;
- a diagonal step may not cut a corner: it is blocked when any blocking wall
  touches the corner point it passes through, or when both squares beside it
  are impassable (squeezing between two impassable squares that touch at a
  corner). One impassable square beside a diagonal does not block it.

Costs are capped at 254 so they fit a byte; a step that dear is never inside
any real movement budget.
"""

from __future__ import annotations

from typing import TypeVar

import numpy as np
import numpy.typing as npt

from tactical.core.grid import GridMap, Terrain

_T = TypeVar("_T", bound=np.generic)

DIRECTIONS: tuple[tuple[int, int], ...] = (
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
)
"""The 8 steps as ``(d_column, d_row)``: E, SE, S, SW, W, NW, N, NE. ``d + 4`` is the reverse."""

FORWARD = (0, 1, 2, 3)
"""Directions whose reverses are the other four: enough to list every undirected link once."""

BLOCKED = 255
MAX_COST = 254

BoolArray = npt.NDArray[np.bool_]
ByteArray = npt.NDArray[np.uint8]
IntArray = npt.NDArray[np.int64]


def window(
    array: npt.NDArray[_T], r0: int, r1: int, c0: int, c1: int, fill: object
) -> npt.NDArray[_T]:
    """``array[r0:r1, c0:c1]`` where the part outside the array reads as ``fill``."""
    out = np.full((r1 - r0, c1 - c0), fill, dtype=array.dtype)
    rr0, rr1 = max(r0, 0), min(r1, array.shape[0])
    cc0, cc1 = max(c0, 0), min(c1, array.shape[1])
    if rr0 < rr1 and cc0 < cc1:
        out[rr0 - r0 : rr1 - r0, cc0 - c0 : cc1 - c0] = array[rr0:rr1, cc0:cc1]
    return out


def wall_arrays(grid: GridMap) -> tuple[BoolArray, BoolArray]:
    """``(east, south)``: a blocking wall east of / south of each square."""
    east = np.zeros((grid.height, grid.width), dtype=bool)
    south = np.zeros((grid.height, grid.width), dtype=bool)
    for (a, b), wall in grid.walls.items():
        if wall.blocks:
            mark_wall(east, south, a, b, True)
    return east, south


def mark_wall(
    east: BoolArray, south: BoolArray, a: tuple[int, int], b: tuple[int, int], value: bool
) -> None:
    """Record the edge between ``a`` and ``b`` (smaller square first) as blocked or not."""
    (ac, ar), (bc, br) = a, b
    if ar == br:
        east[ar, min(ac, bc)] = value
    else:
        south[min(ar, br), ac] = value


def refresh_walls(
    grid: GridMap, east: BoolArray, south: BoolArray, squares: frozenset[tuple[int, int]]
) -> None:
    """Re-read from ``grid.walls`` the four edges around each square in ``squares``."""
    for col, row in squares:
        if not grid.in_bounds((col, row)):
            continue
        if col + 1 < grid.width:
            east[row, col] = grid.blocked_edge((col, row), (col + 1, row))
        if col > 0:
            east[row, col - 1] = grid.blocked_edge((col - 1, row), (col, row))
        if row + 1 < grid.height:
            south[row, col] = grid.blocked_edge((col, row), (col, row + 1))
        if row > 0:
            south[row - 1, col] = grid.blocked_edge((col, row - 1), (col, row))


def step_costs(
    grid: GridMap,
    east: BoolArray,
    south: BoolArray,
    rows: tuple[int, int],
    cols: tuple[int, int],
    *,
    roll_descent: bool = False,
    crossed: BoolArray | None = None,
) -> ByteArray:
    """Costs ``(8, h, w)`` of a one-square token leaving each square of the window.

    ``crossed`` ``(4, height, width)``: forward steps that cross a wall line.
    """
    r0, r1 = rows
    c0, c1 = cols
    h, w = r1 - r0, c1 - c0
    lines = (
        None
        if crossed is None
        else [window(crossed[k], r0 - 1, r1 + 1, c0 - 1, c1 + 1, False) for k in FORWARD]
    )
    elev = window(grid.elevation, r0 - 1, r1 + 1, c0 - 1, c1 + 1, 0).astype(np.int32)
    terr = window(grid.terrain, r0 - 1, r1 + 1, c0 - 1, c1 + 1, int(Terrain.IMPASSABLE))
    we = window(east, r0 - 1, r1 + 1, c0 - 1, c1 + 1, True)
    ws = window(south, r0 - 1, r1 + 1, c0 - 1, c1 + 1, True)
    # posts[y - r0, x - c0]: a blocking wall touches the grid point (x, y).
    posts = we[0 : h + 1, 0 : w + 1] | we[1 : h + 2, 0 : w + 1]
    posts |= ws[0 : h + 1, 0 : w + 1] | ws[0 : h + 1, 1 : w + 2]
    impassable = terr == int(Terrain.IMPASSABLE)
    origin_elev = elev[1 : h + 1, 1 : w + 1]
    leave = (terr[1 : h + 1, 1 : w + 1] == int(Terrain.DIFFICULT)).astype(np.int32)
    out = np.empty((8, h, w), dtype=np.uint8)
    for d, (dc, dr) in enumerate(DIRECTIONS):
        dest = (slice(1 + dr, 1 + dr + h), slice(1 + dc, 1 + dc + w))
        rise = elev[dest] - origin_elev
        extra = np.maximum(np.abs(rise) - 1, 0)
        if roll_descent:
            extra = np.where(rise <= -2, 0, extra)
        cost = np.minimum(1 + extra + leave, MAX_COST)
        blocked = impassable[dest].copy()
        if dc == 0:
            blocked |= ws[1 : h + 1, 1 : w + 1] if dr > 0 else ws[0:h, 1 : w + 1]
        elif dr == 0:
            blocked |= we[1 : h + 1, 1 : w + 1] if dc > 0 else we[1 : h + 1, 0:w]
        else:
            py, px = int(dr > 0), int(dc > 0)
            blocked |= posts[py : py + h, px : px + w]
            side_a = impassable[1 : h + 1, 1 + dc : 1 + dc + w]
            side_b = impassable[1 + dr : 1 + dr + h, 1 : w + 1]
            blocked |= side_a & side_b
        if lines is not None:
            if d < 4:
                blocked |= lines[d][1 : h + 1, 1 : w + 1]
            else:  # the reverse of forward step d - 4, read at its origin (our destination)
                bc, br = DIRECTIONS[d - 4]
                blocked |= lines[d - 4][1 - br : 1 - br + h, 1 - bc : 1 - bc + w]
        out[d] = np.where(blocked, BLOCKED, cost)
    return out


def footprint_costs(
    base: ByteArray,
    base_valid: BoolArray,
    east: BoolArray,
    south: BoolArray,
    size: int,
    rows: tuple[int, int],
    cols: tuple[int, int],
    crossed: BoolArray | None = None,
) -> tuple[ByteArray, BoolArray]:
    """Costs and valid corners ``(8, h, w), (h, w)`` for a ``size`` x ``size`` token.

    A position (its top-left square) is valid when every square of the
    footprint is on the map, not impassable, and no blocking wall runs between
    two of its squares, nor a wall line across a step between two of its
    squares (``crossed``, orthogonal or diagonal). A step moves every square of the footprint by the
    same offset and costs the worst of those single-square steps; it is
    blocked if any of them is, or if the new position is not valid.
    """
    r0, r1 = rows
    c0, c1 = cols
    h, w = r1 - r0, c1 - c0
    valid_win = _valid_corners(
        base_valid, east, south, size, (r0 - 1, r1 + 1), (c0 - 1, c1 + 1), crossed
    )
    out = np.zeros((8, h, w), dtype=np.uint8)
    span_r = (r0, r1 + size - 1)
    span_c = (c0, c1 + size - 1)
    for d in range(8):
        plane = window(base[d], span_r[0], span_r[1], span_c[0], span_c[1], BLOCKED)
        worst = plane[0:h, 0:w].copy()
        for j in range(size):
            for i in range(size):
                if i or j:
                    np.maximum(worst, plane[j : j + h, i : i + w], out=worst)
        dc, dr = DIRECTIONS[d]
        dest_ok = valid_win[1 + dr : 1 + dr + h, 1 + dc : 1 + dc + w]
        out[d] = np.where(dest_ok, worst, BLOCKED)
    return out, valid_win[1 : h + 1, 1 : w + 1].copy()


def _valid_corners(
    base_valid: BoolArray,
    east: BoolArray,
    south: BoolArray,
    size: int,
    rows: tuple[int, int],
    cols: tuple[int, int],
    crossed: BoolArray | None = None,
) -> BoolArray:
    """Which corners in the window hold a valid ``size`` x ``size`` position."""
    r0, r1 = rows
    c0, c1 = cols
    h, w = r1 - r0, c1 - c0
    span = (r0, r1 + size - 1, c0, c1 + size - 1)
    ok = window(base_valid, *span, False)
    we = window(east, *span, True)
    ws = window(south, *span, True)
    lines = None if crossed is None else [window(crossed[k], *span, False) for k in FORWARD]
    valid = ok[0:h, 0:w].copy()
    for j in range(size):
        for i in range(size):
            valid &= ok[j : j + h, i : i + w]
            if i < size - 1:
                valid &= ~we[j : j + h, i : i + w]
            if j < size - 1:
                valid &= ~ws[j : j + h, i : i + w]
            if lines is None:
                continue
            # Wall lines across a step inside the footprint: E, SE, S, SW from (i, j).
            for k, (dc, dr) in enumerate(DIRECTIONS[:4]):
                if 0 <= i + dc < size and j + dr < size:
                    valid &= ~lines[k][j : j + h, i : i + w]
    return valid
