"""Injury and morale levels of 000 and the action modifier they give.

000: "Injuries are represented by four different levels": Bruised (-1),
Wounded (-2), Heavily wounded (-3), Mortally wounded (falls unconscious).
"Lost morale is represented in four different levels": Disquieted (-1),
Scared (-2), Terrified (-3), Panicked (flees).

Choices where 000 is silent: the injury and the morale modifiers add up
(Bruised and Disquieted act at -2); the fourth levels carry the -3 of the
third (a Panicked creature fleeing still acts at -3); levels never go above
the fourth nor below none.
"""

from __future__ import annotations

INJURY = "injury"
MORALE = "morale"
FATIGUE = "fatigue"
FATIGUE_MAX = "fatigue_max"
SEAT = "seat"
CARDS = "cards"

TOP = 4
"""The fourth and final level: Mortally wounded, or Panicked."""

INJURY_NAMES = ("Unhurt", "Bruised", "Wounded", "Heavily wounded", "Mortally wounded")
MORALE_NAMES = ("Steady", "Disquieted", "Scared", "Terrified", "Panicked")

UNCONSCIOUS = "Unconscious"
PANICKED = "Panicked"
FLED = "Fled"
TRACKED_STATUSES = frozenset({UNCONSCIOUS, PANICKED, FLED, "Dead"})
"""Statuses this procedure sets itself; every other status is a condition (Mop Up)."""

DAMAGING = frozenset({"burning", "drowning"})
"""000: "Any effects not dissolved that causes damage are resolved at this stage
(e.g. Burning and Drowning)". Matched without regard to case."""


def clamp_level(level: int) -> int:
    return max(0, min(TOP, level))


def penalty(level: int) -> int:
    """The modifier one injury or morale level gives to actions: 0, -1, -2, -3, -3."""
    return -min(clamp_level(level), 3)


def modifier(injury: int, morale: int) -> int:
    """The modifier on all actions (000: "n.b. Defence is not an Action")."""
    return penalty(injury) + penalty(morale)


def describe(names: tuple[str, ...], level: int) -> str:
    """``Wounded (-2)``; the fourth level and none without a number."""
    level = clamp_level(level)
    if level == 0 or level == TOP:
        return names[level]
    return f"{names[level]} ({penalty(level)})"


def levels_text(count: int, kind: str) -> str:
    """``1 injury level``, ``3 morale levels``: the count with its word, singular for one."""
    return f"{count} {kind} level{'' if count == 1 else 's'}"
