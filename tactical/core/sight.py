"""What the party can see: the squares in line of sight of any player character.

The rule (also in docs/rules.md, "Sight"):

* a viewer sees from the centre of each square it stands on (a large token
  from all of them); the union over the party is what "Reveal what the party
  sees" reveals;
* sight is stopped by edge walls and closed doors and by wall lines that
  block sight (walls, closed doors, objects; not windows, not open doors);
* higher ground, after 001's cover idea: a square ``T`` is hidden from a
  viewer ``V`` when a square ``S`` the line between them passes through
  (besides ``V`` and ``T``) stands 2 or more levels above ``V`` and 2 or more
  levels above ``T``. The high square itself is seen;
* a token's optional sight range (its ``sight`` figure, in squares, measured
  as 001 measures distance: the larger of the column and row differences)
  limits what it sees;
* difficult and impassable terrain and tokens do not block sight.

How (per-viewer ray propagation, vectorised with numpy): squares are visited
ring by ring (Chebyshev distance 1, 2, ...) round each viewer. The line from
the viewer to a square of ring ``d`` crosses ring ``d - 1`` between two
squares; the square's visibility is their visibilities weighted by where the
line passes, each counted only when the step from it is not blocked, and the
square is seen when that is at least one half. The highest ground met along
the way is carried the same way. The work stops at the first ring nobody sees
into, so rooms cost what they hold, not the map's size. On small maps the
viewers share each ring's array operations (:func:`_look`); on big maps, and
for one viewer, :mod:`tactical.core.sight_one` works out each viewer alone and
only the parts of its rings that lie on the map.

Once :mod:`tactical.core.sight_kernel` has compiled the same rule with numba (in the
background, the first time sight is asked on a big map), each viewer's rings are one
compiled loop; the numpy code answers until then, on maps too small to need it, and
always where numba cannot.

Walls are rasterised into "the step into this square from that direction is
blocked" masks (:mod:`tactical.core.sight_masks`), and after an edit only
round the squares it touched. Each viewer's sight is kept per map, keyed by
its square and range, so when one party token moves one square only its
own sight is worked out again; an edit drops only the kept sight of viewers
whose search reached the edited squares.

Heights cannot stop the search the way walls do without changing the rule:
a square behind a ridge is still seen when it stands at most one level
below the ridge, so every square behind one has to be looked at.
"""

from __future__ import annotations

import threading
import weakref
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

import numpy as np
import numpy.typing as npt

from tactical.core import sight_kernel
from tactical.core.grid import GridMap, Square
from tactical.core.sight_masks import (
    DIRECTIONS,
    SightMasks,
    Window,
    grow,
    sight_masks,
    touched_box,
    update_masks,
)
from tactical.core.sight_one import (
    HEIGHT_BLOCK,
    LIVE,
    SEEN,
    Mask,
    Viewer,
    look_one,
    look_together,
    quartered,
)
from tactical.core.sight_rings import squares_to_make, tables

__all__ = [
    "DIRECTIONS",
    "HEIGHT_BLOCK",
    "LIVE",
    "SEEN",
    "SightMasks",
    "Viewer",
    "cached_sight_masks",
    "sight_masks",
    "visible_squares",
]

# -- one batch of viewers -------------------------------------------------------------


