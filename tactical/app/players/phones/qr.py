"""A link's QR code as a pixmap (segno: pure Python, no image library needed)."""

from __future__ import annotations

import io

import segno
from PySide6.QtGui import QPixmap

QR_SCALE = 4
"""Pixels per QR module: about 200 pixels for a link, with the quiet zone of 4 modules
that phones' cameras need."""


def qr_pixmap(text: str, scale: int = QR_SCALE) -> QPixmap:
    buffer = io.BytesIO()
    segno.make(text, error="m").save(buffer, kind="png", scale=scale, border=4)
    pixmap = QPixmap()
    pixmap.loadFromData(buffer.getvalue(), "PNG")
    return pixmap
