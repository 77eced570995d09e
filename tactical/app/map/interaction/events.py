"""A pointer event without Qt: scene position, buttons held and modifier keys."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Pointer:
    """Where the pointer is (scene units) and what is held."""

    x: float
    y: float
    left: bool = False
    right: bool = False
    shift: bool = False
    ctrl: bool = False

    @property
    def force(self) -> bool:
        """The GM's override: Shift places a token even where the rules forbid it."""
        return self.shift