def _look(masks: SightMasks, views: list[Viewer]) -> tuple[list[Mask], list[int]]:
    """Each viewer's seen squares (padded and flattened) and how far its search went (the
    last ring with a square worked out).

    Once the numba kernel is ready (:mod:`tactical.core.sight_kernel`) it works out
    every viewer, one at a time. Until then, or without numba:
    one viewer, or any number on a big map (``_ALONE``), is worked out by
    :func:`tactical.core.sight_one.look_together`, each its own search over its rings'
    parts on the map (done here they would be whole rings: a corner viewer's are three
    quarters off the map, twice the time for a party of six at 1024 x 1024).

    Otherwise all viewers of one ring are done in one set of array operations. While a ring
    lies inside the map for every viewer and most of its squares have a parent
    still seen, the whole ring is worked out and the squares without one are
    zeroed (no selection, no scatter); otherwise only the candidates are. The
    arithmetic is the same float32 operations, in the same order, as the rule's
    first implementation, so the squares seen are the same.
    """
    if sight_kernel.ready():  # compiled: one viewer at a time, no ring tables built
        return _each(sight_kernel.look_each(masks, views))
    if len(views) == 1 or masks.width * masks.height >= _ALONE:
        return _each(look_together(masks, views) if len(views) > 1 else [look_one(masks, *views)])
    h, w = masks.height, masks.width
    pw = w + 2
    cells = (h + 2) * pw
    n = len(views)
    seen = np.zeros(n * cells, dtype=np.bool_)
    vx = np.array([v.square[0] + 1 for v in views], dtype=np.int64)
    vy = np.array([v.square[1] + 1 for v in views], dtype=np.int64)
    base = vy * pw + vx
    starts = np.arange(n, dtype=np.int64) * cells
    seen[starts + base] = True
    far = [max(c, w - 1 - c, r, h - 1 - r) for c, r in (v.square for v in views)]
    inside = min(min(c, w - 1 - c, r, h - 1 - r) for c, r in (v.square for v in views)) + 1
    ranges = np.array(
        [f if v.range is None else min(v.range, f) for v, f in zip(views, far, strict=True)],
        dtype=np.int64,
    )
    reached = np.zeros(n, dtype=np.int64)
    reach, nearest = int(ranges.max()), int(ranges.min())
    eye = masks.elevation[base] + HEIGHT_BLOCK
    opened, elevation = masks.open, masks.elevation
    hills = masks.relief >= HEIGHT_BLOCK  # flat maps skip the height rule's work
    vis = np.ones(n, dtype=np.float32)  # (n, 8 (d - 1)) flattened: each square's open share
    high = np.full(n, -1e6, dtype=np.float32)  # the highest ground passed on the way
    everyone = np.arange(n, dtype=np.int64)[:, None]
    kept = tables(reach, pw, cells)
    shifted = base - cells  # the tables' offsets are shifted by ``cells``
    prev = 1
    for d in range(1, reach + 1):
        # The kept int32 tables widened once a ring (numpy gathers with intp only).
        table = kept[d - 1].index.astype(np.intp)
        ring_weights = kept[d - 1].weights
        size = 8 * d
        # Only squares with a parent still (partly) seen can be seen: the rest stay 0. Live
        # parents stand on the map, so their children are at most the padding.
        live = (vis > LIVE).reshape(n, prev)
        cand = live[:, table[0]] | live[:, table[1]]
        count = int(np.count_nonzero(cand))
        if count == 0:
            break
        whole = 2 * count >= n * size
        if whole:
            who: npt.NDArray[np.int64] = everyone
            cols, weights = table, ring_weights
            reached[:] = d
        else:
            reached[cand.any(axis=1)] = d
            who, ji = np.nonzero(cand)
            cols, weights = table[:, ji], ring_weights[:, ji]
        row = who * prev
        ia, ib = row + cols[0], row + cols[1]
        at = shifted[who]
        flat = at + cols[4]
        wa, wb = weights[0], weights[1]
        # A whole ring crossing the map's edge reads squares beyond the padding: clipped
        # reads of whatever lies there, zeroed below (their parents were not seen).
        clip: Literal["raise", "clip"] = "clip" if whole and d > inside else "raise"
        part = vis.take(ia) * wa * opened.take(at + cols[2], mode=clip) + vis.take(
            ib
        ) * wb * opened.take(at + cols[3], mode=clip)
        if d > nearest:
            part *= ranges[who] >= d
        if whole and count < n * size:
            part *= cand
        shown = part >= SEEN
        if hills:
            level = elevation.take(flat, mode=clip)
            passed = high.take(ia) * wa + high.take(ib) * wb
            shown &= (passed < eye[who]) | (passed < level + HEIGHT_BLOCK)
            top = np.maximum(passed, level)
        if whole:
            vis = part.reshape(-1)
            if hills:
                if count < n * size:
                    top = np.where(cand, top, np.float32(-1e6))
                high = top.reshape(-1)
        else:
            out = who * size + ji
            vis = np.zeros(n * size, dtype=np.float32)
            vis[out] = part
            if hills:
                high = np.full(n * size, -1e6, dtype=np.float32)
                high[out] = top
        seen[(starts[who] + flat)[shown]] = True  # never a square beyond the padding
        prev = size
    return list(seen.reshape(n, cells)), reached.tolist()


def _each(looked: list[tuple[Mask, npt.NDArray[np.int64]]]) -> tuple[list[Mask], list[int]]:
    """Each viewer's squares and last ring, as they are (a party's six masks are not
    copied into one array: 6 MB at 1024 x 1024, a fresh allocation each time)."""
    return [seen.reshape(-1) for seen, _ in looked], [int(far[0]) for _, far in looked]


