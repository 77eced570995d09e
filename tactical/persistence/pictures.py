"""Pictures inside files, judged without Qt and without decoding a pixel.

A picture's real type is sniffed from its first bytes (PNG, JPEG, WebP) and its
width and height read from its header (PNG IHDR, JPEG SOFn, WebP VP8 / VP8L /
VP8X), so the loader and the importers refuse a picture over the limits
(:data:`~tactical.core.pictures.MAX_PICTURE_SIDE`,
:data:`~tactical.core.pictures.MAX_PICTURE_PIXELS`, :data:`MAX_PICTURE_BYTES`)
before anyone spends memory decoding it. A picture *path* written in a file
someone sent must stay beside that file:
:func:`tactical.persistence.paths.unsafe_relative_path` says why a path is refused
(absolute, ``..``, a URL, a drive letter, a network share).
"""

from __future__ import annotations

import struct
from dataclasses import dataclass

from tactical.core.pictures import MediaType, picture_size_problem

MAX_PICTURE_BYTES = 160 * 1024 * 1024
"""The largest picture (its file, not its pixels) tactical embeds in an encounter.

Written as base64 it takes 4/3 of this (213 MiB), which leaves room for the
map within the encounter file's cap (``MAX_FILE_BYTES``, 256 MiB)."""

JPEG_SCAN_BYTES = 4 * 1024 * 1024
"""How far into a JPEG its size may be looked for (EXIF and colour profiles come first)."""


class PictureHeaderError(ValueError):
    """Not a picture tactical uses; the message says why in a GM's words."""


@dataclass(frozen=True)
class PictureHeader:
    """What a picture's first bytes say: its type and its size in pixels."""

    media_type: MediaType
    width: int
    height: int

    @property
    def kind(self) -> str:
        """``PNG``, ``JPEG`` or ``WebP``, as a GM reads it."""
        return {"image/png": "PNG", "image/jpeg": "JPEG", "image/webp": "WebP"}[self.media_type]


def sniff_media_type(data: bytes) -> MediaType | None:
    """The picture type the magic bytes announce, or None."""
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "image/png"
    if data.startswith(b"\xff\xd8\xff"):
        return "image/jpeg"
    if len(data) >= 12 and data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "image/webp"
    return None


def read_picture_header(data: bytes) -> PictureHeader:
    """The type and size of the picture in ``data``; PictureHeaderError when unusable.

    Checks the byte size, the type and the limits; never decodes pixels.
    """
    if len(data) > MAX_PICTURE_BYTES:
        raise PictureHeaderError(
            f"is larger than {MAX_PICTURE_BYTES // (1024 * 1024)} MiB, "
            "the largest picture tactical keeps in an encounter"
        )
    media_type = sniff_media_type(data)
    if media_type is None:
        raise PictureHeaderError("is not a PNG, JPEG or WebP picture")
    try:
        if media_type == "image/png":
            width, height = _png_size(data)
        elif media_type == "image/jpeg":
            width, height = _jpeg_size(data)
        else:
            width, height = _webp_size(data)
    except (struct.error, IndexError):
        width, height = 0, 0
    header = PictureHeader(media_type, width, height)
    check_picture_size(header)
    return header


def check_picture_size(header: PictureHeader) -> None:
    """PictureHeaderError when the size is unreadable or over the limits."""
    width, height = header.width, header.height
    if width <= 0 or height <= 0:
        raise PictureHeaderError(f"is a damaged {header.kind}: its header gives no size")
    problem = picture_size_problem(width, height)
    if problem is not None:
        raise PictureHeaderError(problem)


def _png_size(data: bytes) -> tuple[int, int]:
    if data[12:16] != b"IHDR":
        return 0, 0
    width, height = struct.unpack(">II", data[16:24])
    return int(width), int(height)


_SOF = {0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}
"""Start-of-frame markers (SOF0..SOF15 without DHT C4, JPG C8 and DAC CC)."""


def _jpeg_size(data: bytes) -> tuple[int, int]:
    """Walk the segments after SOI to the first SOFn; (0, 0) when none is found."""
    index = 2
    end = min(len(data), JPEG_SCAN_BYTES)
    while index + 4 <= end:
        if data[index] != 0xFF:
            return 0, 0
        marker = data[index + 1]
        if marker == 0xFF:  # fill byte
            index += 1
            continue
        if marker in (0x01, *range(0xD0, 0xD8)):  # no length
            index += 2
            continue
        if marker in (0xD9, 0xDA):  # end of image, start of scan: no frame before
            return 0, 0
        (length,) = struct.unpack(">H", data[index + 2 : index + 4])
        if marker in _SOF:
            height, width = struct.unpack(">HH", data[index + 5 : index + 9])
            return int(width), int(height)
        if length < 2:
            return 0, 0
        index += 2 + length
    return 0, 0


def _webp_size(data: bytes) -> tuple[int, int]:
    chunk = data[12:16]
    if chunk == b"VP8 ":
        if data[23:26] != b"\x9d\x01\x2a":
            return 0, 0
        width, height = struct.unpack("<HH", data[26:30])
        return width & 0x3FFF, height & 0x3FFF
    if chunk == b"VP8L":
        if data[20] != 0x2F:
            return 0, 0
        (bits,) = struct.unpack("<I", data[21:25])
        return (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    if chunk == b"VP8X":
        width = int.from_bytes(data[24:27], "little") + 1
        height = int.from_bytes(data[27:30], "little") + 1
        return width, height
    return 0, 0
