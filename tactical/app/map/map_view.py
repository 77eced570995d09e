"""The graphics view: zoom about the cursor, middle- or space-drag panning, fit to map.

Widgets drawn over the view (the elevation legend) are its *overlays*
(:meth:`MapView.add_overlay`): fitting the map keeps the map clear of them,
giving up a strip on whichever side of an overlay costs the map least.

Mouse presses that are not panning go to the active tool (see
:mod:`tactical.app.map.tools`), which turns them into plain pointer events for the
Qt-free controllers in :mod:`tactical.app.map.interaction`.
"""

from __future__ import annotations

import math
from typing import Protocol

from PySide6.QtCore import QEvent, QObject, QPoint, QPointF, QRect, QRectF, Qt, Signal
from PySide6.QtGui import (
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QResizeEvent,
    QTransform,
    QWheelEvent,
)
from PySide6.QtWidgets import QGraphicsView, QWidget

from tactical.app.map.interaction.events import Pointer
from tactical.app.map.scene.map_scene import MapScene

MIN_SCALE = 0.02
MAX_SCALE = 8.0
ZOOM_STEP = 1.0015
"""Zoom factor per eighth of a degree of wheel rotation (one notch: ~1.2x)."""
FIT_MARGIN = 20.0
"""Scene units of table around the map when it is fitted."""
OVERLAY_GAP = 6
"""Pixels between a fitted map and an overlay it steps aside for."""
_OVERLAY_EVENTS = (QEvent.Type.Show, QEvent.Type.Hide, QEvent.Type.Move, QEvent.Type.Resize)
_POINTER_EVENTS = frozenset(
    {
        QEvent.Type.MouseButtonPress,
        QEvent.Type.MouseButtonDblClick,
        QEvent.Type.MouseMove,
        QEvent.Type.MouseButtonRelease,
        QEvent.Type.Wheel,
        QEvent.Type.ContextMenu,
        QEvent.Type.ToolTip,
        QEvent.Type.DragEnter,
        QEvent.Type.Drop,
    }
)
"""Events after which a tool or Qt asks which token is where (``scene/token_pending.py``)."""


class Tool(Protocol):
    """A map tool: what the view hands pointer events to and the window switches between.

    ``press``, ``move`` and ``release`` return True when the tool used the event;
    ``activate`` is called when the tool is chosen, ``cancel`` when it is put away
    (or Escape is pressed). The window's registry holds its tools by name as these.
    """

    def activate(self) -> None: ...
    def press(self, pointer: Pointer) -> bool: ...
    def move(self, pointer: Pointer) -> bool: ...
    def release(self, pointer: Pointer) -> bool: ...
    def cancel(self) -> None: ...


def pointer_from(event: QMouseEvent, scene_pos: QPointF) -> Pointer:
    """A plain pointer event in scene coordinates from a Qt mouse event."""
    buttons = event.buttons() | event.button()
    mods = event.modifiers()
    return Pointer(
        scene_pos.x(),
        scene_pos.y(),
        left=bool(buttons & Qt.MouseButton.LeftButton),
        right=bool(buttons & Qt.MouseButton.RightButton),
        shift=bool(mods & Qt.KeyboardModifier.ShiftModifier),
        ctrl=bool(mods & Qt.KeyboardModifier.ControlModifier),
    )


