"""One viewer's sight, ring by ring, with as few numpy calls per ring as the rule allows.

On a big map a viewer's search has hundreds of rings of a few thousand squares, so
each ring's fixed cost of a numpy call is about half of the time. What keeps it low,
with the same float32 operations in the same order as the rule's first implementation
(``tests/engine/sight_reference.py``), so that exactly the same squares are seen:

* only the parts of a ring on the (padded) map are worked out (:func:`on_map`): a
  viewer near an edge or a corner works out its rings' squares on the map, not the
  whole rings;
* the ring tables hold the flat offsets shifted by the map's size, and the map's
  arrays are read through copies with a margin of that size in front (kept per
  masks), so a ring needs no "+ the viewer's square" before its gathers;
* the parents' shares are gathered once: whether a square has a parent still seen
  is read from them (no second gather), and the blocked steps and the squares
  without such a parent are zeroed by multiplying with 0/1 floats, not booleans or
  masked writes (numpy's mixed-type and ``where=`` loops are several times slower);
* the squares seen are written with one ``put`` of the ring's test (each square
  belongs to exactly one ring), not a selection then a scatter;
* a part of a ring in which fewer than half the squares have a parent still seen
  (behind walls) works out those squares only.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from tactical.core.grid import Square
from tactical.core.sight_masks import DIRECTIONS, KeptPerMasks, SightMasks
from tactical.core.sight_rings import COMPASS, RingTable, Span, WholeRings, on_map, tables

HEIGHT_BLOCK = 2
"""Levels above both the viewer and the square looked at that a square must stand to hide it."""
SEEN = 0.5
"""The share of a square's sight lines that must be open for it to be seen."""
LIVE = 0.01
"""Below this share a square passes no sight on (saves the work behind walls)."""

Mask = npt.NDArray[np.bool_]
Floats = npt.NDArray[np.float32]
Indices = npt.NDArray[np.intp]

_LIVE = np.float32(LIVE)  # what ``vis > LIVE`` compares with (float32 against a Python float)
_NONE = np.float32(-1e6)  # the highest ground of a square no sight line reaches
_CAP = np.float32(2.0**30) - _NONE  # (0 or 1) * _CAP + _NONE: no cap or _NONE


@dataclass(frozen=True)
class Viewer:
    """One square someone looks from, and how far they see (None: unlimited)."""

    square: Square
    range: int | None = None


QUARTERS = 512 * 512
"""From this many squares on, a map's ring tables are made whole from a quarter of them as
they are read (:class:`tactical.core.sight_rings.WholeRings`): a corner viewer's tables on
1024 x 1024 are 15 MB, not 117, for a few more array operations a ring (shared by the
viewers worked out together). Smaller maps read whole tables (7 MB at 256 x 256)."""


def quartered(width: int, height: int) -> bool:
    """Whether a map this size reads its ring tables made whole from a quarter."""
    return width * height >= QUARTERS


@dataclass(frozen=True)
class _Margined:
    """The open masks (what a step may enter) and the elevation with ``cells`` entries in
    front (never read: the squares read are on the map). The open masks' planes are
    :data:`DIRECTIONS`' order, or :data:`COMPASS`'s where the tables are made from a
    quarter."""

    open: Mask
    elevation: Floats


def _make_margined(masks: SightMasks, planes: tuple[tuple[int, int], ...]) -> _Margined:
    """Made from the kept bits and levels (the masks' own bool and float arrays, 12 MB more
    at 1024 x 1024, are not made)."""
    h, w = masks.height, masks.width
    cells = (h + 2) * (w + 2)
    # The margins are never written (nor read): their pages need not be in memory.
    opened = np.empty((len(planes) + 1) * cells, dtype=np.bool_)
    for plane, step in enumerate(planes, start=1):
        bit = np.uint8(1 << DIRECTIONS.index(step))
        np.equal(masks.bits & bit, 0, out=opened[plane * cells : (plane + 1) * cells])
    elevation = np.empty(2 * cells, dtype=np.float32)
    levels = elevation[cells:].reshape(h + 2, w + 2)
    levels[...] = masks.levels.reshape(h + 2, w + 2)
    levels[0, :] = levels[-1, :] = levels[:, 0] = levels[:, -1] = _NONE  # the padding
    return _Margined(opened, elevation)


