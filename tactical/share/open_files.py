"""The process's open-file limit, raised when sharing starts (issue 30).

Every connection is an open file. Desktops start programs with a soft limit of
1,024 while the system allows far more (the hard limit); the server lives in the
GM's process, so running out would stall the window's own files too. Where the
``resource`` module is missing (Windows) nothing changes.
"""

from __future__ import annotations

import os

try:
    import resource
except ImportError:  # pragma: no cover - not on Linux
    resource = None  # type: ignore[assignment]

FALLBACK = 1024
"""Assumed soft limit where it cannot be read."""


def raise_open_file_limit() -> int:
    """Raise the soft limit on open files to the hard limit; returns the soft limit now."""
    if resource is None:  # pragma: no cover - not on Linux
        return FALLBACK
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and soft != resource.RLIM_INFINITY and soft < hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        except (ValueError, OSError):  # a system that refuses it: keep the old limit
            return soft
        return hard
    return soft if soft != resource.RLIM_INFINITY else 1 << 20


def open_count() -> int | None:
    """How many files this process has open now (None where the system does not say)."""
    for folder in ("/proc/self/fd", "/dev/fd"):
        try:
            return len(os.listdir(folder))
        except OSError:
            continue
    return None


def room_for_connections(limit: int, wanted: int) -> int:
    """How many connections the server may hold: ``wanted``, or half the open files still
    free under ``limit`` when that is fewer (the GM's window needs the rest; at least 16)."""
    used = open_count()
    if used is None:
        return wanted
    return min(wanted, max(16, (limit - used) // 2))