# -- kept per map ---------------------------------------------------------------------

_KEEP = 128
"""Viewers whose sight is kept per map (packed bits: 1 bit a square), the latest asked: a
party bigger than that has the rest worked out again when asked again (a party of 2,500 on
1024 x 1024 kept 330 MB of them)."""
_ALONE = 512 * 512
"""From this many squares on, viewers are worked out one at a time."""
_WHOLE_REBUILD = 4
_BATCH = 8
"""Viewers handed to the kernel's threads at once (each packs a viewer's whole-map mask as soon
as it is worked out; a party of 100 on 1024 x 1024 once held 100 MB of them at once)."""
"""An edit box over 1 / this of the map rebuilds the masks whole."""
_TOGETHER = 6
"""Viewers whose searches go ring by ring together on a big map without the kernel (a ring's
tables made once for them; a whole-map mask each until packed)."""


@dataclass
class _Kept:
    """One viewer's sight: packed bits of the padded map, and the box its search read."""

    bits: npt.NDArray[np.uint8]
    box: Window


@dataclass
class _SightCache:
    """The masks of one grid and the sight of the viewers asked lately, kept up to date.

    Safe to ask from any thread (the app works out the party's sight on a worker): one
    question at a time (``lock``), while the grid's edits, told on the GUI thread, only
    add to ``pending`` under a lock of their own, so an edit never waits for sight.
    """

    grid: weakref.ref[GridMap]
    masks: SightMasks | None = None
    revision: int = -1
    pending: set[Square] = field(default_factory=set)
    edits: int = 0
    views: OrderedDict[Viewer, _Kept] = field(default_factory=OrderedDict)
    lock: threading.RLock = field(default_factory=threading.RLock)
    edits_lock: threading.Lock = field(default_factory=threading.Lock)

    def on_squares(self, touched: frozenset[Square]) -> None:
        with self.edits_lock:
            self.pending |= touched
            self.edits += 1

    def current(self, grid: GridMap) -> SightMasks:
        """The masks of the grid as it is now (rebuilt only where edits touched).

        The edits told so far are taken at once; one told while the masks are made
        stays pending for the next question (its revision is newer than theirs).
        """
        with self.lock:
            with self.edits_lock:
                masks = self.masks
                if masks is not None and grid.revision == self.revision:
                    return masks
                revision, pending, edits = grid.revision, self.pending, self.edits
                self.pending, self.edits = set(), 0
            return self._brought_up(grid, masks, revision, pending, edits)

    def _brought_up(
        self,
        grid: GridMap,
        masks: SightMasks | None,
        revision: int,
        pending: set[Square],
        edits: int,
    ) -> SightMasks:
        box = touched_box(pending, grid)
        known = masks is not None and revision - self.revision == edits
        if masks is None or not known or (box is not None and _large(box, grid)):
            masks = sight_masks(grid)
            self.views.clear()
        elif box is not None:
            masks = update_masks(masks, grid, box)
            changed = grow(box, 1, grid)
            for viewer in [v for v, kept in self.views.items() if _meets(kept.box, changed)]:
                del self.views[viewer]
        self.masks, self.revision = masks, revision
        return masks

    def sight(self, grid: GridMap, views: list[Viewer]) -> Mask:
        """The union of ``views``' sight as a padded, flattened mask."""
        with self.lock:
            return self._sight(grid, views)

    def _sight(self, grid: GridMap, views: list[Viewer]) -> Mask:
        masks = self.current(grid)
        asked = list(dict.fromkeys(views))
        union: npt.NDArray[np.uint8] | None = None
        for viewer in asked:  # the kept ones first: the oldest may make room below
            kept = self.views.get(viewer)
            if kept is not None:
                union = (
                    kept.bits.copy()
                    if union is None
                    else np.bitwise_or(union, kept.bits, out=union)
                )
                self.views.move_to_end(viewer)
        missing = [v for v in asked if v not in self.views]
        # Viewers together share each ring's array operations (rooms: few, small rings);
        # on a big map each has its own search (no selection, no scatter), a few at once.
        alone = grid.width * grid.height >= _ALONE and not sight_kernel.ready()
        # The kernel works out one viewer a thread, packed there: a few handed over at once.
        size = _TOGETHER if alone else _BATCH if sight_kernel.ready() else max(1, len(missing))
        batches = [missing[i : i + size] for i in range(0, len(missing), size)]
        for batch in batches:
            for viewer, (bits, far) in zip(batch, _look_packed(masks, batch), strict=True):
                c, r = viewer.square
                box = (r - far, r + far + 1, c - far, c + far + 1)
                union = bits.copy() if union is None else np.bitwise_or(union, bits, out=union)
                self.views[viewer] = _Kept(bits, box)
                if len(self.views) > _KEEP:  # a party bigger than that: the latest kept
                    self.views.popitem(last=False)
        assert union is not None  # views is never empty
        cells = (grid.height + 2) * (grid.width + 2)
        return np.unpackbits(union, count=cells).view(np.bool_)  # 0 and 1: bools as they are


