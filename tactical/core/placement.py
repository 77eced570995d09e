"""Where a new token goes: the nearest free corner to a wanted square.

The palette adds tokens near the middle of what the GM sees and puts a copy
beside its original; neither should land on another token or in a wall.
"""

from __future__ import annotations

from collections.abc import Iterator

from tactical.core.encounter import Encounter
from tactical.core.grid import Square, Terrain


def _ring(centre: Square, radius: int) -> Iterator[Square]:
    """The squares at Chebyshev distance ``radius`` from ``centre``, row by row."""
    col, row = centre
    for dr in range(-radius, radius + 1):
        for dc in range(-radius, radius + 1):
            if max(abs(dc), abs(dr)) == radius:
                yield (col + dc, row + dr)


def free_corner(encounter: Encounter, near: Square, size: int = 1) -> Square | None:
    """The corner nearest ``near`` where a ``size`` token fits on open ground, or None."""
    grid = encounter.grid
    if grid is None:
        return None
    taken = set(encounter.occupants())
    for radius in range(max(grid.width, grid.height) + 1):
        for corner in _ring(near, radius):
            squares = [(corner[0] + dc, corner[1] + dr) for dr in range(size) for dc in range(size)]
            if all(
                grid.in_bounds(s) and s not in taken and grid.terrain_at(s) != Terrain.IMPASSABLE
                for s in squares
            ):
                return corner
    return None
