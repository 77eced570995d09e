"""The fog tool on the GM's map: a thin Qt adapter over :class:`FogGesture`."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsPathItem

from tactical.app.encounter.document import EncounterDocument
from tactical.app.fog.gesture import FogGesture
from tactical.app.map.geometry import CELL
from tactical.app.map.interaction.events import Pointer
from tactical.app.map.scene.map_scene import MapScene
from tactical.app.map.scene.overlays import squares_path
from tactical.core.changes import GM
from tactical.core.commands.base import Command

PREVIEW_Z = 35.0
"""Above the fog (30), below the editing overlay (40)."""
REVEAL_COLOUR = QColor(255, 230, 120)
HIDE_COLOUR = QColor(90, 140, 255)

Say = Callable[[str], None]


class FogTool:
    """Reveal or hide fog with the mouse; shows the brush, rectangle or polygon it would use."""

    def __init__(self, scene: MapScene, document: EncounterDocument, say: Say) -> None:
        self.scene = scene
        self.document = document
        self.say = say
        self.gesture = FogGesture(lambda: document.encounter)
        self.outline = QGraphicsPathItem()
        self.outline.setZValue(PREVIEW_Z)
        self.outline.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        scene.addItem(self.outline)

    def _push(self, command: Command | None) -> None:
        if command is not None:
            if not self.document.encounter.fog.enabled:
                self.say("Fog is off on this map: Fog > Fog on this map shows what you reveal.")
            self.document.push(command, GM)
        if self.gesture.message:
            self.say(self.gesture.message)

    def activate(self) -> None:
        """Chosen: nothing to prepare."""

    def press(self, pointer: Pointer) -> bool:
        if not (pointer.left or pointer.right):
            return False
        self._push(self.gesture.press(pointer))
        self._show(pointer)
        return True

    def move(self, pointer: Pointer) -> bool:
        self._push(self.gesture.move(pointer))
        self._show(pointer)
        return self.gesture.active

    def release(self, pointer: Pointer) -> bool:
        was_active = self.gesture.active
        self._push(self.gesture.release(pointer))
        self._show(pointer)
        return was_active

    def cancel(self) -> None:
        self.gesture.cancel()
        self.outline.setPath(QPainterPath())

    def _show(self, pointer: Pointer) -> None:
        reveal = self.gesture.reveal != pointer.shift
        if self.gesture.active:
            reveal = self.gesture.reveal_now
        colour = REVEAL_COLOUR if reveal else HIDE_COLOUR
        pen = QPen(colour, 0)
        pen.setCosmetic(True)
        pen.setWidth(2)
        self.outline.setPen(pen)
        fill = QColor(colour)
        fill.setAlpha(50)
        self.outline.setBrush(QBrush(fill))
        if self.gesture.shape == "polygon" and self.gesture.corners:
            points = [QPointF(x * CELL, y * CELL) for x, y in self.gesture.corners]
            points.append(QPointF(pointer.x, pointer.y))
            path = QPainterPath()
            path.addPolygon(QPolygonF(points))
            for point in points[:-1]:
                path.addEllipse(point, 4, 4)
            self.outline.setPath(path)
        elif self.gesture.shape == "rectangle" and self.gesture.active:
            squares = self.gesture.preview()  # one rectangle: its corners are enough
            (c0, r0), (c1, r1) = squares[0], squares[-1]
            path = QPainterPath()
            path.addRect(QRectF(c0 * CELL, r0 * CELL, (c1 - c0 + 1) * CELL, (r1 - r0 + 1) * CELL))
            self.outline.setPath(path)
        elif self.gesture.shape == "brush":
            self.outline.setPath(squares_path(self.gesture.preview()))
        else:
            self.outline.setPath(QPainterPath())
        self.scene.invalidate(QRectF(), self.scene.SceneLayer.ItemLayer)
