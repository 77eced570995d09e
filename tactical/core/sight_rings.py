"""The ring tables of sight: for each square at Chebyshev distance d of a viewer, the two
squares of ring d - 1 the line from the viewer passes between, their weights and steps.

They depend only on d and the map's shape, so they are made once per shape and kept, by
the numpy path only (:mod:`tactical.core.sight_one`, :mod:`tactical.core.sight`): it answers
until the numba kernel is ready, or for good where numba cannot load. Kept while they may be
read (making them again takes longer than a viewer's sight), dropped once the kernel is
ready (:func:`forget`), bounded by bytes meanwhile. Whole tables cost 28 bytes a ring
square: a corner viewer of a 1024 x 1024 map would need 117 MB. Big maps keep only each
ring's top side, for any shape (:func:`quarter`, 3.5 bytes a ring square: 15 MB), and
make a ring whole as it is read (:class:`WholeRings`).
The order of a ring's squares is :func:`_ring_index`'s: the top side from the top-left
corner, then the right, bottom and left sides.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from tactical.core.sight_masks import DIRECTIONS


@dataclass(frozen=True)
class Ring:
    """Ring d's squares: offsets, the two parents in ring d - 1, their weights and steps.

    Made while a shape's :class:`RingTable` is made, not kept (only the tables are).
    """

    parents: npt.NDArray[np.int64]
    """(2, 8d): the indices of the two parents in ring d - 1."""
    steps: npt.NDArray[np.int64]
    """(2, 8d): the direction index of the step from each parent."""
    offsets: npt.NDArray[np.int64]
    """(2, 8d): dx, dy from the viewer."""
    weights: npt.NDArray[np.float32]
    """(2, 8d): each parent's share of the line (they add up to 1)."""


def _ring_offsets(d: int) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """The 8d offsets at Chebyshev distance d, in :func:`_ring_index` order."""
    span = np.arange(-d, d, dtype=np.int64)
    dx = np.concatenate([span, np.full(2 * d, d), -span, np.full(2 * d, -d)])
    dy = np.concatenate([np.full(2 * d, -d), span, np.full(2 * d, d), -span])
    return dx, dy


def _ring_index(
    dx: npt.NDArray[np.int64], dy: npt.NDArray[np.int64], d: int
) -> npt.NDArray[np.int64]:
    if d == 0:
        return np.zeros_like(dx)
    return np.select(
        [(dy == -d) & (dx < d), (dx == d) & (dy < d), (dy == d) & (dx > -d)],
        [dx + d, 2 * d + dy + d, 4 * d + d - dx],
        default=6 * d + d - dy,
    )


Int64s = npt.NDArray[np.int64]


def _parents(
    dx: Int64s, dy: Int64s, d: Int64s | int
) -> tuple[npt.NDArray[np.bool_], npt.NDArray[Any], Int64s, Int64s, npt.NDArray[np.float64]]:
    """Where the line from the viewer to each square (``dx``, ``dy``, ring ``d``) crosses
    the ring inside: whether x is its major axis, the major coordinate of both parents on
    the ring inside, their two minor coordinates, and the far one's share of the line. One
    function for whole rings and quarter tables: the same float64 operations, element by
    element, so both give the same parents."""
    x_major = np.abs(dx) >= np.abs(dy)
    major = np.where(x_major, dx, dy)
    minor = np.where(x_major, dy, dx)
    along = minor * (d - 1) / d
    low = np.floor(along)
    frac = along - low
    pm = np.sign(major) * (d - 1)
    n1 = low.astype(np.int64)
    return x_major, pm, n1, n1 + (frac > 0), frac


def _make_ring(d: int) -> Ring:
    dx, dy = _ring_offsets(d)
    x_major, pm, n1, n2, frac = _parents(dx, dy, d)
    px1, py1 = np.where(x_major, pm, n1), np.where(x_major, n1, pm)
    px2, py2 = np.where(x_major, pm, n2), np.where(x_major, n2, pm)
    k1 = _STEP_CODE[(dx - px1 + 1) * 3 + (dy - py1 + 1)]
    k2 = _STEP_CODE[(dx - px2 + 1) * 3 + (dy - py2 + 1)]
    return Ring(
        np.stack([_ring_index(px1, py1, d - 1), _ring_index(px2, py2, d - 1)]),
        np.stack([k1, k2]).astype(np.int64),
        np.stack([dx, dy]),
        np.stack([1 - frac, frac]).astype(np.float32),
    )


