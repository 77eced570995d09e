"""Walls into "this step is blocked" masks for sight, built whole or for the part an edit touched.

An orthogonal step between two square centres is blocked when a wall crosses
or touches the segment between them; a diagonal step when a wall line
crosses or touches it, or when both of the two-step paths round its corner
are blocked by edge walls (so sight slips past the end of a wall, not
through a closed corner). The rule is docs/rules.md's ("Sight").

After an edit only a window round the touched squares is rasterised again
(:func:`update_masks`): every step an edit can change starts within one
square of the squares the grid reports as touched, so the window is those
squares grown by three (the corner rule reads one square further) and the
masks are rewritten for the touched squares grown by one. (A line's trim at a
doorway moves its steps by a rounding bit anywhere along it: the grid reports the
squares near the lines whose trim an edit changes, and a window's lines are
trimmed as among all the lines.) The wall lines are
rasterised all at once (:mod:`tactical.core.sight_line_steps`), the edge walls
from one array, and the masks written by slices, so the whole map costs
milliseconds too.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cached_property
from itertools import chain
from typing import Generic, TypeVar

import numpy as np
import numpy.typing as npt

from tactical.core.grid import GridMap, Square
from tactical.core.openings import trimmed_among, trimmed_at_openings
from tactical.core.sight_line_steps import line_table, mark_line_steps
from tactical.core.wall_lines import WallLine

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
"""Step directions; bit ``k`` of :attr:`SightMasks.bits`, index ``k`` of its ``enter``."""
DIRECTION_INDEX = {d: k for k, d in enumerate(DIRECTIONS)}

Window = tuple[int, int, int, int]
"""``(row0, row1, col0, col1)``: rows ``row0 .. row1 - 1`` and columns ``col0 .. col1 - 1``."""


LOWEST = np.iinfo(np.int16).min
"""The padding's level in :attr:`SightMasks.levels` (never seen: it cannot be entered)."""


@dataclass(frozen=True)
class SightMasks:
    """The blocked steps of one map state, padded by one blocked square all round.

    Kept as the compiled loop reads them (:mod:`tactical.core.sight_kernel`): one byte per
    padded square of the flattened ``(height + 2) x (width + 2)`` map, bit ``k`` set when
    the square cannot be entered by a step in direction ``DIRECTIONS[k]`` (the padding:
    every bit), and the heights as int16. The numpy path's eight bool masks
    (:attr:`enter`, :attr:`open`) and float32 heights (:attr:`elevation`) are made from
    them when it first asks: on 1024 x 1024 the kept masks are 3 MB, not 12.
    """

    width: int
    height: int
    bits: npt.NDArray[np.uint8]
    levels: npt.NDArray[np.int16]
    """The map's elevation, padded with :data:`LOWEST`, flattened."""
    relief: int
    """The highest elevation minus the lowest: below 2 nothing hides behind higher ground."""

    @property
    def padded_width(self) -> int:
        return self.width + 2

    @cached_property
    def enter(self) -> npt.NDArray[np.bool_]:
        """``(8, cells)``: ``enter[k]`` is the mask of squares that cannot be entered by a
        step in direction ``DIRECTIONS[k]``."""
        shifts = np.arange(8, dtype=np.uint8)[:, None]
        return ((self.bits[None, :] >> shifts) & np.uint8(1)).astype(np.bool_)

    @cached_property
    def open(self) -> npt.NDArray[np.bool_]:
        """``~enter`` flattened (``k * cells + square``): what sight may step into."""
        return np.logical_not(self.enter).reshape(-1)

    @cached_property
    def elevation(self) -> npt.NDArray[np.float32]:
        """:attr:`levels` as float32, the padding at -1e6 (the numpy path's arithmetic)."""
        out = self.levels.astype(np.float32).reshape(self.height + 2, self.width + 2)
        out[0, :] = out[-1, :] = out[:, 0] = out[:, -1] = -1e6
        return out.reshape(-1)


def _stops_eyes(line: WallLine) -> bool:
    return line.blocks_sight


