"""The one way tactical reads a file it was given: a regular file, and at most a cap.

A path someone hands the app (an encounter, a picture, the picture beside a
Universal VTT file) may be a named pipe, a device or a link to one: reading a
pipe waits forever for a writer, reading ``/dev/zero`` never ends. So the file
is opened without blocking (``O_NONBLOCK``: opening a pipe returns at once),
the *opened* file is checked to be a regular file (``fstat`` on the handle, so
a link swapped between a check and the open cannot slip past), and at most
``limit + 1`` bytes are read, whatever the file system says about the size:
one byte more than the cap is enough to refuse the file as too big (a file
whose size is already over the cap is refused before a byte is read).
"""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path

from tactical.persistence.file_stamp import FileStamp, stamp_of

CHUNK = 1024 * 1024


class ReadRefused(ValueError):
    """A file that is not read; the message says why in a GM's words (no file name)."""


def _mib(limit: int) -> str:
    return f"{limit / (1024 * 1024):g} MiB"


def kind_of(mode: int) -> str | None:
    """What a path that is no regular file is ("a named pipe", ...); None for other kinds.

    One naming for the read and the write refusals (safe_write), worded each their own way.
    """
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return None


def _kind(mode: int) -> str:
    kind = kind_of(mode)
    if kind == "a folder":
        return "is a folder, not a file"
    what = f"is {kind}, not a file" if kind else "is not a regular file"
    return f"{what}: tactical reads only regular files"


def open_flags() -> int:
    """Read-only, binary, and without waiting on a pipe's writer where the platform has it."""
    return os.O_RDONLY | getattr(os, "O_BINARY", 0) | getattr(os, "O_NONBLOCK", 0)


def read_regular_file(path: str | os.PathLike[str], limit: int, *, too_big: str = "") -> bytes:
    """The bytes of the regular file at ``path``, at most ``limit`` of them.

    :class:`ReadRefused` when the path is missing, a folder, a pipe, a device
    (or a link to one), unreadable, or holds more than ``limit`` bytes (then
    ``too_big`` is the message, or a plain one naming the cap).
    """
    return read_stamped(path, limit, too_big=too_big)[0]


def read_stamped(
    path: str | os.PathLike[str], limit: int, *, too_big: str = ""
) -> tuple[bytes, FileStamp | None]:
    """:func:`read_regular_file`, with the stamp of the file the bytes came from
    (:mod:`~tactical.persistence.file_stamp`: taken from the descriptor they were read from),
    or None when the file changed while it was read (its bytes may be of two versions)."""
    try:
        fd = os.open(path, open_flags())
    except FileNotFoundError:
        raise ReadRefused("there is no such file") from None
    except NotADirectoryError:
        raise ReadRefused("there is no such file (a folder on its path is a file)") from None
    except IsADirectoryError:
        raise ReadRefused("is a folder, not a file") from None
    except PermissionError:
        raise ReadRefused("cannot be read: permission denied") from None
    except OSError as error:
        raise ReadRefused(f"cannot be read: {error.strerror or error}") from None
    try:
        found = os.fstat(fd)
        if not stat.S_ISREG(found.st_mode):
            raise ReadRefused(_kind(found.st_mode))
        _blocking(fd)
        chunks: list[bytes] = []
        left = limit + 1 if found.st_size <= limit else 0  # said too big before reading
        while left > 0:
            chunk = os.read(fd, min(CHUNK, left))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        after = os.fstat(fd)
    except OSError as error:
        raise ReadRefused(f"cannot be read: {error.strerror or error}") from None
    finally:
        os.close(fd)
    if left <= 0:
        raise ReadRefused(too_big or f"is larger than {_mib(limit)}, the most tactical reads")
    stamp = stamp_of(found)
    return b"".join(chunks), stamp if stamp_of(after) == stamp else None


def _blocking(fd: int) -> None:
    """A regular file reads the same either way; clear O_NONBLOCK for file systems that care."""
    if hasattr(os, "set_blocking"):
        with contextlib.suppress(OSError):
            os.set_blocking(fd, True)


def regular_file_problem(path: str | os.PathLike[str]) -> str | None:
    """Why ``path`` is not a regular file tactical may read (links followed); None when it is.

    For callers that hand a path to another reader; the read itself still goes
    through :func:`read_regular_file`.
    """
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return "there is no such file"
    except OSError as error:
        return f"cannot be read: {error.strerror or error}"
    return None if stat.S_ISREG(mode) else _kind(mode)


def inside_folder(folder: Path, relative: str) -> Path | None:
    """``folder / relative`` when it stays inside ``folder`` once links are followed, else None.

    A textually safe relative path can still lead out through a symbolic link
    (``art -> /etc``); what counts is where the file really is.
    """
    target = folder / relative
    root = os.path.realpath(folder)
    real = os.path.realpath(target)
    if real == root or not real.startswith(root.rstrip(os.sep) + os.sep):
        return None
    return target


def same_file(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> bool:
    """True when ``a`` and ``b`` are one file: the same path once links are followed,
    or (both existing) the same file on disk (a hard link). A command never writes
    over what it reads."""
    try:
        if os.path.samefile(a, b):
            return True
    except OSError:
        pass
    return os.path.realpath(a) == os.path.realpath(b)
