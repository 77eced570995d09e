"""Which steps between square centres the wall lines that stop sight cross: all lines at once.

A map imported from a drawing tool has thousands of wall lines; one numpy round
per line (a dozen small calls each) cost a quarter of a second on a 4,096-line
map. Here every line's candidate steps are laid out in one flat array (each
line's range repeated by ``np.repeat``, numbered by a ``cumsum``) and tested
together, with the same floating-point operations, in the same order, as the
per-line rule below, so the same steps are marked, bit for bit.

The rule (docs/rules.md, "Sight"): an orthogonal step is blocked when the line
crosses or touches the segment between the two centres, a diagonal step when it
crosses or touches the diagonal's segment (touching included, so a joint of two
lines closes the corner between them). East steps lie on the lines of centres
``y = r + 0.5`` (from ``x = c + 0.5`` to ``c + 1.5``); south steps are the same
with x and y swapped; south-east steps lie on ``x - y = c - r`` and south-west
steps on ``x + y = c + r + 1``. Each line is cut only at the lines of centres
that meet the window being rasterised, so a map-long line costs the window's
size, not its own length.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from tactical.core.grid import Square
from tactical.core.wall_lines import WallLine

Mask = npt.NDArray[np.bool_]
Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]
Span = tuple[int, int]
"""``(low, high)``: the integers ``low .. high - 1``."""

_FAR = float(2**52)
"""Crossings further than this (in squares) are pulled in before becoming integers:
far outside any map, and inside what an ``int64`` holds."""


def line_table(lines: Sequence[WallLine]) -> Floats:
    """``(n, 4)`` rows ``ax, ay, bx, by``; lines with a non-finite end are left out
    (they have no steps to cross)."""
    table = np.array(
        [(line.a[0], line.a[1], line.b[0], line.b[1]) for line in lines], dtype=np.float64
    ).reshape(-1, 4)
    finite = np.isfinite(table).all(axis=1)
    return table if finite.all() else table[finite]


def _ranges(start: Floats, stop: Floats, low: int, high: int) -> tuple[Ints, Ints]:
    """Every integer of each ``[start, stop)`` within ``[low, high)``: the owning row of
    each and the integer itself (rows in order, integers rising)."""
    first = np.clip(start, low, high).astype(np.int64)
    count = np.maximum(np.clip(stop, low, high).astype(np.int64) - first, 0)
    owner = np.repeat(np.arange(len(count)), count)
    total = int(count.sum())
    ends = np.cumsum(count) - count
    values = first[owner] + (np.arange(total, dtype=np.int64) - ends[owner])
    return owner, values


def _whole(values: Floats) -> Ints:
    return np.clip(values, -_FAR, _FAR).astype(np.int64)


class _Marks:
    """Steps to mark in a window's mask, gathered as map rows and columns."""

    def __init__(self) -> None:
        self.rows: list[Ints] = []
        self.cols: list[Ints] = []

    def add(self, rows: Ints, cols: Ints) -> None:
        self.rows.append(rows)
        self.cols.append(cols)

    def write(self, mask: Mask, origin: Square) -> None:
        """Set the gathered positions within ``mask``, which starts at ``origin``."""
        if not self.rows:
            return
        rows = np.concatenate(self.rows) - origin[0]
        cols = np.concatenate(self.cols) - origin[1]
        keep = (rows >= 0) & (rows < mask.shape[0]) & (cols >= 0) & (cols < mask.shape[1])
        mask[rows[keep], cols[keep]] = True


