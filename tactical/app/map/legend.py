"""The elevation legend: a small panel over the map's corner, one swatch per elevation."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPoint, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QWidget

from tactical.app.map.map_view import MapView
from tactical.app.map.scene import colours

SWATCH = 16
ROW = 19
MARGIN = 10
"""Pixels between the legend and the edges of the view it stands in."""
TERRAIN = ("difficult", "impassable")
"""The terrain rows a legend may show, in their order (the GM's legend shows both always)."""


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
        self.terrain: tuple[str, ...] = TERRAIN
        """The terrain rows shown ("difficult", "impassable"): the players' only what they found."""
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)
        self._font = QFont()
        self._font.setPixelSize(12)
        self.scale = 1.0
        self.rotation = 0
        self.corner = Qt.Corner.BottomLeftCorner
        """The corner of the parent it stands in (the players' legend moves off tokens)."""

    def set_entries(
        self, entries: list[tuple[int, QColor]], terrain: tuple[str, ...] = TERRAIN
    ) -> None:
        if list(entries) == self.entries and terrain == self.terrain:
            return
        self.entries = list(entries)
        self.terrain = tuple(t for t in TERRAIN if t in terrain)
        self._resize()

    def set_scale(self, factor: float) -> None:
        """Draw the legend ``factor`` times its usual size (the player view on a TV)."""
        if max(0.5, factor) == self.scale:
            return
        self.scale = max(0.5, factor)
        self._font.setPixelSize(max(8, round(12 * self.scale)))
        self._resize()

    def set_rotation(self, degrees: int) -> None:
        """Read turned ``degrees`` clockwise (the players' screen on a TV lying flat)."""
        if degrees % 360 != self.rotation:
            self.rotation = degrees % 360
            self._resize()

    def logical_size(self, scale: float | None = None) -> tuple[int, int]:
        """Width and height as read (unturned), at ``scale`` (default: its own)."""
        scale = self.scale if scale is None else scale
        rows = len(self.entries) + 1 + len(self.terrain)
        return round(112 * scale), round(rows * ROW * scale + 10)

    def area_at(self, scale: float) -> int:
        """Square pixels it covers at ``scale``."""
        width, height = self.logical_size(scale)
        return width * height

    def _resize(self) -> None:
        width, height = self.logical_size()
        if self.rotation in (90, 270):
            width, height = height, width
        self.setFixedSize(width, height)
        self.place()
        self.update()

    def place(self) -> None:
        """In its corner of the parent (bottom-left unless moved), whole (no row is cut)."""
        parent = self.parentWidget()
        if parent is not None:
            self.move(self.spot(self.corner, parent.width(), parent.height()))

    def spot(self, corner: Qt.Corner, width: int, height: int) -> QPoint:
        """Its top-left corner when it stands in ``corner`` of a ``width`` x ``height`` parent."""
        right = corner in (Qt.Corner.TopRightCorner, Qt.Corner.BottomRightCorner)
        bottom = corner in (Qt.Corner.BottomLeftCorner, Qt.Corner.BottomRightCorner)
        x = max(MARGIN, width - self.width() - MARGIN) if right else MARGIN
        y = max(MARGIN, height - self.height() - MARGIN) if bottom else MARGIN
        return QPoint(x, y)

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
        width, height = self.logical_size()
        painter.translate(self.width() / 2, self.height() / 2)
        painter.rotate(self.rotation)
        painter.translate(-width / 2, -height / 2)
        painter.setFont(self._font)
        row = ROW * self.scale
        y = 6.0
        painter.setPen(QColor("#f0f0f0"))
        title = QRectF(8, y, width - 10, row)
        painter.drawText(title, Qt.AlignmentFlag.AlignVCenter, "Elevation")
        y += row
        for value, colour in reversed(self.entries):
            self._swatch(painter, y, QBrush(colour), f"{value:+d}")
            y += row
        if "difficult" in self.terrain:
            base = QBrush(QColor(*colours.elevation_rgb(0)))
            self._swatch(painter, y, base, "difficult")
            self._swatch(painter, y, QBrush(colours.HATCH, Qt.BrushStyle.BDiagPattern), None)
            y += row
        if "impassable" in self.terrain:
            self._swatch(painter, y, QBrush(colours.IMPASSABLE), "impassable")
        painter.end()

    def _swatch(self, painter: QPainter, y: float, brush: QBrush, label: str | None) -> None:
        swatch, row = SWATCH * self.scale, ROW * self.scale
        painter.setPen(QPen(QColor("#111111"), 1))
        painter.setBrush(brush)
        painter.drawRect(QRectF(10, y + 1, swatch, swatch))
        if label is not None:
            painter.setPen(QColor("#f0f0f0"))
            left = 10 + swatch + 8
            width = self.logical_size()[0]
            painter.drawText(
                QRectF(left, y, width - left, row), Qt.AlignmentFlag.AlignVCenter, label
            )