_STEP_CODE = np.zeros(9, dtype=np.int64)
for _k, (_sx, _sy) in enumerate(DIRECTIONS):
    _STEP_CODE[(_sx + 1) * 3 + (_sy + 1)] = _k

_lock = threading.Lock()
_TABLES: dict[tuple[int, int], list[RingTable]] = {}
_SHAPES = 4
"""At most this many map shapes' tables are kept, the last used."""
_KEEP_BYTES = 32_000_000
"""Other shapes' whole tables are kept only while all of them take at most this many bytes;
the shape in use always is (28 bytes a ring square: a process without numba would otherwise
keep them for every map it has shown)."""


@dataclass(frozen=True)
class RingTable:
    """Ring d's tables for one map shape, everything a viewer's ring needs but its square.

    28 bytes a square: the indices are int32 wherever they fit (:func:`index_dtype`;
    int64 took 48). Their users widen a ring's indices once (numpy gathers with intp
    only, and each gather would widen them again): int16 parents in an array of their own
    (24 bytes) cost a second widening a ring, 5-8 % of the numpy path's time.
    """

    index: npt.NDArray[np.int32 | np.int64]
    """(5, 8d): both parents (indices in ring d - 1); where each parent's step is read in
    the flattened open masks (``step * cells + flat``); and ``flat``, the square's flat
    offset from the viewer (``dy * padded_width + dx``), the last three plus ``cells``."""
    weights: npt.NDArray[np.float32]
    """(2, 8d): each parent's share of the line (they add up to 1)."""

    @property
    def nbytes(self) -> int:
        return self.index.nbytes + self.weights.nbytes


def largest_index(padded_width: int, cells: int) -> int:
    """The largest absolute value a ring table's ``index`` may hold on this map shape:
    a step (at most 7) times ``cells``, plus ``cells``, plus a flat offset of at most the
    farthest ring (the map's longer side less one) in both directions."""
    height = cells // padded_width
    far = max(padded_width, height) - 3  # the longer side of the map itself, less one
    return (len(DIRECTIONS) - 1) * cells + cells + far * (padded_width + 1)


def index_dtype(padded_width: int, cells: int) -> type[np.int32] | type[np.int64]:
    """int32 when every index of this shape fits (always up to ``MAX_SIDE``: 9.5 million
    at 1024 x 1024), int64 otherwise."""
    if largest_index(padded_width, cells) <= np.iinfo(np.int32).max:
        return np.int32
    return np.int64


def tables(upto: int, padded_width: int, cells: int) -> list[RingTable]:
    """The ring tables of rings 1 .. ``upto`` for maps of this shape (kept, made as needed).

    The flat offsets depend on the map's width and the mask index on its size. They are
    shifted by ``cells`` so that they are never negative: read from arrays that start
    ``cells`` before the viewer's square (a margin, see :mod:`tactical.core.sight`), they
    need no per-ring addition of the viewer's index.
    """
    with _lock:
        kept = _TABLES.pop((padded_width, cells), [])
        _TABLES[(padded_width, cells)] = kept
        if len(kept) < upto:
            kept.extend(_made(len(kept) + 1, upto, padded_width, cells))
        while len(_TABLES) > _SHAPES or (len(_TABLES) > 1 and _kept_bytes() > _KEEP_BYTES):
            del _TABLES[next(iter(_TABLES))]  # the least recently used (never ``kept``)
    return kept


