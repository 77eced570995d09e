"""Pictures drawn by the tests with Qt, as the bytes of a file."""

from __future__ import annotations

from PySide6.QtCore import QBuffer, QByteArray, QIODevice
from PySide6.QtGui import QImage


def png_bytes(image: QImage) -> bytes:
    """``image`` saved as a PNG file, in memory."""
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    return bytes(data.data())