_margined = KeptPerMasks(lambda masks: _make_margined(masks, DIRECTIONS))
_margined_compass = KeptPerMasks(lambda masks: _make_margined(masks, COMPASS))
"""The margined arrays of the two masks read last: 17 or 18 MB each at 1024 x 1024."""


class _Rings:
    """One viewer's search: the map read from its square, the rings worked out so far."""

    def __init__(self, masks: SightMasks, base: int, seen_margined: Mask) -> None:
        """``seen_margined``: ``2 cells`` zeros, of which the search writes the second half."""
        cells = (masks.height + 2) * (masks.width + 2)
        big = quartered(masks.width, masks.height)
        margined = _margined_compass(masks) if big else _margined(masks)
        # Views starting ``cells`` before the viewer: indexed by the shifted tables.
        self.open, self.elevation = margined.open[base:], margined.elevation[base:]
        self.seen = seen_margined[base:]
        self.seen[cells] = True
        self.eye = self.elevation[cells] + HEIGHT_BLOCK
        self.hills = masks.relief >= HEIGHT_BLOCK
        self.vis: Floats = np.ones(1, dtype=np.float32)  # the last ring's open shares
        self.high: Floats = np.full(1, _NONE, dtype=np.float32)  # the highest ground passed
        self.new_vis, self.new_high = self.vis, self.high

    def ring(self, table: RingTable, spans: list[Span]) -> bool:
        """Work out the next ring on ``spans``; False when no square there has a parent
        still seen (the search is over)."""
        size = table.index.shape[1]
        # Only squares with a parent still (partly) seen can be seen: the rest stay 0.
        work = []
        for start, end in spans:
            # The kept int32 tables widened once a part (numpy gathers with intp only:
            # each gather would widen its indices again).
            index = table.index[:, start:end].astype(np.intp, copy=False)
            shares = self.vis.take(index[0:2], mode="wrap")
            cand = np.maximum(shares[0], shares[1]) > _LIVE
            count = int(np.count_nonzero(cand))
            if count:
                work.append((start, end, index, shares, cand, count))
        if not work:
            return False
        start, end, _, _, _, count = work[0]
        if len(work) == 1 and end - start == size and 2 * count >= size:
            self.new_vis = np.empty(size, dtype=np.float32)  # every square written below
            self.new_high = np.empty(size, dtype=np.float32) if self.hills else self.high
        else:
            self.new_vis = np.zeros(size, dtype=np.float32)
            self.new_high = np.full(size, _NONE, dtype=np.float32) if self.hills else self.high
        for start, end, index, shares, cand, count in work:
            if 2 * count >= end - start:
                self.dense(table, start, end, index, shares, cand, count < end - start)
            else:
                self.sparse(table, start, index, shares, cand)
        self.vis, self.high = self.new_vis, self.new_high
        return True

    def dense(
        self,
        table: RingTable,
        start: int,
        end: int,
        index: Indices,
        shares: Floats,
        cand: Mask,
        some: bool,
    ) -> None:
        """Work out every square of ``[start, end)`` (``index``: their tables, widened);
        ``some``: not all have a parent still seen (the others are zeroed, as if left out)."""
        weights = table.weights[:, start:end]
        shares *= weights
        shares *= self.open.take(index[2:4], mode="wrap").astype(np.float32)
        part = np.add(shares[0], shares[1], out=self.new_vis[start:end])
        if some:
            kept = cand.astype(np.float32)
            part *= kept
        shown = part >= SEEN
        flat = index[4]
        if self.hills:
            level, passed, low = self._over_ground(index, weights, self.new_high[start:end])
            shown &= low
            np.maximum(passed, level, out=passed)
            if some:  # no parent seen: _NONE (the cap is above any ground otherwise)
                kept *= _CAP
                kept += _NONE
                np.minimum(passed, kept, out=passed)
        self.seen[flat] = shown  # each square is in one ring only: all its writes

    def _over_ground(
        self, index: Indices, weights: Floats, out: Floats | None
    ) -> tuple[Floats, Floats, Mask]:
        """The height rule for the squares of ``index``: their level, the highest ground
        the line passed on its way (into ``out`` when given) and whether it passed low
        enough. Hidden: passed >= eye and passed >= level + 2."""
        level = self.elevation.take(index[4], mode="wrap")
        ways = self.high.take(index[0:2], mode="wrap")
        ways *= weights
        passed = np.add(ways[0], ways[1], out=out)
        bar = level + HEIGHT_BLOCK
        np.maximum(bar, self.eye, out=bar)
        return level, passed, passed < bar

    def sparse(
        self, table: RingTable, start: int, index: Indices, shares: Floats, cand: Mask
    ) -> None:
        """Work out only the squares from ``start`` on with a parent still seen
        (``index``: the tables of the part from ``start``, widened)."""
        picked = np.flatnonzero(cand)
        at = picked + start
        index, weights = index[:, picked], table.weights[:, at]
        shares = shares[:, picked]
        shares *= weights
        shares *= self.open.take(index[2:4], mode="wrap")
        part = shares[0] + shares[1]
        self.new_vis[at] = part
        shown = part >= SEEN
        flat = index[4]
        if self.hills:
            level, passed, low = self._over_ground(index, weights, None)
            shown &= low
            self.new_high[at] = np.maximum(passed, level)
        self.seen[flat[shown]] = True


