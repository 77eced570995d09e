"""The elevation legend: a small panel over the map's corner, one swatch per elevation."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QWidget

from tactical.app.map_view import MapView
from tactical.app.scene import palette

SWATCH = 16
ROW = 19


class ElevationLegend(QWidget):
    """Swatches of the elevations on the map, plus difficult and impassable terrain.

    Over a :class:`MapView` it is one of the view's overlays: fitting the map
    keeps the map's squares out from under it.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        if isinstance(parent, MapView):
            parent.add_overlay(self)
        if parent is not None:
            parent.installEventFilter(self)  # the view shrinks when a toolbar shows: follow it
        self.entries: list[tuple[int, QColor]] = []
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)
        self._font = QFont()
        self._font.setPixelSize(12)

    def set_entries(self, entries: list[tuple[int, QColor]]) -> None:
        self.entries = list(entries)
        rows = len(self.entries) + 3
        self.setFixedSize(112, rows * ROW + 10)
        self.place()
        self.update()

    def place(self) -> None:
        """In the bottom-left corner of the parent, whole (its last row is never cut)."""
        parent = self.parentWidget()
        if parent is not None:
            self.move(10, max(10, parent.height() - self.height() - 10))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.parentWidget() and event.type() == QEvent.Type.Resize:
            self.place()
        return False

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(25, 27, 30, 215))
        painter.drawRoundedRect(QRectF(self.rect()), 6, 6)
        painter.setFont(self._font)
        y = 6
        painter.setPen(QColor("#f0f0f0"))
        painter.drawText(QRectF(8, y, 100, ROW), Qt.AlignmentFlag.AlignVCenter, "Elevation")
        y += ROW
        for value, colour in reversed(self.entries):
            self._swatch(painter, y, QBrush(colour), f"{value:+d}")
            y += ROW
        base = QBrush(QColor(*palette.elevation_rgb(0)))
        self._swatch(painter, y, base, "difficult")
        self._swatch(painter, y, QBrush(palette.HATCH, Qt.BrushStyle.BDiagPattern), None)
        y += ROW
        self._swatch(painter, y, QBrush(palette.IMPASSABLE), "impassable")
        painter.end()

    def _swatch(self, painter: QPainter, y: int, brush: QBrush, label: str | None) -> None:
        painter.setPen(QPen(QColor("#111111"), 1))
        painter.setBrush(brush)
        painter.drawRect(QRectF(10, y + 1, SWATCH, SWATCH))
        if label is not None:
            painter.setPen(QColor("#f0f0f0"))
            painter.drawText(
                QRectF(10 + SWATCH + 8, y, 80, ROW), Qt.AlignmentFlag.AlignVCenter, label
            )
