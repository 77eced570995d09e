"""The map on paper: the scene a snapshot draws (:func:`make_scene`) and the one function
that draws it.

Every printed map (a fitted snapshot, a table-scale cover, each table-scale
tile) goes through :func:`draw_map`, so whatever the map shows on paper (a
background picture) is added in one place. The scene itself is a
:class:`~tactical.app.snapshot.print_scene.PrintScene`.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QGraphicsItem

from tactical.app.encounter.document import EncounterDocument
from tactical.app.fog.layer import install_fog_layer
from tactical.app.map.geometry import CELL
from tactical.app.map.scene.map_scene import MapScene
from tactical.app.snapshot.content import Mode
from tactical.app.snapshot.players_scene import players_print_scene
from tactical.app.snapshot.print_scene import PrintScene

MAP_PADDING = CELL * 0.5
"""Around the whole map, in scene units: room for the names under tokens on the edge."""


def make_scene(document: EncounterDocument, mode: Mode) -> PrintScene:
    """A fresh scene for ``mode``'s readers: the GM's over ``document``, the players'
    over their copy of it (:mod:`tactical.app.snapshot.players_scene`: nothing they may
    not read is drawn at all, not even under the fog).

    Fog is blank paper (a sheet of dark ink wastes a printer's toner and hides
    nothing better)."""
    if mode == "players":
        return players_print_scene(document)
    scene = PrintScene(document)
    install_fog_layer(scene).paper = True
    return scene


def source_rect(scene: MapScene, visible: QRectF | None) -> QRectF:
    """The part of the scene to print: the whole map, or ``visible`` within the scene."""
    whole = scene.map_rect().adjusted(-MAP_PADDING, -MAP_PADDING, MAP_PADDING, MAP_PADDING)
    if visible is None or visible.isEmpty():
        return whole
    part = visible.intersected(scene.sceneRect())
    return part if not part.isEmpty() else whole


def draw_map(painter: QPainter, scene: MapScene, target: QRectF, source: QRectF) -> None:
    """Draw the scene rectangle ``source`` into ``target`` (device pixels), proportions kept.

    Pictures are drawn unsmoothed and, in a PDF, losslessly (not as JPEG): the
    terrain is one pixel per square, and a square keeps its exact shade and
    crisp edges at any scale. Tokens are drawn uncached, so their names are
    text (searchable, sharp at any zoom), not a picture of the screen's cache.
    """
    for item in scene.token_items.values():  # names as text on paper, not cached pictures
        item.setCacheMode(QGraphicsItem.CacheMode.NoCache)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
    painter.setRenderHint(QPainter.RenderHint.LosslessImageRendering, True)
    scene.render(painter, target, source, Qt.AspectRatioMode.KeepAspectRatio)
    painter.restore()