def _look_packed(masks: SightMasks, views: list[Viewer]) -> list[tuple[npt.NDArray[np.uint8], int]]:
    """Each viewer's squares packed a bit a square, and its last ring (the kernel packs each
    on the thread that worked it out: two whole-map masks at once, not the batch's)."""
    if sight_kernel.ready():
        return sight_kernel.look_each_packed(masks, views)
    seen, reached = _look(masks, views)
    return [(np.packbits(mask), far) for mask, far in zip(seen, reached, strict=True)]


def _large(box: Window, grid: GridMap) -> bool:
    r0, r1, c0, c1 = box
    return (r1 - r0) * (c1 - c0) * _WHOLE_REBUILD > grid.width * grid.height


def _meets(a: Window, b: Window) -> bool:
    return a[0] < b[1] and b[0] < a[1] and a[2] < b[3] and b[2] < a[3]


_CACHES: dict[int, _SightCache] = {}


def _cache_for(grid: GridMap) -> _SightCache:
    """The sight cache of ``grid``, made on first use and dropped with the grid
    (``GridMap`` is unhashable: keyed by identity, cleaned up by a finalizer)."""
    cache = _CACHES.get(id(grid))
    if cache is None or cache.grid() is not grid:
        cache = _SightCache(weakref.ref(grid))
        _CACHES[id(grid)] = cache
        grid.add_listener(cache.on_squares)
        weakref.finalize(grid, _CACHES.pop, id(grid), None)
    return cache


def cached_sight_masks(grid: GridMap) -> SightMasks:
    """:func:`sight_masks` of ``grid``, redone only where the grid was edited since."""
    return _cache_for(grid).current(grid)


# -- sight ------------------------------------------------------------------------------

WAIT_ABOVE_SQUARES = 1_150_000
"""On a map that loads the kernel, sight asked before it is ready waits for it when the numpy
path would first make ring tables for more than this many ring squares (a corner viewer of
a 1024 x 1024 map: 4.2 million, 117 MB of whole tables once, 15 MB of quarters now); a
question that needs fewer is answered on numpy meanwhile."""


def _worth_waiting(height: int, width: int, views: list[Viewer]) -> bool:
    if height * width < sight_kernel.BIG or not sight_kernel.coming():
        return False
    reach = 0
    for view in views:
        c, r = view.square
        far = max(c, width - 1 - c, r, height - 1 - r)
        reach = max(reach, far if view.range is None else min(view.range, far))
    padded = width + 2
    cells = (height + 2) * padded
    return squares_to_make(reach, padded, cells, quartered(width, height)) > WAIT_ABOVE_SQUARES


def visible_squares(
    grid: GridMap, viewers: Iterable[Viewer], masks: SightMasks | None = None
) -> Mask:
    """The ``[row, column]`` mask of squares any of ``viewers`` sees (their own included).

    Without ``masks`` the grid's kept masks and each viewer's kept sight are used
    (worked out for the viewers not seen since the last edit that reached them).
    """
    h, w = grid.height, grid.width
    views = [v for v in viewers if grid.in_bounds(v.square)]
    if not views:
        return np.zeros((h, w), dtype=np.bool_)
    if _worth_waiting(h, w, views):
        sight_kernel.warm()  # here: the numpy path's ring tables would cost more
    sight_kernel.wanted(h * w)  # a big map: the kernel loads in the background (once)
    if masks is None:
        seen = _cache_for(grid).sight(grid, views)
    else:
        each = _look(masks, list(dict.fromkeys(views)))[0]
        seen = each[0].copy() if len(each) > 1 else each[0]
        for other in each[1:]:
            seen |= other
    return seen.reshape(h + 2, w + 2)[1:-1, 1:-1].copy()
