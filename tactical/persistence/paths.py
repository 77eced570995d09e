"""Is a path written in a file a plain relative path inside the encounter's folder?

A file names other files (a token's picture) by paths relative to its own
folder. Anything else would let a file sent by someone else reach elsewhere:
an absolute path, ``..`` out of the folder, a ``file://`` or other URL, a
Windows drive (``C:\\``) or a UNC share (``\\\\server\\share``, which makes
Windows contact that server). The check is textual and the same on every
platform, so a file judged sound on Linux is sound on Windows too.
"""

from __future__ import annotations

import re

_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
_DRIVE = re.compile(r"^[A-Za-z]:")


def unsafe_relative_path(text: str) -> str | None:
    """Why ``text`` is not a plain relative path inside the folder; None when it is one."""
    if not text:
        return "is empty"
    if "\x00" in text:
        return "holds a NUL character"
    if any(ord(c) < 32 or ord(c) == 127 for c in text):
        return "holds a control character"
    if text.startswith(("\\\\", "//")):
        return "is a network (UNC) path; use a path relative to the encounter's folder"
    if _DRIVE.match(text):
        return "is an absolute Windows path (a drive letter); use a relative path"
    if text.lower().startswith("file:"):
        return "is a file:// URL; use a path relative to the encounter's folder"
    if _SCHEME.match(text):
        return "is a URL; use a path relative to the encounter's folder"
    if "\\" in text:
        return "uses backslashes; write folders with '/'"
    if text.startswith("/"):
        return "is an absolute path; use a path relative to the encounter's folder"
    if text.startswith("~"):
        return "starts with '~' (a home folder); use a path relative to the encounter's folder"
    if ".." in text.split("/"):
        return "leaves the encounter's folder ('..')"
    return None
