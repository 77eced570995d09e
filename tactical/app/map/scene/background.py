"""The background picture under the map (bought battle maps, a tavern's plan).

:class:`BackgroundArt` keeps the encounter's background decoded once (through
:class:`~tactical.app.storage.pictures.PictureCache`) and halved copies of it made on
first need, so a zoomed-out view of a 6,000-pixel picture scales a small copy,
not the whole picture, on every exposed strip. :func:`paint_map` draws a map
with its picture (the GM's scene and the player view); snapshots call
:func:`paint_picture` before their own drawing of the layer. The layers
(elevation and terrain shading, grid lines, area fills) are drawn over the
picture at the background's ``overlay_opacity`` (``layer.overlay``, set by the
scene); walls, outlines, names and elevation numbers stay fully drawn.

A picture that is missing, unsafe or over the limits leaves the map drawn as
without one, and :attr:`BackgroundArt.problem` says why (the window shows it).
"""

from __future__ import annotations

import math
import weakref
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QImage, QPainter

from tactical.app.map.geometry import CELL
from tactical.app.map.scene.source import MapSource
from tactical.app.storage.pictures import PictureCache
from tactical.core.encounter import Encounter
from tactical.core.pictures import Background

if TYPE_CHECKING:
    from tactical.app.map.scene.context import MapLayer

SMALLEST_LEVEL = 256
"""Halved copies stop at this many pixels on the longer side."""


def picture_scene_rect(background: Background, width: int, height: int) -> QRectF:
    """Where a ``width`` x ``height`` picture lies in scene units under ``background``."""
    unit = CELL / background.square_px
    return QRectF(-background.x * unit, -background.y * unit, width * unit, height * unit)


_SHARED: weakref.WeakKeyDictionary[MapSource, PictureCache] = weakref.WeakKeyDictionary()


def shared_cache(document: MapSource) -> PictureCache:
    """The one picture cache of a document: the GM's scene, the player view and every
    snapshot decode a big picture once between them. It is emptied when another
    encounter is loaded into the document."""
    cache = _SHARED.get(document)
    if cache is None:
        cache = _SHARED[document] = PictureCache()
        document.encounter_replaced.connect(cache.clear)
    return cache


class PaintedMap(Protocol):
    """What :func:`paint_map` reads of a scene (the GM's, the players', a printed one)."""

    @property
    def encounter(self) -> Encounter: ...

    @property
    def background_art(self) -> BackgroundArt: ...

    @property
    def layer(self) -> MapLayer: ...


class BackgroundArt:
    """The decoded background of one scene's encounter, with halved copies for zooming out."""

    def __init__(self, cache: PictureCache | None = None) -> None:
        self.cache = cache if cache is not None else PictureCache()
        self._levels: list[QImage] = []
        self._key: tuple[str, str | None] | None = None
        self.problem: str | None = None
        """Why the encounter's background is not shown, or None."""

    def reset(self) -> None:
        """Forget the picture shown (another encounter was loaded)."""
        self._levels = []
        self._key = None
        self.problem = None

    def update(self, encounter: Encounter, folder: Path | None) -> None:
        """Decode the encounter's background when it names another picture than before."""
        background = encounter.background
        if background is None:
            self._levels, self._key, self.problem = [], None, None
            return
        key = (background.picture, None if folder is None else str(folder))
        if key == self._key:
            return
        self._key = key
        image = self.cache.image(encounter, background.picture, folder)
        if image is None:
            self._levels = []
            self.problem = self.cache.problems.get(
                background.picture, "is not among the encounter's pictures"
            )
        else:
            self._levels = [image]
            self.problem = None

    @property
    def image(self) -> QImage | None:
        """The full-size picture, or None when there is none to show."""
        return self._levels[0] if self._levels else None

    def scene_rect(self, background: Background | None) -> QRectF:
        """Where the picture lies in scene units (empty without a picture)."""
        image = self.image
        if background is None or image is None:
            return QRectF()
        return picture_scene_rect(background, image.width(), image.height())

    def _level(self, picture_per_screen: float) -> int:
        """The halved copy to draw when one screen pixel covers this many picture pixels."""
        wanted = max(0, math.floor(math.log2(max(picture_per_screen, 1.0))))
        while len(self._levels) <= wanted:
            last = self._levels[-1]
            if max(last.width(), last.height()) <= SMALLEST_LEVEL:
                break
            self._levels.append(
                last.scaled(
                    max(1, last.width() // 2),
                    max(1, last.height() // 2),
                    Qt.AspectRatioMode.IgnoreAspectRatio,
                    Qt.TransformationMode.SmoothTransformation,
                )
            )
        return min(wanted, len(self._levels) - 1)

    def paint(self, painter: QPainter, background: Background, rect: QRectF, scale: float) -> None:
        """Draw the part of the picture inside the scene rectangle ``rect``."""
        image = self.image
        if image is None:
            return
        whole = picture_scene_rect(background, image.width(), image.height())
        target = whole.intersected(rect)
        if target.isEmpty():
            return
        level = self._level(background.square_px / (CELL * max(scale, 1e-9)))
        copy = self._levels[level]
        per_unit = copy.width() / whole.width()
        per_unit_y = copy.height() / whole.height()
        source = QRectF(
            (target.left() - whole.left()) * per_unit,
            (target.top() - whole.top()) * per_unit_y,
            target.width() * per_unit,
            target.height() * per_unit_y,
        )
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        painter.drawImage(target, copy, source)
        painter.restore()


def paint_picture(painter: QPainter, scene: PaintedMap, rect: QRectF) -> None:
    """Paint the background picture of ``scene`` inside ``rect`` (nothing without one).

    Called before the map's layer is painted, which the scene has told how
    strongly to draw over the picture (``layer.overlay``). On a grid the
    picture is cut at the map's edge (tokens never stand beyond it); an area
    map shows all of it (areas may be traced anywhere on it).
    """
    background = scene.encounter.background
    art = scene.background_art
    if background is None or art.image is None:
        return
    shown = rect.intersected(scene.layer.scene_rect()) if scene.encounter.grid else rect
    world = painter.worldTransform()
    art.paint(painter, background, shown, math.hypot(world.m11(), world.m12()))  # turned too


def paint_map(painter: QPainter, scene: PaintedMap, rect: QRectF) -> None:
    """Paint the map of ``scene`` inside ``rect``: its background picture, then its layer."""
    paint_picture(painter, scene, rect)
    world = painter.worldTransform()
    scene.layer.paint(painter, rect, math.hypot(world.m11(), world.m12()))  # turned views too
