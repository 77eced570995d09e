"""Area X, Line X and Aura X footprints (001) as sets of squares, and their geometry.

Every footprint can be clipped to a map (pass ``grid``); a template placed in
the encounter is always clipped. On an area map an effect covers exactly one
area (000). Geometry is in map units (square ``(c, r)`` is the unit box from
``(c, r)`` to ``(c + 1, r + 1)``) for the view to draw.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import shapely
from shapely.geometry import box
from shapely.geometry.base import BaseGeometry

from tactical.core.encounter import Encounter
from tactical.core.engine_errors import EngineError
from tactical.core.grid import GridMap, Square
from tactical.core.templates import Template


def _clip(squares: Iterable[Square], grid: GridMap | None) -> set[Square]:
    if grid is None:
        return set(squares)
    return {s for s in squares if grid.in_bounds(s)}


def aura(center: Square, x: int, *, size: int = 1, grid: GridMap | None = None) -> set[Square]:
    """Every square at distance ``x`` or less from the user, without the user's own squares.

    001: "an Aura 1 effect impacts a 3x3 square centered on the source, an
    Aura 2 effect impacts a 5x5 square, etc., with a "hole" in the center".
    ``center`` is the user's (top-left) square; a user of ``size`` > 1 has an
    aura around all its squares.
    """
    if x < 0:
        raise EngineError("an aura cannot have a negative size")
    col, row = center
    own = {(col + i, row + j) for i in range(size) for j in range(size)}
    squares = {
        (c, r)
        for c in range(col - x, col + size + x)
        for r in range(row - x, row + size + x)
        if (c, r) not in own
    }
    return _clip(squares, grid)


def area(corner: Square, x: int, *, grid: GridMap | None = None) -> set[Square]:
    """001: "An Area X consists of a square on the grid which is X unit squares on a side",
    with ``corner`` its top-left square."""
    if x < 1:
        raise EngineError("an area must be at least 1 square on a side")
    col, row = corner
    return _clip({(col + i, row + j) for i in range(x) for j in range(x)}, grid)


def line(
    start: Square, direction: tuple[int, int], x: int, *, grid: GridMap | None = None
) -> set[Square]:
    """001: "X consecutive squares sharing a row, column, or diagonal", from ``start``.

    ``direction`` is one of the 8 unit steps, e.g. ``(1, 0)`` or ``(-1, 1)``.
    """
    dc, dr = direction
    if (dc, dr) == (0, 0) or abs(dc) > 1 or abs(dr) > 1:
        raise EngineError(f"a line runs along a row, column or diagonal, not {direction}")
    if x < 1:
        raise EngineError("a line must be at least 1 square long")
    col, row = start
    return _clip({(col + k * dc, row + k * dr) for k in range(x)}, grid)


def placement_ok(
    footprint: Iterable[Square], user_square: Square, range_: int, *, user_size: int = 1
) -> bool:
    """001: an Area or Line "must have at least one space within the range of the
    ability that places it. If the ability has Range 0, the ability user's space
    must be in the area." Distances are Chebyshev, from any of the user's squares."""
    squares = set(footprint)
    col, row = user_square
    user = {(col + i, row + j) for i in range(user_size) for j in range(user_size)}
    if range_ <= 0:
        return bool(squares & user)
    return any(max(abs(s[0] - u[0]), abs(s[1] - u[1])) <= range_ for s in squares for u in user)


def footprint_geometry(squares: Iterable[Square]) -> BaseGeometry:
    """The union of the squares' unit boxes (an empty polygon for no squares)."""
    rows: dict[int, list[int]] = {}
    for col, row in squares:
        rows.setdefault(row, []).append(col)
    boxes = []
    for row, cols in rows.items():
        cols.sort()
        run_start = prev = cols[0]
        for col in cols[1:]:
            if col != prev + 1:
                boxes.append(box(run_start, row, prev + 1, row + 1))
                run_start = col
            prev = col
        boxes.append(box(run_start, row, prev + 1, row + 1))
    if not boxes:
        return shapely.Polygon()
    return shapely.union_all(boxes)


def template_squares(encounter: Encounter, template: Template) -> set[Square]:
    """The squares a placed template covers now, clipped to the map.

    An aura follows its token (empty while the token is off the map); an area
    needs ``origin``; a line needs ``origin`` and ``direction``.
    """
    grid = encounter.grid
    if grid is None:
        raise EngineError("squares need a grid map; on an area map use template_footprint")
    if template.kind == "aura":
        if template.token_id is None:
            raise EngineError(f"aura '{template.id}' has no token to follow")
        token = encounter.token(template.token_id)
        if token.square is None:
            return set()
        return aura(token.square, template.size, size=token.size, grid=grid)
    if template.origin is None:
        raise EngineError(f"{template.kind} '{template.id}' has no origin square")
    if template.kind == "area":
        return area(template.origin, template.size, grid=grid)
    if template.direction is None:
        raise EngineError(f"line '{template.id}' has no direction")
    return line(template.origin, template.direction, template.size, grid=grid)


def template_area(encounter: Encounter, template: Template) -> str | None:
    """On an area map, the one area a template covers (000): its ``area_id``, or for
    an aura without one, its token's area."""
    if encounter.area_map is None:
        raise EngineError("a template covers one area only on an area map")
    if template.area_id is not None:
        return template.area_id
    if template.token_id is not None:
        return encounter.token(template.token_id).area
    return None


def template_footprint(encounter: Encounter, template: Template) -> frozenset[Any]:
    """Squares on a grid, the one area id on an area map."""
    if encounter.area_map is not None:
        area_id = template_area(encounter, template)
        return frozenset(() if area_id is None else (area_id,))
    return frozenset(template_squares(encounter, template))


def tokens_in_footprint(encounter: Encounter, footprint: Iterable[Any]) -> list[str]:
    """Ids of the tokens touching the footprint, in the encounter's order.

    ``footprint`` is squares on a grid (a large token counts when any of its
    squares is inside) or area ids on an area map.
    """
    cover = set(footprint)
    found = []
    for token in encounter.tokens.values():
        if token.area is not None:
            if token.area in cover:
                found.append(token.id)
        elif any(square in cover for square in token.occupied()):
            found.append(token.id)
    return found
