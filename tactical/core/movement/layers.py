"""Cost layers: the step costs of one token size, built tile by tile on demand.

A layer is cut into :data:`TILE` x :data:`TILE` tiles that are computed the
first time a question needs them (:meth:`CostLayer.ensure`): a drag on a
freshly opened 1024 x 1024 map computes the few tiles round the token, not the
million squares of the map. Edits recompute small windows at once and mark
larger ones stale, so a brush stroke never recomputes the whole map either.
"""

from __future__ import annotations

import mmap

import numpy as np

from tactical.core.grid import GridMap, Terrain
from tactical.core.movement.costs import (
    BoolArray,
    ByteArray,
    footprint_costs,
    step_costs,
)
from tactical.core.movement.costs_003 import step_costs_003

Rect = tuple[int, int, int, int]
"""``(row0, row1, col0, col1)``, half-open, already clipped to the map."""

TILE = 32
"""Side of the tiles a layer is computed by (the regions use the same tiles)."""

_RECOMPUTE_AT = 4 * TILE * TILE
"""An edited window up to this many positions is recomputed at once; larger ones go stale."""


class CostLayer:
    """Step costs ``(8, height, width)`` and valid positions for one token size.

    The costs live in an anonymous memory map that a numpy array views: vectorised
    searches read the array, the pure-Python A* reads the bytes (an index into the
    map is an ``int``, several times cheaper than a numpy scalar). The system gives
    its pages, zeroed, as tiles first write them: on a freshly opened 1024 x 1024 map
    the 8 MB of a layer are resident only round the tiles computed (a ``bytearray``
    was zeroed, so resident, whole; numpy's zeros ask for huge pages at this size).
    Only the tiles marked in ``ready`` hold answers: call :meth:`ensure` on a
    window (or :meth:`ensure_all`) before reading it.
    """

    def __init__(
        self,
        grid: GridMap,
        east: BoolArray,
        south: BoolArray,
        size: int,
        roll_descent: bool,
        base: CostLayer | None,
        crossed: BoolArray | None = None,
        orthogonal: bool = False,
    ) -> None:
        self.size = size
        self.roll_descent = roll_descent
        self.orthogonal = orthogonal
        """003's costs (:mod:`.costs_003`) instead of 001's (:mod:`.costs`)."""
        self.width = grid.width
        self.height = grid.height
        self.base = base
        self.buffer = mmap.mmap(-1, 8 * grid.width * grid.height)
        self.costs: ByteArray = np.frombuffer(self.buffer, dtype=np.uint8).reshape(
            8, grid.height, grid.width
        )
        self.valid: BoolArray = np.zeros((grid.height, grid.width), dtype=bool)
        self.crossed = crossed
        """Forward steps crossing a wall line (:mod:`.line_steps`), updated by the index."""
        self.ready: BoolArray = np.zeros(
            (-(-grid.height // TILE), -(-grid.width // TILE)), dtype=bool
        )
        self._grid = grid
        self._east = east
        self._south = south

    # -- on demand ---------------------------------------------------------

    def ensure(self, rect: Rect) -> None:
        """Compute every tile of ``rect`` not computed yet (``rect`` is clipped here)."""
        r0, r1, c0, c1 = rect
        r0, c0 = max(r0, 0), max(c0, 0)
        r1, c1 = min(r1, self.height), min(c1, self.width)
        if r0 >= r1 or c0 >= c1:
            return
        t0, t1 = r0 // TILE, (r1 - 1) // TILE + 1
        u0, u1 = c0 // TILE, (c1 - 1) // TILE + 1
        ready = self.ready[t0:t1, u0:u1]
        if ready.all():
            return
        rows, cols = np.nonzero(~ready)
        tr0, tr1 = t0 + int(rows.min()), t0 + int(rows.max()) + 1
        tc0, tc1 = u0 + int(cols.min()), u0 + int(cols.max()) + 1
        box = (
            tr0 * TILE,
            min(tr1 * TILE, self.height),
            tc0 * TILE,
            min(tc1 * TILE, self.width),
        )
        self._compute(box)
        self.ready[tr0:tr1, tc0:tc1] = True

    def ensure_all(self) -> None:
        """Compute the whole layer (regions, and searches without a budget, need it)."""
        self.ensure((0, self.height, 0, self.width))

    def ensure_around(self, square: tuple[int, int], reach: int) -> None:
        """Compute the tiles within ``reach`` squares of ``square`` (col, row)."""
        col, row = square
        pad = reach + self.size + 1
        self.ensure((row - pad, row + pad + 1, col - pad, col + pad + 1))

    # -- upkeep ------------------------------------------------------------

    def update(self, grid: GridMap, east: BoolArray, south: BoolArray, rect: Rect) -> None:
        """The costs of leaving positions inside ``rect`` may have changed.

        A small window is recomputed now; a large one marks its tiles stale, to be
        recomputed when a question needs them.
        """
        self._grid, self._east, self._south = grid, east, south
        r0, r1, c0, c1 = rect
        if r0 >= r1 or c0 >= c1:
            return
        t0, t1 = r0 // TILE, (r1 - 1) // TILE + 1
        u0, u1 = c0 // TILE, (c1 - 1) // TILE + 1
        if not self.ready[t0:t1, u0:u1].any():
            return
        if (r1 - r0) * (c1 - c0) <= _RECOMPUTE_AT:
            self._compute(rect)
        else:
            self.ready[t0:t1, u0:u1] = False

    def _compute(self, rect: Rect) -> None:
        """Recompute the costs of leaving every position inside ``rect``."""
        grid, east, south = self._grid, self._east, self._south
        r0, r1, c0, c1 = rect
        if self.base is None:
            rule = step_costs_003 if self.orthogonal else step_costs
            self.costs[:, r0:r1, c0:c1] = rule(
                grid,
                east,
                south,
                (r0, r1),
                (c0, c1),
                roll_descent=self.roll_descent,
                crossed=self.crossed,
            )
            self.valid[r0:r1, c0:c1] = grid.terrain[r0:r1, c0:c1] != int(Terrain.IMPASSABLE)
        else:
            self.base.ensure((r0 - 1, r1 + self.size, c0 - 1, c1 + self.size))
            costs, valid = footprint_costs(
                self.base.costs,
                self.base.valid,
                east,
                south,
                self.size,
                (r0, r1),
                (c0, c1),
                self.crossed,
            )
            self.costs[:, r0:r1, c0:c1] = costs
            self.valid[r0:r1, c0:c1] = valid
