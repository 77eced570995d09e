"""Which steps between square centres cross a free wall line (imported maps).

The rule (docs/rules.md, "Wall lines"): a step between two squares, orthogonal
or diagonal, is blocked when the straight segment between their centres meets
a wall line that blocks movement (walls, windows, closed doors; not objects,
not open doors). Meeting includes touching: a step that passes exactly through
the end of a line, or runs along it, is blocked too.

The answer is kept as ``crossed[k, row, col]`` for the four forward
directions ``DIRECTIONS[k]``, ``k`` in ``FORWARD`` (E, SE, S, SW): the step
from ``(col, row)`` in that direction crosses a line. The four backward
directions read the same array from the other end, since a step and its
reverse share one segment. Each line is tested only against the steps whose
origin lies in its bounding box grown by one square, all lines at once as
flat numpy arrays: 500 lines of a dungeon cost a few milliseconds.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from tactical.core.line_crossing import FloatArray, line_table, segments_meet
from tactical.core.movement.costs import DIRECTIONS, FORWARD, BoolArray
from tactical.core.openings import trimmed_at_openings
from tactical.core.wall_lines import WallLine

_CHUNK = 1 << 21
"""Candidate steps tested per batch, so one map-wide line cannot ask for gigabytes."""

_PIECE = 4.0
"""Lines longer than this (in squares) are tested piece by piece: a long diagonal's
bounding box holds the square of its length, its pieces' boxes only a strip along it."""


def _pieces(table: FloatArray) -> FloatArray:
    """Cut long lines into 2**k equal pieces no longer than :data:`_PIECE`.

    The pieces cover exactly the line's points (cut points at dyadic fractions, the
    line's own ends kept as they are), so a step meets the pieces when it meets the line.
    """
    length = np.hypot(table[:, 2] - table[:, 0], table[:, 3] - table[:, 1])
    long = length > _PIECE
    if not long.any():
        return table
    count = 2 ** np.ceil(np.log2(np.maximum(length / _PIECE, 1.0))).astype(np.int64)
    count[~long] = 1
    owner = np.repeat(np.arange(len(table)), count)
    index = np.arange(int(count.sum())) - np.repeat(np.cumsum(count) - count, count)
    n = count[owner].astype(np.float64)
    ax, ay, bx, by = (table[owner, i] for i in range(4))
    t0, t1 = index / n, (index + 1) / n
    out = np.stack(
        [ax + (bx - ax) * t0, ay + (by - ay) * t0, ax + (bx - ax) * t1, ay + (by - ay) * t1],
        axis=1,
    )
    last = index == count[owner] - 1
    out[last, 2], out[last, 3] = bx[last], by[last]
    return out


def blocking_lines(lines: Iterable[WallLine]) -> list[WallLine]:
    """The lines that stop movement now (:attr:`WallLine.blocks_movement`), their ends
    stopping short of open doors (:mod:`tactical.core.openings`)."""
    return trimmed_at_openings(lines, _stops_feet)


def _stops_feet(line: WallLine) -> bool:
    return line.blocks_movement


def blocking_table(lines: Iterable[WallLine]) -> FloatArray:
    """The ends ``(n, 4)`` of the lines that stop movement now, for :func:`crossed_steps`."""
    return line_table(blocking_lines(lines))


def crossed_steps(table: FloatArray, rows: tuple[int, int], cols: tuple[int, int]) -> BoolArray:
    """``(4, h, w)``: which forward steps from the origins in the window cross a line.

    ``table`` holds the blocking lines' ends (:func:`blocking_table`).
    """
    r0, r1 = rows
    c0, c1 = cols
    out = np.zeros((4, max(r1 - r0, 0), max(c1 - c0, 0)), dtype=bool)
    if table.size == 0 or r0 >= r1 or c0 >= c1:
        return out
    table = _pieces(table)
    xs, ys = table[:, 0::2], table[:, 1::2]
    lo_c = np.maximum(np.floor(xs.min(axis=1)).astype(np.int64) - 1, c0)
    hi_c = np.minimum(np.floor(xs.max(axis=1)).astype(np.int64) + 2, c1)
    lo_r = np.maximum(np.floor(ys.min(axis=1)).astype(np.int64) - 1, r0)
    hi_r = np.minimum(np.floor(ys.max(axis=1)).astype(np.int64) + 2, r1)
    keep = (lo_c < hi_c) & (lo_r < hi_r)
    table, lo_c, hi_c, lo_r, hi_r = table[keep], lo_c[keep], hi_c[keep], lo_r[keep], hi_r[keep]
    widths = hi_c - lo_c
    counts = widths * (hi_r - lo_r)
    start = 0
    while start < len(table):
        stop = start + 1
        total = int(counts[start])
        while stop < len(table) and total + int(counts[stop]) <= _CHUNK:
            total += int(counts[stop])
            stop += 1
        part = slice(start, stop)
        _mark(out, table[part], lo_c[part], lo_r[part], widths[part], counts[part], r0, c0)
        start = stop
    return out


def _mark(
    out: BoolArray,
    table: np.ndarray,
    lo_c: np.ndarray,
    lo_r: np.ndarray,
    widths: np.ndarray,
    counts: np.ndarray,
    r0: int,
    c0: int,
) -> None:
    """Test every candidate origin of a batch of lines, in every forward direction."""
    owner = np.repeat(np.arange(len(table)), counts)
    offset = np.arange(int(counts.sum()), dtype=np.int64) - np.repeat(
        np.cumsum(counts) - counts, counts
    )
    cols = lo_c[owner] + offset % widths[owner]
    rows = lo_r[owner] + offset // widths[owner]
    ax, ay = cols + 0.5, rows + 0.5
    px, py, qx, qy = (table[owner, i] for i in range(4))
    for k in FORWARD:
        dc, dr = DIRECTIONS[k]
        met = segments_meet(ax, ay, ax + dc, ay + dr, px, py, qx, qy)
        out[k, rows[met] - r0, cols[met] - c0] = True


def line_crossings(grid_lines: Iterable[WallLine], height: int, width: int) -> BoolArray:
    """:func:`crossed_steps` for the whole map, from the lines that block movement."""
    return crossed_steps(blocking_table(grid_lines), (0, height), (0, width))
