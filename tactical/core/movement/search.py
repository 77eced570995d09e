"""The two searches over a cost layer: every cheapest cost within a budget, and one path.

``costs_within`` is Dijkstra by cost levels (Dial's buckets) with each level
expanded as numpy arrays: costs are small positive integers, so every
position whose cost equals the current level is final and can be expanded
all at once. It works on a window of (2 * budget + 1) squares around the
start, since no step costs less than 1.

``cheapest_path`` is A* in pure Python reading the layer's bytes, guided by
the Chebyshev distance (no step costs less than 1 nor moves more than one
square, so the estimate never overshoots); on a 003 layer, which has no
diagonal steps, by the Manhattan distance, for the same reason. Among equally
cheap paths it returns the one nearest the straight line (:mod:`.straight`).

Both take banned step directions (003 Stumble: :mod:`.banned`).
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field
from typing import Literal

import numpy as np
import numpy.typing as npt

from tactical.core.grid import Square
from tactical.core.movement.costs import BLOCKED, DIRECTIONS, IntArray
from tactical.core.movement.layers import CostLayer
from tactical.core.movement.reach import Reach
from tactical.core.movement.straight import CORRIDOR, SHIFT, Line

_UNREACHED = np.iinfo(np.int32).max
_NO_RANK = 1 << 80


@dataclass(frozen=True)
class Blockers:
    """Who is in the way of one moving token, as positions of its top-left square.

    ``no_entry``: positions whose footprint overlaps an enemy (never entered).
    ``no_stop``: positions whose footprint overlaps any other token (passable
    when allied, but a move cannot end there).
    """

    no_entry: frozenset[Square] = field(default_factory=frozenset)
    no_stop: frozenset[Square] = field(default_factory=frozenset)

    def entry_codes(self, width: int) -> set[int]:
        """``no_entry`` as flat indexes ``row * width + col``, worked out once per width."""
        codes: dict[int, set[int]] = self.__dict__.setdefault("_codes", {})
        found = codes.get(width)
        if found is None:
            found = codes[width] = {r * width + c for c, r in self.no_entry}
        return found

    def stop_array(self) -> IntArray:
        """``no_stop`` as an ``(n, 2)`` array of ``(col, row)``, worked out once."""
        return _kept_array(self, "_stops", self.no_stop)

    def entry_array(self) -> IntArray:
        """``no_entry`` as an ``(n, 2)`` array of ``(col, row)``, worked out once."""
        return _kept_array(self, "_array", self.no_entry)


def _kept_array(holder: Blockers, key: str, squares: frozenset[Square]) -> IntArray:
    """``squares`` as an ``(n, 2)`` array of ``(col, row)``, kept on ``holder`` as ``key``."""
    found: IntArray | None = holder.__dict__.get(key)
    if found is None:
        found = np.array(sorted(squares), dtype=np.int64).reshape(-1, 2)
        holder.__dict__[key] = found
    return found


def costs_within(
    layer: CostLayer,
    start: Square,
    budget: int,
    blockers: Blockers,
    banned: frozenset[int] = frozenset(),
) -> Reach:
    """Cheapest cost of every position reachable from ``start`` within ``budget``.

    The start is included at 0; positions where the move cannot end are left out.
    ``banned`` directions (indexes into ``DIRECTIONS``) are never stepped. The answer
    is a mapping over the search's own arrays (:class:`.reach.Reach`).
    """
    sc, sr = start
    r0, r1 = max(sr - budget, 0), min(sr + budget + 1, layer.height)
    c0, c1 = max(sc - budget, 0), min(sc + budget + 1, layer.width)
    h, w = r1 - r0, c1 - c0
    costs = layer.costs[:, r0:r1, c0:c1].reshape(8, h * w).astype(np.int32)
    if banned:
        costs[sorted(banned)] = BLOCKED
    offsets = np.array([dr * w + dc for dc, dr in DIRECTIONS], dtype=np.int64)[:, None]
    enterable = np.ones(h * w, dtype=bool)
    if blockers.no_entry:
        cols, rows = blockers.entry_array().T
        near = (rows >= r0) & (rows < r1) & (cols >= c0) & (cols < c1)
        enterable[(rows[near] - r0) * w + (cols[near] - c0)] = False
    dist = np.full(h * w, _UNREACHED, dtype=np.int32)
    origin = (sr - r0) * w + (sc - c0)
    dist[origin] = 0
    if h * w > _SCAN_WINDOW:
        _by_buckets(dist, costs, offsets, enterable, origin, budget)
    else:
        _by_scans(dist, costs, offsets, enterable, origin, budget)
    ends = dist <= budget
    if blockers.no_stop:
        cols, rows = blockers.stop_array().T
        near = (rows >= r0) & (rows < r1) & (cols >= c0) & (cols < c1)
        ends[(rows[near] - r0) * w + (cols[near] - c0)] = False
        ends[origin] = True
    return Reach(dist.reshape(h, w), ends.reshape(h, w), (c0, r0))


Int32Array = npt.NDArray[np.int32]

_SCAN_WINDOW = 4096
"""Up to this many positions a level's frontier is found by scanning the window; beyond,
positions wait in buckets by cost (a whole big map has a thousand levels)."""


def _expand(
    dist: Int32Array,
    costs: Int32Array,
    offsets: IntArray,
    enterable: npt.NDArray[np.bool_],
    frontier: IntArray,
    level: int,
    budget: int,
) -> tuple[IntArray, IntArray]:
    """Relax the steps out of ``frontier`` (all at cost ``level``); the improved
    positions and their new costs."""
    step = costs[:, frontier]
    cand = step + level
    target = frontier[None, :] + offsets
    keep = (step != BLOCKED) & (cand <= budget)
    target, cand = target[keep], cand[keep]
    keep = enterable[target]
    target, cand = target[keep], cand[keep]
    better = cand < dist[target]
    target, cand = target[better], cand[better]
    np.minimum.at(dist, target, cand)
    return target, cand


def _by_scans(
    dist: Int32Array,
    costs: Int32Array,
    offsets: IntArray,
    enterable: npt.NDArray[np.bool_],
    origin: int,
    budget: int,
) -> None:
    """Dial's levels, each level's positions found by scanning the (small) window."""
    frontier: IntArray = np.array([origin], dtype=np.int64)
    for level in range(budget):
        if level:
            frontier = np.flatnonzero(dist == level)
        if frontier.size == 0:
            if level and not (dist[dist != _UNREACHED] > level).any():
                break
            continue
        _expand(dist, costs, offsets, enterable, frontier, level, budget)


def _by_buckets(
    dist: Int32Array,
    costs: Int32Array,
    offsets: IntArray,
    enterable: npt.NDArray[np.bool_],
    origin: int,
    budget: int,
) -> None:
    """Dial's levels with the improved positions kept in buckets by their cost, so a
    level costs its own positions, not a scan of the window."""
    buckets: dict[int, list[IntArray]] = {}
    frontier: IntArray = np.array([origin], dtype=np.int64)
    level = 0
    while True:
        if frontier.size:
            target, cand = _expand(dist, costs, offsets, enterable, frontier, level, budget)
            if target.size:
                values = np.unique(cand).tolist()
                if len(values) == 1:
                    buckets.setdefault(values[0], []).append(target)
                else:
                    for value in values:
                        buckets.setdefault(value, []).append(target[cand == value])
        if not buckets:
            return
        level = min(buckets)
        waiting = buckets.pop(level)
        nodes = waiting[0] if len(waiting) == 1 else np.concatenate(waiting)
        frontier = np.unique(nodes[dist[nodes] == level])  # the rest improved since


def cheapest_path(
    layer: CostLayer,
    start: Square,
    goal: Square,
    blockers: Blockers,
    budget: int | None = None,
    give_up: int | None = None,
    banned: frozenset[int] = frozenset(),
    pace: int | None = None,
) -> tuple[list[Square], int] | Literal[False] | None:
    """The cheapest path from ``start`` to ``goal`` and its cost, or None.

    The caller has checked that the goal is a legal end and in the start's region.
    With ``give_up``, False once that many positions were expanded without
    reaching the goal (the caller then asks a search that suits the map better).
    With ``pace``, False as soon as more than ``pace`` positions per square of
    progress (how much nearer the goal, by the estimate, the search has come), plus
    :data:`PACE_SLACK`, were expanded: on rough ground the estimate falls short
    everywhere and the search fills the ground behind it instead of going on.
    ``banned`` directions (indexes into ``DIRECTIONS``) are never stepped.
    Among paths of the same cost, the one nearest the straight line (:mod:`.straight`).
    """
    width = layer.width
    plane = layer.width * layer.height
    costs = layer.buffer
    offsets = [dr * width + dc for dc, dr in DIRECTIONS]
    planes = [d * plane for d in range(8)]
    directions = [d for d in range(8) if d not in banned]
    no_entry = blockers.entry_codes(width)
    s = start[1] * width + start[0]
    g = goal[1] * width + goal[0]
    gc, gr = goal
    limit = _UNREACHED if budget is None else budget
    line = Line(start, goal)
    sc, sr, ldc, ldr, quarters = line.sc, line.sr, line.dc, line.dr, line.quarters
    shift = SHIFT
    low = (1 << shift) - 1
    # best and the heap hold cost << SHIFT | off_line: the cost first, then the line.
    best: dict[int, int] = {s: 0}
    came: dict[int, int] = {}
    rows_and_columns = layer.orthogonal  # 003: no diagonal steps, so the Manhattan distance
    first = abs(start[0] - gc) + abs(start[1] - gr) if rows_and_columns else None
    if first is None:
        first = max(abs(start[0] - gc), abs(start[1] - gr))
    heap: list[tuple[int, int, int, int]] = [(first << shift, 0, 0, s)]
    pop, push = heapq.heappop, heapq.heappush
    left = -1 if give_up is None else give_up
    counted = left  # expanded: counted - left
    nearest = first  # the least estimate of a position reached
    per_square = -1 if pace is None else pace
    while heap:
        _, neg_rank, _, u = pop(heap)
        if u == g:
            break
        ranked = -neg_rank
        if ranked != best[u]:
            continue
        left -= 1
        if left == 0:
            return False
        if (
            per_square >= 0
            and left & 31 == 0
            and counted - left > per_square * (first - nearest) + PACE_SLACK
        ):
            return False  # not going well (looked at every 32 positions)
        spent = ranked >> shift
        strayed = ranked & low
        for d in directions:
            step = costs[planes[d] + u]
            if step == BLOCKED:
                continue
            v = u + offsets[d]
            total = spent + step
            if total > limit or v in no_entry:
                continue
            known = best.get(v, _NO_RANK)
            if total << shift > known:
                continue  # dearer whatever the line says: skip measuring it
            vr, vc = divmod(v, width)
            cross = abs((vc - sc) * ldr - (vr - sr) * ldc)
            off = int(cross * quarters) - CORRIDOR
            rank = (total << shift) + (strayed + off if off > 0 else strayed)
            if rank < known:
                estimate = (
                    abs(vc - gc) + abs(vr - gr)
                    if rows_and_columns
                    else max(abs(vc - gc), abs(vr - gr))
                )
                if total + estimate > limit:
                    continue  # the estimate never overshoots: no way on within the budget
                if estimate < nearest:
                    nearest = estimate
                best[v] = rank
                came[v] = u
                push(heap, (rank + (estimate << shift), -rank, cross, v))
    if g not in best:
        return None
    path = [g]
    while path[-1] != s:
        path.append(came[path[-1]])
    path.reverse()
    return [(p % width, p // width) for p in path], best[g] >> shift


PACE_SLACK = 64
"""Positions a search with a ``pace`` may expand before its progress is counted."""


POCKET_LIMIT = 1024
"""How many positions the flood from a goal visits before leaving the question to the regions."""


def pocket_is_sealed(
    layer: CostLayer, goal: Square, start: Square, blockers: Blockers, limit: int | None = None
) -> bool | None:
    """Whether tokens seal ``goal`` off from ``start``, by a flood from the goal.

    True: the goal is in a pocket of fewer than ``limit`` positions that does
    not hold ``start``; False: the flood reached the start; None: the pocket is
    larger than ``limit``, so the flood cannot tell (ask the regions).
    """
    limit = POCKET_LIMIT if limit is None else limit
    width = layer.width
    plane = layer.width * layer.height
    costs = layer.buffer
    offsets = [dr * width + dc for dc, dr in DIRECTIONS]
    no_entry = blockers.entry_codes(width)
    s = start[1] * width + start[0]
    g = goal[1] * width + goal[0]
    seen = {g}
    todo = [g]
    while todo:
        u = todo.pop()
        for d in range(8):
            # Links are symmetric, so the reverse step's cost tells if v -> u exists.
            if costs[d * plane + u] == BLOCKED:
                continue
            v = u + offsets[d]
            if v == s:
                return False
            if v in seen or v in no_entry:
                continue
            seen.add(v)
            if len(seen) >= limit:
                return None
            todo.append(v)
    return True