def _straight(u0: Floats, v0: Floats, u1: Floats, v1: Floats, across: Span, along: Span) -> _Marks:
    """The steps along ``v`` on the lines of centres ``u = k + 0.5`` that the lines from
    ``(u0, v0)`` to ``(u1, v1)`` cross or touch; ``across`` and ``along`` are the
    window's ``[low, high)`` in ``k`` and in the step's first square along ``v``."""
    marks = _Marks()
    lo, hi = np.minimum(u0, u1), np.maximum(u0, u1)
    owner, ks = _ranges(np.ceil(lo - 0.5), np.floor(hi - 0.5) + 1, *across)
    level = u1[owner] == u0[owner]
    # The line runs along this line of centres: every step it overlaps (one k per line).
    flat, k_flat = owner[level], ks[level]
    first = np.ceil(np.minimum(v0[flat], v1[flat]) - 1.5)
    last = np.floor(np.maximum(v0[flat], v1[flat]) - 0.5)
    which, cs = _ranges(first, last + 1, *along)
    marks.add(k_flat[which], cs)
    # Across it: the crossing's two neighbouring steps (both when it is on a centre).
    owner, ks = owner[~level], ks[~level]
    a_u, a_v, b_u, b_v = u0[owner], v0[owner], u1[owner], v1[owner]
    cross = a_v + (ks + 0.5 - a_u) * (b_v - a_v) / (b_u - a_u)
    marks.add(ks, _whole(np.ceil(cross - 1.5)))
    marks.add(ks, _whole(np.floor(cross - 0.5)))
    return marks


def _diagonal(table: Floats, sign: int, across: Span) -> tuple[Ints, Ints]:
    """Rows and columns of the south-east (``sign`` 1) or south-west (-1) steps the
    lines cross or touch, for the diagonals ``k`` within ``across``."""
    ax, ay, bx, by = table.T
    if sign == 1:
        fa, fb = ax - ay, bx - by
    else:
        fa, fb = ax + ay, bx + by  # ax - (-1 * ay): the same double
    slanted = np.flatnonzero(fa != fb)
    lo = np.minimum(fa[slanted], fb[slanted])
    hi = np.maximum(fa[slanted], fb[slanted])
    owner, ks = _ranges(np.ceil(lo), np.floor(hi) + 1, *across)
    line = slanted[owner]
    a_x, a_y, f_a = ax[line], ay[line], fa[line]
    t = (ks - f_a) / (fb[line] - f_a)
    x = a_x + t * (bx[line] - a_x)
    y = a_y + t * (by[line] - a_y)
    if sign == 1:
        s = x + y  # along the diagonal
        # centre (c + .5, r + .5) has s = c + r + 1; the step covers s in (m + 1, m + 3)
        m = _whole(np.floor(s - 1))
        m -= (m - ks) & 1  # m - 1 where m - k is odd (``& 1`` and ``>> 1``: % 2 and // 2)
        ok = (s >= m + 1) & (s <= m + 3)
        m, ks = m[ok], ks[ok]
        return (m - ks) >> 1, (m + ks) >> 1
    s = x - y  # x + (-1 * y): the same double
    # SW step from (c + .5, r + .5) to (c - .5, r + 1.5): x + y = c + r + 1 = k,
    # s = x - y runs from c - r to c - r - 2
    m = _whole(np.floor(s + 2))  # candidate c - r
    m -= (m + ks - 1) & 1
    ok = (s <= m) & (s >= m - 2)
    m, ks = m[ok], ks[ok]
    return (ks - 1 - m) >> 1, (ks - 1 + m) >> 1


def mark_line_steps(
    table: Floats, east: Mask, south: Mask, se: Mask, sw: Mask, origin: Square = (0, 0)
) -> None:
    """Mark in the masks (of a window starting at ``origin``, ``(row0, col0)``) the
    steps between square centres that the lines of ``table`` cross or touch."""
    if len(table) == 0:
        return
    r0, c0 = origin
    h, w = east.shape
    rows, cols = (r0, r0 + h), (c0, c0 + w)
    ax, ay, bx, by = table.T
    _straight(ay, ax, by, bx, rows, cols).write(east, origin)  # u = y, v = x
    south_marks = _straight(ax, ay, bx, by, cols, rows)  # u = x, v = y
    south_marks.rows, south_marks.cols = south_marks.cols, south_marks.rows
    south_marks.write(south, origin)
    # k = c - r for south-east steps, c + r + 1 for south-west ones
    for mask, sign, across in (
        (se, 1, (c0 - (r0 + h - 1), c0 + w - r0)),
        (sw, -1, (c0 + r0 + 1, c0 + w + r0 + h)),
    ):
        marks = _Marks()
        marks.add(*_diagonal(table, sign, across))
        marks.write(mask, origin)
