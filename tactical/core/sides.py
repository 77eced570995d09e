"""Sides in a fight: PCs, NPCs and any more the GM adds."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Side:
    """A side. Every other side is an enemy unless named in ``allies``."""

    id: str
    name: str
    color: str = "#808080"
    allies: list[str] = field(default_factory=list)


def default_sides() -> list[Side]:
    """The two sides every encounter starts with; they are enemies of each other."""
    return [
        Side("pcs", "Player characters", "#2f7fd8"),
        Side("npcs", "Non-player characters", "#d8432f"),
    ]
