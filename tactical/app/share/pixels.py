"""Pictures decoded for the phones' server: RGBA arrays, decoded once, safe off the GUI thread.

QImage is reentrant, so decoding in the server's worker thread is sound; the
cache has its own lock. Path pictures are read only from the encounter file's
folder, by the same rules as the map view (:class:`tactical.app.pictures.PictureCache`).
"""

from __future__ import annotations

import threading
from pathlib import Path

import numpy as np
from PySide6.QtGui import QImage

from tactical.app.pictures import PictureCache
from tactical.core.encounter import Encounter
from tactical.share.art import Rgba
from tactical.share.view import ArtSource


def rgba_pixels(image: QImage) -> Rgba:
    """A QImage's pixels as ``[row, column, (r, g, b, a)]``."""
    image = image.convertToFormat(QImage.Format.Format_RGBA8888)
    width, height, stride = image.width(), image.height(), image.bytesPerLine()
    raw = np.frombuffer(image.constBits(), dtype=np.uint8, count=image.sizeInBytes())
    return raw.reshape(height, stride)[:, : width * 4].reshape(height, width, 4).copy()


class ArtPixels:
    """Decoded background pictures by picture id, for one file's folder."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self._lock = threading.Lock()
        self._cache = PictureCache()
        self._pixels: dict[str, Rgba | None] = {}

    def source(self, encounter: Encounter) -> ArtSource:
        """An art source over the pictures ``encounter`` holds now."""
        pictures = Encounter(encounter.map, pictures=list(encounter.pictures.values()))

        def pixels(picture_id: str) -> Rgba | None:
            with self._lock:
                if picture_id not in self._pixels:
                    image = self._cache.image(pictures, picture_id, self.folder)
                    self._pixels[picture_id] = None if image is None else rgba_pixels(image)
                return self._pixels[picture_id]

        return pixels
