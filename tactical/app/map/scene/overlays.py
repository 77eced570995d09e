"""GM overlays: reachable squares shaded by cost, the drag path, the ruler, cover lines.

Each overlay is one graphics item painting from data computed elsewhere (the
interaction controllers ask the engine); changing the hovered square only
changes the small path item, so the shading is not repainted on every move.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QImage,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
    QRegion,
)
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from tactical.app.map.geometry import CELL
from tactical.core.grid import Square

REACH_Z = 5.0
TEMPLATE_Z = 6.0
PATH_Z = 20.0


def cost_colour(cost: int, budget: int) -> QColor:
    """Reachable shading: green when cheap, through yellow, to orange at the budget."""
    t = 0.0 if budget <= 0 else min(1.0, cost / budget)
    hue = 130 - 100 * t
    colour = QColor.fromHsvF(hue / 360, 0.75, 0.95)
    colour.setAlpha(105)
    return colour


def squares_path(squares: Iterable[Square]) -> QPainterPath:
    """The outline of a set of squares as one path (holes included)."""
    region = QRegion()
    cell = int(CELL)
    for col, row in squares:
        region += QRegion(col * cell, row * cell, cell, cell)
    path = QPainterPath()
    path.addRegion(region)
    return path.simplified()


class _Overlay(QGraphicsItem):
    def __init__(self, z: float) -> None:
        super().__init__()
        self.setZValue(z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._bounds = QRectF()

    def boundingRect(self) -> QRectF:
        return self._bounds

    def _set_bounds(self, rect: QRectF) -> None:
        self.prepareGeometryChange()
        self._bounds = rect
        self.update()


class ReachOverlay(_Overlay):
    """Squares (or areas) the pressed token can reach, shaded by what they cost."""

    def __init__(self) -> None:
        super().__init__(REACH_Z)
        self.costs: dict[Any, int] = {}
        self.budget = 0
        self._image = QImage()
        self._areas: list[tuple[QPolygonF, QColor, QPointF, int]] = []
        self._font = QFont()
        self._font.setPixelSize(int(CELL * 0.32))
        self._font.setBold(True)

    def show_squares(self, costs: Mapping[Square, int], budget: int) -> None:
        """Shade grid squares; one small image, drawn scaled up in one call."""
        self.costs = dict(costs)
        self.budget = budget
        self._areas = []
        if not costs:
            self.clear()
            return
        cols = [s[0] for s in costs]
        rows = [s[1] for s in costs]
        c0, r0 = min(cols), min(rows)
        w, h = max(cols) - c0 + 1, max(rows) - r0 + 1
        pixels = np.zeros((h, w), dtype=np.uint32)
        palette_cache: dict[int, int] = {}
        for (col, row), cost in costs.items():
            argb = palette_cache.get(cost)
            if argb is None:
                colour = cost_colour(cost, budget)
                argb = palette_cache[cost] = (
                    (colour.alpha() << 24)
                    | (colour.red() << 16)
                    | (colour.green() << 8)
                    | colour.blue()
                )
            pixels[row - r0, col - c0] = argb
        self._image = QImage(pixels.tobytes(), w, h, w * 4, QImage.Format.Format_ARGB32).copy()
        self._set_bounds(QRectF(c0 * CELL, r0 * CELL, w * CELL, h * CELL))
        self.setVisible(True)

    def show_areas(
        self,
        costs: Mapping[str, int],
        budget: int,
        outlines: Mapping[str, QPolygonF],
        centres: Mapping[str, QPointF],
    ) -> None:
        """Shade whole areas of an area map, with the number of areas moved written in each."""
        self.costs = dict(costs)
        self.budget = budget
        self._image = QImage()
        self._areas = [
            (outlines[a], cost_colour(cost, budget), centres[a], cost)
            for a, cost in costs.items()
            if a in outlines and a in centres
        ]
        rect = QRectF()
        for polygon, _, centre, _ in self._areas:
            rect = rect.united(polygon.boundingRect())
            rect = rect.united(QRectF(centre.x() - CELL, centre.y() - CELL, 2 * CELL, 2 * CELL))
        self._set_bounds(rect)
        self.setVisible(bool(self._areas))

    def clear(self) -> None:
        self.costs = {}
        self._image = QImage()
        self._areas = []
        self._set_bounds(QRectF())
        self.setVisible(False)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if not self._image.isNull():
            painter.drawImage(self._bounds, self._image)
            return
        painter.setFont(self._font)
        for polygon, colour, centre, cost in self._areas:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(colour)
            painter.drawPolygon(polygon)
            box = QRectF(
                centre.x() - CELL * 0.27, centre.y() - CELL * 0.27, CELL * 0.54, CELL * 0.54
            )
            painter.setPen(QPen(QColor("#1b1b1b"), 1.5))
            painter.setBrush(QColor(255, 255, 255, 225))
            painter.drawEllipse(box)
            painter.setPen(QColor("#1b1b1b"))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, str(cost))


LABEL_MIN_PIXELS = 15.0
"""The drag and ruler label's text stays at least this many screen pixels high at any zoom."""


