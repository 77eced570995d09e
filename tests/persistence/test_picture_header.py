"""The Qt-free picture header reader: type from the magic bytes, size without decoding."""

from __future__ import annotations

import struct
import zlib

import pytest
from PySide6.QtCore import QBuffer, QByteArray, QIODevice
from PySide6.QtGui import QColor, QImage

from tactical.persistence.paths import unsafe_relative_path
from tactical.persistence.pictures import (
    MAX_PICTURE_BYTES,
    PictureHeaderError,
    read_picture_header,
)


def encoded(width: int, height: int, fmt: str, quality: int = -1) -> bytes:
    image = QImage(width, height, QImage.Format.Format_ARGB32)
    image.fill(QColor(200, 120, 40, 128))
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    assert image.save(buffer, fmt, quality)
    return bytes(data.data())


def png_header(width: int, height: int) -> bytes:
    def chunk(kind: bytes, body: bytes) -> bytes:
        return (
            struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
        )

    return b"\x89PNG\r\n\x1a\n" + chunk(
        b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    )


def webp_vp8x(width: int, height: int) -> bytes:
    body = b"\x10\0\0\0" + (width - 1).to_bytes(3, "little") + (height - 1).to_bytes(3, "little")
    chunk = b"VP8X" + struct.pack("<I", len(body)) + body
    return b"RIFF" + struct.pack("<I", 4 + len(chunk)) + b"WEBP" + chunk


def jpeg_with_exif(width: int, height: int) -> bytes:
    """SOI, a 40 kB APP1 (EXIF) segment, then SOF2 (progressive) with the size."""
    app1 = b"\xff\xe1" + struct.pack(">H", 40_002) + b"E" * 40_000
    sof2 = b"\xff\xc2" + struct.pack(">HBHHB", 11, 8, height, width, 1) + b"\x01\x11\x00"
    return b"\xff\xd8" + app1 + b"\xff\xff" + sof2 + b"\xff\xd9"


@pytest.mark.parametrize(
    "fmt, media_type, quality",
    [
        ("PNG", "image/png", -1),
        ("JPEG", "image/jpeg", -1),
        ("WEBP", "image/webp", 80),  # lossy: VP8X (alpha) or VP8
        ("WEBP", "image/webp", 100),  # lossless: VP8L
    ],
)
def test_type_and_size_match_what_qt_reads(
    qapp: object, fmt: str, media_type: str, quality: int
) -> None:
    for width, height in ((37, 21), (640, 3), (1, 1)):
        data = encoded(width, height, fmt, quality)
        header = read_picture_header(data)
        assert (header.media_type, header.width, header.height) == (media_type, width, height)
        size = QImage.fromData(data).size()  # decoded, where Qt can: the same size
        assert size.isEmpty() or (size.width(), size.height()) == (width, height)


def test_webp_lossy_without_alpha_is_a_plain_vp8_chunk(qapp: object) -> None:
    image = QImage(50, 30, QImage.Format.Format_RGB32)
    image.fill(QColor("#336699"))
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    assert image.save(buffer, "WEBP", 70)
    raw = bytes(data.data())
    header = read_picture_header(raw)
    assert raw[12:16] in (b"VP8 ", b"VP8X")
    assert (header.kind, header.width, header.height) == ("WebP", 50, 30)


def test_jpeg_size_is_found_after_an_exif_segment_and_fill_bytes() -> None:
    header = read_picture_header(jpeg_with_exif(6144, 3456))
    assert (header.kind, header.width, header.height) == ("JPEG", 6144, 3456)


def test_vp8x_sizes_need_24_bits() -> None:
    header = read_picture_header(webp_vp8x(16_000, 12_000))
    assert (header.width, header.height) == (16_000, 12_000)


def test_the_type_comes_from_the_bytes() -> None:
    with pytest.raises(PictureHeaderError, match="is not a PNG, JPEG or WebP picture"):
        read_picture_header(b"GIF89a" + b"\0" * 40)
    with pytest.raises(PictureHeaderError, match="is not a PNG, JPEG or WebP picture"):
        read_picture_header(b"<svg xmlns='http://www.w3.org/2000/svg'/>")


def test_limits_are_judged_from_the_header_alone() -> None:
    with pytest.raises(PictureHeaderError, match="16,384 pixels a side"):
        read_picture_header(png_header(16_385, 10))
    with pytest.raises(PictureHeaderError, match="200 megapixels"):
        read_picture_header(png_header(16_000, 12_600))
    assert read_picture_header(png_header(16_384, 12_000)).width == 16_384
    with pytest.raises(PictureHeaderError, match="16,384 pixels a side"):
        read_picture_header(webp_vp8x(16_385, 100))


@pytest.mark.parametrize(
    "data",
    [
        b"\x89PNG\r\n\x1a\n",  # signature, nothing after
        png_header(0, 10),
        b"\xff\xd8\xff\xe0\x00\x02",  # a JPEG that stops before any frame
        b"\xff\xd8\xff\xda\x00\x02",  # scan before frame
        b"RIFF\0\0\0\0WEBPVP8 \0\0\0\0\0\0\0\0\0\0",  # no start code
        b"RIFF\0\0\0\0WEBPJUNK",
    ],
)
def test_a_damaged_header_is_refused_not_a_crash(data: bytes) -> None:
    with pytest.raises(PictureHeaderError, match="damaged"):
        read_picture_header(data)


def test_the_byte_size_is_capped_before_anything_else() -> None:
    class Huge(bytes):
        def __len__(self) -> int:
            return MAX_PICTURE_BYTES + 1

    with pytest.raises(PictureHeaderError, match="larger than 160 MiB"):
        read_picture_header(Huge(png_header(10, 10)))


@pytest.mark.parametrize(
    "path, words",
    [
        ("/etc/passwd", "absolute"),
        ("../secret.png", "('..')"),
        ("art/../../x.png", "('..')"),
        ("file:///etc/passwd", "URL"),
        ("https://example.com/map.png", "URL"),
        ("C:\\maps\\map.png", "drive"),
        ("c:/maps/map.png", "drive"),
        ("\\\\server\\share\\map.png", "network"),
        ("//server/share/map.png", "network"),
        ("art\\map.png", "backslashes"),
        ("", "empty"),
        ("map\n.png", "control"),
    ],
)
def test_unsafe_picture_paths_are_refused(path: str, words: str) -> None:
    problem = unsafe_relative_path(path)
    assert problem is not None and words in problem


@pytest.mark.parametrize("path", ["map.png", "art/goblin.webp", "./art/x.jpg", "a b/c.png"])
def test_relative_paths_beside_the_file_are_fine(path: str) -> None:
    assert unsafe_relative_path(path) is None


def test_lossless_webp_is_read_from_its_vp8l_chunk(qapp: object) -> None:
    data = encoded(300, 17, "WEBP", 100)
    assert data[12:16] == b"VP8L"
    header = read_picture_header(data)
    assert (header.kind, header.width, header.height) == ("WebP", 300, 17)
