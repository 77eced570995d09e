"""The players' frame on the GM's map: what the TV shows, as a rectangle the GM drags.

Drawn on the GM's scene only (never in the player view), with a tab naming
it and saying when the TV is frozen, blacked out or showing a handout. The
GM drags it by its tab or its border (a band :data:`GRAB_PX` screen pixels
wide), so the map inside it stays free for token drags.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QCursor, QFont, QMouseEvent, QPainter, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsSimpleTextItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from tactical.app.map.map_view import MapView

FRAME_Z = 40.0
GRAB_PX = 8
"""How near the frame's border (screen pixels) a press grabs the frame."""
COLOUR = QColor("#ff8f00")
FROZEN_COLOUR = QColor("#0288d1")


class PlayersFrame(QGraphicsItem):
    """The rectangle of the map the players' screen shows (a GM overlay)."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(FRAME_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.rect = QRectF()
        self.state = ""
        """Shown after the name on the tab: "frozen", "blacked out", "handout"."""
        self.tab = QGraphicsSimpleTextItem(self)
        self.tab.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        font = QFont()
        font.setPixelSize(13)
        font.setBold(True)
        self.tab.setFont(font)
        self.tab.setBrush(QColor("#ffffff"))
        self._tab_back = _TabBack(self)
        self.tab.setZValue(1)
        self.set_state("")

    def set_rect(self, rect: QRectF) -> None:
        if rect != self.rect:
            self.prepareGeometryChange()
            self.rect = QRectF(rect)
            self.tab.setPos(rect.topLeft())
            self._tab_back.setPos(rect.topLeft())
            self.update()

    def set_state(self, state: str) -> None:
        self.state = state
        self.tab.setText("  Players' screen" + (f": {state}" if state else "") + "  ")
        self._tab_back.set_size(self.tab.boundingRect(), self.colour())
        self.update()

    def colour(self) -> QColor:
        return FROZEN_COLOUR if self.state else COLOUR

    def tab_contains(self, scene_point: QPointF) -> bool:
        return self.tab.isVisible() and self.tab.contains(self.tab.mapFromScene(scene_point))

    def boundingRect(self) -> QRectF:
        return self.rect.adjusted(-4, -4, 4, 4)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        pen = QPen(self.colour(), 3)
        pen.setCosmetic(True)
        if self.state:
            pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(self.rect)


class _TabBack(QGraphicsItem):
    """The coloured box behind the tab's text (same screen size at every zoom)."""

    def __init__(self, parent: QGraphicsItem) -> None:
        super().__init__(parent)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._rect = QRectF()
        self._colour = COLOUR

    def set_size(self, rect: QRectF, colour: QColor) -> None:
        self.prepareGeometryChange()
        self._rect = QRectF(rect)
        self._colour = colour
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.fillRect(self._rect, self._colour)


class FrameDrag(QObject):
    """Drags the frame on the GM's view: press its tab or border, move, let go.

    ``move_to`` is told the frame's new centre; the frame itself is redrawn
    from what the player view then shows (which may stop at a limit).
    """

    def __init__(
        self, view: MapView, frame: PlayersFrame, move_to: Callable[[QPointF], None]
    ) -> None:
        super().__init__(view)
        self.view = view
        self.frame = frame
        self.move_to = move_to
        self._grab: QPointF | None = None
        """Scene offset from the frame's centre to the pointer, while dragging."""
        self._saved_cursor: QCursor | None = None
        view.viewport().installEventFilter(self)

    @property
    def dragging(self) -> bool:
        return self._grab is not None

    def grabs(self, viewport_point: QPointF, reach: float = GRAB_PX) -> bool:
        """Whether a press at ``viewport_point`` takes the frame (its tab or its border)."""
        if not self.frame.isVisible() or self.frame.rect.isEmpty():
            return False
        if self.frame.tab_contains(self.view.mapToScene(viewport_point.toPoint())):
            return True
        box = QRectF(self.view.mapFromScene(self.frame.rect).boundingRect())
        outer = box.adjusted(-reach, -reach, reach, reach)
        inner = box.adjusted(reach, reach, -reach, -reach)
        return outer.contains(viewport_point) and not inner.contains(viewport_point)

    # -- a drag, from the mouse or a finger ----------------------------------------------

    def begin(self, viewport_point: QPointF, reach: float = GRAB_PX) -> bool:
        """Take the frame if ``viewport_point`` is on it (True), else leave it (False)."""
        if not self.grabs(viewport_point, reach):
            return False
        scene = self.view.mapToScene(viewport_point.toPoint())
        self._grab = scene - self.frame.rect.center()
        return True

    def drag_to(self, viewport_point: QPointF) -> None:
        if self._grab is not None:
            self.move_to(self.view.mapToScene(viewport_point.toPoint()) - self._grab)

    def end(self, viewport_point: QPointF) -> None:
        self.drag_to(viewport_point)
        self._grab = None

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if not isinstance(event, QMouseEvent):
            return False
        kind = event.type()
        point = event.position()
        if kind == QEvent.Type.MouseButtonPress and event.button() == Qt.MouseButton.LeftButton:
            if self.begin(point):
                self.view.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
                return True
            return False
        if kind == QEvent.Type.MouseMove:
            if self.dragging:
                self.drag_to(point)
                return True
            self._hover(point)
            return False
        if kind == QEvent.Type.MouseButtonRelease and self.dragging:
            self.end(point)
            self.view.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
            return True
        return False

    def _hover(self, point: QPointF) -> None:
        """An open hand over the tab and the border; the tool's own cursor elsewhere."""
        viewport = self.view.viewport()
        if self.grabs(point):
            if self._saved_cursor is None:
                self._saved_cursor = viewport.cursor()
                viewport.setCursor(Qt.CursorShape.OpenHandCursor)
        elif self._saved_cursor is not None:
            viewport.setCursor(self._saved_cursor)
            self._saved_cursor = None
