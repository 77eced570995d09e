"""The map on paper: the scene a snapshot draws and the one function that draws it.

Every printed map (a fitted snapshot, a table-scale cover, each table-scale
tile) goes through :func:`draw_map`, so whatever the map shows on paper (a
background picture, once maps have one) is added in one place.
:meth:`PrintScene.drawBackground` replaces the screen scene's: a background
picture is painted there, after the white and before the terrain layer, in
scene coordinates, so it prints at the device's full resolution at any scale.
"""

from __future__ import annotations

import math

import numpy as np
from PySide6.QtCore import QLineF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem

from tactical.app.document import EncounterDocument
from tactical.app.geometry import CELL
from tactical.app.scene import palette
from tactical.app.scene.background import paint_picture
from tactical.app.scene.grid_layer import GridLayer
from tactical.app.scene.map_scene import MapScene
from tactical.app.snapshot.content import Mode
from tactical.core.grid import Terrain

GRID_INK = QColor(40, 40, 40, 150)
"""Grid lines on table-scale pages: darker than the screen's, to count squares by."""
HATCH_STEP = CELL / 8
"""Between the hatching lines of difficult ground on table-scale pages, along each axis."""
HATCH_PT = 0.6
MAP_PADDING = CELL * 0.5
"""Around the whole map, in scene units: room for the names under tokens on the edge."""


class PrintScene(MapScene):
    """A map scene for paper: white around the map instead of the screen's dark grey.

    ``detail`` turns device pixels into the pixels the map's level of detail is
    judged in (a printer at 600 dpi draws as much as a 150-dpi snapshot, not
    four times more); ``grid_pt`` > 0 draws grid lines that wide (in points) over
    a grid map, for table-scale pages (the screen's hairlines vanish on paper).
    """

    detail: float = 1.0
    grid_pt: float = 0.0
    extent: QRectF | None = None
    """The whole map when the scene's encounter holds only part of it (the players' copy
    of an area map keeps the found areas): the page lays out the whole map all the same."""

    def map_rect(self) -> QRectF:
        rect = super().map_rect()
        return rect if self.extent is None else rect.united(self.extent)

    def extent_rect(self) -> QRectF:
        """The map's own rectangle (without its background picture's), found or not."""
        return self.layer.scene_rect() if self.extent is None else self.extent

    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:  # type: ignore[override]
        painter.fillRect(rect, Qt.GlobalColor.white)
        paint_picture(painter, self, rect)  # the background picture, under the layer
        scale = painter.worldTransform().m11()
        grid = self.encounter.grid
        if self.grid_pt <= 0 or grid is None or scale <= 0 or not isinstance(self.layer, GridLayer):
            self.layer.paint(painter, rect, scale * self.detail)
            return
        # Table scale: the layer's hatching is a device pattern that starts at the
        # page's corner, so taped pages would not match; hatch in map coordinates.
        pattern = self.layer._hatch
        self.layer._hatch = QBrush(Qt.BrushStyle.NoBrush)
        try:
            self.layer.paint(painter, rect, scale * self.detail)
        finally:
            self.layer._hatch = pattern
        c0, r0 = max(0, math.floor(rect.left() / CELL)), max(0, math.floor(rect.top() / CELL))
        c1 = min(grid.width, math.ceil(rect.right() / CELL))
        r1 = min(grid.height, math.ceil(rect.bottom() / CELL))
        if c0 >= c1 or r0 >= r1:
            return
        device = painter.device()
        to_scene = (device.logicalDpiX() if device is not None else 72) / 72.0 / scale
        self._paint_hatch(painter, grid.terrain, c0, r0, c1, r1, HATCH_PT * to_scene)
        width = self.grid_pt * to_scene
        painter.setPen(QPen(GRID_INK, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap))
        lines = [QLineF(c * CELL, r0 * CELL, c * CELL, r1 * CELL) for c in range(c0, c1 + 1)]
        lines += [QLineF(c0 * CELL, r * CELL, c1 * CELL, r * CELL) for r in range(r0, r1 + 1)]
        painter.drawLines(lines)

    @staticmethod
    def _paint_hatch(
        painter: QPainter,
        terrain: np.ndarray,
        c0: int,
        r0: int,
        c1: int,
        r1: int,
        width: float,
    ) -> None:
        """Diagonal lines over difficult squares, anchored at the map's corner (vectors)."""
        rows, cols = np.nonzero(terrain[r0:r1, c0:c1] == int(Terrain.DIFFICULT))
        if rows.size == 0:
            return
        outline = QPainterPath()
        outline.setFillRule(Qt.FillRule.WindingFill)
        for row, col in zip((rows + r0).tolist(), (cols + c0).tolist(), strict=True):
            outline.addRect(QRectF(col * CELL, row * CELL, CELL, CELL))
        bounds = outline.boundingRect()
        painter.save()
        painter.setClipPath(outline, Qt.ClipOperation.IntersectClip)
        painter.setPen(QPen(palette.HATCH, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap))
        low = math.floor((bounds.left() + bounds.top()) / HATCH_STEP)
        high = math.ceil((bounds.right() + bounds.bottom()) / HATCH_STEP)
        top, bottom = bounds.top(), bounds.bottom()
        painter.drawLines(
            [
                QLineF(k * HATCH_STEP - bottom, bottom, k * HATCH_STEP - top, top)
                for k in range(low, high + 1)
            ]
        )
        painter.restore()


def make_scene(document: EncounterDocument, mode: Mode) -> PrintScene:
    """A fresh scene for ``mode``'s readers: the GM's over ``document``, the players'
    over their copy of it (:mod:`tactical.app.snapshot.players_scene`: nothing they may
    not read is drawn at all, not even under the fog).

    Fog is blank paper (a sheet of dark ink wastes a printer's toner and hides
    nothing better)."""
    if mode == "players":
        from tactical.app.snapshot.players_scene import players_print_scene  # it builds on this

        return players_print_scene(document)
    scene = PrintScene(document)
    scene.fog.paper = True
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
