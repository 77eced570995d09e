"""The scene a printed map is drawn from: white paper, and table-scale grid ink.

:meth:`PrintScene.drawBackground` replaces the screen scene's: a background
picture is painted there, after the white and before the terrain layer, in scene
coordinates, so it prints at the device's full resolution at any scale. Apart
from :mod:`tactical.app.snapshot.map_drawing` so that the players' print scene
(:mod:`tactical.app.snapshot.players_scene`) builds on it without a circle.
"""

from __future__ import annotations

import math

import numpy as np
from PySide6.QtCore import QLineF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen

from tactical.app.map.geometry import CELL
from tactical.app.map.scene import colours
from tactical.app.map.scene.background import paint_picture
from tactical.app.map.scene.grid_layer import GridLayer
from tactical.app.map.scene.ground import MARGIN
from tactical.app.map.scene.map_scene import MapScene
from tactical.core.grid import Terrain

GRID_INK = QColor(40, 40, 40, 150)
"""Grid lines on table-scale pages: darker than the screen's, to count squares by."""
HATCH_STEP = CELL / 8
"""Between the hatching lines of difficult ground on table-scale pages, along each axis."""
HATCH_PT = 0.6


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

    def fit_scene_rect(self) -> None:
        """The scene spans :meth:`map_rect` (the extent included) with the ground's margin."""
        self.setSceneRect(self.map_rect().adjusted(-MARGIN, -MARGIN, MARGIN, MARGIN))

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
        painter.setPen(QPen(colours.HATCH, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap))
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