def _made(first: int, last: int, padded_width: int, cells: int) -> list[RingTable]:
    """Rings ``first`` .. ``last``'s tables, views of one block of memory: a corner
    viewer's first reveal on a big map makes all of them at once, and a block that large
    goes back to the system when dropped (allocated ring by ring, most stayed in the
    process's heap: only 32 of 120 MB went back at 1024 x 1024). The numpy path is also
    a tenth faster on it."""
    total = 4 * (last * (last + 1) - first * (first - 1))  # 8d squares each
    index = np.empty((5, total), dtype=index_dtype(padded_width, cells))
    weights = np.empty((2, total), dtype=np.float32)
    made, start = [], 0
    for d in range(first, last + 1):
        ring, end = _make_ring(d), start + 8 * d
        flat = ring.offsets[1] * padded_width + ring.offsets[0] + cells
        index[0:2, start:end] = ring.parents
        index[2:4, start:end] = ring.steps * cells + flat
        index[4, start:end] = flat
        weights[:, start:end] = ring.weights
        made.append(RingTable(index[:, start:end], weights[:, start:end]))
        start = end
    return made


def squares_to_make(upto: int, padded_width: int, cells: int, quartered: bool) -> int:
    """The ring squares whose tables :func:`tables` (or :func:`quarter`, ``quartered``) would
    make for rings 1 .. ``upto`` on this map shape (those of the rings not kept yet)."""
    with _lock:
        have = _quarter.rings if quartered else len(_TABLES.get((padded_width, cells), ()))
    return 4 * (upto * (upto + 1) - have * (have + 1)) if upto > have else 0


def kept_bytes() -> int:
    """The bytes of the ring tables kept in this process (whole and quarter)."""
    with _lock:
        near = sum(table.nbytes for kept in _NEAR.values() for table in kept)
        return _kept_bytes() + _quarter.nbytes + near


def _kept_bytes() -> int:
    return sum(table.nbytes for kept in _TABLES.values() for table in kept)


def forget() -> None:
    """Drop every kept table: called once the numba kernel is ready, from when on the numpy
    path no longer answers in this process (the tables would be kept for nothing)."""
    global _quarter
    with _lock:
        _TABLES.clear()
        _NEAR.clear()
        _quarter = _NO_QUARTER


# -- a quarter of every ring (big maps) -------------------------------------------------

COMPASS: tuple[tuple[int, int], ...] = (
    (-1, -1),
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
)
"""The step directions clockwise from north-west, north-west again last: a quarter turn
(``(dx, dy)`` to ``(-dy, dx)``) is two places on. A ring's top side steps north-west,
north or north-east (0, 1, 2); its side ``s`` the same turned ``s`` times (``2 s`` on)."""


@dataclass(frozen=True)
class Quarter:
    """The top side of rings 1 .. ``rings``, one block: ring d's ``2 d`` squares from
    ``d (d - 1)``. The other three sides are the top turned a quarter at a time: their
    parents ``2 (d - 1)`` places on in ring d - 1 (per turn), their steps two
    :data:`COMPASS` places on, the same weights (checked for every ring of the largest map:
    where a turn gives the parents the other way round, so does it their weights, and a
    sum's order does not change a float's). 14 bytes a top square: 3.5 a ring square."""

    rings: int
    parents: npt.NDArray[np.int16 | np.int32]
    """(2, n): both parents' places in ring d - 1 (at most 2 (d - 1): int16, int32 past 4,096
    rings, which no map has)."""
    planes: npt.NDArray[np.int8]
    """(2, n): each parent's step, a :data:`COMPASS` index (0, 1 or 2)."""
    weights: npt.NDArray[np.float32]
    """(2, n): each parent's share of the line, as in :class:`RingTable`."""

    @property
    def nbytes(self) -> int:
        return self.parents.nbytes + self.planes.nbytes + self.weights.nbytes


_NO_QUARTER = Quarter(
    0,
    np.empty((2, 0), dtype=np.int16),
    np.empty((2, 0), dtype=np.int8),
    np.empty((2, 0), dtype=np.float32),
)
_quarter = _NO_QUARTER
_CHUNK = 16
"""Rings made at once (their temporaries stay under 6 MB; 64 at once took 21 MB)."""


def quarter(upto: int) -> Quarter:
    """The top sides of rings 1 .. ``upto`` (kept, made as needed; any map shape)."""
    global _quarter
    with _lock:
        have = _quarter
        if have.rings < upto:
            squares = upto * (upto + 1)  # ring d's top side: 2 d squares
            grown = Quarter(
                upto,
                np.empty((2, squares), dtype=np.int16 if upto <= 4096 else np.int32),
                np.empty((2, squares), dtype=np.int8),
                np.empty((2, squares), dtype=np.float32),
            )
            _write(grown, have, 0)
            for first in range(have.rings + 1, upto + 1, _CHUNK):
                _write(grown, _top_sides(first, min(first + _CHUNK - 1, upto)), first)
            _quarter = grown
        return _quarter


