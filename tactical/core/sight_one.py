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
from tactical.core.sight_masks import KeptPerMasks, SightMasks
from tactical.core.sight_rings import RingTable, Span, on_map, tables

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


@dataclass(frozen=True)
class _Margined:
    """The open masks (``~enter``) and the elevation with ``cells`` entries in front
    (never read: the squares read are on the map)."""

    open: Mask
    elevation: Floats


def _make_margined(masks: SightMasks) -> _Margined:
    cells = (masks.height + 2) * (masks.width + 2)
    opened = np.zeros(9 * cells, dtype=np.bool_)
    np.logical_not(masks.enter.reshape(-1), out=opened[cells:])
    elevation = np.full(2 * cells, _NONE, dtype=np.float32)
    elevation[cells:] = masks.elevation
    return _Margined(opened, elevation)


_margined = KeptPerMasks(_make_margined)
"""The margined arrays of the two masks read last: 18 MB each at 1024 x 1024."""


class _Rings:
    """One viewer's search: the map read from its square, the rings worked out so far."""

    def __init__(self, masks: SightMasks, base: int) -> None:
        cells = (masks.height + 2) * (masks.width + 2)
        margined = _margined(masks)
        # Views starting ``cells`` before the viewer: indexed by the shifted tables.
        self.open, self.elevation = margined.open[base:], margined.elevation[base:]
        self.seen_margined = np.zeros(2 * cells, dtype=np.bool_)
        self.seen = self.seen_margined[base:]
        self.seen[cells] = True
        self.eye = masks.elevation[base] + HEIGHT_BLOCK
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
            index = table.index[:, start:end].astype(np.intp)
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
    pw = w + 2
    cells = (h + 2) * pw
    col, row = view.square
    far = max(col, w - 1 - col, row, h - 1 - row)
    reach = far if view.range is None else min(view.range, far)
    inside = min(col, w - 1 - col, row, h - 1 - row) + 1  # rings wholly on the padded map
    search = _Rings(masks, (row + 1) * pw + col + 1)
    kept = tables(reach, pw, cells)
    reached = 0
    for d in range(1, reach + 1):
        spans = [(0, 8 * d)] if d <= inside else on_map(d, col + 1, row + 1, pw, h + 2)
        if not search.ring(kept[d - 1], spans):
            break
        reached = d
    return search.seen_margined[cells:].reshape(1, cells), np.array([reached], dtype=np.int64)
