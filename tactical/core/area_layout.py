"""Where tokens stand inside an area of an area map, so that none overlap.

On an area map a token's position is just its area (000: everyone in one area
is in melee range of each other); where inside the area it is drawn carries no
rule meaning. The app still needs tidy, stable spots: this module packs the
tokens of one area around the area's centre on a hexagonal lattice, larger
tokens first, and shrinks every token together when the area is too crowded
for them at full size.

Choices (no rule text covers drawing):

- a token of size ``s`` is a disc ``s * scale`` map units wide; discs keep a gap
  of ``gap * scale`` between them and stay wholly inside the polygon;
- ``scale`` starts at 1 and shrinks by 15 % steps down to ``min_scale``; below
  that the remaining tokens are stacked on the best free-ish spots and may
  overlap (the :attr:`Placement.crowded` flag says so);
- the same polygon and the same sizes in the same order always give the same
  spots, so tokens do not jump around when something unrelated changes.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
import shapely
from shapely.geometry import Point
from shapely.geometry.base import BaseGeometry

Centre = tuple[float, float]

_SHRINK = 0.85


@dataclass(frozen=True)
class Placement:
    """The centre of each token (in the order given) and the common scale they are drawn at."""

    centres: list[Centre]
    scale: float
    crowded: bool = False


def anchor_point(polygon: BaseGeometry) -> Centre:
    """The point tokens cluster around: the centroid, or a point inside when it falls outside."""
    centroid = polygon.centroid
    point = centroid if polygon.contains(centroid) else polygon.representative_point()
    return (float(point.x), float(point.y))


def _lattice(
    anchor: Centre, bounds: tuple[float, float, float, float], spacing: float
) -> npt.NDArray[np.float64]:
    """Hexagonal lattice points covering ``bounds``, one of them at ``anchor``, nearest first."""
    ax, ay = anchor
    min_x, min_y, max_x, max_y = bounds
    row_step = spacing * math.sqrt(3) / 2
    rows_up = math.ceil((ay - min_y) / row_step) + 1
    rows_down = math.ceil((max_y - ay) / row_step) + 1
    cols_left = math.ceil((ax - min_x) / spacing) + 1
    cols_right = math.ceil((max_x - ax) / spacing) + 1
    rows = np.arange(-rows_up, rows_down + 1)
    cols = np.arange(-cols_left, cols_right + 1)
    rr, cc = np.meshgrid(rows, cols, indexing="ij")
    xs = ax + (cc + 0.5 * (rr % 2)) * spacing
    ys = ay + rr * row_step
    points = np.column_stack([xs.ravel(), ys.ravel()])
    order = np.lexsort((points[:, 0], points[:, 1], np.hypot(points[:, 0] - ax, points[:, 1] - ay)))
    return points[order]


def _search_bounds(
    polygon: BaseGeometry, anchor: Centre, sizes: Sequence[int], scale: float
) -> tuple[float, float, float, float]:
    """The polygon's bounds, cut down around the anchor when the polygon is far too big."""
    min_x, min_y, max_x, max_y = polygon.bounds
    reach = (math.sqrt(sum(s * s for s in sizes)) * 2.5 + max(sizes)) * scale + 1.0
    ax, ay = anchor
    return (
        max(min_x, ax - reach),
        max(min_y, ay - reach),
        min(max_x, ax + reach),
        min(max_y, ay + reach),
    )


def _try(
    polygon: BaseGeometry, anchor: Centre, sizes: Sequence[int], scale: float, gap: float
) -> list[Centre] | None:
    """Place every token at ``scale``, or None when they do not fit."""
    spacing = min(sizes) * scale * (1 + gap) / 2
    points = _lattice(anchor, _search_bounds(polygon, anchor, sizes, scale), spacing)
    inside: dict[int, npt.NDArray[np.bool_]] = {}
    for size in set(sizes):
        inner: BaseGeometry = polygon.buffer(-size * scale / 2)
        if inner.is_empty:
            return None
        inside[size] = shapely.contains_xy(
            inner, points[:, 0], points[:, 1]
        ) | shapely.intersects_xy(inner.boundary, points[:, 0], points[:, 1])
    order = sorted(range(len(sizes)), key=lambda i: (-sizes[i], i))
    placed_xy = np.empty((0, 2))
    placed_r = np.empty(0)
    centres: list[Centre | None] = [None] * len(sizes)
    for index in order:
        radius = sizes[index] * scale / 2
        candidates = points[inside[sizes[index]]]
        if len(placed_xy):
            dx = candidates[:, None, 0] - placed_xy[None, :, 0]
            dy = candidates[:, None, 1] - placed_xy[None, :, 1]
            need = placed_r[None, :] + radius + gap * scale - 1e-9
            free = np.all(np.hypot(dx, dy) >= need, axis=1)
            candidates = candidates[free]
        if not len(candidates):
            return None
        x, y = candidates[0]
        centres[index] = (float(x), float(y))
        placed_xy = np.vstack([placed_xy, [x, y]])
        placed_r = np.append(placed_r, radius)
    return [c for c in centres if c is not None]


def layout_tokens(
    polygon: BaseGeometry,
    sizes: Sequence[int],
    *,
    gap: float = 0.1,
    min_scale: float = 0.3,
) -> Placement:
    """Non-overlapping centres inside ``polygon`` for tokens of the given ``sizes``.

    ``polygon`` may also be a multipolygon (an area with its name label cut
    out). See the module docstring for how crowding is handled.
    """
    if not sizes:
        return Placement([], 1.0)
    if any(size < 1 for size in sizes):
        raise ValueError("token sizes must be at least 1")
    anchor = anchor_point(polygon)
    scale = 1.0
    while scale >= min_scale:
        centres = _try(polygon, anchor, sizes, scale, gap)
        if centres is not None:
            return Placement(centres, scale)
        scale *= _SHRINK
    return _overflow(polygon, anchor, sizes, min_scale, gap)


def _overflow(
    polygon: BaseGeometry, anchor: Centre, sizes: Sequence[int], scale: float, gap: float
) -> Placement:
    """Too many tokens even at the smallest scale: fill what fits, stack the rest."""
    spacing = min(sizes) * scale * (1 + gap) / 2
    points = _lattice(anchor, polygon.bounds, spacing)
    keep = shapely.contains_xy(polygon, points[:, 0], points[:, 1])
    spots = [(float(x), float(y)) for x, y in points[keep]] or [anchor]
    step = max(1, len(spots) // max(1, len(sizes)))
    centres = [spots[(i * step) % len(spots)] for i in range(len(sizes))]
    return Placement(centres, scale, crowded=True)


def discs_overlap(placement: Placement, sizes: Sequence[int]) -> bool:
    """True when any two discs of ``placement`` overlap (used by tests and sanity checks)."""
    discs = [
        Point(c).buffer(size * placement.scale / 2, quad_segs=32)
        for c, size in zip(placement.centres, sizes, strict=True)
    ]
    for i, a in enumerate(discs):
        for b in discs[i + 1 :]:
            if a.intersection(b).area > 1e-6:
                return True
    return False
