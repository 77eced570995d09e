"""Which version of a file the app last read or wrote: its stamp, taken from the open file.

The recovery journal's base may be the GM's own file copied byte for byte, when the
document equals it (just opened, just saved, undone back to the save): that costs no
encoding. But another program may rewrite the file in between (a sync client, a second
copy of the app): the copy would then be a base the document does not equal, and a
recovery would rebuild something the GM never had on screen. So the loader and the
atomic write note the file's stamp from the very descriptor they read or wrote, and the
journal copies the file only when the descriptor it opens shows the same stamp.

The stamp is the file's identity and its last write: device, inode, size and the
modification time in nanoseconds. A rename over the file (how editors and this app
save) makes a new inode; a rewrite in place moves the modification time.
"""

from __future__ import annotations

import os
from dataclasses import dataclass


@dataclass(frozen=True)
class FileStamp:
    """A file's identity and last write, as ``fstat`` told them."""

    device: int
    inode: int
    size: int
    modified_ns: int


def stamp_of(found: os.stat_result) -> FileStamp:
    """The stamp of a file from its ``stat`` (taken from an open descriptor: ``os.fstat``)."""
    return FileStamp(found.st_dev, found.st_ino, found.st_size, found.st_mtime_ns)
