"""The map on paper: the scene a snapshot draws and the one function that draws it.

Every printed map (a fitted snapshot, a table-scale cover, each table-scale
tile) goes through :func:`draw_map`, so whatever the map shows on paper (a
background picture, once maps have one) is added in one place.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter

from tactical.app.document import EncounterDocument
from tactical.app.geometry import CELL
from tactical.app.scene.map_scene import MapScene
from tactical.app.snapshot.content import Mode

MAP_PADDING = CELL * 0.5
"""Around the whole map, in scene units: room for the names under tokens on the edge."""


class PrintScene(MapScene):
    """A map scene for paper: white around the map instead of the screen's dark grey."""

    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:  # type: ignore[override]
        painter.fillRect(rect, Qt.GlobalColor.white)
        self.layer.paint(painter, rect, painter.worldTransform().m11())


def make_scene(document: EncounterDocument, mode: Mode) -> PrintScene:
    """A fresh scene over ``document``: the players' filter unless ``mode`` is the GM's."""
    return PrintScene(document, player=mode == "players")


def source_rect(scene: MapScene, visible: QRectF | None) -> QRectF:
    """The part of the scene to print: the whole map, or ``visible`` within the scene."""
    whole = scene.layer.scene_rect().adjusted(-MAP_PADDING, -MAP_PADDING, MAP_PADDING, MAP_PADDING)
    if visible is None or visible.isEmpty():
        return whole
    part = visible.intersected(scene.sceneRect())
    return part if not part.isEmpty() else whole


def draw_map(painter: QPainter, scene: MapScene, target: QRectF, source: QRectF) -> None:
    """Draw the scene rectangle ``source`` into ``target`` (device pixels), proportions kept.

    Pictures are drawn unsmoothed: a square stays a crisp square at any scale.
    """
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
    scene.render(painter, target, source, Qt.AspectRatioMode.KeepAspectRatio)
    painter.restore()
