"""The fog drawn over a map scene: opaque for the players, a tint the GM can hide.

One item per scene above the tokens and templates, so whatever lies under fog
(terrain, the background picture, walls, tokens, templates, labels) is painted
over. On the players' screens (a player scene, the players' snapshot, the GM
window while it hides secrets) fog is opaque and also fills the margin round
the map; the GM's window draws it as a tint (:attr:`FogItem.tint_shown`).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QImage, QPainter, QPainterPath, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from tactical.app.fog.look import FLAT, TINT, cloth_tile_argb
from tactical.app.fog.picture import FogPicture
from tactical.app.map.geometry import CELL
from tactical.app.map.scene.area_layer import AreaLayer
from tactical.app.map.scene.context import Refreshed, SceneContext
from tactical.app.map.scene.map_scene import MapScene
from tactical.app.map.scene.stacking import FOG_Z
from tactical.core.changes import ChangeSet
from tactical.core.fog import FogMark
from tactical.core.square_bits import Box


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
        self._pictures: dict[bool, FogPicture] = {}
        """The grid's fog pictures this item has drawn, opaque (True) and tint (False): kept,
        and redrawn where the fog changes (:class:`FogPicture`)."""
        self._cloth = QBrush(argb_image(cloth_tile_argb()))
        self.paper = False
        """On paper: fog is blank paper (white), not a sheet of dark ink; it still hides all."""
        self._enabled = scene.encounter.fog.enabled
        """Whether fog was on at the last change seen (turned on or off: repainted whole)."""
        self._drawn_opaque = self.opaque()
        """Whether the last paint drew fog opaque."""
        self._mark: FogMark | None = None
        """Where the fog's squares stood when the kept pictures last followed them."""

    def refresh(self) -> None:
        """Forget the kept pictures (the map or the filter changed) and repaint."""
        self._pictures.clear()
        self._enabled = self.map_scene.encounter.fog.enabled
        self.prepareGeometryChange()
        self.update()

    def apply(self, changes: ChangeSet) -> Refreshed:
        """New fog, or new areas to fog: drawn again; on a grid, only the squares whose fog
        changed, in the kept pictures, before the next frame."""
        if "areas" in changes.kinds or ("fog" in changes.kinds and not self._follow_fog()):
            self.refresh()
        return Refreshed.NOTHING

    def _follow_fog(self) -> bool:
        """Redraw the kept pictures where the grid's fog changed and repaint that part; False
        when they cannot follow (no grid, another map)."""
        encounter = self.map_scene.encounter
        grid = encounter.grid
        if grid is None:
            return False
        revealed = encounter.fog.mask(grid)
        if any(not p.fits(revealed, **self._look(o)) for o, p in self._pictures.items()):
            return False
        boxes = self._catch_up()
        if encounter.fog.enabled != self._enabled:  # turned on or off: all of it
            self._enabled = encounter.fog.enabled
            self.update()
        for top, left, bottom, right in boxes:
            self._update_squares(top, left, bottom, right)
        return True

    def _catch_up(self) -> list[Box]:
        """Bring the kept pictures up to the fog, looking only where it may have changed
        since they last did (a dab: its box); the boxes they redrew."""
        fog, grid = self.map_scene.encounter.fog, self.map_scene.encounter.grid
        assert grid is not None
        within = fog.changed_since(self._mark, grid)
        self._mark = fog.mark(grid)
        if within is None:
            return []
        revealed = fog.mask(grid)
        boxes = [picture.follow(revealed, within) for picture in self._pictures.values()]
        return [box for box in boxes if box is not None]

    def _update_squares(self, top: int, left: int, bottom: int, right: int) -> None:
        """Repaint the squares of a box (and only them, where nothing else changed)."""
        origin = self.map_scene.layer.scene_rect().topLeft()
        self.update(
            QRectF(
                origin.x() + left * CELL,
                origin.y() + top * CELL,
                (right - left) * CELL,
                (bottom - top) * CELL,
            )
        )

    def follow_filter(self) -> None:
        """The scene's tokens changed, perhaps with its filter (the GM's window hiding its
        secrets draws fog opaque): repainted whole only when the filter changed."""
        if self.opaque() != self._drawn_opaque:
            self.update()

    def rebuild(self) -> None:
        """Another encounter or a resized grid: drawn again."""
        self.refresh()

    def boundingRect(self) -> QRectF:
        return self.map_scene.sceneRect()

    def opaque(self) -> bool:
        return self.map_scene.player

    def _look(self, opaque: bool) -> dict[str, Any]:
        return {
            "opaque": opaque,
            "style": self.map_scene.encounter.fog.style,
            "paper": self.paper and opaque,
        }

    def _image(self, opaque: bool) -> QImage:
        """The picture of the grid's fog as this screen draws it, made or brought up to date."""
        encounter = self.map_scene.encounter
        grid = encounter.grid
        assert grid is not None
        revealed = encounter.fog.mask(grid)
        look = self._look(opaque)
        picture = self._pictures.get(opaque)
        if picture is None or not picture.fits(revealed, **look):
            self._pictures.pop(opaque, None)
            self._catch_up()  # the others, before the new one is made as the fog is now
            picture = self._pictures[opaque] = FogPicture(revealed, **look)
        else:
            self._catch_up()  # nothing to do when apply() has followed already
        return picture.image

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
        opaque = self._drawn_opaque = self.opaque()
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
            painter.drawImage(map_rect, self._image(opaque))
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
    scene.tokens_refreshed.connect(item.follow_filter)
    return item
