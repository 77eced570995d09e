"""Long paths: Dijkstra in C (scipy.sparse.csgraph) on the band of squares that can lie on one.

A square ``v`` can lie on a path of cost at most ``bound`` only if
``cheb(start, v) + cheb(v, goal) <= bound`` (no step costs less than 1 nor
moves more than one square). So the cheapest path, when it costs at most
``bound``, lies inside that band, and a Dijkstra restricted to the band
finds it. Conversely, when the band's answer costs at most ``bound`` it is the
cheapest on the whole map (a cheaper one would also lie in the band). The
bound starts a little above the Chebyshev distance and is widened until the
answer fits; the pure-Python A* (:func:`.search.cheapest_path`) is kept for
short paths, where building the graph would cost more than the search.
"""

from __future__ import annotations

from typing import ClassVar

import numpy as np
import numpy.typing as npt

from tactical.core.grid import Square
from tactical.core.movement.costs import BLOCKED, DIRECTIONS
from tactical.core.movement.layers import CostLayer
from tactical.core.movement.search import Blockers
from tactical.core.movement.straight import Line

_NO_BOUND = 1 << 30
"""A bound no path reaches (every step costs at most 254, a map has at most 2**22 squares)."""

_EXACT = 1 << 52
"""Integers below this add up exactly in float64 (scipy's weights)."""

_BAND_CELLS = 4_000_000
"""Beyond this many candidate positions in the band, give up (the caller falls back)."""

_PART = 8192
"""Rows of links whose costs are looked up at once (a small temporary, not a whole copy)."""

_KEEP = 1 << 17
"""The most positions whose buffers are kept for the next search (100 bytes a position,
about 13 MB: the band of a diagonal across 1,024 x 1,024 squares holds 126,000)."""


