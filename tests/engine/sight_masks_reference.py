"""The wall masks of sight as they were before their whole rebuild was vectorised (issue 22).

A verbatim copy of ``tactical/core/sight_masks.py`` at that time, with a verbatim
copy of ``tactical/core/openings.py``'s ``trimmed_at_openings`` (and its helpers)
at the end, so that this reference stays frozen if that module changes too;
``tests/engine/test_sight_masks_reference.py`` checks that the engine's masks are
bit for bit these. Do not optimise this file.

Walls into "this step is blocked" masks for sight, built whole or for the part an edit touched.

An orthogonal step between two square centres is blocked when a wall crosses
or touches the segment between them; a diagonal step when a wall line
crosses or touches it, or when both of the two-step paths round its corner
are blocked by edge walls (so sight slips past the end of a wall, not
through a closed corner). The rule is docs/rules.md's ("Sight").

After an edit only a window round the touched squares is rasterised again
(:func:`update_masks`): every step an edit can change starts within one
square of the squares the grid reports as touched, so the window is those
squares grown by three (the corner rule reads one square further) and the
masks are rewritten for the touched squares grown by one.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cached_property

import numpy as np
import numpy.typing as npt

from tactical.core.grid import GridMap, Square
from tactical.core.wall_lines import Point, WallLine

Mask = npt.NDArray[np.bool_]

DIRECTIONS: tuple[tuple[int, int], ...] = (
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
)
"""Step directions; index ``k`` of :attr:`SightMasks.enter`."""
DIRECTION_INDEX = {d: k for k, d in enumerate(DIRECTIONS)}

Window = tuple[int, int, int, int]
"""``(row0, row1, col0, col1)``: rows ``row0 .. row1 - 1`` and columns ``col0 .. col1 - 1``."""


@dataclass(frozen=True)
class SightMasks:
    """The blocked steps of one map state, padded by one blocked square all round.

    ``enter[k]`` is the flattened ``(height + 2) x (width + 2)`` mask of squares
    that cannot be entered by a step in direction ``DIRECTIONS[k]``; the padding
    cannot be entered at all. ``elevation`` is padded the same way.
    """

    width: int
    height: int
    enter: npt.NDArray[np.bool_]
    elevation: npt.NDArray[np.float32]
    relief: int
    """The highest elevation minus the lowest: below 2 nothing hides behind higher ground."""

    @property
    def padded_width(self) -> int:
        return self.width + 2

    @cached_property
    def open(self) -> npt.NDArray[np.bool_]:
        """``~enter`` flattened (``k * cells + square``): what sight may step into."""
        return np.logical_not(self.enter).reshape(-1)


def _mark(
    mask: Mask, rows: npt.NDArray[np.int64], cols: npt.NDArray[np.int64], origin: Square
) -> None:
    """Set ``mask[rows, cols]`` for map rows and columns, ``mask`` starting at ``origin``
    (``(row0, col0)``); positions outside the mask are left out."""
    rows, cols = rows - origin[0], cols - origin[1]
    keep = (rows >= 0) & (rows < mask.shape[0]) & (cols >= 0) & (cols < mask.shape[1])
    mask[rows[keep], cols[keep]] = True


def _line_steps(
    line: WallLine, east: Mask, south: Mask, se: Mask, sw: Mask, origin: Square = (0, 0)
) -> None:
    """Mark the steps between square centres that one wall line crosses or touches."""
    (ax, ay), (bx, by) = line.a, line.b
    # East steps lie on y = r + 0.5 from x = c + 0.5 to c + 1.5 (u = y, v = x); south
    # steps are the same with x and y swapped (u = x, v = y).
    for mask, swap in ((east, False), (south, True)):
        u0, v0, u1, v1 = (ax, ay, bx, by) if swap else (ay, ax, by, bx)
        lo, hi = min(u0, u1), max(u0, u1)
        ks = np.arange(math.ceil(lo - 0.5), math.floor(hi - 0.5) + 1, dtype=np.int64)
        if ks.size == 0:
            continue
        if u1 == u0:  # the wall runs along this line of centres: every step it overlaps
            first = math.ceil(min(v0, v1) - 1.5)
            cs = np.arange(first, math.floor(max(v0, v1) - 0.5) + 1, dtype=np.int64)
            ks, cs = np.repeat(ks, cs.size), np.tile(cs, ks.size)
            rows, cols = (cs, ks) if swap else (ks, cs)
            _mark(mask, rows, cols, origin)
            continue
        cross = v0 + (ks + 0.5 - u0) * (v1 - v0) / (u1 - u0)
        for cs in (np.ceil(cross - 1.5), np.floor(cross - 0.5)):  # two when on a centre
            steps = cs.astype(np.int64)
            rows, cols = (steps, ks) if swap else (ks, steps)
            _mark(mask, rows, cols, origin)
    # Diagonal steps: crossings and touches (a joint of two lines closes the corner).
    for mask, sign in ((se, 1), (sw, -1)):
        # SE steps lie on x - y = k (k = c - r), SW steps on x + y = k (k = c + r + 1).
        fa, fb = ax - sign * ay, bx - sign * by
        if fa == fb:
            continue
        lo, hi = min(fa, fb), max(fa, fb)
        ks = np.arange(math.ceil(lo), math.floor(hi) + 1, dtype=np.int64)
        if ks.size == 0:
            continue
        t = (ks - fa) / (fb - fa)
        x = ax + t * (bx - ax)
        y = ay + t * (by - ay)
        s = x + sign * y  # along the diagonal
        if sign == 1:
            # centre (c + .5, r + .5) has s = c + r + 1; the step covers s in (m + 1, m + 3)
            m = np.floor(s - 1).astype(np.int64)
            m = np.where((m - ks) % 2 == 0, m, m - 1)
            ok = (s >= m + 1) & (s <= m + 3)
            c, r = (m + ks) // 2, (m - ks) // 2
        else:
            # SW step from (c + .5, r + .5) to (c - .5, r + 1.5): x + y = c + r + 1 = k,
            # s = x - y runs from c - r to c - r - 2
            m = np.floor(s + 2).astype(np.int64)  # candidate c - r
            m = np.where((m + ks - 1) % 2 == 0, m, m - 1)
            ok = (s <= m) & (s >= m - 2)
            c, r = (ks - 1 + m) // 2, (ks - 1 - m) // 2
        _mark(mask, r[ok], c[ok], origin)


def _stops_eyes(line: WallLine) -> bool:
    return line.blocks_sight


def _near(line: WallLine, window: Window) -> bool:
    """Whether a line comes within two squares of the window (its steps may lie inside)."""
    r0, r1, c0, c1 = window
    (ax, ay), (bx, by) = line.a, line.b
    return (
        max(ax, bx) >= c0 - 2
        and min(ax, bx) <= c1 + 2
        and max(ay, by) >= r0 - 2
        and min(ay, by) <= r1 + 2
    )


def step_masks(
    grid: GridMap, window: Window, lines: Iterable[WallLine] | None = None
) -> tuple[Mask, Mask, Mask, Mask]:
    """The blocked east, south, south-east and south-west steps from the window's squares.

    Right for every square of the window but its last row and column, whose
    corner rule would need the walls beyond (the whole map: right everywhere).
    """
    r0, r1, c0, c1 = window
    h, w = r1 - r0, c1 - c0
    east = np.zeros((h, w), dtype=np.bool_)  # step (c, r) -> (c + 1, r) blocked
    south = np.zeros((h, w), dtype=np.bool_)  # step (c, r) -> (c, r + 1) blocked
    se = np.zeros((h, w), dtype=np.bool_)  # step (c, r) -> (c + 1, r + 1) blocked
    sw = np.zeros((h, w), dtype=np.bool_)  # step (c, r) -> (c - 1, r + 1) blocked
    whole = window == (0, grid.height, 0, grid.width)
    for (a, b), wall in grid.walls.items():
        if not wall.blocks:
            continue
        r, c = min(a[1], b[1]) - r0, min(a[0], b[0]) - c0
        if not (0 <= r < h and 0 <= c < w):
            continue
        if a[1] == b[1]:
            east[r, c] = True
        else:
            south[r, c] = True
    # Round a corner of edge walls: both two-step paths blocked (the padding row/column
    # counts as open here). Wall lines need no such rule: their diagonal steps are tested
    # exactly, touching included, so a joint of two lines is caught where it lies and a
    # window narrower than a square between two wall pieces still lets a diagonal through.
    e_pad = np.pad(east, ((0, 1), (0, 1)))
    s_pad = np.pad(south, ((0, 1), (1, 1)))
    # SE from (c, r): via (c + 1, r): east[r, c] or south[r, c + 1]; via (c, r + 1): south[r, c]
    # or east[r + 1, c]
    via_right = east | s_pad[:-1, 2:]
    via_down = south | e_pad[1:, :-1]
    se |= via_right & via_down
    # SW from (c, r) to (c - 1, r + 1): via (c - 1, r): east[r, c - 1] or south[r, c - 1];
    # via (c, r + 1): south[r, c] or east[r + 1, c - 1]
    e_left = np.pad(east, ((0, 1), (1, 0)))[:, :-1]  # e_left[r, c] = east[r, c - 1]
    via_left = e_left[:-1] | s_pad[:-1, :-2]
    via_down_sw = south | e_left[1:]
    sw |= via_left & via_down_sw
    every = grid.wall_lines if lines is None else lines
    if not whole:
        every = [line for line in every if _near(line, window)]
    for line in trimmed_at_openings(every, _stops_eyes):
        _line_steps(line, east, south, se, sw, (r0, c0))
    return east, south, se, sw


def _write_enter(
    enter: npt.NDArray[np.bool_],
    blocked: tuple[Mask, Mask, Mask, Mask],
    window: Window,
    targets: Window,
) -> None:
    """Rewrite ``enter`` (``(8, h + 2, w + 2)``) for the squares of ``targets`` from the
    step masks of ``window`` (which holds every square one step from a target)."""
    east, south, se, sw = blocked
    r0, _r1, c0, _c1 = window
    t0, t1, u0, u1 = targets
    for k, source, dc, dr in (
        (DIRECTION_INDEX[(1, 0)], east, 1, 0),
        (DIRECTION_INDEX[(-1, 0)], east, 0, 0),
        (DIRECTION_INDEX[(0, 1)], south, 0, 1),
        (DIRECTION_INDEX[(0, -1)], south, 0, 0),
        (DIRECTION_INDEX[(1, 1)], se, 1, 1),
        (DIRECTION_INDEX[(-1, -1)], se, 0, 0),
        (DIRECTION_INDEX[(-1, 1)], sw, -1, 1),
        (DIRECTION_INDEX[(1, -1)], sw, 0, 0),
    ):
        # Entering (c, r) by step k comes from (c - dc, r - dr) where source is blocked;
        # a source off the map leaves the square not enterable that way (padding side).
        out = np.zeros((t1 - t0, u1 - u0), dtype=np.bool_)
        rows = np.arange(t0, t1) - dr
        cols = np.arange(u0, u1) - dc
        rin = (rows >= 0) & (rows < enter.shape[1] - 2)
        cin = (cols >= 0) & (cols < enter.shape[2] - 2)
        rr, cc = rows[rin] - r0, cols[cin] - c0
        out[np.ix_(rin, cin)] = source[np.ix_(rr, cc)]
        enter[k, t0 + 1 : t1 + 1, u0 + 1 : u1 + 1] = out


def sight_masks(grid: GridMap, lines: Iterable[WallLine] | None = None) -> SightMasks:
    """Rasterise ``grid``'s walls and sight-blocking wall lines (the whole map)."""
    h, w = grid.height, grid.width
    whole = (0, h, 0, w)
    enter = np.ones((8, h + 2, w + 2), dtype=np.bool_)
    _write_enter(enter, step_masks(grid, whole, lines), whole, whole)
    elevation = np.full((h + 2, w + 2), -1e6, dtype=np.float32)
    elevation[1 : h + 1, 1 : w + 1] = grid.elevation
    relief = int(grid.elevation.max()) - int(grid.elevation.min())
    return SightMasks(w, h, enter.reshape(8, -1), elevation.reshape(-1), relief)


