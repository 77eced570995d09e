"""A link's QR code as a pixmap (segno: pure Python, no image library needed)."""

from __future__ import annotations

import io

import segno
from PySide6.QtGui import QPixmap

QR_SCALE = 4
"""Pixels per QR module: about 180 pixels for a link, easy for a phone's camera."""


def qr_pixmap(text: str, scale: int = QR_SCALE) -> QPixmap:
    buffer = io.BytesIO()
    segno.make(text, error="m").save(buffer, kind="png", scale=scale, border=2)
    pixmap = QPixmap()
    pixmap.loadFromData(buffer.getvalue(), "PNG")
    return pixmap
