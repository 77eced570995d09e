"""From a scene point to a map position (a square or an area), without Qt."""

from __future__ import annotations

from tactical.app.map.geometry import corner_for_pointer, scene_to_map, square_at
from tactical.core.encounter import Encounter
from tactical.core.grid import Square
from tactical.core.tokens import Position, Token


def position_at(encounter: Encounter, x: float, y: float, grab: Square = (0, 0)) -> Position:
    """The position a token held at ``grab`` would take with the pointer at ``(x, y)``.

    On a grid this is the token's top-left square (it may be off the map; see
    :func:`fits`); on an area map it is the area under the point, or None.
    """
    area_map = encounter.area_map
    if area_map is not None:
        return area_map.area_at(*scene_to_map(x, y))
    return corner_for_pointer(square_at(x, y), grab)


def fits(encounter: Encounter, token: Token, position: Position) -> bool:
    """True when ``position`` is on the map for ``token`` (every square of it in bounds)."""
    if position is None:
        return False
    if isinstance(position, str):
        area_map = encounter.area_map
        return area_map is not None and position in area_map.areas
    grid = encounter.grid
    return grid is not None and all(grid.in_bounds(s) for s in token.squares_at(position))


def grab_offset(token: Token, x: float, y: float) -> Square:
    """Which of a grid token's own squares the pointer holds, ``(0, 0)`` for area maps."""
    if token.square is None:
        return (0, 0)
    col, row = square_at(x, y)
    dc = min(max(col - token.square[0], 0), token.size - 1)
    dr = min(max(row - token.square[1], 0), token.size - 1)
    return (dc, dr)