def touched_box(touched: Iterable[Square], grid: GridMap) -> Window | None:
    """The box of the on-map touched squares (None when there are none)."""
    squares = [(c, r) for c, r in touched if grid.in_bounds((c, r))]
    if not squares:
        return None
    cols = [c for c, _ in squares]
    rows = [r for _, r in squares]
    return (min(rows), max(rows) + 1, min(cols), max(cols) + 1)


def grow(box: Window, by: int, grid: GridMap) -> Window:
    r0, r1, c0, c1 = box
    return (max(r0 - by, 0), min(r1 + by, grid.height), max(c0 - by, 0), min(c1 + by, grid.width))


def update_masks(masks: SightMasks, grid: GridMap, box: Window) -> SightMasks:
    """``masks`` brought up to date after edits touching only the squares of ``box``.

    A new object (the arrays copied, then the window rewritten): whoever still
    holds the old masks keeps a consistent picture.
    """
    h, w = grid.height, grid.width
    window = grow(box, 3, grid)
    targets = grow(box, 1, grid)
    enter = masks.enter.reshape(8, h + 2, w + 2).copy()
    _write_enter(enter, step_masks(grid, window), window, targets)
    elevation = masks.elevation.reshape(h + 2, w + 2).copy()
    r0, r1, c0, c1 = box
    elevation[r0 + 1 : r1 + 1, c0 + 1 : c1 + 1] = grid.elevation[r0:r1, c0:c1]
    relief = int(grid.elevation.max()) - int(grid.elevation.min())
    return SightMasks(w, h, enter.reshape(8, -1), elevation.reshape(-1), relief)


