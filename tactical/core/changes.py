"""What an edit changed, so views and caches redo only that."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from tactical.core.grid import Square

ChangeKind = Literal[
    "tokens",
    "terrain",
    "walls",
    "areas",
    "templates",
    "sides",
    "procedure",
    "dice",
    "meta",
    "pictures",
    "background",
    "fog",
]


@dataclass(frozen=True)
class Change:
    """One notification: the kind of thing, the ids and the squares that changed."""

    kind: ChangeKind
    ids: frozenset[str] = field(default_factory=frozenset)
    squares: frozenset[Square] = field(default_factory=frozenset)