def _near(lines: Iterable[WallLine], window: Window) -> list[int]:
    """The indices of the lines that come within two squares of the window (their steps
    may lie inside)."""
    r0, r1, c0, c1 = window
    left, right, top, bottom = c0 - 2, c1 + 2, r0 - 2, r1 + 2
    out = []
    for i, line in enumerate(lines):
        (ax, ay), (bx, by) = line.a, line.b
        if (
            (ax >= left or bx >= left)
            and (ax <= right or bx <= right)
            and (ay >= top or by >= top)
            and (ay <= bottom or by <= bottom)
        ):
            out.append(i)
    return out


def step_masks(
    grid: GridMap, window: Window, lines: Iterable[WallLine] | None = None
) -> tuple[Mask, Mask, Mask, Mask]:
    """The blocked east, south, south-east and south-west steps from the window's squares.

    Right for every square of the window but its last row and, for the diagonals,
    its last (south-east) or first (south-west) column, whose corner rule would need
    the edge walls beyond (the whole map: right everywhere).
    """
    r0, r1, c0, c1 = window
    h, w = r1 - r0, c1 - c0
    east = np.zeros((h, w), dtype=np.bool_)  # step (c, r) -> (c + 1, r) blocked
    south = np.zeros((h, w), dtype=np.bool_)  # step (c, r) -> (c, r + 1) blocked
    se = np.zeros((h, w), dtype=np.bool_)  # step (c, r) -> (c + 1, r + 1) blocked
    sw = np.zeros((h, w), dtype=np.bool_)  # step (c, r) -> (c - 1, r + 1) blocked
    whole = window == (0, grid.height, 0, grid.width)
    walls = _edge_walls(grid)
    if len(walls):
        ac, ar, bc, br = walls.T
        r, c = np.minimum(ar, br) - r0, np.minimum(ac, bc) - c0
        inside = (r >= 0) & (r < h) & (c >= 0) & (c < w)
        across = ar == br
        east[r[inside & across], c[inside & across]] = True
        south[r[inside & ~across], c[inside & ~across]] = True
        _round_corners(east, south, se, sw)
    every = list(grid.wall_lines if lines is None else lines)
    if whole:
        table = line_table(trimmed_at_openings(every, _stops_eyes))
    else:  # trimmed as among all the lines (a near line may end at a far doorway)
        table = line_table(trimmed_among(every, _near(every, window), _stops_eyes))
    mark_line_steps(table, east, south, se, sw, (r0, c0))
    return east, south, se, sw


def _edge_walls(grid: GridMap) -> npt.NDArray[np.int64]:
    """``(n, 4)`` rows ``col, row`` of both squares of each edge wall that blocks."""
    shut = [key for key, wall in grid.walls.items() if wall.blocks]
    flat = chain.from_iterable(chain.from_iterable(shut))
    return np.fromiter(flat, dtype=np.int64, count=4 * len(shut)).reshape(-1, 4)


_BAND = 64
"""Rows of the corner rule worked out at once (its temporaries a band's, not the map's)."""


def _round_corners(east: Mask, south: Mask, se: Mask, sw: Mask) -> None:
    """Close the diagonals round a corner of edge walls: both two-step paths blocked
    (the padding row/column counts as open here). By bands of rows: on 1024 x 1024 the
    whole map's temporaries were 8 MB more at the moment sight is first asked."""
    # Wall lines need no such rule: their diagonal steps are tested
    # exactly, touching included, so a joint of two lines is caught where it lies and a
    # window narrower than a square between two wall pieces still lets a diagonal through.
    height = east.shape[0]
    for r0 in range(0, height, _BAND):
        r1 = min(r0 + _BAND, height)
        e, s = east[r0:r1], south[r0:r1]
        e_below = np.zeros_like(e)  # e_below[r, c] = east[r + 1, c] (open below the map)
        e_below[: r1 - r0 - 1] = east[r0 + 1 : r1]
        if r1 < height:
            e_below[-1] = east[r1]
        # SE from (c, r): via (c + 1, r): east[r, c] or south[r, c + 1]; via (c, r + 1):
        # south[r, c] or east[r + 1, c]
        s_right = np.zeros_like(s)
        s_right[:, :-1] = s[:, 1:]
        se[r0:r1] |= (e | s_right) & (s | e_below)
        # SW from (c, r) to (c - 1, r + 1): via (c - 1, r): east[r, c - 1] or south[r, c - 1];
        # via (c, r + 1): south[r, c] or east[r + 1, c - 1]
        left = np.zeros_like(e)
        left[:, 1:] = e[:, :-1] | s[:, :-1]
        below_left = np.zeros_like(e)
        below_left[:, 1:] = e_below[:, :-1]
        sw[r0:r1] |= left & (s | below_left)