class PathOverlay(_Overlay):
    """A polyline through scene points with a cost label at its end; red when refused.

    The label ("3 of 6 squares", "out of reach") keeps a readable size on screen:
    zoomed out, it is drawn larger in the scene (:meth:`set_view_zoom`), never
    smaller than at zoom 1.
    """

    def __init__(self, z: float = PATH_Z, colour: QColor | None = None) -> None:
        super().__init__(z)
        self.points: list[QPointF] = []
        self.label = ""
        self.ok = True
        self.colour = colour or QColor("#1565c0")
        self._font = QFont()
        self._font.setPixelSize(int(CELL * 0.36))
        self._font.setBold(True)
        self._label_box = QRectF()
        self.label_scale = 1.0
        """How much larger than its font the label is drawn (zoomed out: > 1)."""

    def set_view_zoom(self, zoom: float) -> None:
        """The view's zoom (screen pixels per scene unit): the label grows to stay readable."""
        pixels = self._font.pixelSize() * max(zoom, 1e-6)
        scale = max(1.0, LABEL_MIN_PIXELS / pixels)
        if abs(scale - self.label_scale) <= 1e-3:
            return
        self.label_scale = scale
        if self.points:
            self.show_path(self.points, self.label, self.ok)

    def show_path(self, points: Sequence[QPointF], label: str, ok: bool = True) -> None:
        self.points = list(points)
        self.label = label
        self.ok = ok
        metrics = QFontMetricsF(self._font)
        rect = (
            QPolygonF(self.points)
            .boundingRect()
            .adjusted(-CELL * 0.3, -CELL * 0.3, CELL * 0.3, CELL * 0.3)
        )
        if self.points and label:
            end = self.points[-1]
            scale = self.label_scale
            w = (metrics.horizontalAdvance(label) + 12) * scale
            h = (metrics.height() + 4) * scale
            self._label_box = QRectF(end.x() + CELL * 0.3, end.y() - CELL * 0.3 - h, w, h)
            rect = rect.united(self._label_box)
        else:
            self._label_box = QRectF()
        self._set_bounds(rect)
        self.setVisible(bool(self.points))

    def clear(self) -> None:
        self.points = []
        self.label = ""
        self._set_bounds(QRectF())
        self.setVisible(False)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if not self.points:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        colour = self.colour if self.ok else QColor("#c62828")
        halo = QPen(
            QColor(255, 255, 255, 200),
            CELL * 0.16,
            Qt.PenStyle.SolidLine,
            Qt.PenCapStyle.RoundCap,
            Qt.PenJoinStyle.RoundJoin,
        )
        line = QPen(
            colour,
            CELL * 0.08,
            Qt.PenStyle.SolidLine,
            Qt.PenCapStyle.RoundCap,
            Qt.PenJoinStyle.RoundJoin,
        )
        for pen in (halo, line):
            painter.setPen(pen)
            painter.drawPolyline(QPolygonF(self.points))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        for point in self.points[:-1]:
            painter.drawEllipse(point, CELL * 0.07, CELL * 0.07)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(colour, CELL * 0.06))
        painter.drawEllipse(self.points[-1], CELL * 0.22, CELL * 0.22)
        if self.label:
            scale = self.label_scale
            box = self._label_box
            painter.save()
            painter.translate(box.topLeft())
            painter.scale(scale, scale)
            unscaled = QRectF(0, 0, box.width() / scale, box.height() / scale)
            painter.setBrush(QColor(255, 255, 255, 230))
            painter.setPen(QPen(colour, 2))
            painter.drawRoundedRect(unscaled, 5, 5)
            painter.setFont(self._font)
            painter.setPen(colour)
            painter.drawText(unscaled, Qt.AlignmentFlag.AlignCenter, self.label)
            painter.restore()


