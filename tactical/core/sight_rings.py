"""The ring tables of sight: for each square at Chebyshev distance d of a viewer, the two
squares of ring d - 1 the line from the viewer passes between, their weights and steps.

They depend only on d (and, for the flat offsets, on the map's width), so they are
made once and kept. The order of a ring's squares is :func:`_ring_index`'s.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from tactical.core.sight_masks import DIRECTIONS


@dataclass(frozen=True)
class Ring:
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


def _make_ring(d: int) -> Ring:
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
    return Ring(
        np.stack([_ring_index(px1, py1, d - 1), _ring_index(px2, py2, d - 1)]),
        np.stack([k1, k2]).astype(np.int64),
        np.stack([dx, dy]),
        np.stack([1 - frac, frac]).astype(np.float32),
    )


_STEP_CODE = np.zeros(9, dtype=np.int64)
for _k, (_sx, _sy) in enumerate(DIRECTIONS):
    _STEP_CODE[(_sx + 1) * 3 + (_sy + 1)] = _k

_RINGS: list[Ring] = []


def rings(upto: int) -> list[Ring]:
    while len(_RINGS) < upto:
        _RINGS.append(_make_ring(len(_RINGS) + 1))
    return _RINGS


_TABLES: dict[tuple[int, int], list[npt.NDArray[np.int64]]] = {}


def tables(upto: int, padded_width: int, cells: int) -> list[npt.NDArray[np.int64]]:
    """Per ring, one (5, 8d) array: both parents, where in the flattened ``enter`` masks
    each parent's step is read (``step * cells + offset``) and the flat offset.

    The flat offset (``dy * padded_width + dx``) depends on the map's width and the
    mask index on its size, so the tables are kept per map shape; adding the viewer's
    flat index gives the square and its two mask entries.
    """
    kept = _TABLES.setdefault((padded_width, cells), [])
    made = rings(upto)
    while len(kept) < upto:
        ring = made[len(kept)]
        offset = ring.offsets[1] * padded_width + ring.offsets[0]
        steps = ring.steps * cells + offset[None, :]
        kept.append(np.vstack([ring.parents, steps, offset[None, :]]))
    if len(_TABLES) > 4:
        for shape in [s for s in _TABLES if s != (padded_width, cells)]:
            del _TABLES[shape]
    return kept
