"""Reading and decoding pictures safely: the app's one door for picture bytes.

Every picture (a battle map, token art, a handout) comes in through
:func:`read_picture_file` or :func:`check_picture_bytes`: its real type is
sniffed from its bytes (not its name) and its size read from its header with
QImageReader, and a picture over the limits is refused before a single pixel
is decoded. :class:`PictureCache` decodes each picture once by its bytes
(eight entries naming one file cost one decoded copy) and keeps what it holds
under :data:`CACHE_BUDGET_BYTES`; every cache of the process shares what it decoded while
one still holds it (the GM's map and the TV on one scene: one decode, one copy, though
each screen keeps its own cache, since picture ids may repeat across scenes); token art
is decoded scaled down to what a token draws. Files are read only through
:func:`tactical.persistence.safe_read.read_regular_file` (regular files, capped).
"""

from __future__ import annotations

import hashlib
import threading
import weakref
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QSize, Qt
from PySide6.QtGui import QImage, QImageReader

from tactical.core.encounter import Encounter
from tactical.core.pictures import (
    MAX_PICTURE_PIXELS,
    Picture,
    picture_id,
    picture_name,
    picture_size_problem,
)
from tactical.persistence.paths import unsafe_relative_path
from tactical.persistence.pictures import MAX_PICTURE_BYTES
from tactical.persistence.safe_read import ReadRefused, inside_folder, read_regular_file

MAX_PICTURE_FILE_BYTES = MAX_PICTURE_BYTES
"""The largest picture file tactical reads (a big battle-map PNG is tens of MiB): the
most an encounter can embed and still open (persistence.pictures.MAX_PICTURE_BYTES)."""

