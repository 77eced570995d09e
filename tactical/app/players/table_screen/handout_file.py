"""Reading a handout picture: its size from the header first, then only if it is sane.

A picture is a file anyone can hand the GM; a huge or lying one must not
take the app's memory. The header is read with QImageReader before any
decoding, and a picture larger than :data:`MAX_SIDE` pixels a side or
:data:`MAX_PIXELS` in all is refused with a message naming the limit.
Larger-than-screen pictures are decoded scaled down to ``fit`` where the
format allows it.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QImage

from tactical.app.storage.pictures import (
    MAX_PICTURE_FILE_BYTES,
    allow_format_pictures,
    reader_over_bytes,
)
from tactical.persistence.safe_read import ReadRefused, read_regular_file

MAX_SIDE = 16_384
MAX_PIXELS = 200_000_000


class HandoutError(Exception):
    """The picture cannot be shown; the message says why, in plain words."""


def read_handout(path: Path, fit: QSize | None = None) -> QImage:
    """The picture at ``path``, decoded no larger than ``fit`` (aspect kept); or HandoutError."""
    try:  # a regular file only, and bounded: a pipe or a device is refused unread
        data = read_regular_file(path, MAX_PICTURE_FILE_BYTES)
    except ReadRefused as error:
        raise HandoutError(f"{path.name} {error}.") from None
    allow_format_pictures()
    reader, _buffer = reader_over_bytes(data)
    size = reader.size()
    if not size.isValid() or size.isEmpty():
        reason = reader.errorString() or "not a picture Qt can read"
        raise HandoutError(f"{path.name}: cannot read its size ({reason}).")
    w, h = size.width(), size.height()
    if w > MAX_SIDE or h > MAX_SIDE:
        raise HandoutError(
            f"{path.name} is {w} x {h} pixels: handouts may be at most {MAX_SIDE:,} pixels a side."
        )
    if w * h > MAX_PIXELS:
        megapixels = w * h / 1_000_000
        raise HandoutError(
            f"{path.name} has {megapixels:.0f} megapixels: handouts may have at most "
            f"{MAX_PIXELS // 1_000_000} megapixels."
        )
    if fit is not None and fit.isValid() and (w > fit.width() or h > fit.height()):
        reader.setScaledSize(size.scaled(fit, Qt.AspectRatioMode.KeepAspectRatio))
    image = reader.read()
    if image.isNull():
        raise HandoutError(f"{path.name}: {reader.errorString() or 'the picture is damaged'}.")
    return image
