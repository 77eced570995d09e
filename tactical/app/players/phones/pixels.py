"""Pictures decoded for the phones' server: RGBA arrays, decoded once, safe off the GUI thread.

QImage is reentrant, so decoding in the server's worker thread is sound; the
cache has its own lock. Path pictures are read only from the encounter file's
folder, by the same rules as the map view (:class:`tactical.app.storage.pictures.PictureCache`),
which reads each picture's size from its header before decoding it.

Token pictures are cut to their centred square as the TV cuts them
(:func:`tactical.app.map.scene.token_pictures.square_crop`), resampled to at most
:data:`tactical.share.token_art.TOKEN_ART_SIDE` a side and written as PNG once
per picture; the server sends each only to links whose view shows its token.
"""

from __future__ import annotations

import threading
from pathlib import Path

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage

from tactical.app.map.scene.token_pictures import square_crop
from tactical.app.storage.pictures import PictureCache
from tactical.core.encounter import Encounter
from tactical.share.art import Rgba
from tactical.share.token_art import TOKEN_ART_SIDE, TokenArt, TokenArtSource, token_art
from tactical.share.view import ArtSource


def rgba_pixels(image: QImage) -> Rgba:
    """A QImage's pixels as ``[row, column, (r, g, b, a)]``."""
    image = image.convertToFormat(QImage.Format.Format_RGBA8888)
    width, height, stride = image.width(), image.height(), image.bytesPerLine()
    raw = np.frombuffer(image.constBits(), dtype=np.uint8, count=image.sizeInBytes())
    return raw.reshape(height, stride)[:, : width * 4].reshape(height, width, 4).copy()


def token_pixels(image: QImage, side: int = TOKEN_ART_SIDE) -> Rgba:
    """The centred square of ``image``, at most ``side`` pixels a side, as RGBA."""
    square = square_crop(image)
    if square.width() > side:
        square = square.scaled(
            side,
            side,
            Qt.AspectRatioMode.IgnoreAspectRatio,
            Qt.TransformationMode.SmoothTransformation,
        )
    return rgba_pixels(square)


class ArtPixels:
    """Decoded background pictures and token pictures by picture id, for one file's folder."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self._lock = threading.Lock()
        self._cache = PictureCache()
        self._pixels: dict[str, Rgba | None] = {}
        self._tokens: dict[str, TokenArt | None] = {}

    @property
    def problems(self) -> dict[str, str]:
        """Why a picture is not sent (missing, unsafe, over the limits), by picture id."""
        with self._lock:
            return dict(self._cache.problems)

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

    def token_source(self, encounter: Encounter) -> TokenArtSource:
        """The phones' token pictures over the pictures ``encounter`` holds now."""
        pictures = Encounter(encounter.map, pictures=list(encounter.pictures.values()))

        def art(picture_id: str) -> TokenArt | None:
            with self._lock:
                if picture_id not in self._tokens:
                    image = self._cache.image(pictures, picture_id, self.folder, TOKEN_ART_SIDE)
                    self._tokens[picture_id] = (
                        None if image is None else token_art(token_pixels(image))
                    )
                return self._tokens[picture_id]

        return art
