"""Free wall lines (imported maps) drawn over the terrain: one path per look, not an item per line.

An imported dungeon has hundreds of wall segments; an item each would make
the scene slow to pick and to paint. Instead the lines are gathered into one
``QPainterPath`` per look (walls, closed doors, open doors, their leaves,
windows, objects), cached until the grid's wall lines change, and painted by
:func:`paint_wall_lines` from the grid layer's background paint, so the GM's
map, the player view and snapshots (all of which paint the grid layer) draw
the same lines, above the terrain shading and any picture under it.

The looks, chosen so a GM and the players tell them apart at a glance:

- a wall: a thick near-black line, as edge walls are drawn;
- a closed door: a thick brown bar with flat ends, as edge doors;
- an open door: its doorway dotted, its leaf swung ajar from the first end;
- a window: a pale blue pane with a thin dark line down its middle (it stops
  feet, not eyes);
- an object (a pillar, tall furniture: blocks sight, not movement): a thin
  grey dashed outline.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen

from tactical.app.map.geometry import CELL
from tactical.app.map.scene import colours
from tactical.core.grid import GridMap
from tactical.core.line_crossing import usable
from tactical.core.wall_lines import WallLine

WINDOW = QColor("#8ec9f0")
WINDOW_CORE = QColor("#21506e")
OBJECT = QColor("#5f5f5f")

LOOKS = ("wall", "door", "open", "leaf", "window", "object")
"""The paths painted, in this order (bottom to top)."""


@dataclass
class _Paths:
    lines: list[WallLine]
    paths: dict[str, QPainterPath]
    bounds: QRectF


_CACHE: dict[int, tuple[weakref.ref[GridMap], _Paths]] = {}


def look_of(line: WallLine) -> str:
    """Which of :data:`LOOKS` a line is drawn with (an open door also adds a ``leaf``)."""
    if line.kind == "door":
        return "open" if line.open else "door"
    return line.kind


def build_paths(lines: list[WallLine]) -> dict[str, QPainterPath]:
    """One path per look, in scene units (``CELL`` per square)."""
    paths = {look: QPainterPath() for look in LOOKS}
    for line in lines:
        if not usable(line) or line.a == line.b:
            continue
        a = QPointF(line.a[0] * CELL, line.a[1] * CELL)
        b = QPointF(line.b[0] * CELL, line.b[1] * CELL)
        path = paths[look_of(line)]
        path.moveTo(a)
        path.lineTo(b)
        if line.kind == "door" and line.open:
            along = b - a
            across = QPointF(-along.y(), along.x())
            leaf = paths["leaf"]
            leaf.moveTo(a)
            leaf.lineTo(a + across * 0.72 + along * 0.45)
    return paths


def paths_for(grid: GridMap) -> dict[str, QPainterPath]:
    """The grid's paths, rebuilt only when its wall lines changed."""
    key = id(grid)
    cached = _CACHE.get(key)
    if cached is not None and cached[0]() is grid and cached[1].lines == grid.wall_lines:
        return cached[1].paths
    paths = build_paths(grid.wall_lines)
    bounds = QRectF()
    for path in paths.values():
        bounds = bounds.united(path.boundingRect())
    if cached is None or cached[0]() is not grid:
        weakref.finalize(grid, _CACHE.pop, key, None)
    _CACHE[key] = (weakref.ref(grid), _Paths(list(grid.wall_lines), paths, bounds))
    return paths


def _pens(scale: float) -> dict[str, list[QPen]]:
    """Pens per look, at least a few screen pixels wide whatever the zoom."""
    width = max(CELL * 0.12, 3.0 / max(scale, 1e-6))
    round_cap, flat_cap = Qt.PenCapStyle.RoundCap, Qt.PenCapStyle.FlatCap
    solid, dot = Qt.PenStyle.SolidLine, Qt.PenStyle.DotLine
    thin = max(width * 0.22, 1.0 / max(scale, 1e-6))
    return {
        "wall": [QPen(colours.WALL, width, solid, round_cap, Qt.PenJoinStyle.RoundJoin)],
        "door": [QPen(colours.DOOR, width, solid, flat_cap)],
        "open": [QPen(colours.DOOR, width / 2, dot, flat_cap)],
        "leaf": [QPen(colours.DOOR, width * 0.7, solid, round_cap)],
        "window": [QPen(WINDOW, width, solid, flat_cap), QPen(WINDOW_CORE, thin, solid, flat_cap)],
        "object": [QPen(OBJECT, width * 0.45, Qt.PenStyle.DashLine, round_cap)],
    }


def paint_wall_lines(painter: QPainter, grid: GridMap, rect: QRectF, scale: float) -> None:
    """Paint the grid's wall lines that may show inside the scene rectangle ``rect``."""
    if not grid.wall_lines:
        return
    paths = paths_for(grid)
    cached = _CACHE[id(grid)][1]
    margin = max(CELL * 0.8, 6.0 / max(scale, 1e-6))
    if not cached.bounds.adjusted(-margin, -margin, margin, margin).intersects(rect):
        return
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    for look, pens in _pens(scale).items():
        path = paths[look]
        if path.isEmpty():
            continue
        for pen in pens:
            painter.setPen(pen)
            painter.drawPath(path)
    painter.restore()


def scene_reach(scale: float) -> float:
    """How far from a line (in squares) a click still picks it: 8 screen pixels, at least
    a tenth of a square."""
    return max(8.0 / max(scale, 1e-6) / CELL, 0.1)
