"""Cover and obstruction by Thrum's perpendicular-line rule (001), with shapely lines.

001: a target "adjacent to spaces occupied [by] terrain which is +2 or more
levels of elevation higher than their space or by another character" has
Cover from attacks "originating from spaces on the opposite side of and at a
lower elevation level than the source of cover". The dividing line runs
through the source square, perpendicular to the target-to-source direction
(cardinal or diagonal). "If the two squares adjacent to the one providing
cover along the dividing line also qualify ..., then the path between the
attacker and target is Obstructed".

Choices where 001 is open (also in docs/rules.md, "Cover"):

- "the opposite side" is strictly beyond the line through the source's
  centre: squares on the line itself are not covered from;
- a character is as tall as two levels (``CHARACTER_HEIGHT``): a source
  holding a character is as high as its square + 2, whatever the square's
  height, so an attacker two or more levels above that shoots over it. A
  character counts as a source whatever its height relative to the target;
- a source that is both high terrain and occupied counts once, as high as
  its square + 2 (the character stands on the terrain), kind ``"both"``;
- the attacker's and the target's own squares never give cover (a large
  token does not hide behind itself);
- the two flanking squares qualify by 001's parenthesis alone (high terrain
  or a character); their height against the attacker is not asked;
- a wall or closed door that the segment between the centres of the
  attacker's and target's squares crosses or touches obstructs;
- so does a free wall line (imported maps) that blocks sight: walls, closed
  doors and objects (UVTT's ``objects_line_of_sight``: pillars, tall
  furniture), not windows nor open doors. Obstruction is about seeing the
  target, so the line's sight rule decides, not its movement rule;
- for tokens larger than one square, the attacker picks the best pairing of
  its squares with the target's squares (the least cover).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import Literal

import numpy as np
import shapely
from shapely.geometry import LineString, Polygon, box

from tactical.core.encounter import Encounter
from tactical.core.engine_errors import EngineError
from tactical.core.grid import GridMap, Square
from tactical.core.line_crossing import usable
from tactical.core.movement.costs import DIRECTIONS
from tactical.core.wall_lines import WallLine

CHARACTER_HEIGHT = 2
"""How many levels a character stands above its square, for cover (a choice, see above)."""


class Cover(IntEnum):
    """What stands between attacker and target. Larger is worse for the attacker."""

    NONE = 0
    COVER = 1
    OBSTRUCTED = 2


SourceKind = Literal["terrain", "character", "both"]


@dataclass(frozen=True)
class CoverSource:
    """One square next to the target that gives it cover from this attacker.

    ``dividing_line`` runs through the source's centre across the whole map;
    ``covered_from`` is the part of the map strictly beyond it (where the
    attacker stands); ``obstructs`` is True when both ``flanks`` (the squares
    beside the source along the line) also qualify.
    """

    square: Square
    kind: SourceKind
    height: int
    dividing_line: LineString
    covered_from: Polygon
    flanks: tuple[Square, Square]
    obstructs: bool


@dataclass(frozen=True)
class CoverResult:
    """The answer with its reasons: the sources that apply and any wall crossed."""

    cover: Cover
    sources: tuple[CoverSource, ...]
    wall: LineString | None


def _grid(encounter: Encounter) -> GridMap:
    grid = encounter.grid
    if grid is None:
        raise EngineError("cover is a grid rule (001); area maps have none")
    return grid


def _occupancy(encounter: Encounter) -> dict[Square, set[str]]:
    """Every square covered by tokens, with all the tokens covering it."""
    found: dict[Square, set[str]] = {}
    for token in encounter.tokens.values():
        for square in token.occupied():
            found.setdefault(square, set()).add(token.id)
    return found


def _wall_segment(a: Square, b: Square) -> tuple[float, float, float, float]:
    """The wall between two orthogonal neighbours, in map units."""
    (ac, ar), (bc, br) = a, b
    if ar == br:
        x = max(ac, bc)
        return (x, ar, x, ar + 1)
    y = max(ar, br)
    return (ac, y, ac + 1, y)


def _qualifies(
    grid: GridMap,
    occupancy: dict[Square, set[str]],
    square: Square,
    target_level: int,
    excluded: set[str],
) -> tuple[SourceKind, int] | None:
    """Whether ``square`` can give cover to a target at ``target_level``, and how high."""
    if not grid.in_bounds(square):
        return None
    level = grid.elevation_at(square)
    high = level >= target_level + 2
    character = bool(occupancy.get(square, set()) - excluded)
    if character:
        return ("both" if high else "character", level + CHARACTER_HEIGHT)
    if high:
        return ("terrain", level)
    return None


def _dividing_geometry(
    grid: GridMap, source: Square, v: tuple[int, int]
) -> tuple[LineString, Polygon]:
    bounds = box(0, 0, grid.width, grid.height)
    cx, cy = source[0] + 0.5, source[1] + 0.5
    px, py = -v[1], v[0]
    far = float(grid.width + grid.height + 2)
    p1 = (cx - far * px, cy - far * py)
    p2 = (cx + far * px, cy + far * py)
    line = LineString([p1, p2]).intersection(bounds)
    half = Polygon(
        [p1, p2, (p2[0] + far * v[0], p2[1] + far * v[1]), (p1[0] + far * v[0], p1[1] + far * v[1])]
    ).intersection(bounds)
    return line, half


def _sight_lines(grid: GridMap) -> tuple[list[WallLine], np.ndarray]:
    """The wall lines that block sight now, and their shapely geometries (a point when
    both ends are one)."""
    lines = [w for w in grid.wall_lines if w.blocks_sight and usable(w)]
    geoms = np.array(
        [LineString([w.a, w.b]) if w.a != w.b else shapely.Point(w.a) for w in lines],
        dtype=object,
    )
    return lines, geoms


def _first_wall(grid: GridMap, a: Square, b: Square) -> LineString | None:
    """The blocking wall (edge wall or sight-blocking wall line) nearest ``a`` that the
    segment between the two centres crosses or touches."""
    if not grid.walls and not grid.wall_lines:
        return None
    ax, ay = a[0] + 0.5, a[1] + 0.5
    segment = LineString([(ax, ay), (b[0] + 0.5, b[1] + 0.5)])
    hits: list[tuple[float, LineString]] = []
    lines, geoms = _sight_lines(grid)
    if lines:
        met = shapely.intersects(geoms, segment)
        origin = shapely.Point(ax, ay)
        for i in np.flatnonzero(met).tolist():
            w = lines[i]
            hits.append((float(geoms[i].distance(origin)), LineString([w.a, w.b])))
    lo_c, hi_c = min(a[0], b[0]), max(a[0], b[0])
    lo_r, hi_r = min(a[1], b[1]), max(a[1], b[1])
    for (p, q), wall in grid.walls.items():
        if not wall.blocks:
            continue
        if not (lo_c - 1 <= p[0] <= hi_c + 1 and lo_r - 1 <= p[1] <= hi_r + 1):
            continue
        x1, y1, x2, y2 = _wall_segment(p, q)
        candidate = LineString([(x1, y1), (x2, y2)])
        if segment.intersects(candidate):
            hits.append((candidate.distance(shapely.Point(ax, ay)), candidate))
    if not hits:
        return None
    return min(hits, key=lambda hit: hit[0])[1]


def _detail(
    encounter: Encounter,
    attacker: Square,
    target: Square,
    excluded: set[str],
    occupancy: dict[Square, set[str]],
) -> CoverResult:
    grid = _grid(encounter)
    for square in (attacker, target):
        if not grid.in_bounds(square):
            raise EngineError(f"square {square} is outside the map")
    if attacker == target:
        return CoverResult(Cover.NONE, (), None)
    target_level = grid.elevation_at(target)
    attacker_level = grid.elevation_at(attacker)
    sources = []
    for v in DIRECTIONS:
        source = (target[0] + v[0], target[1] + v[1])
        found = _qualifies(grid, occupancy, source, target_level, excluded)
        if found is None:
            continue
        kind, height = found
        beyond = (attacker[0] - source[0]) * v[0] + (attacker[1] - source[1]) * v[1] > 0
        if not (beyond and attacker_level < height):
            continue
        flanks = (
            (source[0] - v[1], source[1] + v[0]),
            (source[0] + v[1], source[1] - v[0]),
        )
        obstructs = all(
            _qualifies(grid, occupancy, f, target_level, excluded) is not None for f in flanks
        )
        line, half = _dividing_geometry(grid, source, v)
        sources.append(CoverSource(source, kind, height, line, half, flanks, obstructs))
    wall = _first_wall(grid, attacker, target)
    if wall is not None or any(s.obstructs for s in sources):
        level = Cover.OBSTRUCTED
    elif sources:
        level = Cover.COVER
    else:
        level = Cover.NONE
    return CoverResult(level, tuple(sources), wall)


def cover_detail(
    encounter: Encounter, attacker_square: Square, target_square: Square
) -> CoverResult:
    """Cover of whoever stands on ``target_square`` from ``attacker_square``, with reasons.

    Tokens standing on the two squares are the attacker and the target: their
    own squares give no cover.
    """
    occupancy = _occupancy(encounter)
    excluded = occupancy.get(attacker_square, set()) | occupancy.get(target_square, set())
    return _detail(encounter, attacker_square, target_square, excluded, occupancy)


def cover(encounter: Encounter, attacker_square: Square, target_square: Square) -> Cover:
    """``Cover.NONE``, ``Cover.COVER`` (+1 Bane) or ``Cover.OBSTRUCTED`` (cannot be targeted)."""
    return cover_detail(encounter, attacker_square, target_square).cover


def token_cover(encounter: Encounter, attacker_id: str, target_id: str) -> Cover:
    """Cover between two tokens: the least over their pairs of squares."""
    attacker = encounter.token(attacker_id)
    target = encounter.token(target_id)
    if attacker.square is None or target.square is None:
        raise EngineError("both tokens must stand on the map")
    occupancy = _occupancy(encounter)
    excluded = {attacker_id, target_id}
    grid = _grid(encounter)
    best = Cover.OBSTRUCTED
    for a in attacker.occupied():
        for t in target.occupied():
            if grid.in_bounds(a) and grid.in_bounds(t):
                best = min(best, _detail(encounter, a, t, excluded, occupancy).cover)
    return Cover(best)


def cover_table(
    encounter: Encounter, token_ids: Sequence[str] | None = None
) -> dict[tuple[str, str], Cover]:
    """:func:`token_cover` for every ordered pair ``(attacker, target)`` of tokens on the map.

    Vectorised over attackers with numpy, walls tested in bulk with a shapely
    STRtree: 200 tokens take a few tens of milliseconds.
    """
    grid = _grid(encounter)
    ids = [
        t
        for t in (token_ids if token_ids is not None else list(encounter.tokens))
        if encounter.token(t).square is not None
    ]
    points: list[tuple[int, int, int]] = []  # (col, row, token index)
    starts: list[int] = []
    for index, token_id in enumerate(ids):
        starts.append(len(points))
        for col, row in encounter.token(token_id).occupied():
            if grid.in_bounds((col, row)):
                points.append((col, row, index))
    if not ids:
        return {}
    kept = [
        i
        for i in range(len(ids))
        if starts[i] < (starts[i + 1] if i + 1 < len(ids) else len(points))
    ]
    pts = np.array(points, dtype=np.int64).reshape(-1, 3)
    cols, rows, owner = pts[:, 0], pts[:, 1], pts[:, 2]
    elev = grid.elevation.astype(np.int64)
    levels_a = elev[rows, cols]
    occupancy = _occupancy(encounter)
    index_of = {token_id: i for i, token_id in enumerate(ids)}
    n = len(points)
    table = np.zeros((n, n), dtype=np.int8)

    def char_mask(square: Square, target_owner: int) -> np.ndarray | None:
        """Per attacker point: does a character other than attacker and target stand here?"""
        others = occupancy.get(square, set())
        owners = {index_of.get(t, -1 - k) for k, t in enumerate(sorted(others))}
        owners.discard(target_owner)
        if not owners:
            return None
        if len(owners) >= 2:
            return np.ones(n, dtype=bool)
        (only,) = owners
        mask: np.ndarray = owner != only
        return mask

    for t in range(n):
        tc, tr, tgt = int(cols[t]), int(rows[t]), int(owner[t])
        target_level = int(elev[tr, tc])
        level = np.zeros(n, dtype=np.int8)
        for v in DIRECTIONS:
            sc, sr = tc + v[0], tr + v[1]
            if not grid.in_bounds((sc, sr)):
                continue
            height_s = int(elev[sr, sc])
            high = height_s >= target_level + 2
            chars = char_mask((sc, sr), tgt)
            if chars is None and not high:
                continue
            height = np.full(n, height_s if high else np.iinfo(np.int64).min, dtype=np.int64)
            if chars is not None:
                height[chars] = height_s + CHARACTER_HEIGHT
            applies = ((cols - sc) * v[0] + (rows - sr) * v[1] > 0) & (levels_a < height)
            if not applies.any():
                continue
            flanks_ok = np.ones(n, dtype=bool)
            for fc, fr in ((sc - v[1], sr + v[0]), (sc + v[1], sr - v[0])):
                if not grid.in_bounds((fc, fr)):
                    flanks_ok[:] = False
                    break
                if int(elev[fr, fc]) >= target_level + 2:
                    continue
                fchars = char_mask((fc, fr), tgt)
                if fchars is None:
                    flanks_ok[:] = False
                    break
                flanks_ok &= fchars
            np.maximum(level, np.where(applies, np.where(flanks_ok, 2, 1), 0), out=level)
        table[:, t] = level
    _walls_into(grid, cols, rows, table)
    _wall_lines_into(grid, cols, rows, table)
    same = owner[:, None] == owner[None, :]
    table[same] = 0
    offsets = [starts[i] for i in kept]
    tokens = np.minimum.reduceat(np.minimum.reduceat(table, offsets, axis=0), offsets, axis=1)
    names = [ids[i] for i in kept]
    levels = list(Cover)
    result: dict[tuple[str, str], Cover] = {}
    for a, attacker_id in enumerate(names):
        row_levels = tokens[a].tolist()
        for b, target_id in enumerate(names):
            if a != b:
                result[(attacker_id, target_id)] = levels[row_levels[b]]
    return result


def _wall_runs(grid: GridMap) -> list[tuple[bool, int, int, int]]:
    """Blocking walls merged into straight runs ``(vertical, line, start, end)``.

    A vertical run lies on ``x = line`` from ``y = start`` to ``y = end``; a
    horizontal one on ``y = line`` from ``x = start`` to ``x = end``.
    """
    lines: dict[tuple[bool, int], list[int]] = {}
    for (a, b), wall in grid.walls.items():
        if wall.blocks:
            x1, y1, x2, _ = _wall_segment(a, b)
            vertical = x1 == x2
            key = (vertical, int(x1 if vertical else y1))
            lines.setdefault(key, []).append(int(y1 if vertical else x1))
    runs = []
    for (vertical, at), starts in lines.items():
        ordered = sorted(set(starts))
        first = last = ordered[0]
        for s in ordered[1:]:
            if s != last + 1:
                runs.append((vertical, at, first, last + 1))
                first = s
            last = s
        runs.append((vertical, at, first, last + 1))
    return runs


def _walls_into(grid: GridMap, cols: np.ndarray, rows: np.ndarray, table: np.ndarray) -> None:
    """Mark as obstructed every pair of points whose centre segment meets a blocking wall.

    Exact integer arithmetic in doubled coordinates (centres are odd, grid lines
    even), one vectorised test per straight run of wall; touching counts.
    """
    runs = _wall_runs(grid)
    if not runs:
        return
    ia, ib = np.triu_indices(cols.size, k=1)
    ax, ay = 2 * cols[ia] + 1, 2 * rows[ia] + 1
    bx, by = 2 * cols[ib] + 1, 2 * rows[ib] + 1
    hit = np.zeros(ia.size, dtype=bool)
    for vertical, at, first, last in runs:
        # Across the wall's line: p -> q; along it: r -> s.
        p, q, r, s = (ax, bx, ay, by) if vertical else (ay, by, ax, bx)
        swap = p > q
        p, q, r, s = (
            np.where(swap, q, p),
            np.where(swap, p, q),
            np.where(swap, s, r),
            np.where(swap, r, s),
        )
        line = 2 * at
        span = q - p
        along = r * span + (line - p) * (s - r)  # where the segment meets the line, times span
        hit |= (p < line) & (line < q) & (2 * first * span <= along) & (along <= 2 * last * span)
    table[ia[hit], ib[hit]] = 2
    table[ib[hit], ia[hit]] = 2


def _wall_lines_into(grid: GridMap, cols: np.ndarray, rows: np.ndarray, table: np.ndarray) -> None:
    """Mark as obstructed every pair of points whose centre segment meets a wall line
    that blocks sight: the pairs' segments are queried against a shapely STRtree."""
    _, geoms = _sight_lines(grid)
    if geoms.size == 0 or cols.size < 2:
        return
    ia, ib = np.triu_indices(cols.size, k=1)
    apart = (cols[ia] != cols[ib]) | (rows[ia] != rows[ib])  # one square: no cover (as _detail)
    ia, ib = ia[apart], ib[apart]
    ends = np.stack(
        [
            np.stack([cols[ia] + 0.5, rows[ia] + 0.5], axis=1),
            np.stack([cols[ib] + 0.5, rows[ib] + 0.5], axis=1),
        ],
        axis=1,
    )
    segments = shapely.linestrings(ends)
    tree = shapely.STRtree(geoms)
    pair, _ = tree.query(segments, predicate="intersects")
    hit = np.unique(pair)
    table[ia[hit], ib[hit]] = 2
    table[ib[hit], ia[hit]] = 2
