"""Pages on any paged device (a PDF file, a printer, the print preview), with progress.

A :class:`Book` paints its pages one at a time in full-page coordinates: device
pixels at its own resolution, origin at the paper's top-left corner. The same
book goes to a :class:`QPdfWriter` or a :class:`QPrinter`; :func:`print_book`
scales it to the device's resolution, reports progress after each page and
stops when told to. :func:`atomic_file` makes a file appear whole or not at all.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Protocol

from PySide6.QtGui import QPagedPaintDevice, QPainter

from tactical.persistence.atomic_write import temp_name
from tactical.persistence.safe_write import check_target

Progress = Callable[[int, int], bool]
"""Called with (pages done, pages in all) after each page; False cancels."""


class ExportCancelled(Exception):
    """The reader cancelled a long export or print; nothing was written."""


class Book(Protocol):
    """Pages to paint, in pixels at ``dpi`` with the origin at the paper's corner."""

    dpi: float

    @property
    def page_count(self) -> int: ...

    def paint_page(self, painter: QPainter, index: int) -> None: ...


def print_book(device: QPagedPaintDevice, book: Book, progress: Progress | None = None) -> None:
    """Paint every page of ``book`` on ``device`` (already set to the book's paper and
    full page); raises :class:`ExportCancelled` when ``progress`` says stop."""
    painter = QPainter()
    if not painter.begin(device):
        raise OSError("cannot start printing")
    scale = device.logicalDpiX() / book.dpi
    total = book.page_count
    try:
        for index in range(total):
            if index and not device.newPage():
                raise OSError("cannot start a new page")
            painter.save()
            painter.scale(scale, scale)
            book.paint_page(painter, index)
            painter.restore()
            if progress is not None and not progress(index + 1, total):
                raise ExportCancelled
    finally:
        painter.end()


@contextlib.contextmanager
def atomic_file(path: Path) -> Iterator[Path]:
    """A temporary file beside ``path`` to write; it replaces ``path`` when the block ends
    normally and is removed otherwise (a failure, a cancel, Ctrl+C), so a reader never
    finds half a file."""
    # a fresh short name the writer creates itself, so the file gets the usual permissions
    # and an output name of 250 bytes still has room (a killed save's is swept as a save's)
    check_target(path)  # a pipe, a device or a folder is never replaced
    path = Path(os.path.realpath(path))
    temporary = path.with_name(temp_name())
    try:
        yield temporary
        check_target(path)
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
