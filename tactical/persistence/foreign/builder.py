"""The one step from a foreign map's neutral form to our encounter.

A grid of ``ceil(width) x ceil(height)`` squares with no elevation, the
picture embedded (named by the file it came in: ``cave.dd2vtt``) and laid
under it (its top-left pixel on the map's top-left corner,
``pixels_per_square`` pixels per square), and every wall, object line
and portal kept as a free :class:`~tactical.core.wall_lines.WallLine`
(walls are not snapped to square edges: sight and the export back need their
shape). Lines are clipped to the map (what lies wholly off it is dropped),
coordinates rounded to a millionth of a square, and zero-length pieces (a
repeated point) dropped. Lights are not kept: tactical draws no lighting yet.
"""

from __future__ import annotations

import itertools
import math

from tactical.core.encounter import Encounter
from tactical.core.grid import GridMap
from tactical.core.pictures import Background, Picture, picture_id, picture_name
from tactical.core.wall_lines import WallLine, WallLineKind
from tactical.persistence.foreign.neutral import ForeignMap, Point, Polyline
from tactical.persistence.schema import MAX_WALL_LINES

OVERLAY_OPACITY = 0.35
"""Grid and shading over imported art: light, so the art reads first."""
DIGITS = 6


class BuildError(ValueError):
    """The neutral map cannot become an encounter (too many lines, too big a grid)."""


def build(foreign: ForeignMap) -> Encounter:
    """The encounter a foreign map describes (no tokens; the default sides)."""
    width = max(1, math.ceil(foreign.width - 1e-6))  # 10.0000001 squares is 10
    height = max(1, math.ceil(foreign.height - 1e-6))
    lines = wall_lines(foreign, width, height)
    if len(lines) > MAX_WALL_LINES:
        raise BuildError(
            f"has {len(lines):,} wall pieces on the map; tactical keeps at most {MAX_WALL_LINES:,}"
        )
    picture = Picture(
        picture_id(foreign.picture), data=foreign.picture, name=picture_name(foreign.file_name)
    )
    background = Background(
        picture.id,
        x=0.0,
        y=0.0,
        square_px=foreign.pixels_per_square,
        overlay_opacity=OVERLAY_OPACITY,
    )
    grid = GridMap(width, height, wall_lines=lines)
    notes = f"Imported from {foreign.source}."
    if foreign.notes:
        notes += " " + "; ".join(foreign.notes) + "."
    return Encounter(
        grid, name=foreign.name, notes=notes, pictures=[picture], background=background
    )


def wall_lines(foreign: ForeignMap, width: int, height: int) -> list[WallLine]:
    """Every line of the foreign map, clipped to ``width`` x ``height`` squares, in file order."""
    out: list[WallLine] = []
    groups: list[tuple[WallLineKind, tuple[Polyline, ...]]] = [
        ("wall", foreign.walls),
        ("object", foreign.objects),
    ]
    for kind, polylines in groups:
        for polyline in polylines:
            out += _segments(polyline, kind, width, height)
    for portal in foreign.portals:
        door: WallLineKind = "door" if portal.closed else "window"
        out += _segments((portal.a, portal.b), door, width, height, portal.open)
    return out


def _segments(
    polyline: Polyline, kind: WallLineKind, width: int, height: int, opened: bool = False
) -> list[WallLine]:
    out = []
    for a, b in itertools.pairwise(polyline):
        clipped = clip(a, b, width, height)
        if clipped is None:
            continue
        a2, b2 = (_round(clipped[0]), _round(clipped[1]))
        if a2 != b2:
            out.append(WallLine(a2, b2, kind, opened))
    return out


def _round(point: Point) -> Point:
    x, y = round(point[0], DIGITS) + 0.0, round(point[1], DIGITS) + 0.0  # no -0.0
    return (x, y)


def clip(a: Point, b: Point, width: float, height: float) -> tuple[Point, Point] | None:
    """The part of segment a-b inside the rectangle [0, width] x [0, height] (Liang-Barsky)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    low, high = 0.0, 1.0
    for p, q in ((-dx, a[0]), (dx, width - a[0]), (-dy, a[1]), (dy, height - a[1])):
        if p == 0:
            if q < 0:
                return None
            continue
        t = q / p
        if p < 0:
            low = max(low, t)
        else:
            high = min(high, t)
        if low > high:
            return None
    return (
        (a[0] + low * dx, a[1] + low * dy),
        (a[0] + high * dx, a[1] + high * dy),
    )


def describe(encounter: Encounter, foreign: ForeignMap) -> str:
    """One line for the GM: what came in (``imported ... 10 x 10 squares, 7 walls, ...``)."""
    grid = encounter.grid
    assert grid is not None
    counts: dict[str, int] = {}
    for line in grid.wall_lines:
        counts[line.kind] = counts.get(line.kind, 0) + 1
    words = {"wall": "wall piece", "object": "object line", "door": "door", "window": "window"}
    parts = [
        f"{counts[kind]} {word}{'s' if counts[kind] != 1 else ''}"
        for kind, word in words.items()
        if counts.get(kind)
    ]
    text = f"imported {foreign.source}, {grid.width} x {grid.height} squares"
    if parts:
        text += ", " + ", ".join(parts)
    if foreign.notes:
        text += "; " + "; ".join(foreign.notes)
    return text
