"""Cost layers: the step costs of one token size, kept up to date square by square."""

from __future__ import annotations

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


class CostLayer:
    """Step costs ``(8, height, width)`` and valid positions for one token size.

    The costs live in a ``bytearray`` that a numpy array views: vectorised
    searches read the array, the pure-Python A* reads the bytes (an index into a
    ``bytearray`` is an ``int``, several times cheaper than a numpy scalar).
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
        self.buffer = bytearray(8 * grid.width * grid.height)
        self.costs: ByteArray = np.frombuffer(self.buffer, dtype=np.uint8).reshape(
            8, grid.height, grid.width
        )
        self.valid: BoolArray = np.zeros((grid.height, grid.width), dtype=bool)
        self.crossed = crossed
        """Forward steps crossing a wall line (:mod:`.line_steps`), updated by the index."""
        self.update(grid, east, south, (0, grid.height, 0, grid.width))

    def update(self, grid: GridMap, east: BoolArray, south: BoolArray, rect: Rect) -> None:
        """Recompute the costs of leaving every position inside ``rect``."""
        r0, r1, c0, c1 = rect
        if r0 >= r1 or c0 >= c1:
            return
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
