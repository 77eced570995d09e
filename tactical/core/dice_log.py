"""The record of one roll in the encounter's dice log (rolled by the rules' dice service)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class DiceRoll:
    """Who rolled what, why, and what came up; ``manual`` when the GM typed a physical roll."""

    who: str
    expression: str
    why: str
    result: int
    rolls: tuple[int, ...] = field(default_factory=tuple)
    manual: bool = False
    secret: bool = False