def band_path(
    layer: CostLayer,
    start: Square,
    goal: Square,
    blockers: Blockers,
    budget: int | None = None,
    banned: frozenset[int] = frozenset(),
) -> tuple[list[Square], int] | bool | None:
    """``(squares, cost)``, None when there is no path within ``budget``, or False when
    the band grew too large to be worth it (ask the A*). The layer must be whole.

    ``banned`` directions (indexes into ``DIRECTIONS``) are never stepped. Among
    paths of the same cost, the one nearest the straight line (:mod:`.straight`):
    each link weighs ``cost * scale + off_line`` of the square it enters, with
    ``scale`` above any path's summed ``off_line``, while the weights of every
    path within the bound stay exact in float64."""
    try:
        from scipy.sparse import csr_matrix  # type: ignore[import-untyped]
        from scipy.sparse.csgraph import dijkstra  # type: ignore[import-untyped]
    except ImportError:  # a build without scipy: the A* answers, only slower
        return False

    sc, sr = start
    gc, gr = goal
    distance = max(abs(sc - gc), abs(sr - gr))
    width, height = layer.width, layer.height
    if budget is not None and distance > budget:
        return None  # no step goes further than one square nor costs less than 1
    slack = max(8, distance // 16)
    line = Line(start, goal)
    known: int | None = None  # the cost found ranking by cost alone (the whole map)
    while True:
        bound = distance + slack
        whole = bound >= 2 * max(width, height)  # the band holds the whole map
        if whole:
            bound = _NO_BOUND
        if budget is not None:
            bound = min(bound, budget)
        if known is not None:
            bound, whole = known, False  # again, on the band of that cost, with the line
        # A band square is within ``bound`` of both ends along each axis.
        r0, r1 = max((sr + gr - bound) // 2, 0), min((sr + gr + bound) // 2 + 1, height)
        c0, c1 = max((sc + gc - bound) // 2, 0), min((sc + gc + bound) // 2 + 1, width)
        if (r1 - r0) * (c1 - c0) > _BAND_CELLS:
            return False
        if goal != start and (not layer.valid[gr, gc] or goal in blockers.no_entry):
            return None  # the goal is closed (impassable, or an enemy stands there)
        band = _Band(start, goal, bound, (r0, r1, c0, c1), width)
        count = band.count
        off = line.off_line_array(band.cols, band.rows)
        # No path within the bound makes more steps than the bound, each off the line
        # by at most the band's worst square: so ``scale`` keeps the cost ranked first.
        scale = bound * int(off.max(initial=0)) + 1
        unranked = (bound + 1) * scale >= _EXACT
        if unranked:
            scale, off = 1, np.zeros_like(off)  # the whole map: rank by cost alone first
        # Every position has a row of 8 links (one per direction), the CSR layout as it
        # is. A link that cannot be taken (blocked, banned, leaving the band, into an
        # enemy's square) weighs infinity, which scipy never relaxes under a finite
        # ``limit``; it leads to ``count``, a node with no links, when it leaves the band.
        # Squares no token can stand on stay positions of the band that nothing enters
        # (every step into them is BLOCKED in the layer, as the A* also relies on). Each
        # link weighs its cost times ``scale`` plus the line's part of the square entered:
        # both looked up by table.
        per_cost = np.arange(256, dtype=np.float64) * scale
        per_cost[BLOCKED] = np.inf
        entered = np.empty(count + 1, dtype=np.float64)
        entered[:count] = off
        entered[count] = np.inf
        if blockers.no_entry:
            closed = band.numbers(blockers.entry_array())
            entered[closed[(closed >= 0) & (closed != band.number(start))]] = np.inf
        scratch = _Scratch.take(count)
        targets = band.links(scratch.links[: 8 * count].reshape(count, 8))
        if banned:
            targets[:, sorted(banned)] = count
        weights = scratch.weights[: 8 * count].reshape(count, 8)
        np.take(entered, targets, out=weights, mode="clip")
        steps = np.take(layer.costs.reshape(8, width * height), band.at, axis=1)
        for part in range(0, count, _PART):  # the costs' part, a few thousand rows at a time
            weights[part : part + _PART] += np.take(per_cost, steps[:, part : part + _PART].T)
        indptr = scratch.indptr[: count + 2]
        indptr[-1] = 8 * count  # the node past the band has no links (until give_back)
        graph = csr_matrix(
            (weights.reshape(-1), targets.reshape(-1), indptr), shape=(count + 1, count + 1)
        )
        s, g = band.number(start), band.number(goal)
        reach = float((bound + 1) * scale - 1)
        dist, pred = dijkstra(graph, indices=s, return_predecessors=True, limit=reach)
        del graph, targets, weights, indptr
        scratch.give_back(count)
        ranked = dist[g]
        if np.isfinite(ranked):
            cost = int(ranked) // scale
            if cost <= bound and unranked and known is None:
                known = cost  # the cost is found; the band of that cost can rank the line
                continue
            if cost <= bound:
                path = [g]
                while path[-1] != s:
                    path.append(int(pred[path[-1]]))
                path.reverse()
                flat = band.at[path]
                pr, pc = np.divmod(flat, width)
                squares = list(zip(pc.tolist(), pr.tolist(), strict=True))
                return squares, cost
        if whole or (budget is not None and bound >= budget):
            return None
        slack *= 4


class _Band:
    """The squares ``v`` of a box with ``cheb(start, v) + cheb(v, goal) <= bound``,
    numbered row by row (ascending flat index), and their links.

    In each row they are one run of columns ``lo .. hi``: with ``a`` and ``b`` the
    row's distances to the two ends' rows, ``max(x, a) + max(y, b) <= bound`` (``x``,
    ``y`` the column distances) holds exactly when ``x + b``, ``a + y``, ``a + b`` and
    ``x + y = max(|sc - gc|, |2 c - sc - gc|)`` all stay within ``bound``. So a
    diagonal's band costs its own size, not its box's, and a neighbour's number is
    the square's own plus a constant of its row and direction.
    """

    def __init__(
        self, start: Square, goal: Square, bound: int, box: tuple[int, int, int, int], width: int
    ) -> None:
        (sc, sr), (gc, gr) = start, goal
        r0, r1, c0, c1 = box
        self.r0 = r0
        rows = np.arange(r0, r1, dtype=np.int64)
        a, b = np.abs(rows - sr), np.abs(rows - gr)
        lo = np.maximum(np.maximum(sc - (bound - b), gc - (bound - a)), c0)
        hi = np.minimum(np.minimum(sc + (bound - b), gc + (bound - a)), c1 - 1)
        lo = np.maximum(lo, -((bound - sc - gc) // 2))  # 2 c >= sc + gc - bound
        hi = np.minimum(hi, (sc + gc + bound) // 2)
        hi[a + b > bound] = lo[a + b > bound] - 1
        if abs(sc - gc) > bound:
            hi = lo - 1
        self.lo = lo
        self.lengths = np.maximum(hi - lo + 1, 0)
        self.first = np.cumsum(self.lengths) - self.lengths
        self.count = int(self.lengths.sum())
        self.at: npt.NDArray[np.int64] = _ragged(rows * width + lo, self.lengths)
        """Each position's flat index in the map."""
        self.row_of = np.repeat(np.arange(rows.size), self.lengths)
        """Each position's row in the box."""
        self.rows = self.row_of + r0
        self.cols = self.at - self.rows * width

    def number(self, square: Square) -> int:
        """The number of a square of the band."""
        found = int(self.numbers(np.array([square], dtype=np.int64))[0])
        assert found >= 0
        return found

    def numbers(self, squares: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        """The numbers of ``(col, row)`` squares, -1 for those outside the band."""
        cols, rows = squares[:, 0], squares[:, 1] - self.r0
        inside = (rows >= 0) & (rows < self.lo.size)
        at = np.where(inside, rows, 0)
        place = cols - self.lo[at]
        inside &= (place >= 0) & (place < self.lengths[at])
        found: npt.NDArray[np.int64] = np.where(inside, self.first[at] + place, -1)
        return found

    def links(self, numbers: npt.NDArray[np.int32]) -> npt.NDArray[np.int32]:
        """``numbers`` ``(count, 8)`` filled with the number of each position's neighbour
        in each direction, ``count`` where the neighbour is not in the band."""
        lo, lengths, first, count = self.lo, self.lengths, self.first, self.count
        n = lo.size
        # Rows padded by an empty one at each end, so row i + dr always exists.
        pad_lo = np.concatenate(([0], lo, [0]))
        pad_len = np.concatenate(([0], lengths, [0]))
        pad_first = np.concatenate(([0], first, [0]))
        dcs = np.array([dc for dc, _ in DIRECTIONS], dtype=np.int64)
        drs = np.array([dr for _, dr in DIRECTIONS], dtype=np.int64)
        near = np.arange(1, n + 1)[:, None] + drs[None, :]  # (row, direction) -> row stepped to
        # The neighbour of place p (column lo + p) of row i in direction d is place
        # p + lo[i] + dc - lo[j] of row j: number + shift[i, d], valid for p in low .. high.
        shift = (pad_first[near] - pad_lo[near]) - (first - lo)[:, None] + dcs[None, :]
        low = pad_lo[near] - dcs[None, :] - lo[:, None]
        high = low + pad_len[near] - 1
        np.take(shift.astype(np.int32), self.row_of, axis=0, out=numbers, mode="clip")
        numbers += np.arange(count, dtype=np.int32)[:, None]
        # Only the ends of a row step out of the band: there, mark the links leaving it.
        size = lengths[:, None]
        below = np.clip(low, 0, size)  # places 0 .. below - 1 leave the band
        above = np.clip(high + 1, below, size)  # places above .. size - 1 too
        row_first = np.broadcast_to(first[:, None], low.shape)
        direction = np.broadcast_to(np.arange(8)[None, :], low.shape)
        flat = numbers.reshape(-1)
        for begin, counts in ((row_first, below), (row_first + above, size - above)):
            places = _ragged(begin.reshape(-1), counts.reshape(-1))
            ways = np.repeat(direction.reshape(-1), counts.reshape(-1))
            flat[places * 8 + ways] = count
        return numbers


def _ragged(starts: npt.NDArray[np.int64], counts: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """``starts[k] .. starts[k] + counts[k] - 1`` for each ``k``, one after the other."""
    total = int(counts.sum())
    firsts = np.cumsum(counts) - counts
    found: npt.NDArray[np.int64] = np.arange(total, dtype=np.int64) + np.repeat(
        starts - firsts, counts
    )
    return found


class _Scratch:
    """The CSR arrays of a band search, kept for the next one.

    Fresh memory is mapped page by page as it is first written: for the 126,000
    positions of a diagonal across 1,024 x 1,024 squares, those page faults took a
    third of the search. Searches on several threads each take their own.
    """

    _spare: ClassVar[list[_Scratch]] = []

    def __init__(self, count: int) -> None:
        self.size = count
        self.weights = np.empty(8 * count, dtype=np.float64)
        self.links = np.empty(8 * count, dtype=np.int32)
        self.indptr = np.arange(0, 8 * count + 9, 8, dtype=np.int32)
        """Rows of 8 links, then one past the end (reset before each use)."""

    @classmethod
    def take(cls, count: int) -> _Scratch:
        """Buffers for ``count`` positions: the kept ones when they are large enough."""
        try:
            kept = cls._spare.pop()
        except IndexError:  # none kept, or another thread holds them
            return cls(count)
        return kept if kept.size >= count else cls(count)

    def give_back(self, count: int) -> None:
        """Keep these buffers for the next search unless they are too large to hold
        (``count``: the positions the search used)."""
        self.indptr[count + 1] = 8 * (count + 1)
        if self.size <= _KEEP and not self._spare:
            self._spare.append(self)
