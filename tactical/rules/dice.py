"""Dice: one seeded service for every roll, so a fight can be replayed and resumed.

Each roll draws from ``random.Random(f"{seed}:{n}")`` where ``n`` counts the
rolls made so far; both live in the procedure state, so a saved fight resumes
with the same dice it would have had. A GM who rolls physical dice types the
result instead (``manual``), and the log says so.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from tactical.rules.errors import RulesError

_EXPRESSION = re.compile(r"^\s*(\d*)\s*[dD]\s*(\d+)\s*(?:([+-])\s*(\d+))?\s*$")
_CONSTANT = re.compile(r"^\s*([+-]?\d+)\s*$")

MAX_DICE = 100
MAX_SIDES = 1000


class DiceError(RulesError):
    """A dice expression that cannot be rolled, or a typed result it could not give."""


@dataclass(frozen=True)
class DiceExpression:
    """``count`` dice of ``sides`` sides plus ``modifier``, e.g. ``2d6+3``."""

    count: int
    sides: int
    modifier: int = 0

    @classmethod
    def parse(cls, text: str) -> DiceExpression:
        match = _EXPRESSION.match(text)
        if match is None:
            constant = _CONSTANT.match(text)
            if constant is not None:
                return cls(0, 1, int(constant.group(1)))
            raise DiceError(f"'{text}' is not a dice expression like 2d6+3, 1d4 or d6")
        count = int(match.group(1) or 1)
        sides = int(match.group(2))
        modifier = int(match.group(4) or 0) * (-1 if match.group(3) == "-" else 1)
        if not (1 <= count <= MAX_DICE and 2 <= sides <= MAX_SIDES):
            raise DiceError(f"'{text}': 1 to {MAX_DICE} dice of 2 to {MAX_SIDES} sides")
        return cls(count, sides, modifier)

    @property
    def lowest(self) -> int:
        return self.count + self.modifier

    @property
    def highest(self) -> int:
        return self.count * self.sides + self.modifier

    def __str__(self) -> str:
        if self.count == 0:
            return str(self.modifier)
        text = f"{self.count}d{self.sides}"
        if self.modifier:
            text += f"{self.modifier:+d}"
        return text


@dataclass(frozen=True)
class Rolled:
    """The outcome of one roll: the total and the faces behind it."""

    total: int
    faces: tuple[int, ...]
    manual: bool = False


def roll(expression: DiceExpression, seed: int, index: int) -> Rolled:
    """Roll ``expression`` as the ``index``-th roll of a fight seeded with ``seed``."""
    rng = random.Random(f"{seed}:{index}")
    faces = tuple(rng.randint(1, expression.sides) for _ in range(expression.count))
    return Rolled(sum(faces) + expression.modifier, faces)


def typed(expression: DiceExpression, total: int) -> Rolled:
    """A result the GM typed from a physical roll; refused if the dice cannot give it."""
    if not (expression.lowest <= total <= expression.highest):
        raise DiceError(
            f"{expression} gives {expression.lowest} to {expression.highest}, not {total}"
        )
    return Rolled(total, (), manual=True)
