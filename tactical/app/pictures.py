"""Reading and decoding pictures safely: the app's one door for picture bytes.

Every picture (a battle map, token art, a handout) comes in through
:func:`read_picture_file` or :func:`check_picture_bytes`: its real type is
sniffed from its bytes (not its name) and its size read from its header with
QImageReader, and a picture over the limits is refused before a single pixel
is decoded. :class:`PictureCache` decodes each picture of an encounter once.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QSize
from PySide6.QtGui import QImage, QImageReader

from tactical.core.encounter import Encounter
from tactical.core.pictures import Picture, picture_id, picture_name, picture_size_problem
from tactical.persistence.paths import unsafe_relative_path
from tactical.persistence.pictures import MAX_PICTURE_BYTES

MAX_PICTURE_FILE_BYTES = MAX_PICTURE_BYTES
"""The largest picture file tactical reads (a big battle-map PNG is tens of MiB): the
most an encounter can embed and still open (persistence.pictures.MAX_PICTURE_BYTES)."""

_FORMATS = {b"png": "PNG", b"jpeg": "JPEG", b"jpg": "JPEG", b"webp": "WebP"}


class PictureError(ValueError):
    """A picture tactical will not use; the message says why in a GM's words."""


@dataclass(frozen=True)
class PictureInfo:
    """What a picture's header says: its type (PNG, JPEG, WebP) and size in pixels."""

    kind: str
    width: int
    height: int


def check_picture_bytes(data: bytes) -> PictureInfo:
    """The type and size of a picture in memory; PictureError when it is not usable.

    Only the header is read: nothing is decoded.
    """
    if len(data) > MAX_PICTURE_FILE_BYTES:
        raise PictureError(
            f"is larger than {MAX_PICTURE_FILE_BYTES // (1024 * 1024)} MiB, "
            "the largest picture tactical opens"
        )
    buffer = QBuffer()
    buffer.setData(QByteArray(data))
    buffer.open(QIODevice.OpenModeFlag.ReadOnly)
    reader = QImageReader(buffer)
    reader.setDecideFormatFromContent(True)
    kind = _FORMATS.get(bytes(reader.format().data()).lower())
    if kind is None:
        raise PictureError("is not a PNG, JPEG or WebP picture")
    size = reader.size()
    return PictureInfo(kind, *_checked_size(size))


def _checked_size(size: QSize) -> tuple[int, int]:
    width, height = size.width(), size.height()
    if width <= 0 or height <= 0:
        raise PictureError("has no readable size in its header")
    problem = picture_size_problem(width, height)
    if problem is not None:
        raise PictureError(problem)
    return width, height


def read_picture_file(path: Path) -> tuple[Picture, PictureInfo]:
    """A picture file the GM chose, as an embeddable picture named by the file's name
    (``giant-wolf.png``: the palette lists it so, and the file keeps it); PictureError
    when unusable."""
    try:
        if path.stat().st_size > MAX_PICTURE_FILE_BYTES:
            raise PictureError(
                f"is larger than {MAX_PICTURE_FILE_BYTES // (1024 * 1024)} MiB, "
                "the largest picture tactical opens"
            )
        data = path.read_bytes()
    except OSError as error:
        raise PictureError(f"cannot be read: {error.strerror or error}") from None
    info = check_picture_bytes(data)
    return Picture(picture_id(data), data=data, name=picture_name(path.name)), info


def decode_picture(data: bytes) -> QImage:
    """Decode checked bytes (PictureError when the header or the pixels are bad)."""
    check_picture_bytes(data)
    image = QImage.fromData(data)
    if image.isNull():
        raise PictureError("could not be decoded (the file is damaged)")
    return image


class PictureCache:
    """Decoded pictures of one encounter, each decoded once, by picture id.

    A path picture is read only from inside the encounter file's folder; a
    picture that is missing, unsafe or unreadable gives None and its reason in
    :attr:`problems`, never an exception.
    """

    def __init__(self) -> None:
        self._images: dict[tuple[str, str | None], QImage | None] = {}
        self.problems: dict[str, str] = {}

    def clear(self) -> None:
        self._images.clear()
        self.problems.clear()

    def image(
        self, encounter: Encounter, picture: str, folder: Path | None = None
    ) -> QImage | None:
        entry = encounter.pictures.get(picture)
        if entry is None:
            return None
        key = (picture, None if folder is None else str(folder))
        if key not in self._images:
            self._images[key] = self._load(entry, folder)
        return self._images[key]

    def _load(self, picture: Picture, folder: Path | None) -> QImage | None:
        try:
            if picture.data is not None:
                return decode_picture(picture.data)
            path = picture.path or ""
            problem = unsafe_relative_path(path)
            if problem is not None:
                raise PictureError(f"its path {problem}")
            if folder is None:
                raise PictureError("the encounter is not saved, so its folder is unknown")
            loaded, _info = read_picture_file(folder / path)
            assert loaded.data is not None
            return decode_picture(loaded.data)
        except PictureError as error:
            self.problems[picture.id] = str(error)
            return None
