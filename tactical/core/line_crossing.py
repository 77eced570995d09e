"""Does a straight segment meet a free wall line? One vectorised test for movement and cover.

Movement asks it of every step between two square centres near a line; cover
asks it of the segment between the attacker's and the target's centres. Both
count touching as meeting: a segment that ends on a wall line, passes through
one of its ends, or runs along it is stopped, just as a diagonal step that
touches the end of an edge wall is (001's corners). The test is the usual
orientation test in float64; coordinates that are multiples of 1/2 (square
centres, grid points, the halves a GM draws) are exact, so a line ending
exactly on a centre line is caught.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np
import numpy.typing as npt

from tactical.core.wall_lines import WallLine

FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]

MAX_COORDINATE = 1e6
"""Lines reaching further than this (in squares) from the map are clipped out of the test."""


def _orient(
    ax: FloatArray, ay: FloatArray, bx: FloatArray, by: FloatArray, px: FloatArray, py: FloatArray
) -> FloatArray:
    """The sign of the turn a -> b -> p: 1 left, -1 right, 0 in line."""
    return np.sign((bx - ax) * (py - ay) - (by - ay) * (px - ax))


def segments_meet(
    ax: npt.ArrayLike,
    ay: npt.ArrayLike,
    bx: npt.ArrayLike,
    by: npt.ArrayLike,
    px: npt.ArrayLike,
    py: npt.ArrayLike,
    qx: npt.ArrayLike,
    qy: npt.ArrayLike,
) -> BoolArray:
    """Elementwise: do the closed segments ``a-b`` and ``p-q`` share a point?

    Arguments broadcast against each other like any numpy expression.
    """
    a_x, a_y, b_x, b_y = (np.asarray(v, dtype=np.float64) for v in (ax, ay, bx, by))
    p_x, p_y, q_x, q_y = (np.asarray(v, dtype=np.float64) for v in (px, py, qx, qy))
    o1 = _orient(p_x, p_y, q_x, q_y, a_x, a_y)
    o2 = _orient(p_x, p_y, q_x, q_y, b_x, b_y)
    o3 = _orient(a_x, a_y, b_x, b_y, p_x, p_y)
    o4 = _orient(a_x, a_y, b_x, b_y, q_x, q_y)
    proper = (o1 * o2 <= 0) & (o3 * o4 <= 0)
    # All four in line: the segments lie on one line and meet where their boxes overlap.
    in_line = (o1 == 0) & (o2 == 0) & (o3 == 0) & (o4 == 0)
    overlap = (
        np.maximum(np.minimum(a_x, b_x), np.minimum(p_x, q_x))
        <= np.minimum(np.maximum(a_x, b_x), np.maximum(p_x, q_x))
    ) & (
        np.maximum(np.minimum(a_y, b_y), np.minimum(p_y, q_y))
        <= np.minimum(np.maximum(a_y, b_y), np.maximum(p_y, q_y))
    )
    return np.where(in_line, overlap, proper)


def usable(line: WallLine) -> bool:
    """True when the line's ends are finite and within :data:`MAX_COORDINATE`."""
    return all(abs(v) <= MAX_COORDINATE for v in (*line.a, *line.b))  # NaN fails too


def line_table(lines: Iterable[WallLine]) -> FloatArray:
    """``(n, 4)`` rows ``ax, ay, bx, by`` of the :func:`usable` lines among ``lines``."""
    rows = [(w.a[0], w.a[1], w.b[0], w.b[1]) for w in lines if usable(w)]
    return np.array(rows, dtype=np.float64).reshape(-1, 4)


def nearest_line(
    lines: Sequence[WallLine], x: float, y: float, reach: float, kinds: Iterable[str] | None = None
) -> int | None:
    """Index in ``lines`` of the line nearest the point ``(x, y)``, if within ``reach``.

    ``kinds`` keeps only lines of those kinds (e.g. ``("door",)`` for a click that
    opens doors). Distances are to the segment, in square units.
    """
    wanted = None if kinds is None else set(kinds)
    picked = [i for i, w in enumerate(lines) if usable(w) and (wanted is None or w.kind in wanted)]
    if not picked:
        return None
    table = line_table(lines[i] for i in picked)
    ax, ay, bx, by = table[:, 0], table[:, 1], table[:, 2], table[:, 3]
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    with np.errstate(invalid="ignore", divide="ignore"):
        t = np.where(length2 > 0, ((x - ax) * dx + (y - ay) * dy) / length2, 0.0)
    t = np.clip(t, 0.0, 1.0)
    distance = np.hypot(x - (ax + t * dx), y - (ay + t * dy))
    best = int(np.argmin(distance))
    return picked[best] if distance[best] <= reach else None