def _write_enter(
    bits: npt.NDArray[np.uint8],
    blocked: tuple[Mask, Mask, Mask, Mask],
    window: Window,
    targets: Window,
) -> None:
    """Rewrite ``bits`` (``(h + 2, w + 2)``) for the squares of ``targets`` from the
    step masks of ``window`` (which holds every square one step from a target)."""
    east, south, se, sw = blocked
    r0, _r1, c0, _c1 = window
    t0, t1, u0, u1 = targets
    height, width = bits.shape[0] - 2, bits.shape[1] - 2
    out = bits[t0 + 1 : t1 + 1, u0 + 1 : u1 + 1]
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
        # The rows and columns of targets whose source is on the map, as slices:
        top, bottom = max(t0, dr), min(t1, height + dr)
        left, right = max(u0, dc), min(u1, width + dc)
        bit = np.uint8(1 << k)
        out &= ~bit  # enterable, unless the source says otherwise
        if top < bottom and left < right:
            rows = slice(top - dr - r0, bottom - dr - r0)
            cols = slice(left - dc - c0, right - dc - c0)
            part = out[top - t0 : bottom - t0, left - u0 : right - u0]
            part |= source[rows, cols].view(np.uint8) * bit


def sight_masks(grid: GridMap, lines: Iterable[WallLine] | None = None) -> SightMasks:
    """Rasterise ``grid``'s walls and sight-blocking wall lines (the whole map)."""
    h, w = grid.height, grid.width
    whole = (0, h, 0, w)
    bits = np.full((h + 2, w + 2), 0xFF, dtype=np.uint8)
    _write_enter(bits, step_masks(grid, whole, lines), whole, whole)
    levels = np.full((h + 2, w + 2), LOWEST, dtype=np.int16)
    levels[1 : h + 1, 1 : w + 1] = grid.elevation
    relief = int(grid.elevation.max()) - int(grid.elevation.min())
    return SightMasks(w, h, bits.reshape(-1), levels.reshape(-1), relief)


T = TypeVar("T")


class KeptPerMasks(Generic[T]):
    """Something made from one :class:`SightMasks`, kept for the two masks read last (a
    map and, say, its copy being edited) and let go with them."""

    def __init__(self, make: Callable[[SightMasks], T]) -> None:
        self._make = make
        self._kept: list[tuple[weakref.ref[SightMasks], T]] = []

    def __call__(self, masks: SightMasks) -> T:
        for source, value in self._kept:
            if source() is masks:
                return value
        made = self._make(masks)
        alive = [kept for kept in self._kept[:1] if kept[0]() is not None]
        self._kept[:] = [(weakref.ref(masks), made), *alive]
        return made


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
    bits = masks.bits.reshape(h + 2, w + 2).copy()
    _write_enter(bits, step_masks(grid, window), window, targets)
    levels = masks.levels.reshape(h + 2, w + 2).copy()
    r0, r1, c0, c1 = box
    levels[r0 + 1 : r1 + 1, c0 + 1 : c1 + 1] = grid.elevation[r0:r1, c0:c1]
    relief = int(grid.elevation.max()) - int(grid.elevation.min())
    return SightMasks(w, h, bits.reshape(-1), levels.reshape(-1), relief)
