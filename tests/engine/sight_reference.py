"""The sight algorithm as it was before issue 22, kept as the reference for the property test.

A verbatim copy of ``tactical/core/sight.py`` at that time (its masks and its ring
propagation); ``tests/engine/test_sight_reference.py`` checks that the engine's
faster code gives exactly the same squares. Do not optimise this file.

What the party can see: the squares in line of sight of any player character.

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
ring by ring (Chebyshev distance 1, 2, ...) round every viewer at once. The
line from the viewer to a square of ring ``d`` crosses ring ``d - 1`` between
two squares; the square's visibility is their visibilities weighted by where
the line passes, each counted only when the step from it is not blocked, and
the square is seen when that is at least one half. The highest ground met
along the way is carried the same way. The work stops at the first ring
nobody sees into, so rooms cost what they hold, not the map's size.

Walls are rasterised once per map edit into "the step into this square from
that direction is blocked" masks: an orthogonal step is blocked when a wall
crosses or touches the segment between the two centres; a diagonal step when
a wall line crosses it, or when both of the two-step paths round its corner
are blocked (so sight slips past the end of a wall, not through a closed
corner).
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from tactical.core.grid import GridMap, Square
from tactical.core.openings import trimmed_at_openings
from tactical.core.wall_lines import WallLine

HEIGHT_BLOCK = 2
"""Levels above both the viewer and the square looked at that a square must stand to hide it."""
SEEN = 0.5
"""The share of a square's sight lines that must be open for it to be seen."""
LIVE = 0.01
"""Below this share a square passes no sight on (saves the work behind walls)."""

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
_DIRECTION_INDEX = {d: k for k, d in enumerate(DIRECTIONS)}


@dataclass(frozen=True)
class Viewer:
    """One square someone looks from, and how far they see (None: unlimited)."""

    square: Square
    range: int | None = None


# -- walls into masks -------------------------------------------------------------


def _mark(mask: Mask, rows: npt.NDArray[np.int64], cols: npt.NDArray[np.int64]) -> None:
    keep = (rows >= 0) & (rows < mask.shape[0]) & (cols >= 0) & (cols < mask.shape[1])
    mask[rows[keep], cols[keep]] = True


def _line_steps(line: WallLine, east: Mask, south: Mask, se: Mask, sw: Mask) -> None:
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
            _mark(mask, *((cs, ks) if swap else (ks, cs)))
            continue
        cross = v0 + (ks + 0.5 - u0) * (v1 - v0) / (u1 - u0)
        for cs in (np.ceil(cross - 1.5), np.floor(cross - 0.5)):  # two when on a centre
            steps = cs.astype(np.int64)
            _mark(mask, *((steps, ks) if swap else (ks, steps)))
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
        _mark(mask, r[ok], c[ok])


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


def _stops_eyes(line: WallLine) -> bool:
    return line.blocks_sight