class MapView(QGraphicsView):
    """A view of a :class:`MapScene` that pans and zooms smoothly on big maps."""

    hovered = Signal(QPointF)
    """The scene point under the cursor moved."""
    view_changed = Signal()
    """Zoom or scroll position changed (the player view can follow)."""
    resized = Signal()
    """The view's size changed (a player view that follows the GM refits to it)."""

    def __init__(self, scene: MapScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self._tool: Tool | None = None
        self.interactive = True
        """False in a player view the GM has not allowed to edit: only pan and zoom work."""
        self._pan_from: QPoint | None = None
        self.fitted = False
        """True while the view shows the whole map as :meth:`fit_map` left it."""
        self.overlays: list[QWidget] = []
        """Widgets over the viewport that a fitted map must not lie under."""
        scene.sceneRectChanged.connect(self._scene_rect_changed)
        self._space_down = False
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.MinimalViewportUpdate)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontAdjustForAntialiasing, True)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        self.setDragMode(QGraphicsView.DragMode.NoDrag)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.horizontalScrollBar().valueChanged.connect(self.view_changed)
        self.verticalScrollBar().valueChanged.connect(self.view_changed)

    @property
    def tool(self) -> Tool | None:
        """The tool pointer events go to; a newly chosen one's ``activate()`` is called."""
        return self._tool

    @tool.setter
    def tool(self, tool: Tool | None) -> None:
        self._tool = tool
        if tool is not None:
            tool.activate()

    def map_scene(self) -> MapScene:
        scene = self.scene()
        assert isinstance(scene, MapScene)
        return scene

    # -- zoom and pan --------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        """Before drawing, tell the scene the zoom (names stay readable when zoomed out)."""
        scene = self.scene()
        if isinstance(scene, MapScene):
            scene.set_view_zoom(self.zoom, self.visible_scene_rect())
        super().paintEvent(event)

    @property
    def zoom(self) -> float:
        """Screen pixels per scene unit (a view turned a quarter turn has m11 = 0)."""
        return math.hypot(self.transform().m11(), self.transform().m12())

    def zoom_by(self, factor: float, anchor: QPointF | None = None) -> None:
        """Zoom by ``factor`` keeping the scene point under ``anchor`` (a viewport point) still."""
        self.fitted = False
        target = max(MIN_SCALE, min(MAX_SCALE, self.zoom * factor))
        factor = target / self.zoom
        if abs(factor - 1) < 1e-9:
            return
        if anchor is None:
            self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
            self.scale(factor, factor)
            self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        else:
            before = self.mapToScene(anchor.toPoint())
            self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
            self.scale(factor, factor)
            after = self.mapToScene(anchor.toPoint())
            delta = after - before
            self.translate(delta.x(), delta.y())
            self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.view_changed.emit()

    def fit_map(self) -> None:
        """Show the whole map, clear of the overlays (a fitted map stays fitted on resize).

        The names of tokens at the map's edge reach past it, and a name's size follows
        the zoom: the map is fitted, then fitted again with the names at that zoom.
        """
        scene = self.map_scene()
        if scene.map_rect().isEmpty():
            return
        self.setSceneRect(QRectF())  # scroll over the scene's own rect again
        for _ in range(2):
            rect = shown_rect(scene)
            padded = rect.adjusted(-FIT_MARGIN, -FIT_MARGIN, FIT_MARGIN, FIT_MARGIN)
            self.fitInView(padded, Qt.AspectRatioMode.KeepAspectRatio)
            blocked = self.overlay_rect()
            if not blocked.isEmpty() and self.mapFromScene(rect).boundingRect().intersects(blocked):
                self._fit_into(padded, self._free_rect(padded, blocked))
            scene.set_view_zoom(self.zoom, self.visible_scene_rect())
        self.fitted = True
        self.view_changed.emit()

    def add_overlay(self, widget: QWidget) -> None:
        """Keep fitted maps clear of ``widget`` (a child of this view), refitting as it changes."""
        self.overlays.append(widget)
        widget.installEventFilter(self)

    def overlay_rect(self) -> QRect:
        """Where the shown overlays cover the viewport, in viewport pixels (empty: nowhere)."""
        covered = QRect()
        viewport = self.viewport()
        for widget in self.overlays:
            if widget.isVisibleTo(self):
                corner = viewport.mapFrom(self, widget.pos())
                covered = covered.united(QRect(corner, widget.size()))
        return covered.intersected(viewport.rect())

    def _free_rect(self, padded: QRectF, blocked: QRect) -> QRectF:
        """The viewport minus a strip beside ``blocked``: the side that leaves the map largest."""
        view = QRectF(self.viewport().rect()).adjusted(2, 2, -2, -2)
        gap = OVERLAY_GAP
        candidates = [
            view.adjusted(blocked.right() + 1 + gap - view.left(), 0, 0, 0),
            view.adjusted(0, 0, 0, blocked.top() - gap - view.bottom()),
            view.adjusted(0, 0, blocked.left() - gap - view.right(), 0),
            view.adjusted(0, blocked.bottom() + 1 + gap - view.top(), 0, 0),
        ]

        def scale(target: QRectF) -> float:
            if target.width() <= 0 or target.height() <= 0:
                return 0.0
            return min(target.width() / padded.width(), target.height() / padded.height())

        return max(candidates, key=scale)

    def _fit_into(self, padded: QRectF, target: QRectF) -> None:
        """Scale ``padded`` to fit ``target`` (viewport pixels) and centre it there."""
        factor = min(target.width() / padded.width(), target.height() / padded.height())
        if factor <= 0:
            return
        self.setTransform(QTransform.fromScale(factor, factor))
        viewport = QRectF(self.viewport().rect())
        centre = padded.center() + (viewport.center() - target.center()) / factor
        shown = QRectF(0, 0, viewport.width() / factor, viewport.height() / factor)
        shown.moveCenter(centre)
        # The map off-centre may show table beyond the scene's rect: let the view scroll there.
        self.setSceneRect(self.map_scene().sceneRect().united(shown))
        self.centerOn(centre)

    def _scene_rect_changed(self, _rect: QRectF) -> None:
        if not self.sceneRect().isNull() and self.sceneRect() != self.map_scene().sceneRect():
            self.setSceneRect(QRectF())
            if self.fitted:
                self.fit_map()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched in self.overlays and event.type() in _OVERLAY_EVENTS and self.fitted:
            self.fit_map()
        return super().eventFilter(watched, event)

    def visible_scene_rect(self) -> QRectF:
        return self.mapToScene(self.viewport().rect()).boundingRect()

    def show_scene_rect(self, rect: QRectF) -> None:
        """Show ``rect`` as large as fits (used by a player view that follows the GM)."""
        self.fitted = False
        self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.fitted:  # a fitted map stays fitted (window resized, a dock shown)
            self.fit_map()
        self.resized.emit()

    def wheelEvent(self, event: QWheelEvent) -> None:
        delta = event.angleDelta().y()
        if delta == 0:
            return
        self.zoom_by(ZOOM_STEP**delta, event.position())
        event.accept()

    def _pan(self, pos: QPoint) -> None:
        assert self._pan_from is not None
        delta = pos - self._pan_from
        self._pan_from = pos
        self.fitted = False
        self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - delta.x())
        self.verticalScrollBar().setValue(self.verticalScrollBar().value() - delta.y())

    # -- events ----------------------------------------------------------------

    def viewportEvent(self, event: QEvent) -> bool:
        scene = self.scene()
        if isinstance(scene, MapScene) and scene.tokens.pending and event.type() in _POINTER_EVENTS:
            scene.tokens.make_pending()  # a tool asks what is under the pointer: all items
        return super().viewportEvent(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        panning = event.button() == Qt.MouseButton.MiddleButton or (
            event.button() == Qt.MouseButton.LeftButton and self._space_down
        )
        if panning:
            self._pan_from = event.position().toPoint()
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            event.accept()
            return
        if self.interactive and self.tool is not None:
            pointer = pointer_from(event, self.mapToScene(event.position().toPoint()))
            if self.tool.press(pointer):
                event.accept()
                return
        if event.button() == Qt.MouseButton.RightButton:
            event.accept()  # the context menu follows; the selection stays as it is
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._pan_from is not None:
            self._pan(event.position().toPoint())
            event.accept()
            return
        scene_pos = self.mapToScene(event.position().toPoint())
        self.hovered.emit(scene_pos)
        if (
            self.interactive
            and self.tool is not None
            and self.tool.move(pointer_from(event, scene_pos))
        ):
            event.accept()
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._pan_from is not None and event.button() in (
            Qt.MouseButton.MiddleButton,
            Qt.MouseButton.LeftButton,
        ):
            self._pan_from = None
            self.viewport().setCursor(
                Qt.CursorShape.OpenHandCursor if self._space_down else Qt.CursorShape.ArrowCursor
            )
            event.accept()
            return
        if self.interactive and self.tool is not None:
            pointer = pointer_from(event, self.mapToScene(event.position().toPoint()))
            if self.tool.release(pointer):
                event.accept()
                return
        super().mouseReleaseEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        scene = self.scene()
        if isinstance(scene, MapScene):
            scene.tokens.make_pending()  # keys act on tokens (selected, focused): all items
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space_down = True
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
            event.accept()
            return
        if event.key() == Qt.Key.Key_Escape and self.tool is not None:
            self.tool.cancel()
            event.accept()
            return
        super().keyPressEvent(event)

    def keyReleaseEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space_down = False
            if self._pan_from is None:
                self.viewport().setCursor(Qt.CursorShape.ArrowCursor)
            event.accept()
            return
        super().keyReleaseEvent(event)


def shown_rect(scene: MapScene) -> QRectF:
    """The map and every token drawn on it whole: a name under a token at the edge
    reaches past the map, and a fitted view shows it uncut."""
    rect = scene.map_rect()
    for item in scene.tokens.made_items():  # a pending token is a dot
        if not item.dotted and item.isVisible():  # a dot shows no name: no Qt call for it
            rect = rect.united(item.sceneBoundingRect())
    return rect
