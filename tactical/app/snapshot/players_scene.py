"""The scene a players' print is drawn from: the players' copy, its picture cut.

Blank paper over the fog used to cover what lay under it, but a PDF keeps what
is covered: a select-all read the fogged chamber's heights. A players' print,
picture or table-scale page is drawn instead from a document over
:func:`tactical.share.players_copy.players_encounter` (only what the players
may read), and the background picture is cut before it is drawn: every pixel
outside the squares (or areas) they may see is made transparent, so the PDF's
picture holds nothing of the rest either. The GM's document is only read.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import numpy.typing as npt
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QImage, QPainter, QPainterPath, QPolygonF

from tactical.app.encounter.document import EncounterDocument
from tactical.app.fog.layer import install_fog_layer
from tactical.app.map.geometry import CELL
from tactical.app.map.scene.background import BackgroundArt, shared_cache
from tactical.app.map.scene.token_pictures import lend_token_pictures
from tactical.app.snapshot.print_scene import PrintScene
from tactical.app.storage.pictures import PictureCache
from tactical.core.encounter import Encounter
from tactical.core.pictures import Background
from tactical.share.players import PlayersView, players_view
from tactical.share.players_copy import players_encounter


def picture_squares(
    background: Background, width: int, height: int, squares: npt.NDArray[np.bool_]
) -> npt.NDArray[np.bool_]:
    """``[y, x]``: the picture's pixels whose centre lies on one of ``squares``."""
    rows_n, cols_n = squares.shape
    cols = np.floor((np.arange(width) + 0.5 - background.x) / background.square_px)
    rows = np.floor((np.arange(height) + 0.5 - background.y) / background.square_px)
    cols_i, rows_i = cols.astype(np.int64), rows.astype(np.int64)
    in_x = (cols_i >= 0) & (cols_i < cols_n)
    in_y = (rows_i >= 0) & (rows_i < rows_n)
    shown = squares[np.clip(rows_i, 0, rows_n - 1)[:, None], np.clip(cols_i, 0, cols_n - 1)]
    result: npt.NDArray[np.bool_] = shown & in_y[:, None] & in_x[None, :]
    return result


def _cut_to_squares(
    image: QImage, background: Background, squares: npt.NDArray[np.bool_]
) -> QImage:
    cut = image.convertToFormat(QImage.Format.Format_ARGB32)
    width, height = cut.width(), cut.height()
    line = cut.bytesPerLine() // 4
    pixels = np.frombuffer(cut.bits(), dtype=np.uint32).reshape(height, line)[:, :width]
    pixels[~picture_squares(background, width, height, squares)] = 0  # transparent
    return cut


def _cut_to_areas(
    image: QImage, background: Background, encounter: Encounter, areas: frozenset[str]
) -> QImage:
    """Only the areas ``areas`` of the picture, rasterised (a clip in a PDF would keep it all)."""
    cut = QImage(image.size(), QImage.Format.Format_ARGB32)
    cut.fill(Qt.GlobalColor.transparent)
    area_map = encounter.area_map
    assert area_map is not None
    path = QPainterPath()
    scale = background.square_px
    for area in area_map:
        if area.id in areas:
            points = [
                QPointF(x * scale + background.x, y * scale + background.y) for x, y in area.points
            ]
            path.addPolygon(QPolygonF(points))
            path.closeSubpath()
    painter = QPainter(cut)
    try:
        painter.setClipPath(path)
        painter.drawImage(0, 0, image)
    finally:
        painter.end()
    return cut


def cut_picture(
    image: QImage, background: Background, encounter: Encounter, view: PlayersView
) -> QImage:
    """``image`` with every pixel outside what ``view`` may see transparent."""
    if view.squares is not None:
        if view.squares.all() and encounter.grid is not None:
            return image
        return _cut_to_squares(image, background, view.squares)
    areas = view.areas or frozenset()
    area_map = encounter.area_map
    if area_map is not None and areas == frozenset(area_map.areas) and not encounter.fog.enabled:
        return image
    return _cut_to_areas(image, background, encounter, areas)


class CutBackground(BackgroundArt):
    """The GM's background picture, decoded through the GM's cache, cut to ``view``."""

    def __init__(self, cache: PictureCache, source: Encounter, view: PlayersView) -> None:
        super().__init__(cache)
        self.source = source
        self.view = view

    def update(self, encounter: Encounter, folder: Path | None) -> None:
        """Decode the source's picture (``encounter``, the copy, has none) and cut it."""
        before = self.image
        super().update(self.source, folder)
        image, background = self.image, self.source.background
        if image is not None and image is not before and background is not None:
            self._levels = [cut_picture(image, background, self.source, self.view)]


def players_document(document: EncounterDocument) -> tuple[EncounterDocument, PlayersView]:
    """A document over the players' copy of ``document``'s encounter, its highlights too."""
    view = players_view(document.encounter)
    copy = EncounterDocument(players_encounter(document.encounter, view), document.path)
    shown = set(view.tokens)
    copy.set_highlights(
        document.acting & shown, document.targets & shown, document.public_targets & shown
    )
    return copy, view


def map_extent(encounter: Encounter) -> QRectF:
    """The whole map in scene units, found or not (the copy of an area map keeps only
    the found areas; the page lays out the whole map all the same)."""
    grid, area_map = encounter.grid, encounter.area_map
    if grid is not None:
        return QRectF(0, 0, grid.width * CELL, grid.height * CELL)
    assert area_map is not None
    x0, y0, x1, y1 = area_map.bounds()
    return QRectF(x0 * CELL, y0 * CELL, (x1 - x0) * CELL, (y1 - y0) * CELL)


def players_print_scene(document: EncounterDocument) -> PrintScene:
    """The players' print of ``document``: drawn from their copy, fog as blank paper."""
    copy, view = players_document(document)
    lend_token_pictures(copy, document)  # the GM's copies: each picture scaled once
    scene = PrintScene(copy, player=True)
    copy.setParent(scene)  # the copy goes with its scene
    install_fog_layer(scene).paper = True
    scene.extent = map_extent(document.encounter)
    if document.encounter.background is not None:
        cut = CutBackground(shared_cache(document), document.encounter, view)
        scene.ground.use_background_art(cut)  # decoded and cut now
    scene.fit_scene_rect()  # round the whole map's extent, not only the found part
    return scene