def sight_masks(grid: GridMap, lines: Iterable[WallLine] | None = None) -> SightMasks:
    """Rasterise ``grid``'s walls and sight-blocking wall lines (do it once per edit)."""
    h, w = grid.height, grid.width
    east = np.zeros((h, w), dtype=np.bool_)  # step (c, r) -> (c + 1, r) blocked
    south = np.zeros((h, w), dtype=np.bool_)  # step (c, r) -> (c, r + 1) blocked
    se = np.zeros((h, w), dtype=np.bool_)  # step (c, r) -> (c + 1, r + 1) blocked
    sw = np.zeros((h, w), dtype=np.bool_)  # step (c, r) -> (c - 1, r + 1) blocked
    for (a, b), wall in grid.walls.items():
        if not wall.blocks:
            continue
        if a[1] == b[1]:
            east[a[1], min(a[0], b[0])] = True
        else:
            south[min(a[1], b[1]), a[0]] = True
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
    for line in trimmed_at_openings(grid.wall_lines if lines is None else lines, _stops_eyes):
        _line_steps(line, east, south, se, sw)
    enter = np.ones((8, h + 2, w + 2), dtype=np.bool_)
    inner = (slice(1, h + 1), slice(1, w + 1))

    def into(k: int, blocked_from: Mask, dc: int, dr: int) -> None:
        """Step k enters (c + dc, r + dr) from (c, r) where ``blocked_from[r, c]``."""
        target = np.zeros((h + 2, w + 2), dtype=np.bool_)
        target[1 + dr : h + 1 + dr, 1 + dc : w + 1 + dc] = blocked_from
        enter[k][inner] = target[inner]

    into(_DIRECTION_INDEX[(1, 0)], east, 1, 0)
    into(_DIRECTION_INDEX[(-1, 0)], east, 0, 0)
    into(_DIRECTION_INDEX[(0, 1)], south, 0, 1)
    into(_DIRECTION_INDEX[(0, -1)], south, 0, 0)
    into(_DIRECTION_INDEX[(1, 1)], se, 1, 1)
    into(_DIRECTION_INDEX[(-1, -1)], se, 0, 0)
    into(_DIRECTION_INDEX[(-1, 1)], sw, -1, 1)
    into(_DIRECTION_INDEX[(1, -1)], sw, 0, 0)
    elevation = np.full((h + 2, w + 2), -1e6, dtype=np.float32)
    elevation[inner] = grid.elevation
    relief = int(grid.elevation.max()) - int(grid.elevation.min())
    return SightMasks(w, h, enter.reshape(8, -1), elevation.reshape(-1), relief)


_CACHE: dict[int, tuple[weakref.ref[GridMap], int, SightMasks]] = {}


def cached_sight_masks(grid: GridMap) -> SightMasks:
    """:func:`sight_masks` of ``grid``, redone only when the grid was edited since."""
    hit = _CACHE.get(id(grid))
    if hit is not None and hit[0]() is grid and hit[1] == grid.revision:
        return hit[2]
    masks = sight_masks(grid)
    if len(_CACHE) > 8:
        _CACHE.clear()
    _CACHE[id(grid)] = (weakref.ref(grid), grid.revision, masks)
    return masks


