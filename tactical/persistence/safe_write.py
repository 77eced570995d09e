"""The one check every writer makes first: tactical replaces only a regular file.

A save renames a temporary file over its target (``files.write_atomic``, the
snapshot's ``atomic_file``), and a rename replaces whatever has the name: a
named pipe another program reads, a device, a folder's link. So every writer
asks :func:`check_target` first (and again just before the rename), and a
target that exists but is not a regular file, or a link to one, is refused
with a plain reason (:class:`WriteRefused`, worded as
:mod:`~tactical.persistence.write_errors` words the system's refusals).
"""

from __future__ import annotations

import os
import stat


class WriteRefused(OSError):
    """A target tactical will not replace; ``strerror`` says why in a GM's words."""


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "it is a folder; name a file to write"
    if stat.S_ISFIFO(mode):
        return "it is a named pipe, not a file; tactical replaces only regular files"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "it is a device, not a file; tactical replaces only regular files"
    if stat.S_ISSOCK(mode):
        return "it is a socket, not a file; tactical replaces only regular files"
    return "it is not a regular file; tactical replaces only regular files"


def target_problem(path: str | os.PathLike[str]) -> str | None:
    """Why ``path`` may not be written over (links followed); None when it is new or a file."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return None  # nothing there (or unreachable): the write itself will say
    return None if stat.S_ISREG(mode) else _kind(mode)


def check_target(path: str | os.PathLike[str]) -> None:
    """Raise :class:`WriteRefused` when ``path`` exists and is not a regular file."""
    problem = target_problem(path)
    if problem is not None:
        raise WriteRefused(None, problem)
