"""The fog drawn over a map scene: opaque for the players, a tint the GM can hide.

One item per scene above the tokens and templates, so whatever lies under fog
(terrain, the background picture, walls, tokens, templates, labels) is painted
over. On the players' screens (a player scene, the players' snapshot, the GM
window while it hides secrets) fog is opaque and also fills the margin round
the map; the GM's window draws it as a tint (:attr:`FogItem.tint_shown`).
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QImage, QPainter, QPainterPath, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from tactical.app.fog.look import FLAT, TINT, cloth_tile_argb, fog_argb, paper_argb
from tactical.app.map.scene.area_layer import AreaLayer
from tactical.app.map.scene.context import Refreshed, SceneContext
from tactical.app.map.scene.map_scene import MapScene
from tactical.app.map.scene.stacking import FOG_Z
from tactical.core.changes import ChangeSet


def argb_image(words: np.ndarray) -> QImage:
    """A QImage owning a copy of ``[row, column]`` ARGB32 words."""
    data = np.ascontiguousarray(words, dtype=np.uint32)
    height, width = data.shape
    image = QImage(data.data, width, height, width * 4, QImage.Format.Format_ARGB32)
    return image.copy()


class FogItem(QGraphicsItem):
    """Paints the fog of its scene's encounter (nothing while fog is off): a layer of the
    scene, which tells it each change set (:meth:`apply`) and each rebuild."""

    def __init__(self, scene: SceneContext) -> None:
        super().__init__()
        self.map_scene = scene
        self.setZValue(FOG_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.tint_shown = True
        """The GM's window: draw the tint (False: the GM sees the map as if fog were off)."""
        self._images: dict[bool, tuple[QImage, int]] = {}
        self._cloth = QBrush(argb_image(cloth_tile_argb()))
        self.paper = False
        """On paper: fog is blank paper (white), not a sheet of dark ink; it still hides all."""

    def refresh(self) -> None:
        """Forget the cached pictures (the fog, the map or the filter changed) and repaint."""
        self._images.clear()
        self.prepareGeometryChange()
        self.update()

    def apply(self, changes: ChangeSet) -> Refreshed:
        """New fog, or new areas to fog: drawn again."""
        if changes.touches(("fog", "areas")):
            self.refresh()
        return Refreshed.NOTHING

    def rebuild(self) -> None:
        """Another encounter or a resized grid: drawn again."""
        self.refresh()

    def boundingRect(self) -> QRectF:
        return self.map_scene.sceneRect()

    def opaque(self) -> bool:
        return self.map_scene.player

    def _image(self, opaque: bool) -> tuple[QImage, int]:
        if opaque not in self._images:
            encounter = self.map_scene.encounter
            grid = encounter.grid
            assert grid is not None
            revealed = encounter.fog.mask(grid)
            if self.paper and opaque:
                words, scale = paper_argb(revealed), 1
            else:
                words, scale = fog_argb(revealed, opaque=opaque, style=encounter.fog.style)
            self._images[opaque] = (argb_image(words), scale)
        return self._images[opaque]

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        encounter = self.map_scene.encounter
        fog = encounter.fog
        if not fog.enabled:
            return
        opaque = self.opaque()
        if not opaque and not self.tint_shown:
            return
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        brush = self._cloth if fog.style == "cloth" else QBrush(QColor(*FLAT))
        if self.paper:
            brush = QBrush(Qt.GlobalColor.white)
        map_rect = self.map_scene.layer.scene_rect()
        if encounter.grid is not None:
            if opaque:  # the margin round the map too: the players see only what was found
                margin = QPainterPath()
                margin.addRect(self.boundingRect())
                inner = QPainterPath()
                inner.addRect(map_rect)
                painter.fillPath(margin.subtracted(inner), brush)
            image, _scale = self._image(opaque)
            painter.drawImage(map_rect, image)
        else:
            painter.fillPath(self._area_fog(opaque), brush if opaque else QBrush(QColor(*TINT)))
        painter.restore()

    def _area_fog(self, opaque: bool) -> QPainterPath:
        """Everything but the revealed areas (players), or the unrevealed areas (GM)."""
        layer = self.map_scene.layer
        assert isinstance(layer, AreaLayer)
        revealed = self.map_scene.encounter.fog.areas
        outlines: dict[str, QPolygonF] = layer.outlines()
        path = QPainterPath()
        if opaque:
            path.addRect(self.boundingRect())
            found = QPainterPath()
            for area_id in revealed:
                if area_id in outlines:
                    found.addPolygon(outlines[area_id])
                    found.closeSubpath()
            return path.subtracted(found)
        for area_id, outline in outlines.items():
            if area_id not in revealed:
                path.addPolygon(outline)
                path.closeSubpath()
        return path


def install_fog_layer(scene: MapScene) -> FogItem:
    """Put a fog item on ``scene`` and keep it in step with the fog (which tokens show
    is the scene's: :meth:`MapScene.shows_token`). Every scene the players may see
    (the player view, the players' snapshot and prints) and the GM's has one."""
    item = FogItem(scene)
    scene.addItem(item)
    scene.add_layer(item)
    scene.sceneRectChanged.connect(lambda _rect: item.refresh())  # a new map, a resized one
    scene.tokens_refreshed.connect(item.update)
    return item