def look_one(masks: SightMasks, view: Viewer) -> tuple[Mask, npt.NDArray[np.int64]]:
    """The squares ``view`` sees (``(1, cells)``, padded and flattened) and how far its
    search went (the last ring with a square worked out)."""
    h, w = masks.height, masks.width
    if quartered(w, h):
        return look_together(masks, [view])[0]
    pw = w + 2
    cells = (h + 2) * pw
    col, row = view.square
    far = max(col, w - 1 - col, row, h - 1 - row)
    reach = far if view.range is None else min(view.range, far)
    inside = min(col, w - 1 - col, row, h - 1 - row) + 1  # rings wholly on the padded map
    seen = np.zeros(2 * cells, dtype=np.bool_)
    search = _Rings(masks, (row + 1) * pw + col + 1, seen)
    kept = tables(reach, pw, cells)
    reached = 0
    for d in range(1, reach + 1):
        spans = [(0, 8 * d)] if d <= inside else on_map(d, col + 1, row + 1, pw, h + 2)
        if not search.ring(kept[d - 1], spans):
            break
        reached = d
    return seen[cells:].reshape(1, cells), np.array([reached], dtype=np.int64)


def look_together(
    masks: SightMasks, views: list[Viewer]
) -> list[tuple[Mask, npt.NDArray[np.int64]]]:
    """:func:`look_one` of each of ``views``, their searches a ring at a time together:
    each ring's tables are read (or made whole, :func:`quartered`) once for all of them.
    (On a small map one viewer alone goes through :func:`look_one`'s plainer loop.)"""
    h, w = masks.height, masks.width
    pw = w + 2
    cells = (h + 2) * pw
    searches, reach, inside = [], [], []
    # Viewer i writes the squares it sees into cells (i + 1) * cells on: its margin in
    # front is the viewer's before it (n + 1 masks' bytes, not 2 n).
    pool = np.zeros((len(views) + 1) * cells, dtype=np.bool_)
    for i, view in enumerate(views):
        col, row = view.square
        far = max(col, w - 1 - col, row, h - 1 - row)
        reach.append(far if view.range is None else min(view.range, far))
        inside.append(min(col, w - 1 - col, row, h - 1 - row) + 1)  # wholly on the padded map
        margined = pool[i * cells : (i + 2) * cells]
        searches.append(_Rings(masks, (row + 1) * pw + col + 1, margined))
    upto = max(reach)
    whole = WholeRings(upto, pw, cells) if quartered(w, h) else None
    kept = tables(upto, pw, cells) if whole is None else []
    reached = [0] * len(views)
    going = list(range(len(views)))
    for d in range(1, upto + 1):
        going = [i for i in going if reach[i] >= d]
        if not going:
            break
        spans = {}
        for i in going:
            col, row = views[i].square
            spans[i] = [(0, 8 * d)] if d <= inside[i] else on_map(d, col + 1, row + 1, pw, h + 2)
        if whole is None:
            table = kept[d - 1]
        else:  # the sides any of them reads
            first = min(start for parts in spans.values() for start, _ in parts)
            last = max(end for parts in spans.values() for _, end in parts)
            table = whole.ring(d, range(first // (2 * d), (last - 1) // (2 * d) + 1))
        going = [i for i in going if searches[i].ring(table, spans[i])]
        for i in going:
            reached[i] = d
    return [
        (pool[(i + 1) * cells : (i + 2) * cells].reshape(1, cells), np.array([far], np.int64))
        for i, far in enumerate(reached)
    ]
