"""The player's hand: what a procedure tells one character's player, and what it asks of them.

Issue 31: each player character's phone shows its sheet (the figures the running
procedure tracks, in the rule text's own words), the turn, and what the procedure
asks of that character now: a secret choice (000's card and target), a
declaration (004's spell, 003's delay, 001's Overexert, 002's step three), or a
roll of real dice ("2d6 + 1"). Every answer is a procedure action, the same the
panel's buttons perform (:meth:`tactical.rules.controller.ProcedureController.answer`):
one rules path.

These are plain frozen values, Qt-free and JSON-ready through :func:`to_json`.
The procedure gives them for every combatant, naming every token; what one link
may receive of them (its sight, its permissions, nobody else's secret before the
reveal) is decided in :mod:`tactical.share.hand_view`, never here.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any, Literal

from tactical.core.encounter import Encounter

AskKind = Literal["choose", "declare", "roll"]
"""``choose``: a secret choice staged face down (000); ``declare``: a declaration the
procedure asks at this step; ``roll``: real dice for a roll the procedure makes."""

Permission = Literal["watch", "declare", "roll", "move"]
"""What a link may do (the GM sets them per link): ``choose`` and ``declare`` asks need
``declare``, ``roll`` asks need ``roll``; ``watch`` answers nothing."""

PERMISSIONS: tuple[Permission, ...] = ("watch", "declare", "roll", "move")


@dataclass(frozen=True)
class SheetLine:
    """One labelled line of a character sheet, in the rule text's words.

    ``label`` "Injury", ``value`` "Wounded (-2 on all actions)"; ``key`` the tracked
    figure behind it (``token.figures``), or ``""`` for a line made of several.
    """

    label: str
    value: str
    key: str = ""


@dataclass(frozen=True)
class CharacterSheet:
    """A character as its player may read it under the running procedure."""

    token_id: str
    name: str
    procedure: str
    """The procedure's title ("Approximated Fray")."""
    lines: tuple[SheetLine, ...]
    statuses: tuple[str, ...] = ()
    """Its statuses as shown: ``"Prone"``, ``"Bleeding x2"``."""
    cards: tuple[str, ...] = ()
    """Cards in its hand now (000); spent cards are left out until recovered."""


@dataclass(frozen=True)
class TurnEntry:
    """One combatant in the turn order."""

    token_id: str
    name: str
    order: str = ""
    """What places it in the order: an initiative total, a phase, a side's roll."""
    acting: bool = False
    done: bool = False
    out: bool = False


@dataclass(frozen=True)
class TurnView:
    """The turn: the order, who acts now and who is next.

    The procedure gives every combatant; :meth:`seen_by` leaves out those a screen may
    not know of (the share side asks the players' projection which).
    """

    round: int
    step: str
    """The current step's title ("The Staging", "Move")."""
    order: tuple[TurnEntry, ...]
    current: tuple[str, ...] = ()
    """Token ids acting now (several in a side's or a phase's turn)."""
    next: str | None = None
    """Who acts after the current one(s), when the procedure knows it."""

    def seen_by(self, visible: Collection[str]) -> TurnView:
        """This turn as a screen that sees only ``visible`` token ids may know it.

        Unseen combatants are left out of the order and of ``current``; ``next`` is kept
        only when it is seen (so "you are next" still reaches the one who is next).
        """
        return TurnView(
            self.round,
            self.step,
            tuple(e for e in self.order if e.token_id in visible),
            tuple(t for t in self.current if t in visible),
            self.next if self.next in visible else None,
        )

    def your_turn(self, token_id: str) -> bool:
        return token_id in self.current

    def you_are_next(self, token_id: str) -> bool:
        return self.next == token_id


@dataclass(frozen=True)
class Option:
    """One thing to choose from: a card, a target, an option; ``value`` is what the param takes."""

    value: str
    label: str


@dataclass(frozen=True)
class AskField:
    """One param of the ask's action the player fills in."""

    name: str
    """The action's param name."""
    label: str
    kind: Literal["card", "token", "area", "choice", "int", "text", "bool"]
    options: tuple[Option, ...] = ()
    """For ``card``, ``token``, ``area`` and ``choice``: what may be picked (a token or an
    area the character can see; the share side cuts it to the link's sight again)."""
    optional: bool = False
    default: str | int | bool | None = None


@dataclass(frozen=True)
class RollSpec:
    """What to roll on the table: ``dice`` "2d6", ``modifier`` +1, ``text`` "2d6 + 1".

    The player types the faces they rolled (``count`` numbers of 1 to ``sides``), or
    asks the app to roll for them; the total is the faces' sum plus ``modifier``.
    """

    dice: str
    modifier: int
    text: str
    why: str
    count: int
    sides: int

    @classmethod
    def of(cls, dice: str, modifier: int, why: str) -> RollSpec:
        count, _, sides = dice.lower().partition("d")
        sign = "+" if modifier >= 0 else "-"
        text = f"{dice} {sign} {abs(modifier)}" if modifier else dice
        return cls(dice, modifier, text, why, int(count or 1), int(sides))

    def total(self, faces: Collection[int]) -> int:
        """The roll's total from the faces typed; ValueError with words when they cannot be."""
        if len(faces) != self.count:
            raise ValueError(f"{self.text} needs {self.count} dice, not {len(faces)}")
        for face in faces:
            if not 1 <= face <= self.sides:
                raise ValueError(f"a d{self.sides} shows 1 to {self.sides}, not {face}")
        return sum(faces) + self.modifier


@dataclass(frozen=True)
class Ask:
    """What the procedure asks of one character now, answered by performing ``action``.

    ``fields`` are the params the player fills (their names are the action's); a
    ``roll`` ask has ``roll`` set and its action takes the total typed (the
    controller's ``manual``) or rolls for them. ``secret``: the answer is staged face
    down and reaches no other player before the reveal.
    """

    kind: AskKind
    action: str
    token_id: str
    title: str
    fields: tuple[AskField, ...] = ()
    roll: RollSpec | None = None
    hint: str = ""
    secret: bool = False
    fixed: tuple[tuple[str, str | int | bool], ...] = ()
    """Params the action needs that the player does not choose (sent with the answer)."""

    @property
    def permission(self) -> Permission:
        """The link permission needed to answer it."""
        return "roll" if self.kind == "roll" else "declare"


@dataclass(frozen=True)
class StagedChoice:
    """A character's choice staged face down (000): its owner sees it; the GM sees all;
    other players see it only once ``revealed``."""

    token_id: str
    name: str
    summary: str
    """In words: "Sword strike at Goblin", or "chosen" where the GM's summary says only that."""
    card: str = ""
    target: str | None = None
    area: str | None = None
    revealed: bool = False


def area_options(encounter: Encounter) -> tuple[Option, ...]:
    """The areas of an area map a player may pick (those under fog left out), by name."""
    area_map = encounter.area_map
    if area_map is None:
        return ()
    fog = encounter.fog
    return tuple(
        Option(area.id, area.name or area.id)
        for area in area_map.areas.values()
        if not fog.enabled or area.id in fog.areas
    )


def to_json(value: Any) -> Any:
    """A hand value (or a tuple of them) as plain JSON types."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out = {f.name: to_json(getattr(value, f.name)) for f in dataclasses.fields(value)}
        if isinstance(value, Ask):
            out["permission"] = value.permission
        return out
    if isinstance(value, tuple | list):
        return [to_json(v) for v in value]
    return value
