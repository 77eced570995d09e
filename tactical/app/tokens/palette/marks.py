"""The ready-made token marks (``assets/tokens/*.svg``) as embeddable PNG pictures.

The committed PNG beside each SVG (``tools/render_token_marks.py`` draws them)
is used as it is, so a mark embedded by the palette and by the example maps is
the same picture (one id). Only a mark without its PNG is drawn here, with
QSvgRenderer when QtSvg is there (it ships with PySide6-Essentials; without it
such a mark is not offered). A mark is drawn on a light square (the ring of the
token's side frames it on any map) and kept as PNG bytes, so a file never
needs the SVG or Qt's SVG module to reopen.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from tactical.core.pictures import Picture, picture_id
from tactical.data import data_folder

MARK_PIXELS = 192
MARK_GROUND = QColor("#e9e2cf")


def render_mark(svg: Path, pixels: int = MARK_PIXELS) -> bytes | None:
    """The PNG bytes of ``svg`` drawn on the mark ground, or None when it cannot be drawn."""
    try:
        from PySide6.QtSvg import QSvgRenderer
    except ImportError:  # pragma: no cover - QtSvg ships with PySide6-Essentials
        return None
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        return None
    image = QImage(pixels, pixels, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(MARK_GROUND)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    margin = pixels * 0.16
    renderer.render(painter, QRectF(margin, margin, pixels - 2 * margin, pixels - 2 * margin))
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")  # type: ignore[call-overload]  # PySide6 stubs want bytes; it takes only str
    buffer.close()
    return bytes(data.data())


@cache
def ready_marks() -> tuple[tuple[str, Picture], ...]:
    """(name, picture) of every mark in ``assets/tokens``, by file name; the picture keeps
    the mark's name, so a token's mark is listed by it after the file is reopened."""
    folder = data_folder("assets")
    if folder is None or not (folder / "tokens").is_dir():
        return ()
    marks = []
    for svg in sorted((folder / "tokens").glob("*.svg")):
        png = svg.with_suffix(".png")
        data = png.read_bytes() if png.is_file() else render_mark(svg)
        if data is not None:
            label = svg.stem.replace("-", " ").capitalize()
            marks.append((label, Picture(picture_id(data), data, name=label)))
    return tuple(marks)
