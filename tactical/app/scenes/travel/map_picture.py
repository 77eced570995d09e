"""A small picture of a grid scene to click a square on (the Move to scene and exit dialogs).

The grid's heights in greys (impassable squares dark), its tokens as dots in
their side's colour and the chosen square ringed; a click picks the square under
it. Hidden tokens are drawn too: only the GM sees these dialogs. A big map is
drawn a square per few pixels' worth (its heights sampled), never square by square.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QWidget

from tactical.core.encounter import Encounter
from tactical.core.grid import Square, Terrain

WIDTH, HEIGHT = 288, 180


class MapPicture(QWidget):
    """Shows ``encounter``'s grid small; :attr:`picked` is called with a clicked square."""

    def __init__(self, picked: Callable[[Square], None]) -> None:
        super().__init__()
        self.picked = picked
        self.encounter: Encounter | None = None
        self.square: Square | None = None
        self.image = QImage()
        self.scale = 1.0
        self.setFixedSize(WIDTH, HEIGHT)
        self.setCursor(Qt.CursorShape.CrossCursor)

    def show_map(self, encounter: Encounter | None) -> None:
        """Draw ``encounter``'s grid (None or an area map: nothing)."""
        self.encounter = encounter
        grid = encounter.grid if encounter is not None else None
        if grid is None or grid.width == 0 or grid.height == 0:
            self.image = QImage()
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

    def set_square(self, square: Square) -> None:
        self.square = square
        self.update()

    def square_at(self, point: QPointF) -> Square | None:
        encounter = self.encounter
        grid = encounter.grid if encounter is not None else None
        if grid is None:
            return None
        square = (int(point.x() // self.scale), int(point.y() // self.scale))
        return square if grid.in_bounds(square) else None

    def mousePressEvent(self, event: QMouseEvent) -> None:
        square = self.square_at(event.position())
        if square is not None:
            self.picked(square)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), QColor("#3b3f45"))
        encounter = self.encounter
        grid = encounter.grid if encounter is not None else None
        if grid is None or encounter is None or self.image.isNull():
            painter.end()
            return
        scale = self.scale
        painter.drawImage(QRectF(0, 0, grid.width * scale, grid.height * scale), self.image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        radius = max(2.0, scale / 2)
        for token in encounter.tokens.values():
            square = token.square
            if square is None:
                continue
            side = encounter.sides.get(token.side)
            painter.setBrush(QColor(side.color if side is not None else "#808080"))
            size = token.size * scale
            centre = QPointF(square[0] * scale + size / 2, square[1] * scale + size / 2)
            painter.drawEllipse(centre, max(radius, size / 2), max(radius, size / 2))
        if self.square is not None:
            painter.setPen(QPen(QColor("#ffd400"), 2))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            x, y = self.square
            box = max(scale, 6.0)
            middle = QPointF((x + 0.5) * scale, (y + 0.5) * scale)
            painter.drawRect(QRectF(middle.x() - box / 2, middle.y() - box / 2, box, box))
        painter.end()
