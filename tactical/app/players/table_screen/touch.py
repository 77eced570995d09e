"""Fingers on a map view: one pans, two pinch-zoom, a finger on a token drags it.

The view's viewport takes touch events (``WA_AcceptTouchEvents``) and this
filter turns them into what the mouse would do: a finger on a token is a
left-button press for the view's tool, so a touch drag gets the same reach
shading, path, rules and single undo step as a mouse drag (the same
:class:`~tactical.app.map.interaction.drag.DragController` behind the select
tool). A tap is a click for the current tool; a double tap pings; a long
press opens the menu of what is under the finger. Where edits are not
allowed (the player view, by default), a touch only pings.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Protocol

from PySide6.QtCore import QEvent, QObject, QPoint, QPointF, Qt, QTimer
from PySide6.QtGui import QEventPoint, QTouchEvent

from tactical.app.map.interaction.events import Pointer
from tactical.app.map.map_view import MapView
from tactical.app.map.tools import SelectTool

TAP_SLOP_PX = 12.0
"""A finger that moves less than this is still tapping (or long-pressing)."""
LONG_PRESS_MS = 650
DOUBLE_TAP_S = 0.4

FINGER_REACH_PX = 24.0
"""How near a handle (the players' frame's border) a finger takes it."""


class Grabber(Protocol):
    """Something on the map a finger can take before the map does (the players' frame)."""

    def begin(self, viewport_point: QPointF, reach: float) -> bool: ...
    def drag_to(self, viewport_point: QPointF) -> None: ...
    def end(self, viewport_point: QPointF) -> None: ...


_TOUCH_EVENTS = (
    QEvent.Type.TouchBegin,
    QEvent.Type.TouchUpdate,
    QEvent.Type.TouchEnd,
    QEvent.Type.TouchCancel,
)


def _distance(a: QPointF, b: QPointF) -> float:
    return math.hypot(a.x() - b.x(), a.y() - b.y())


class TouchInput(QObject):
    """Touch on one map view (see the module's docstring)."""

    def __init__(
        self,
        view: MapView,
        *,
        edits_allowed: Callable[[], bool],
        zoom_allowed: Callable[[], bool],
        ping: Callable[[QPointF], None],
        menu: Callable[[QPoint], None],
        grabber: Grabber | None = None,
    ) -> None:
        super().__init__(view)
        self.view = view
        self.edits_allowed = edits_allowed
        self.zoom_allowed = zoom_allowed
        self.ping = ping
        self.menu = menu
        self.grabber = grabber
        self.clock: Callable[[], float] = time.monotonic
        self.mode = ""
        """What the fingers do: "" (none down), "tap", "drag" (a token held), "pan", "pinch",
        "ping" (edits off: touches only ping), "done" (a long press opened the menu),
        "grab" (the grabber took the finger: the players' frame)."""
        self._start = QPointF()
        self._last = QPointF()
        self._moved = False
        self._pinch: tuple[float, QPointF] | None = None
        self._last_tap: tuple[float, QPointF] | None = None
        self._long = QTimer(self)
        self._long.setSingleShot(True)
        self._long.setInterval(LONG_PRESS_MS)
        self._long.timeout.connect(self._long_press)
        viewport = view.viewport()
        viewport.setAttribute(Qt.WidgetAttribute.WA_AcceptTouchEvents, True)
        viewport.installEventFilter(self)

    # -- routing -------------------------------------------------------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() not in _TOUCH_EVENTS or not isinstance(event, QTouchEvent):
            return False
        down = [p for p in event.points() if p.state() != QEventPoint.State.Released]
        kind = event.type()
        if kind == QEvent.Type.TouchCancel:
            self._cancel()
        elif kind == QEvent.Type.TouchBegin:
            self._begin(event.points()[0].position())
            if len(down) > 1:
                self._fingers(down)
        elif kind == QEvent.Type.TouchUpdate:
            if len(down) > 1:
                self._fingers(down)
            elif len(down) == 1:
                self._pinch = None
                self._one(down[0].position())
            else:  # every finger lifted in an update: treat as the end
                self._end(event.points()[0].position())
        else:
            self._end(event.points()[0].position())
        event.accept()
        return True

    def _pointer(self, pos: QPointF) -> Pointer:
        scene = self.view.mapToScene(pos.toPoint())
        return Pointer(scene.x(), scene.y(), left=True)

    def _scene(self, pos: QPointF) -> QPointF:
        return self.view.mapToScene(pos.toPoint())

    # -- one finger --------------------------------------------------------------

    def _begin(self, pos: QPointF) -> None:
        self._start = self._last = QPointF(pos)
        self._moved = False
        self._pinch = None
        if not self.edits_allowed():
            self.mode = "ping"
            return
        if self.grabber is not None and self.grabber.begin(pos, FINGER_REACH_PX):
            self.mode = "grab"
            return
        self.mode = "tap"
        tool = self.view.tool
        on_token = self.view.map_scene().token_item_at(self._scene(pos)) is not None
        if isinstance(tool, SelectTool) and on_token and tool.press(self._pointer(pos)):
            self.mode = "drag"
        self._long.start()

    def _one(self, pos: QPointF) -> None:
        if not self._moved and _distance(pos, self._start) > TAP_SLOP_PX:
            self._moved = True
            self._long.stop()
        if self.mode == "grab" and self.grabber is not None:
            self.grabber.drag_to(pos)
        elif self.mode == "drag":
            tool = self.view.tool
            if tool is not None:
                tool.move(self._pointer(pos))
        elif self.mode in ("tap", "pan") and self._moved:
            self.mode = "pan"
            self._pan(pos - self._last)
        self._last = QPointF(pos)

    def _end(self, pos: QPointF) -> None:
        self._long.stop()
        mode, self.mode = self.mode, ""
        tool = self.view.tool
        if mode == "grab" and self.grabber is not None:
            self.grabber.end(pos)
            return
        if mode == "drag" and tool is not None:
            tool.release(self._pointer(pos))
        tapped = not self._moved and mode in ("tap", "drag", "ping")
        if not tapped:
            return
        point = self._scene(pos)
        if mode == "ping":
            self.ping(point)
            return
        now = self.clock()
        last, self._last_tap = self._last_tap, (now, QPointF(pos))
        if last is not None and now - last[0] < DOUBLE_TAP_S and _distance(pos, last[1]) < 40:
            self._last_tap = None
            self.ping(point)
            return
        if mode == "tap" and tool is not None:  # a tap is a click for the current tool
            tool.press(self._pointer(pos))
            tool.release(self._pointer(pos))

    def _cancel(self) -> None:
        self._long.stop()
        if self.mode == "grab" and self.grabber is not None:
            self.grabber.end(self._last)
        if self.mode == "drag" and self.view.tool is not None:
            self.view.tool.cancel()
        self.mode = ""
        self._pinch = None

    def _long_press(self) -> None:
        """Held still: the menu of what is under the finger (a held token goes back first)."""
        if self.mode not in ("tap", "drag") or self._moved:
            return
        if self.mode == "drag" and self.view.tool is not None:
            self.view.tool.cancel()
        self.mode = "done"
        self.menu(self._start.toPoint())

    # -- two fingers ---------------------------------------------------------------

    def _fingers(self, down: list[QEventPoint]) -> None:
        """Two fingers: the held token goes back; pinch to zoom, move both to pan."""
        self._long.stop()
        if self.mode == "ping":
            return  # edits off: touches only ping
        if self.mode == "grab" and self.grabber is not None:
            self.grabber.end(self._last)
        if self.mode == "drag" and self.view.tool is not None:
            self.view.tool.cancel()
        self.mode = "pinch"
        self._moved = True
        a, b = down[0].position(), down[1].position()
        spread = max(1.0, _distance(a, b))
        centre = (a + b) / 2
        if self._pinch is not None:
            last_spread, last_centre = self._pinch
            self._pan(centre - last_centre)
            if self.zoom_allowed():
                self.view.zoom_by(spread / last_spread, centre)
        self._pinch = (spread, centre)

    def _pan(self, delta: QPointF) -> None:
        view = self.view
        view.fitted = False
        # Like the mouse's pan: the map follows the finger (scroll bars count view pixels).
        view.horizontalScrollBar().setValue(view.horizontalScrollBar().value() - round(delta.x()))
        view.verticalScrollBar().setValue(view.verticalScrollBar().value() - round(delta.y()))
