"""Writing a file atomically: readers see the old file or the new one, never half.

The new contents go to a temporary file beside the target (same file system,
so the rename is atomic), which is fsynced and renamed over the target; a save
killed midway leaves that temporary file, which a later save in the folder
sweeps away once it is old (:func:`remove_stale_temps`).
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import time
from collections.abc import Iterable
from pathlib import Path

from tactical.persistence.file_stamp import FileStamp, stamp_of
from tactical.persistence.safe_write import check_target

TEMP_PREFIX = ".tactical-"
STALE_SECONDS = 15 * 60
"""A temporary file of ours this old belongs to a save that was killed: it is removed."""
_OUR_TEMP = re.compile(r"^\.tactical-[0-9a-f]{8}\.tmp$|^\..+\.json\.[0-9a-f]{8}\.tmp$")
"""Our temporary names: ``.tactical-1a2b3c4d.tmp`` (and the longer ones of earlier versions)."""


def temp_name() -> str:
    """A short name, so a target whose name uses the whole 255 bytes can still be saved."""
    return f"{TEMP_PREFIX}{secrets.token_hex(4)}.tmp"


def remove_stale_temps(folder: Path, *, older_than: float = STALE_SECONDS) -> list[Path]:
    """Remove temporary files of our naming left in ``folder`` by killed saves; return them.

    Only files older than ``older_than`` seconds go: a younger one may belong
    to a save that another copy of the app is making right now.
    """
    removed: list[Path] = []
    limit = time.time() - older_than
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        if not _OUR_TEMP.match(entry.name):
            continue
        try:
            if entry.is_file(follow_symlinks=False) and entry.stat().st_mtime < limit:
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        except OSError:
            continue
    return removed


def write_atomic(path: Path, data: bytes | Iterable[bytes]) -> FileStamp:
    """Replace ``path`` with ``data`` so that readers see the old or the new file, never half;
    the stamp of the file written (:mod:`~tactical.persistence.file_stamp`).

    ``data`` is the whole contents, or the contents in chunks written in order.

    The temporary file sits beside the target (same file system, so the rename
    is atomic), is fsynced before the rename, and is removed if anything fails.
    A symlink is followed so the link itself survives; an existing file's
    permissions are kept. A target that is not a regular file (a pipe, a device, a
    folder) is refused before anything is written (:mod:`~tactical.persistence.safe_write`).
    """
    check_target(path)
    target = Path(os.path.realpath(path))
    temp = target.with_name(temp_name())
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    try:
        try:
            for chunk in [data] if isinstance(data, bytes) else data:
                view = memoryview(chunk)
                while view:
                    written = os.write(fd, view)
                    view = view[written:]
            if target.exists():
                os.chmod(temp, target.stat().st_mode & 0o7777)
            os.fsync(fd)
            stamp = stamp_of(os.fstat(fd))  # the rename keeps the inode and the time
        finally:
            os.close(fd)
        check_target(target)  # again: a pipe may have been made meanwhile
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temp)
        raise
    _fsync_folder(target.parent)
    remove_stale_temps(target.parent)
    return stamp


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself durable where the platform allows it (not on Windows)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
