"""Action cards: a creature's hand, written in its ``cards`` figure.

A hand is one text figure, cards separated by ``;``. Each card is a name,
optionally followed by words in brackets: its phase keyword (``First``,
``Middle``, ``Last``), its kind (``attack``, ``move``, ``charge``, ``other``),
``morale`` when it hurts morale instead of the body, and its recovery value
(a number). Example::

    Strike (Middle attack 1); Dash (First move 1); Battle Cry (Last attack morale 3)

Missing words default to Middle (000: "If the action carries the keyword
Middle, which most actions do"), attack, and recovery 1. A creature without
a ``cards`` figure declares free-text cards with the same fields.

Recovery (a choice, 000 names no die): in Mop Up the party and the GM each
roll 1d6; every spent card whose recovery value is lower than or equal to the
roll returns to the hand (000: "All cards with a lower or equal roll is
returned"). A recovery of 1 always returns, 7 or more never does by roll.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

Phase = Literal["first", "middle", "last"]
Kind = Literal["attack", "move", "charge", "other"]
Hurts = Literal["injury", "morale"]

PHASES: tuple[Phase, ...] = ("first", "middle", "last")
KINDS: tuple[Kind, ...] = ("attack", "move", "charge", "other")
RECOVERY_DIE = "1d6"

_CARD = re.compile(r"^\s*(?P<name>[^()]+?)\s*(?:\((?P<spec>[^()]*)\))?\s*$")


class CardError(ValueError):
    """A hand that cannot be read, saying which card and why."""


@dataclass(frozen=True)
class Card:
    name: str
    phase: Phase = "middle"
    kind: Kind = "attack"
    hurts: Hurts = "injury"
    recovery: int = 1

    def describe(self) -> str:
        extra = " morale" if self.hurts == "morale" else ""
        return f"{self.name} ({self.phase.title()} {self.kind}{extra}, recovery {self.recovery})"


def parse_card(text: str) -> Card:
    match = _CARD.match(text)
    if match is None:
        raise CardError(f"'{text.strip()}' is not a card like 'Strike (Middle attack 1)'")
    name = match.group("name")
    phase: Phase = "middle"
    kind: Kind = "attack"
    hurts: Hurts = "injury"
    recovery = 1
    for word in (match.group("spec") or "").replace(",", " ").split():
        low = word.lower()
        if low in PHASES:
            phase = low
        elif low in KINDS:
            kind = low
        elif low == "morale":
            hurts = "morale"
        elif low.isdigit():
            recovery = int(low)
        else:
            raise CardError(f"card '{name}': '{word}' is not a phase, kind, 'morale' or a number")
    return Card(name, phase, kind, hurts, recovery)


def parse_hand(text: object) -> list[Card]:
    """The cards of a ``cards`` figure (empty when there is none)."""
    if not isinstance(text, str) or not text.strip():
        return []
    return [parse_card(part) for part in text.split(";") if part.strip()]


def in_hand(hand: Iterable[Card], spent: Iterable[str]) -> list[Card]:
    """The cards not spent; a name spent once takes one copy of that card out."""
    out = Counter(spent)
    left = []
    for card in hand:
        if out[card.name] > 0:
            out[card.name] -= 1
        else:
            left.append(card)
    return left