DECODE_LIMIT_MIB = -(-MAX_PICTURE_PIXELS * 4 // (1024 * 1024)) + 1
"""Qt's image reader refuses to allocate more than this many MiB for one picture.

Qt's default (256 MiB) refused pictures the format allows: an 8400 x 8400
Dungeondraft export (70.6 megapixels, 269 MiB decoded) imported and never
showed. Raised to what the largest picture the format allows
(:data:`~tactical.core.pictures.MAX_PICTURE_PIXELS` at 4 bytes a pixel) needs,
so a picture the app accepts is a picture it draws (docs/file-format.md)."""

CACHE_BUDGET_BYTES = 1024 * 1024 * 1024
"""The most decoded picture bytes one :class:`PictureCache` keeps (least recently used go
first); one picture at the format's largest (763 MiB) fits."""

TOKEN_DECODE_SIDE = 1024
"""Token art is decoded with its shorter side at most this (a token's copy is at most
1024 pixels a side: ``scene.token_pictures.MAX_COPY_SIDE``)."""

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
    reader, _buffer = reader_over_bytes(data)
    kind = _FORMATS.get(bytes(reader.format().data()).lower())
    if kind is None:
        raise PictureError("is not a PNG, JPEG or WebP picture")
    size = reader.size()
    return PictureInfo(kind, *_checked_size(size))


def reader_over_bytes(data: bytes) -> tuple[QImageReader, QBuffer]:
    """A QImageReader over ``data`` that tells the type from the bytes, not a name.

    The buffer it reads comes back with it: keep it while the reader is used.
    """
    buffer = QBuffer()
    buffer.setData(QByteArray(data))
    buffer.open(QIODevice.OpenModeFlag.ReadOnly)
    reader = QImageReader(buffer)
    reader.setDecideFormatFromContent(True)
    return reader, buffer


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
    when unusable (a pipe, a device, over the limits, not a picture)."""
    data = _read_bytes(path)
    info = check_picture_bytes(data)
    return Picture(picture_id(data), data=data, name=picture_name(path.name)), info


def _read_bytes(path: Path) -> bytes:
    try:
        return read_regular_file(
            path,
            MAX_PICTURE_FILE_BYTES,
            too_big=f"is larger than {MAX_PICTURE_FILE_BYTES // (1024 * 1024)} MiB, "
            "the largest picture tactical opens",
        )
    except ReadRefused as error:
        raise PictureError(str(error)) from None


def allow_format_pictures() -> None:
    """Let Qt decode every picture the format allows (:data:`DECODE_LIMIT_MIB`)."""
    if QImageReader.allocationLimit() < DECODE_LIMIT_MIB:
        QImageReader.setAllocationLimit(DECODE_LIMIT_MIB)


def decode_picture(data: bytes, fit: int | None = None) -> QImage:
    """Decode checked bytes (PictureError when the header or the pixels are bad).

    ``fit``: decode with the shorter side at most this many pixels (the format
    scales while decoding where it can), for pictures drawn small.
    """
    info = check_picture_bytes(data)
    allow_format_pictures()
    reader, _buffer = reader_over_bytes(data)
    shorter = min(info.width, info.height)
    if fit is not None and shorter > fit:
        size = QSize(info.width, info.height)
        scaled = size.scaled(
            max(1, info.width * fit // shorter),
            max(1, info.height * fit // shorter),
            Qt.AspectRatioMode.KeepAspectRatio,
        )
        reader.setScaledSize(scaled)
    image = reader.read()
    if image.isNull() or (info.kind == "JPEG" and not _jpeg_complete(data)):
        raise PictureError(f"is a damaged {info.kind}: its pixels could not be decoded")
    return image


def _jpeg_complete(data: bytes) -> bool:
    """A JPEG ends with its end-of-image marker; Qt draws a cut one grey and says nothing.

    Writers may pad after the marker, so it is looked for near the end.
    """
    return b"\xff\xd9" in data[-65536:]


def check_decodes(data: bytes) -> str | None:
    """Why an embedded picture would not be drawn (damaged pixels, over the limits), or None.

    The decoder the command line hands the Qt-free loader and importer.
    """
    try:
        decode_picture(data)
    except PictureError as error:
        return str(error)
    return None


_SHARED_DECODED: weakref.WeakValueDictionary[tuple[str, int | None], QImage] = (
    weakref.WeakValueDictionary()
)
"""Every picture some :class:`PictureCache` of this process holds decoded, by its bytes'
key and fit: another cache (the other screen's) takes the same image instead of
decoding it again; gone once no cache holds it."""
_shared_lock = threading.Lock()
_decodes = 0


def decodes() -> int:
    """How many pictures this process decoded (tests count them)."""
    return _decodes


def content_key(data: bytes) -> str:
    """The same bytes, whatever entry or file they came from, give the same key."""
    return hashlib.blake2b(data, digest_size=16).hexdigest()


class PictureCache:
    """Decoded pictures of one encounter, each set of bytes decoded once.

    A path picture is read only from inside the encounter file's folder (links
    followed); a picture that is missing, unsafe or unreadable gives None and
    its reason in :attr:`problems`, never an exception. Decoded images are kept
    by their bytes' hash, under :data:`CACHE_BUDGET_BYTES` (least recently used
    dropped first), so eight entries naming one file cost one copy.
    """

    def __init__(self, budget: int = CACHE_BUDGET_BYTES) -> None:
        self._images: dict[tuple[str, str | None, int | None], QImage | None] = {}
        self._decoded: OrderedDict[tuple[str, int | None], QImage] = OrderedDict()
        self.budget = budget
        self.problems: dict[str, str] = {}

    def clear(self) -> None:
        self._images.clear()
        self._decoded.clear()
        self.problems.clear()

    @property
    def held_bytes(self) -> int:
        """Decoded bytes the cache holds (never more than :attr:`budget` plus the newest)."""
        return sum(image.sizeInBytes() for image in self._decoded.values())

    def image(
        self, encounter: Encounter, picture: str, folder: Path | None = None, fit: int | None = None
    ) -> QImage | None:
        """The picture decoded (shorter side at most ``fit``), or None with its reason."""
        entry = encounter.pictures.get(picture)
        if entry is None:
            return None
        key = (picture, None if folder is None else str(folder), fit)
        if key not in self._images:
            self._images[key] = self._load(entry, folder, fit)
        return self._images[key]

    def _load(self, picture: Picture, folder: Path | None, fit: int | None) -> QImage | None:
        try:
            data = picture.data if picture.data is not None else self._file_bytes(picture, folder)
            return self._decode(data, fit)
        except PictureError as error:
            self.problems[picture.id] = str(error)
            return None

    def _file_bytes(self, picture: Picture, folder: Path | None) -> bytes:
        path = picture.path or ""
        problem = unsafe_relative_path(path)
        if problem is not None:
            raise PictureError(f"its path {problem}")
        if folder is None:
            raise PictureError("the encounter is not saved, so its folder is unknown")
        target = inside_folder(folder, path)
        if target is None:
            raise PictureError("its path leads out of the encounter's folder through a link")
        return _read_bytes(target)

    def _decode(self, data: bytes, fit: int | None) -> QImage:
        global _decodes
        key = (content_key(data), fit)
        found = self._decoded.get(key)
        if found is not None:
            self._decoded.move_to_end(key)
            return found
        with _shared_lock:
            image = _SHARED_DECODED.get(key)
        if image is None:
            image = decode_picture(data) if fit is None else decode_picture(data, fit)
            with _shared_lock:
                _decodes += 1
                _SHARED_DECODED[key] = image
        self._decoded[key] = image
        self._keep_to_budget()
        return image

    def _keep_to_budget(self) -> None:
        """Drop the least recently used decoded pictures until the rest fit the budget."""
        total = self.held_bytes
        while total > self.budget and len(self._decoded) > 1:
            _key, oldest = self._decoded.popitem(last=False)
            total -= oldest.sizeInBytes()
        for key in [k for k, image in self._images.items() if image is not None]:
            image = self._images[key]
            assert image is not None
            if not any(image is kept for kept in self._decoded.values()):
                del self._images[key]
