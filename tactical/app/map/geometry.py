"""Where things are in scene coordinates, without Qt.

One square (or one map unit of an area map) is :data:`CELL` scene units wide,
so pens and fonts have sensible sizes at zoom 1. Everything that turns a
pointer position into a square goes through here, so the Qt view, the
Qt-free interaction code and the tests agree on it.
"""

from __future__ import annotations

import math

from tactical.core.grid import Square

CELL = 48.0
"""Scene units per square (grid maps) or per map unit (area maps)."""


def square_at(x: float, y: float) -> Square:
    """The square under the scene point ``(x, y)`` (may be off the map)."""
    return (math.floor(x / CELL), math.floor(y / CELL))


def square_origin(square: Square) -> tuple[float, float]:
    """The scene position of a square's top-left corner."""
    return (square[0] * CELL, square[1] * CELL)


def footprint_centre(square: Square, size: int) -> tuple[float, float]:
    """The centre of a ``size`` x ``size`` token whose top-left square is ``square``."""
    return ((square[0] + size / 2) * CELL, (square[1] + size / 2) * CELL)


def corner_for_pointer(pointer: Square, grab: Square) -> Square:
    """The top-left square of a dragged token, given the square under the pointer.

    ``grab`` is which of the token's own squares the pointer held when the drag
    began (``(0, 0)`` for a one-square token), so a large token does not jump.
    """
    return (pointer[0] - grab[0], pointer[1] - grab[1])


def scene_to_map(x: float, y: float) -> tuple[float, float]:
    return (x / CELL, y / CELL)
