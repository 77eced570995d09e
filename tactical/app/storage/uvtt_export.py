"""Export a grid encounter as a Universal VTT file: the map drawn, the walls as data.

The picture is the map as the players' snapshot draws it (background picture,
grid and shading, walls; no tokens, templates or secrets: the other tool puts
its own tokens on top), rendered through the snapshot's public entry points
at a whole number of pixels per square; the rest is
:mod:`tactical.persistence.foreign.uvtt_write`. The file is written
atomically, so a failed export leaves nothing behind.
"""

from __future__ import annotations

import math
import os
import sys
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF, Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from shiboken6 import delete, isValid

from tactical.app.encounter.document import EncounterDocument
from tactical.app.snapshot.render import make_scene
from tactical.core.encounter import Encounter
from tactical.core.wall_lines import WallLine
from tactical.persistence import write_atomic
from tactical.persistence.foreign.uvtt_write import dumps_uvtt, to_uvtt

DEFAULT_PIXELS_PER_SQUARE = 100
MAX_EXPORT_SIDE = 8192
"""The exported picture's longest side at most (other tools choke on bigger)."""
MAX_EXPORT_PIXELS = 40_000_000


def export_pixels_per_square(encounter: Encounter) -> int:
    """The background's pixels per square (rounded), else 100, shrunk to the size limits."""
    grid = encounter.grid
    if grid is None:
        raise ValueError(
            "only grid maps can be exported to Universal VTT (an area map has no grid)"
        )
    wanted = encounter.background.square_px if encounter.background else DEFAULT_PIXELS_PER_SQUARE
    side = MAX_EXPORT_SIDE / max(grid.width, grid.height)
    area = math.sqrt(MAX_EXPORT_PIXELS / (grid.width * grid.height))
    return max(1, min(round(wanted), math.floor(side), math.floor(area)))


def _map_only(encounter: Encounter) -> Encounter:
    """The same map, picture and sides without tokens, templates or procedure.

    Doors are drawn closed: the file's portals are written closed (UVTT's
    ``closed: false`` means a window), and a leaf drawn ajar into the picture
    would stay ajar in the other tool, and on the art after an import back.
    """
    assert encounter.grid is not None
    grid = encounter.grid.copy()
    grid.wall_lines = [
        WallLine(line.a, line.b, line.kind) if line.open else line for line in grid.wall_lines
    ]
    return Encounter(
        grid,
        sides=list(encounter.sides.values()),
        name=encounter.name,
        pictures=list(encounter.pictures.values()),
        background=encounter.background,
    )


def render_map_png(encounter: Encounter, source: Path | None, pixels_per_square: int) -> bytes:
    """The grid map as the players' snapshot draws it, ``pixels_per_square`` per square, as PNG."""
    grid = encounter.grid
    assert grid is not None
    document = EncounterDocument(_map_only(encounter), source)
    scene = make_scene(document, "players")
    try:
        image = QImage(
            grid.width * pixels_per_square,
            grid.height * pixels_per_square,
            QImage.Format.Format_RGB32,
        )
        image.fill(Qt.GlobalColor.white)
        painter = QPainter(image)
        try:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
            scene.render(
                painter,
                QRectF(0, 0, image.width(), image.height()),
                scene.layer.scene_rect(),
                Qt.AspectRatioMode.IgnoreAspectRatio,
            )
        finally:
            painter.end()
    finally:
        if isValid(scene):
            delete(scene)
        document.deleteLater()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):  # type: ignore[call-overload]  # PySide6 stubs want bytes; it takes only str
        raise OSError("the map's picture could not be made")
    return bytes(data.data())


def export_uvtt(encounter: Encounter, source: Path | None, out: str | Path) -> int:
    """Write ``encounter`` as a Universal VTT 0.3 file; returns the pixels per square used.

    ValueError for an area map, OSError when the file cannot be written; in
    both cases no file is left behind.
    """
    pixels = export_pixels_per_square(encounter)
    png = render_map_png(encounter, source, pixels)
    write_atomic(Path(out), dumps_uvtt(to_uvtt(encounter, png, pixels)))
    return pixels


def export_uvtt_headless(encounter: Encounter, source: Path | None, out: str | Path) -> int:
    """:func:`export_uvtt` from the command line: starts Qt offscreen when none runs."""
    from PySide6.QtWidgets import QApplication

    if QGuiApplication.instance() is None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        app = QApplication(sys.argv[:1])
        app.setApplicationName("tactical")
    return export_uvtt(encounter, source, out)