# -- rings ------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Ring:
    """Ring d's squares: offsets, the two parents in ring d - 1, their weights and steps.

    Packed in few arrays so one gather per array fetches what the candidates need.
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


def _make_ring(d: int) -> _Ring:
    dx, dy = _ring_offsets(d)
    x_major = np.abs(dx) >= np.abs(dy)
    major = np.where(x_major, dx, dy)
    minor = np.where(x_major, dy, dx)
    along = minor * (d - 1) / d
    low = np.floor(along)
    frac = along - low
    pm = np.sign(major) * (d - 1)
    n1, n2 = low.astype(np.int64), low.astype(np.int64) + (frac > 0)
    px1, py1 = np.where(x_major, pm, n1), np.where(x_major, n1, pm)
    px2, py2 = np.where(x_major, pm, n2), np.where(x_major, n2, pm)
    k1 = _STEP_CODE[(dx - px1 + 1) * 3 + (dy - py1 + 1)]
    k2 = _STEP_CODE[(dx - px2 + 1) * 3 + (dy - py2 + 1)]
    return _Ring(
        np.stack([_ring_index(px1, py1, d - 1), _ring_index(px2, py2, d - 1)]),
        np.stack([k1, k2]).astype(np.int64),
        np.stack([dx, dy]),
        np.stack([1 - frac, frac]).astype(np.float32),
    )


_STEP_CODE = np.zeros(9, dtype=np.int64)
for _k, (_sx, _sy) in enumerate(DIRECTIONS):
    _STEP_CODE[(_sx + 1) * 3 + (_sy + 1)] = _k

_RINGS: list[_Ring] = []


def _rings(upto: int) -> list[_Ring]:
    while len(_RINGS) < upto:
        _RINGS.append(_make_ring(len(_RINGS) + 1))
    return _RINGS


_TABLES: dict[int, list[npt.NDArray[np.int64]]] = {}


def _tables(upto: int, padded_width: int) -> list[npt.NDArray[np.int64]]:
    """Per ring, one (5, 8d) array: both parents, both steps and the flat offset.

    The flat offset (``dy * padded_width + dx``) depends on the map's width, so the
    tables are kept per width; one gather then fetches all a candidate needs.
    """
    tables = _TABLES.setdefault(padded_width, [])
    rings = _rings(upto)
    while len(tables) < upto:
        ring = rings[len(tables)]
        offset = ring.offsets[1] * padded_width + ring.offsets[0]
        tables.append(np.vstack([ring.parents, ring.steps, offset[None, :]]))
    if len(_TABLES) > 4:
        for width in [w for w in _TABLES if w != padded_width]:
            del _TABLES[width]
    return tables


# -- sight ------------------------------------------------------------------------------


def visible_squares(
    grid: GridMap, viewers: Iterable[Viewer], masks: SightMasks | None = None
) -> Mask:
    """The ``[row, column]`` mask of squares any of ``viewers`` sees (their own included)."""
    masks = masks if masks is not None else cached_sight_masks(grid)
    h, w = grid.height, grid.width
    pw = w + 2
    seen = np.zeros((h + 2) * pw, dtype=np.bool_)
    views = [v for v in viewers if grid.in_bounds(v.square)]
    if not views:
        return seen.reshape(h + 2, pw)[1:-1, 1:-1].copy()
    vx = np.array([v.square[0] + 1 for v in views], dtype=np.int64)[:, None]
    vy = np.array([v.square[1] + 1 for v in views], dtype=np.int64)[:, None]
    seen[vy[:, 0] * pw + vx[:, 0]] = True
    far = [max(c, w - 1 - c, r, h - 1 - r) for c, r in (v.square for v in views)]
    ranges = np.array(
        [f if v.range is None else min(v.range, f) for v, f in zip(views, far, strict=True)]
    )[:, None]
    reach = int(ranges.max())
    eye = masks.elevation[vy[:, 0] * pw + vx[:, 0]][:, None] + HEIGHT_BLOCK
    vis = np.ones((len(views), 1), dtype=np.float32)
    high = np.full((len(views), 1), -1e6, dtype=np.float32)  # highest ground passed
    vx, vy, ranges, eye = vx[:, 0], vy[:, 0], ranges[:, 0], eye[:, 0]
    enter, elevation = masks.enter, masks.elevation
    hills = masks.relief >= HEIGHT_BLOCK  # flat maps skip the height rule's work
    nearest = int(ranges.min())
    base = vy * pw + vx
    rings = _rings(reach)
    for d, table in enumerate(_tables(reach, pw), start=1):
        ring = rings[d - 1]
        # Only squares with a parent still (partly) seen can be seen: the rest stay 0. Live
        # parents stand on the map, so their children are at most the padding: no clipping.
        live = vis > LIVE
        vi, ji = np.nonzero(live[:, ring.parents].any(axis=1))
        if vi.size == 0:
            break
        picked = table[:, ji]
        parents, weights = picked[0:2], ring.weights[:, ji]
        flat = base[vi] + picked[4]
        parts = vis[vi, parents] * weights
        parts[enter[picked[2:4], flat]] = 0
        seen_part = parts[0] + parts[1]
        if d > nearest:
            seen_part[ranges[vi] < d] = 0
        shown = seen_part >= SEEN
        vis = np.zeros((len(views), 8 * d), dtype=np.float32)
        vis[vi, ji] = seen_part
        if hills:
            level = elevation[flat]
            passed = (high[vi, parents] * weights).sum(axis=0)
            shown &= (passed < eye[vi]) | (passed < level + HEIGHT_BLOCK)
            high = np.full((len(views), 8 * d), -1e6, dtype=np.float32)
            high[vi, ji] = np.maximum(passed, level)
        seen[flat[shown]] = True
    return seen.reshape(h + 2, pw)[1:-1, 1:-1].copy()