def _write(into: Quarter, part: Quarter, first: int) -> None:
    """``part``'s rings (from ``first`` on; 0: from the start) written into ``into``."""
    start = first * (first - 1) if first else 0
    end = start + part.parents.shape[1]
    into.parents[:, start:end] = part.parents
    into.planes[:, start:end] = part.planes
    into.weights[:, start:end] = part.weights


def _top_sides(first: int, last: int) -> Quarter:
    """Rings ``first`` .. ``last``'s top sides, worked out as :func:`_make_ring` works out
    a whole ring (:func:`_parents`)."""
    d = np.concatenate([np.full(2 * k, k, dtype=np.int64) for k in range(first, last + 1)])
    i = np.concatenate([np.arange(2 * k, dtype=np.int64) for k in range(first, last + 1)])
    dx, dy = i - d, -d
    x_major, pm, n1, n2, frac = _parents(dx, dy, d)
    parents, planes = [], []
    for n in (n1, n2):
        px, py = np.where(x_major, pm, n), np.where(x_major, n, pm)
        parents.append(_ring_index_of(px, py, d - 1))
        planes.append(dx - px + 1)  # the step's dy is -1: dx - px is -1, 0 or 1
    weights = np.stack([1 - frac, frac]).astype(np.float32)
    return Quarter(
        last,
        np.stack(parents).astype(np.int16 if last <= 4096 else np.int32),
        np.stack(planes).astype(np.int8),
        weights,
    )


def _ring_index_of(
    dx: npt.NDArray[np.int64], dy: npt.NDArray[np.int64], d: npt.NDArray[np.int64]
) -> npt.NDArray[np.int64]:
    """:func:`_ring_index` with a ring per element (ring 0's one square: 0)."""
    index: npt.NDArray[np.int64] = np.select(
        [(dy == -d) & (dx < d), (dx == d) & (dy < d), (dy == d) & (dx > -d)],
        [dx + d, 2 * d + dy + d, 4 * d + d - dx],
        default=6 * d + d - dy,
    )
    return np.where(d == 0, 0, index)


Span = tuple[int, int]
"""``[start, end)`` of a ring's squares in :func:`_ring_index` order."""


def on_map(d: int, col: int, row: int, width: int, height: int) -> list[Span]:
    """The parts of ring d round the padded square ``(col, row)`` that lie on the padded
    map (``width`` x ``height`` squares, the padding included), in ring order.

    Squares off the padded map are never seen and pass nothing on: a parent of a square
    is no farther from the viewer in either direction, so one off the map has parents
    in the padding (never seen: it cannot be entered) or off the map. At most two
    parts: one that wraps round the ring's start is given as its two pieces.
    """
    left, right, top, bottom = -col, width - 1 - col, -row, height - 1 - row
    parts: list[list[int]] = []
    if d <= row:  # top side: dx = i - d, dy = -d
        lo, hi = max(-d, left) + d, min(d - 1, right) + d
        if lo <= hi:
            parts.append([lo, hi + 1])
    if d <= right:  # right side: dx = d, dy = i - d
        lo, hi = max(-d, top) + d, min(d - 1, bottom) + d
        if lo <= hi:
            parts.append([2 * d + lo, 2 * d + hi + 1])
    if d <= bottom:  # bottom side: dx = d - i, dy = d
        lo, hi = d - min(d, right), d - max(1 - d, left)
        if lo <= hi:
            parts.append([4 * d + lo, 4 * d + hi + 1])
    if d <= col:  # left side: dx = -d, dy = d - i
        lo, hi = d - min(d, bottom), d - max(1 - d, top)
        if lo <= hi:
            parts.append([6 * d + lo, 6 * d + hi + 1])
    merged: list[Span] = []
    for start, end in parts:
        if merged and merged[-1][1] == start:
            merged[-1] = (merged[-1][0], end)
        else:
            merged.append((start, end))
    return merged