class FootprintOverlay(_Overlay):
    """A set of squares or an area outline, filled translucent, with rings on affected tokens."""

    def __init__(self, z: float = TEMPLATE_Z) -> None:
        super().__init__(z)
        self.colour = QColor("#e0a030")
        self.ok = True
        self.affected: set[str] = set()
        self._path = QPainterPath()
        self._rings: list[tuple[QPointF, float]] = []

    def show_footprint(
        self,
        path: QPainterPath,
        colour: QColor,
        rings: Sequence[tuple[QPointF, float]] = (),
        affected: Iterable[str] = (),
        ok: bool = True,
    ) -> None:
        self._path = path
        self.colour = QColor(colour)
        self.ok = ok
        self._rings = list(rings)
        self.affected = set(affected)
        rect = path.boundingRect()
        for centre, radius in self._rings:
            rect = rect.united(
                QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius)
            )
        self._set_bounds(rect.adjusted(-CELL * 0.2, -CELL * 0.2, CELL * 0.2, CELL * 0.2))
        self.setVisible(True)

    def contains_point(self, point: QPointF) -> bool:
        """True when a scene point is inside the footprint."""
        return self._path.contains(point)

    def clear(self) -> None:
        self._path = QPainterPath()
        self._rings = []
        self.affected = set()
        self._set_bounds(QRectF())
        self.setVisible(False)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        colour = self.colour if self.ok else QColor("#c62828")
        fill = QColor(colour)
        fill.setAlpha(80)
        painter.setBrush(fill)
        pen = QPen(colour, CELL * 0.06)
        if not self.ok:
            pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.drawPath(self._path)
        ring = QPen(colour.darker(130), CELL * 0.07, Qt.PenStyle.DotLine)
        painter.setPen(ring)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for centre, radius in self._rings:
            painter.drawEllipse(centre, radius, radius)


class LinesOverlay(_Overlay):
    """Straight segments in scene coordinates, e.g. the dividing line that gives cover."""

    def __init__(self, z: float = PATH_Z, colour: QColor | None = None) -> None:
        super().__init__(z)
        self.colour = colour or QColor("#e8a317")
        self.segments: list[tuple[QPointF, QPointF]] = []

    def show_segments(self, segments: Sequence[tuple[QPointF, QPointF]]) -> None:
        self.segments = list(segments)
        rect = QRectF()
        for a, b in self.segments:
            rect = rect.united(QRectF(a, b).normalized())
        self._set_bounds(rect.adjusted(-CELL * 0.2, -CELL * 0.2, CELL * 0.2, CELL * 0.2))
        self.setVisible(bool(self.segments))

    def clear(self) -> None:
        self.show_segments([])

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(
            QPen(QColor(0, 0, 0, 160), CELL * 0.14, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
        )
        for a, b in self.segments:
            painter.drawLine(a, b)
        painter.setPen(
            QPen(self.colour, CELL * 0.07, Qt.PenStyle.DashLine, Qt.PenCapStyle.RoundCap)
        )
        for a, b in self.segments:
            painter.drawLine(a, b)
