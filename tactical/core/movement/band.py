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
        h, w = r1 - r0, c1 - c0
        if h * w > _BAND_CELLS:
            return False
        cells = _band_cells(start, goal, bound, (r0, r1, c0, c1))
        rows_in, cols_in = np.divmod(cells, w)
        keep = layer.valid[rows_in + r0, cols_in + c0] | (
            (rows_in + r0 == sr) & (cols_in + c0 == sc)
        )
        if blockers.no_entry:
            ec, er = blockers.entry_array().T
            inside = (er >= r0) & (er < r1) & (ec >= c0) & (ec < c1)
            closed = np.zeros(h * w, dtype=np.bool_)
            closed[(er[inside] - r0) * w + (ec[inside] - c0)] = True
            closed[(sr - r0) * w + (sc - c0)] = False
            keep &= ~closed[cells]
        cells = cells[keep]
        count = cells.size
        # Numbers of the band's positions in the box padded by one (-1: not in the band),
        # so a neighbour's number is one gather per direction, no bounds to test.
        pw = w + 2
        number = np.full((h + 2) * pw, -1, dtype=np.int32)
        rows_in, cols_in = rows_in[keep], cols_in[keep]
        padded = (rows_in + 1) * pw + cols_in + 1
        number[padded] = np.arange(count, dtype=np.int32)
        at = (rows_in + r0) * width + (cols_in + c0)
        off = line.off_line_array(cols_in + c0, rows_in + r0)
        # No path within the bound makes more steps than the bound, each off the line
        # by at most the band's worst square: so ``scale`` keeps the cost ranked first.
        scale = bound * int(off.max(initial=0)) + 1
        unranked = (bound + 1) * scale >= _EXACT
        if unranked:
            scale, off = 1, np.zeros_like(off)  # the whole map: rank by cost alone first
        # Each position's links in a row of 8 (one per direction): the CSR layout as it is.
        # A step off the map costs BLOCKED in the layer, so the padding is never read as a
        # link.
        steps = layer.costs.reshape(8, width * height)[:, at].T
        shifts = np.array([dr * pw + dc for dc, dr in DIRECTIONS], dtype=np.int64)
        targets = number[padded[:, None] + shifts[None, :]]
        targets[steps == BLOCKED] = -1
        if banned:
            targets[:, sorted(banned)] = -1
        linked = targets >= 0
        indptr = np.zeros(count + 1, dtype=np.int32)
        np.cumsum(np.count_nonzero(linked, axis=1), out=indptr[1:])
        heads = targets[linked]
        values = steps[linked].astype(np.float64)
        if not unranked:
            values = values * scale + off[heads]  # the line ranks after the cost
        graph = csr_matrix((values, heads, indptr), shape=(count, count))
        s = int(number[(sr - r0 + 1) * pw + (sc - c0 + 1)])
        g = int(number[(gr - r0 + 1) * pw + (gc - c0 + 1)])
        if g < 0:
            return None  # the goal is closed (an enemy stands there)
        reach = float((bound + 1) * scale - 1)
        dist, pred = dijkstra(graph, indices=s, return_predecessors=True, limit=reach)
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
                flat = cells[path]
                pr, pc = np.divmod(flat, w)
                squares = list(zip((pc + c0).tolist(), (pr + r0).tolist(), strict=True))
                return squares, cost
        if whole or (budget is not None and bound >= budget):
            return None
        slack *= 4


def _band_cells(
    start: Square, goal: Square, bound: int, box: tuple[int, int, int, int]
) -> npt.NDArray[np.int64]:
    """The flat indexes (in ``box``, row-major) of the squares ``v`` of the box with
    ``cheb(start, v) + cheb(v, goal) <= bound``, ascending.

    Row by row only the columns that can qualify are tested: with ``a`` and ``b`` the
    row's distances to the two ends' rows, a qualifying column is within
    ``bound - b`` of the start's and ``bound - a`` of the goal's (each maximum is at
    least its column term), so a diagonal's band costs its own size, not its box's.
    """
    (sc, sr), (gc, gr) = start, goal
    r0, r1, c0, c1 = box
    rows = np.arange(r0, r1, dtype=np.int64)
    a, b = np.abs(rows - sr), np.abs(rows - gr)
    lo = np.maximum(np.maximum(sc - (bound - b), gc - (bound - a)), c0)
    hi = np.minimum(np.minimum(sc + (bound - b), gc + (bound - a)), c1 - 1)
    lengths = np.maximum(hi - lo + 1, 0)
    total = int(lengths.sum())
    if total == 0:
        return np.zeros(0, dtype=np.int64)
    # A ragged arange: each row's columns lo .. hi, rows one after the other.
    row_of = np.repeat(np.arange(rows.size, dtype=np.int64), lengths)
    firsts = np.cumsum(lengths) - lengths
    cols = np.arange(total, dtype=np.int64) - np.repeat(firsts, lengths) + np.repeat(lo, lengths)
    r = row_of + r0
    inside = (
        np.maximum(np.abs(cols - sc), np.abs(r - sr))
        + np.maximum(np.abs(cols - gc), np.abs(r - gr))
        <= bound
    )
    found: npt.NDArray[np.int64] = (row_of * (c1 - c0) + cols - c0)[inside]
    return found