NEAR = 128
"""A big map shape's rings up to this one are kept whole once made (1.8 MB, the last two
shapes): a viewer in a room reads only those, without making them again."""
_NEAR: dict[tuple[int, int], list[RingTable]] = {}


class WholeRings:
    """Whole rings of one map shape made from :func:`quarter` as they are read, one at a
    time, into one buffer (a ring's tables are good until the next is made), the nearest
    kept (:data:`NEAR`)."""

    def __init__(self, upto: int, padded_width: int, cells: int) -> None:
        self.top = quarter(upto)
        self.cells = cells
        pw = padded_width
        places = np.arange(2 * max(upto, 1), dtype=np.intp)
        turns = np.arange(4, dtype=np.intp)[:, None]
        self.along = np.array([1, pw, -1, -pw], dtype=np.intp)[:, None] * places
        """Each side's flat offset of each place from the side's first square."""
        self.steps_along = self.along + 2 * cells * turns
        """The same plus the side's turn of the step planes (two planes a turn)."""
        corners = np.array([-1 - pw, 1 - pw, 1 + pw, pw - 1], dtype=np.intp)[:, None]
        rings = np.arange(upto + 1, dtype=np.intp)
        self.corner_at = corners * rings + cells
        """Each side's first square's flat offset in ring d (column d), plus ``cells``."""
        self.turned_at = turns * (2 * rings - 2)
        """How far each side's parents are turned in ring d - 1: ``2 (d - 1)`` a turn."""
        self.scratch = np.empty((4, 2 * max(upto, 1)), dtype=np.intp)
        self.index = np.empty((5, 8 * upto), dtype=np.intp)
        self.weights = np.empty((2, 8 * upto), dtype=np.float32)
        key = (padded_width, cells)
        with _lock:
            self.near = _NEAR.pop(key, [])
            _NEAR[key] = self.near
            while len(_NEAR) > 2:
                del _NEAR[next(iter(_NEAR))]
        have = len(self.near)
        if have < min(upto, NEAR):
            kind = index_dtype(padded_width, cells)
            made = [
                RingTable(table.index.astype(kind), table.weights)
                for table in map(self._made, range(have + 1, min(upto, NEAR) + 1))
            ]
            with _lock:
                if len(self.near) == have:  # not grown meanwhile by another thread
                    self.near.extend(made)

    def ring(self, d: int, sides: range) -> RingTable:
        """Ring d's tables as :func:`tables` gives them (indices already intp), right on
        ``sides`` (0 top, 1 right, 2 bottom, 3 left) and unset elsewhere, good until the
        next ring is made."""
        if d <= len(self.near):
            return self.near[d - 1]
        return self._made(d, sides, self.index, self.weights)

    def _made(
        self,
        d: int,
        sides: range = range(4),
        into: npt.NDArray[np.intp] | None = None,
        weights_into: npt.NDArray[np.float32] | None = None,
    ) -> RingTable:
        n, first, last = 2 * d, sides.start, sides.stop
        start = d * (d - 1)
        index = (np.empty((5, 8 * d), np.intp) if into is None else into)[:, : 8 * d]
        weights = np.empty((2, 8 * d), np.float32) if weights_into is None else weights_into
        weights = weights[:, : 8 * d]
        by_side = index.reshape(5, 4, n)[:, first:last]
        corner = self.corner_at[first:last, d : d + 1]
        np.add(self.along[first:last, :n], corner, out=by_side[4])
        # Both steps: (plane + 2 s) cells + flat.
        turned_flat = np.add(
            self.steps_along[first:last, :n], corner, out=self.scratch[first:last, :n]
        )
        planes = np.multiply(self.top.planes[:, start : start + n], self.cells, dtype=np.intp)
        np.add(turned_flat, planes[:, None, :], out=by_side[2:4])
        turned = self.turned_at[first:last, d : d + 1]
        np.add(self.top.parents[:, None, start : start + n], turned, out=by_side[0:2])
        weights.reshape(2, 4, n)[:, first:last] = self.top.weights[:, None, start : start + n]
        return RingTable(index, weights)
