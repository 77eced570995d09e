"""Numbered names for copies of a token ("Goblin 1", "Goblin 2", ...) and new ids.

A copy of "Goblin" or of "Goblin 3" is named "Goblin N" with N the smallest
number not yet used by a token named "Goblin N"; a token named just "Goblin"
counts as number 1, so the first copy of a lone "Goblin" is "Goblin 2".
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable

_NUMBERED = re.compile(r"^(.*\S)\s+(\d{1,9})$")


def base_name(name: str) -> str:
    """The name without a trailing number: ``"Goblin 12"`` -> ``"Goblin"``."""
    match = _NUMBERED.match(name.strip())
    return match.group(1) if match else name.strip()


def next_numbered_name(name: str, taken: Iterable[str]) -> str:
    """The name for a copy of a token named ``name`` among tokens named ``taken``."""
    base = base_name(name)
    used: set[int] = set()
    for other in taken:
        other = other.strip()
        if other == base:
            used.add(1)
            continue
        match = _NUMBERED.match(other)
        if match and match.group(1) == base:
            used.add(int(match.group(2)))
    number = next(n for n in itertools.count(1) if n not in used)
    return f"{base} {number}"


def new_id(existing: Iterable[str], name: str, limit: int) -> str:
    """An id from the name (``goblin-archer-2``), unused and at most ``limit`` characters."""
    taken = set(existing)
    base = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "token"
    base = base[: limit - 8].strip("-") or "token"  # room for "-" and a counter
    for n in itertools.count(1):
        candidate = base if n == 1 else f"{base}-{n}"
        if candidate not in taken:
            return candidate
    raise AssertionError("unreachable")  # pragma: no cover
