"""A small picture of a scene to click a place on (the Move to scene and exit dialogs).

A grid: its heights in greys (impassable squares dark), the chosen square ringed; a
click picks the square under it. A big map is drawn a square per few pixels' worth
(its heights sampled), never square by square. An area map: its areas outlined with
their names, the chosen one lit in yellow; a click picks the area under it. Either
way its tokens are dots in their side's colour. Hidden tokens are drawn too: only the
GM sees these dialogs.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QImage,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPen,
    QPolygonF,
)
from PySide6.QtWidgets import QWidget

from tactical.core.areas import AreaMap
from tactical.core.encounter import Encounter
from tactical.core.grid import Square, Terrain
from tactical.core.tokens import Position

WIDTH, HEIGHT = 288, 180
CHOSEN = QColor("#ffd400")
MARGIN = 4.0
"""Room around an area map's outline, in pixels."""


class MapPicture(QWidget):
    """Shows ``encounter``'s map small; :attr:`picked` is called with a clicked square or area."""

    def __init__(self, picked: Callable[[Position], None]) -> None:
        super().__init__()
        self.picked = picked
        self.encounter: Encounter | None = None
        self.square: Square | None = None
        self.area: str | None = None
        self.image = QImage()
        self.scale = 1.0
        self.origin = QPointF(0, 0)
        """Where the map's (0, 0) is drawn (an area map's box is centred)."""
        self.setFixedSize(WIDTH, HEIGHT)
        self.setCursor(Qt.CursorShape.CrossCursor)

    def show_map(self, encounter: Encounter | None) -> None:
        """Draw ``encounter``'s grid or areas (None: nothing)."""
        self.encounter = encounter
        self.image = QImage()
        self.origin = QPointF(0, 0)
        areas = encounter.area_map if encounter is not None else None
        if areas is not None:
            self._fit_areas(areas)
        grid = encounter.grid if encounter is not None else None
        if grid is None or grid.width == 0 or grid.height == 0:
            self.update()
            return
        self.scale = min(WIDTH / grid.width, HEIGHT / grid.height)
        step = max(1, int(np.ceil(1 / self.scale)))
        heights = grid.elevation[::step, ::step].astype(np.float32)
        low, high = float(heights.min()), float(heights.max())
        greys = 120 + 110 * (heights - low) / ((high - low) or 1.0)
        greys[grid.terrain[::step, ::step] == int(Terrain.IMPASSABLE)] = 45
        pixels = np.ascontiguousarray(greys.astype(np.uint8))
        rows, cols = pixels.shape
        self.image = QImage(pixels.data, cols, rows, cols, QImage.Format.Format_Grayscale8).copy()
        self.update()

    def _fit_areas(self, areas: AreaMap) -> None:
        x0, y0, x1, y1 = areas.bounds()
        room_w, room_h = WIDTH - 2 * MARGIN, HEIGHT - 2 * MARGIN
        self.scale = min(room_w / ((x1 - x0) or 1.0), room_h / ((y1 - y0) or 1.0))
        left = MARGIN + (room_w - (x1 - x0) * self.scale) / 2
        top = MARGIN + (room_h - (y1 - y0) * self.scale) / 2
        self.origin = QPointF(left - x0 * self.scale, top - y0 * self.scale)

    def set_square(self, square: Square) -> None:
        self.square = square
        self.update()

    def set_area(self, area_id: str | None) -> None:
        self.area = area_id
        self.update()

    def _to_map(self, point: QPointF) -> tuple[float, float]:
        return (
            (point.x() - self.origin.x()) / self.scale,
            (point.y() - self.origin.y()) / self.scale,
        )

    def _to_picture(self, x: float, y: float) -> QPointF:
        return QPointF(self.origin.x() + x * self.scale, self.origin.y() + y * self.scale)

    def square_at(self, point: QPointF) -> Square | None:
        encounter = self.encounter
        grid = encounter.grid if encounter is not None else None
        if grid is None:
            return None
        square = (int(point.x() // self.scale), int(point.y() // self.scale))
        return square if grid.in_bounds(square) else None

    def area_at(self, point: QPointF) -> str | None:
        encounter = self.encounter
        areas = encounter.area_map if encounter is not None else None
        return None if areas is None else areas.area_at(*self._to_map(point))

    def mousePressEvent(self, event: QMouseEvent) -> None:
        place = self.square_at(event.position()) or self.area_at(event.position())
        if place is not None:
            self.picked(place)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), QColor("#3b3f45"))
        encounter = self.encounter
        if encounter is not None and encounter.area_map is not None:
            self._paint_areas(painter, encounter.area_map)
            self._paint_tokens(painter, encounter)
        elif encounter is not None and encounter.grid is not None and not self.image.isNull():
            grid = encounter.grid
            scale = self.scale
            painter.drawImage(QRectF(0, 0, grid.width * scale, grid.height * scale), self.image)
            self._paint_tokens(painter, encounter)
            if self.square is not None:
                painter.setPen(QPen(CHOSEN, 2))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                x, y = self.square
                box = max(scale, 6.0)
                middle = QPointF((x + 0.5) * scale, (y + 0.5) * scale)
                painter.drawRect(QRectF(middle.x() - box / 2, middle.y() - box / 2, box, box))
        painter.end()

    def _outline(self, points: list[tuple[float, float]]) -> QPainterPath:
        path = QPainterPath()
        path.addPolygon(QPolygonF([self._to_picture(x, y) for x, y in points]))
        path.closeSubpath()
        return path

    def _paint_areas(self, painter: QPainter, areas: AreaMap) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        font = QFont(painter.font())
        font.setPixelSize(10)
        painter.setFont(font)
        chosen = None
        for area in areas:
            path = self._outline(area.points)
            painter.setPen(QPen(QColor("#23262a"), 1))
            painter.setBrush(QColor("#c9c3b4"))
            painter.drawPath(path)
            if area.id == self.area:
                chosen = path
        for area in areas:
            box = self._outline(area.points).boundingRect().adjusted(2, 1, -2, -1)
            painter.setPen(QColor("#23262a"))
            flags = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop
            name = painter.fontMetrics().elidedText(
                area.name or area.id, Qt.TextElideMode.ElideRight, max(0, int(box.width()))
            )
            painter.drawText(box, int(flags), name)
        if chosen is not None:
            painter.setPen(QPen(CHOSEN, 3))
            painter.setBrush(QColor(255, 212, 0, 70))
            painter.drawPath(chosen)

    def _paint_tokens(self, painter: QPainter, encounter: Encounter) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        scale = self.scale
        radius = max(2.0, scale / 2) if encounter.grid is not None else 4.0
        in_area: dict[str, int] = {}
        areas = encounter.area_map
        for token in encounter.tokens.values():
            side = encounter.sides.get(token.side)
            painter.setBrush(QColor(side.color if side is not None else "#808080"))
            square = token.square
            if square is not None:
                size = token.size * scale
                centre = QPointF(square[0] * scale + size / 2, square[1] * scale + size / 2)
                painter.drawEllipse(centre, max(radius, size / 2), max(radius, size / 2))
            elif areas is not None and isinstance(token.position, str):
                area = areas.areas.get(token.position)
                if area is None:
                    continue
                spot = area.polygon.representative_point()
                count = in_area[area.id] = in_area.get(area.id, 0) + 1  # side by side
                step = QPointF((count - 1) % 6 * 9.0, 6.0 + (count - 1) // 6 * 9.0)
                centre = self._to_picture(spot.x, spot.y) + step
                painter.drawEllipse(centre, radius, radius)
