"""Small pictures of the scenes for the Scenes dock: made when asked, kept by revision.

A scene's picture is its background art scaled down (decoded at the small
size, never whole), else its grid's heights in greys, else its areas'
outlines. It is made the first time the dock shows the scene's row and kept
with the scene's revision; a scene that changed is drawn again the next time
its row is refreshed. At most :data:`KEPT` pictures are kept (the oldest
asked-for go first), so a long evening costs a few hundred KB.
"""

from __future__ import annotations

from collections import OrderedDict

import numpy as np
from PySide6.QtCore import QBuffer, QByteArray, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QImage, QImageReader, QPainter, QPen, QPixmap, QPolygonF

from tactical.core.encounter import Encounter
from tactical.core.evening import Scene
from tactical.core.grid import Terrain

WIDTH, HEIGHT = 96, 64
"""The size of a scene's picture in the dock."""
KEPT = 64
"""How many scenes' pictures are kept at most."""
GROUND = QColor("#3b3f45")


class Thumbnails:
    """Each scene's picture, drawn again only when the scene changed."""

    def __init__(self, kept: int = KEPT) -> None:
        self.kept = kept
        self._pictures: OrderedDict[int, tuple[tuple[int, int], QPixmap]] = OrderedDict()
        self.drawn = 0
        """How many pictures were drawn (a test's count of the cache's misses)."""

    def __len__(self) -> int:
        return len(self._pictures)

    def picture(self, scene: Scene) -> QPixmap:
        """``scene``'s picture at its revision (drawn now when it changed since)."""
        key = id(scene.encounter)
        found = self._pictures.get(key)
        if found is not None and found[0] == scene.revision:
            self._pictures.move_to_end(key)
            return found[1]
        picture = QPixmap.fromImage(draw(scene.encounter))
        self.drawn += 1
        self._pictures[key] = (scene.revision, picture)
        self._pictures.move_to_end(key)
        while len(self._pictures) > self.kept:
            self._pictures.popitem(last=False)
        return picture

    def forget(self, keep: set[int]) -> None:
        """Let go of the pictures of encounters not in ``keep`` (deleted scenes)."""
        for key in [k for k in self._pictures if k not in keep]:
            del self._pictures[key]


def draw(encounter: Encounter) -> QImage:
    """A :data:`WIDTH` x :data:`HEIGHT` picture of ``encounter``'s map."""
    image = QImage(WIDTH, HEIGHT, QImage.Format.Format_RGB32)
    image.fill(GROUND)
    art = _art(encounter)
    if art is None:
        art = _heights(encounter) if encounter.grid is not None else _areas(encounter)
    if art is not None and not art.isNull():
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        size = art.size().scaled(QSize(WIDTH, HEIGHT), Qt.AspectRatioMode.KeepAspectRatio)
        x, y = (WIDTH - size.width()) / 2, (HEIGHT - size.height()) / 2
        painter.drawImage(QRectF(x, y, size.width(), size.height()), art)
        painter.end()
    return image


def _art(encounter: Encounter) -> QImage | None:
    """The background picture decoded at the picture's size (None without one)."""
    background = encounter.background
    picture = None if background is None else encounter.pictures.get(background.picture)
    if picture is None or not picture.data:
        return None
    buffer = QBuffer()
    buffer.setData(QByteArray(picture.data))
    reader = QImageReader(buffer)
    full = reader.size()
    if full.isValid():
        reader.setScaledSize(full.scaled(QSize(WIDTH, HEIGHT), Qt.AspectRatioMode.KeepAspectRatio))
    image = reader.read()
    return None if image.isNull() else image


def _heights(encounter: Encounter) -> QImage | None:
    """The grid's heights in greys, one pixel for a few squares (low dark, high light);
    impassable squares (a dungeon's rock) darkest."""
    grid = encounter.grid
    if grid is None or grid.width == 0 or grid.height == 0:
        return None
    step = max(1, -(-grid.width // WIDTH), -(-grid.height // HEIGHT))
    heights = grid.elevation[::step, ::step].astype(np.float32)  # rows, then columns
    low, high = float(heights.min()), float(heights.max())
    span = high - low or 1.0
    greys = (110 + 110 * (heights - low) / span).astype(np.uint8)
    greys[grid.terrain[::step, ::step] == Terrain.IMPASSABLE] = 35
    greys = np.ascontiguousarray(greys)
    rows, cols = greys.shape
    image = QImage(greys.data, cols, rows, cols, QImage.Format.Format_Grayscale8)
    return image.copy()  # owns its pixels: the array goes


def _areas(encounter: Encounter) -> QImage | None:
    """The area map's outlines, filled."""
    area_map = encounter.area_map
    if area_map is None or not area_map.areas:
        return None
    polygons = [area.polygon for area in area_map.areas.values()]
    left = min(p.bounds[0] for p in polygons)
    top = min(p.bounds[1] for p in polygons)
    right = max(p.bounds[2] for p in polygons)
    bottom = max(p.bounds[3] for p in polygons)
    width, height = max(right - left, 1e-6), max(bottom - top, 1e-6)
    scale = min(WIDTH / width, HEIGHT / height)
    image = QImage(
        max(1, round(width * scale)), max(1, round(height * scale)), QImage.Format.Format_RGB32
    )
    image.fill(GROUND)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QPen(QColor("#d8d2c0"), 1))
    painter.setBrush(QColor("#7d7563"))
    for polygon in polygons:
        points = [
            QPointF((x - left) * scale, (y - top) * scale) for x, y in polygon.exterior.coords
        ]
        painter.drawPolygon(QPolygonF(points))
    painter.end()
    return image