# -- verbatim from tactical/core/openings.py ---------------------------------------------

TRIM = 1e-6
"""About how far (in squares) a wall end that meets only an opening is pulled back:
between half this and this."""


def _key(point: Point) -> tuple[float, float]:
    return (round(point[0], 6), round(point[1], 6))


def _pulled(end: Point, towards: Point) -> Point:
    """``end`` moved towards ``towards`` by a power-of-two fraction of the line.

    A power of two keeps the new end exactly on the line for the coordinates
    maps use (halves and quarters): a square centre the wall runs through is
    still touched exactly, from every side, as before the trim (a fraction
    like ``TRIM / length`` would round it a hair to one side, and the square
    would open from that side only).
    """
    dx, dy = towards[0] - end[0], towards[1] - end[1]
    length = (dx * dx + dy * dy) ** 0.5
    if length <= 2 * TRIM:
        return end
    fraction = 2.0 ** math.floor(math.log2(TRIM / length))
    return (end[0] + dx * fraction, end[1] + dy * fraction)


def trimmed_at_openings(
    lines: Iterable[WallLine], blocks: Callable[[WallLine], bool]
) -> list[WallLine]:
    """The lines for which ``blocks`` holds, each end meeting only openings pulled back.

    An opening is a door or window line for which ``blocks`` does not hold
    (an open door for movement; an open door or a window for sight).
    """
    every = list(lines)
    blocking = [line for line in every if blocks(line)]
    openings = {
        _key(end)
        for line in every
        if line.kind in ("door", "window") and not blocks(line)
        for end in (line.a, line.b)
    }
    if not openings:
        return blocking
    ends = Counter(_key(end) for line in blocking for end in (line.a, line.b))
    out = []
    for line in blocking:
        a, b = line.a, line.b
        if _key(a) in openings and ends[_key(a)] == 1:
            a = _pulled(line.a, line.b)
        if _key(b) in openings and ends[_key(b)] == 1:
            b = _pulled(line.b, line.a)
        out.append(line if (a, b) == (line.a, line.b) else WallLine(a, b, line.kind, line.open))
    return out
