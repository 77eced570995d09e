"""A write that failed, in a GM's words: the reason, never an internal temporary file's name.

Saves and exports write a short-named temporary file beside the target and
rename it (``files.write_atomic``), so the operating system's message names
that temporary file (``[Errno 13] Permission denied: '.../.tactical-1a2b.tmp'``);
the GM chose another name. The command line and the app's dialogs say the
GM's file and :func:`write_problem`'s reason instead.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

from tactical.persistence.safe_write import WriteRefused

_REASONS = {
    errno.ENOENT: "its folder does not exist",
    errno.ENOTDIR: "a part of its folder's path is not a folder",
    errno.EISDIR: "it is a folder; name a file to write",
    errno.EACCES: "permission denied (is the folder read-only?)",
    errno.EPERM: "permission denied (is the folder read-only?)",
    errno.EROFS: "the disk is read-only",
    errno.ENOSPC: "the disk is full",
    errno.ENAMETOOLONG: "its name is too long for the disk",
}


def write_problem(error: OSError, out: str | os.PathLike[str] | None = None) -> str:
    """A failed write in a GM's words, without the temporary file's name.

    An error without a number (Qt's writers say only that they failed) is
    judged by its cause, then by the folder of ``out``.
    """
    if isinstance(error, WriteRefused):
        return error.strerror or "it is not a regular file"
    cause = error.__cause__
    number = error.errno or (cause.errno if isinstance(cause, OSError) else None)
    reason = _REASONS.get(number or 0)
    if reason is not None:
        return reason
    if out is not None and not os.access(Path(out).parent, os.W_OK):
        return _REASONS[errno.EACCES]
    return error.strerror or "the disk refused it"
