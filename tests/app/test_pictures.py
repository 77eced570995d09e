"""Pictures come in through one door: type sniffed from bytes, size from the header."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import pytest
from PySide6.QtCore import QBuffer, QByteArray, QIODevice
from PySide6.QtGui import QColor, QImage

from tactical.app.storage.pictures import (
    PictureCache,
    PictureError,
    check_picture_bytes,
    read_picture_file,
)
from tactical.core.commands import AddPicture, SetBackground, UndoStack
from tactical.core.encounter import Encounter
from tactical.core.grid import GridMap
from tactical.core.pictures import Background, Picture


def encoded(width: int, height: int, fmt: str) -> bytes:
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(QColor("#336699"))
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    assert image.save(buffer, fmt)
    return bytes(data.data())


def png_header_only(width: int, height: int) -> bytes:
    """A PNG whose header claims a size; no pixel data follows (never decoded)."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        return (
            struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
        )

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    idat = zlib.compress(b"\0" * 64)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", idat) + chunk(b"IEND", b"")


@pytest.mark.parametrize("fmt, kind", [("PNG", "PNG"), ("JPEG", "JPEG"), ("WEBP", "WebP")])
def test_the_type_comes_from_the_bytes_not_the_name(
    qapp: object, tmp_path: Path, fmt: str, kind: str
) -> None:
    path = tmp_path / "misnamed.txt"
    path.write_bytes(encoded(30, 20, fmt))
    picture, info = read_picture_file(path)
    assert (info.kind, info.width, info.height) == (kind, 30, 20)
    assert picture.data == path.read_bytes()
    assert picture.id.startswith("pic-")


def test_a_picture_over_the_side_limit_is_refused_from_its_header(qapp: object) -> None:
    with pytest.raises(PictureError, match="up to 16,384 pixels a side"):
        check_picture_bytes(png_header_only(16_385, 10))


def test_a_picture_over_the_pixel_limit_is_refused_from_its_header(qapp: object) -> None:
    with pytest.raises(PictureError, match="up to 200 megapixels"):
        check_picture_bytes(png_header_only(16_000, 13_000))


def test_text_is_not_a_picture(qapp: object) -> None:
    with pytest.raises(PictureError, match="not a PNG, JPEG or WebP"):
        check_picture_bytes(b"hello, this is not a picture")


def test_the_cache_reads_no_path_outside_the_encounter_folder(qapp: object, tmp_path: Path) -> None:
    (tmp_path / "art").mkdir()
    (tmp_path / "art" / "goblin.png").write_bytes(encoded(8, 8, "PNG"))
    (tmp_path / "secret.png").write_bytes(encoded(8, 8, "PNG"))
    folder = tmp_path / "art" / "maps"
    folder.mkdir()
    encounter = Encounter(
        GridMap(2, 2),
        pictures=[
            Picture("inside", path="../goblin.png"),
            Picture("absolute", path=str(tmp_path / "secret.png")),
        ],
    )
    cache = PictureCache()
    assert cache.image(encounter, "inside", folder) is None
    assert cache.image(encounter, "absolute", folder) is None
    assert cache.problems == {
        "inside": "its path leaves the encounter's folder ('..')",
        "absolute": "its path is an absolute path; use a path relative to the encounter's folder",
    }
    ok = Encounter(GridMap(2, 2), pictures=[Picture("g", path="goblin.png")])
    image = cache.image(ok, "g", tmp_path / "art")
    assert image is not None and (image.width(), image.height()) == (8, 8)


def test_adding_a_picture_twice_keeps_one_copy_and_undo_keeps_the_first() -> None:
    encounter = Encounter(GridMap(2, 2))
    stack = UndoStack(encounter)
    picture = Picture("pic-1", data=b"bytes")
    stack.push(AddPicture(picture))
    stack.push(AddPicture(picture))
    stack.undo()
    assert encounter.pictures == {"pic-1": picture}
    stack.undo()
    assert encounter.pictures == {}


def test_background_edits_of_one_gesture_are_one_undo_step() -> None:
    encounter = Encounter(GridMap(2, 2), pictures=[Picture("p", data=b"x")])
    stack = UndoStack(encounter)
    stack.push(SetBackground(Background("p", square_px=70)))
    for px in (71.0, 72.5, 73.0):
        stack.push(SetBackground(Background("p", square_px=px), gesture="drag-1"))
    assert encounter.background == Background("p", square_px=73.0)
    stack.undo()
    assert encounter.background == Background("p", square_px=70)
    stack.undo()
    assert encounter.background is None
