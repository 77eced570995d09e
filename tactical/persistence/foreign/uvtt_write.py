"""An encounter written out as a Universal VTT 0.3 file, for other tools.

The picture is given (the app renders the map as the players' snapshot draws
it, at ``pixels_per_grid`` pixels per square); everything else comes from the
grid: edge walls and ``wall`` lines go to ``line_of_sight``, ``object`` lines
to ``objects_line_of_sight``, doors (edge doors and door lines) and windows to
``portals`` with their midpoint, ends and rotation (radians, along the door)
and ``closed`` (true for a door, open or shut: other tools open doors
themselves; false for a window, as Dungeondraft writes them). The map's
origin is (0, 0): the picture is the whole map. Lights: none.
"""

from __future__ import annotations

import base64
import math
from typing import Any

from tactical.core.encounter import Encounter
from tactical.core.grid import Edge, GridMap
from tactical.core.wall_lines import WallLine
from tactical.persistence.jsonfmt import dumps

FORMAT = 0.3


def edge_line(key: Edge) -> tuple[tuple[float, float], tuple[float, float]]:
    """The square-unit segment of the edge between two neighbouring squares."""
    (c1, r1), (c2, r2) = key
    if r1 == r2:  # side by side: a vertical line on the right of the left square
        x = max(c1, c2)
        return (float(x), float(r1)), (float(x), float(r1 + 1))
    y = max(r1, r2)
    return (float(c1), float(y)), (float(c1 + 1), float(y))


def grid_lines(grid: GridMap) -> list[WallLine]:
    """Every wall of the grid as a line: edge walls and doors first (sorted), then wall lines."""
    out = []
    for key, wall in sorted(grid.walls.items()):
        a, b = edge_line(key)
        out.append(WallLine(a, b, "door" if wall.door else "wall", wall.door and wall.open))
    return out + list(grid.wall_lines)


def _point(point: tuple[float, float]) -> dict[str, float | int]:
    def number(value: float) -> float | int:
        return int(value) if float(value).is_integer() else round(float(value), 6)

    return {"x": number(point[0]), "y": number(point[1])}


def _portal(line: WallLine) -> dict[str, Any]:
    mid = ((line.a[0] + line.b[0]) / 2, (line.a[1] + line.b[1]) / 2)
    rotation = math.atan2(line.b[1] - line.a[1], line.b[0] - line.a[0])
    return {
        "position": _point(mid),
        "bounds": [_point(line.a), _point(line.b)],
        "rotation": round(rotation, 6),
        "closed": line.kind == "door",
        "freestanding": False,
    }


def to_uvtt(encounter: Encounter, png: bytes, pixels_per_grid: int) -> dict[str, Any]:
    """The Universal VTT object for a grid encounter drawn as ``png``."""
    grid = encounter.grid
    if grid is None:
        raise ValueError(
            "only grid maps can be exported to Universal VTT (an area map has no grid)"
        )
    lines = grid_lines(grid)
    return {
        "format": FORMAT,
        "resolution": {
            "map_origin": {"x": 0, "y": 0},
            "map_size": {"x": grid.width, "y": grid.height},
            "pixels_per_grid": pixels_per_grid,
        },
        "line_of_sight": [
            [_point(line.a), _point(line.b)] for line in lines if line.kind == "wall"
        ],
        "objects_line_of_sight": [
            [_point(line.a), _point(line.b)] for line in lines if line.kind == "object"
        ],
        "portals": [_portal(line) for line in lines if line.kind in ("door", "window")],
        "environment": {"baked_lighting": False, "ambient_light": "ffffffff"},
        "lights": [],
        "image": base64.b64encode(png).decode("ascii"),
    }


def dumps_uvtt(document: dict[str, Any]) -> bytes:
    """The file's bytes: our deterministic JSON text (the image on one long line)."""
    return dumps(document).encode("utf-8")
