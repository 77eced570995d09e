"""An encounter written out as a Universal VTT 0.3 file, for other tools.

The picture is given (the app renders the map as the players' snapshot draws
it, at ``pixels_per_grid`` pixels per square); everything else comes from the
grid: edge walls and ``wall`` lines go to ``line_of_sight``, ``object`` lines
to ``objects_line_of_sight``, doors (edge doors and door lines) and windows to
``portals`` with their midpoint, ends and rotation (radians, along the door)
and ``closed`` (true for a door, open or shut; false for a window, as
Dungeondraft writes them). The map's origin is (0, 0): the picture is the
whole map. Lights: none.

Open doors: the format has no open door that tools agree on. ``closed:
false`` is a window to Dungeondraft (and to our reader) but an open door to
some other importers, so writing it would turn a door into a window for half
of them. An open door is written as a door (``closed: true``, so every tool
has a door there, one click from open) with our own key ``tactical_open:
true``, which other tools ignore and our reader takes back: an exported map
imported again has its doors as the GM left them. :func:`export_changes`
says so, for the export's message.
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
OPEN_KEY = "tactical_open"
"""A portal key of ours: the door was open (other tools ignore it; see the module's text)."""


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
    portal: dict[str, Any] = {
        "position": _point(mid),
        "bounds": [_point(line.a), _point(line.b)],
        "rotation": round(rotation, 6),
        "closed": line.kind == "door",
        "freestanding": False,
    }
    if line.kind == "door" and line.open:
        portal[OPEN_KEY] = True
    return portal


def export_changes(encounter: Encounter) -> list[str]:
    """What the export changes of the map, in sentences for the GM (empty: nothing)."""
    grid = encounter.grid
    if grid is None:
        return []
    opened = sum(1 for line in grid_lines(grid) if line.kind == "door" and line.open)
    if not opened:
        return []
    doors = "1 open door is" if opened == 1 else f"{opened} open doors are"
    return [
        f"{doors} written closed (Universal VTT has no open door that tools agree on) and "
        "drawn closed on the picture; tactical opens them again when it imports the file."
    ]


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
