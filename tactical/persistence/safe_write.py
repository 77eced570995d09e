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

from tactical.persistence.safe_read import kind_of


class WriteRefused(OSError):
    """A target tactical will not replace; ``strerror`` says why in a GM's words."""


def _kind(mode: int) -> str:
    kind = kind_of(mode)
    if kind == "a folder":
        return "it is a folder; name a file to write"
    what = f"it is {kind}, not a file" if kind else "it is not a regular file"
    return f"{what}; tactical replaces only regular files"


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
