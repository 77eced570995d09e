"""What one character link may receive of its character's hand (issue 31), JSON-ready, Qt-free.

From the GM's state, :func:`hand_view` gives a character link: its sheet, the turn
as that link may know it, the asks it may answer (by its permissions), its own
staged choice, and the other party members' once revealed (never an NPC's card).
What the link does not see now
(:func:`tactical.share.seen.character_seen`: hidden, fogged, out of its sight) is
never named: such combatants are left out of the order, of the asks' targets and
of the revealed choices, and a text naming one is masked as the players' projection
masks it (:class:`tactical.share.secrets.Secrets`). Nothing of a choice staged by
another character reaches the link before it is revealed, not even its card's
name in bytes the page does not show; an NPC's card never does (the GM narrates it).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace
from typing import Any

from tactical.core.commands.base import Command
from tactical.core.encounter import Encounter
from tactical.rules import ProcedureController
from tactical.rules.player_hand import (
    Ask,
    AskField,
    CharacterSheet,
    SheetLine,
    StagedChoice,
    TurnView,
    to_json,
)
from tactical.share.secrets import Secrets
from tactical.share.seen import character_seen

HAND_PERMISSIONS = frozenset({"watch", "declare", "roll", "move"})
"""The words a link's permissions are made of (the GM sets them per link)."""


def _refuse_push(command: Command) -> None:
    raise RuntimeError("a link's view never changes the fight")


def _cut_sheet(sheet: CharacterSheet, secrets: Secrets) -> CharacterSheet:
    lines = tuple(SheetLine(x.label, secrets.clean(x.value), x.key) for x in sheet.lines)
    statuses = tuple(s for s in sheet.statuses if not secrets.names_hidden(s))
    return replace(sheet, lines=lines, statuses=statuses)


def _cut_field(field: AskField, visible: frozenset[str], areas: frozenset[str]) -> AskField:
    if field.kind == "token":
        options = tuple(o for o in field.options if o.value in visible)
    elif field.kind == "area":
        options = tuple(o for o in field.options if o.value in areas)
    else:
        return field
    default = field.default if field.default in {o.value for o in options} else None
    return replace(field, options=options, default=default)


def _cut_ask(ask: Ask, visible: frozenset[str], areas: frozenset[str], secrets: Secrets) -> Ask:
    fields = tuple(_cut_field(f, visible, areas) for f in ask.fields)
    return replace(ask, fields=fields, title=secrets.clean(ask.title), hint=secrets.clean(ask.hint))


def _cut_choice(choice: StagedChoice, visible: frozenset[str]) -> StagedChoice:
    """A revealed choice as the link may read it: a target it does not see is not named."""
    if choice.target is None or choice.target in visible:
        return choice
    return replace(choice, target=None, summary=f"{choice.card} at someone unseen")


def hand_view(
    encounter: Encounter, token_id: str, permissions: Collection[str]
) -> dict[str, Any] | None:
    """The hand of ``token_id``'s link, as plain JSON types, or None without a procedure
    (or when the character is gone).

    Keys: ``sheet`` (:class:`~tactical.rules.player_hand.CharacterSheet`), ``turn``
    (:class:`~tactical.rules.player_hand.TurnView` cut to the link's sight, with
    ``your_turn`` and ``you_are_next``), ``asks`` (those ``permissions`` allow:
    ``declare`` for choose and declare asks, ``roll`` for roll asks; none without a
    procedure step asking), ``staged`` (its own choice, and the others' once
    revealed and seen).
    """
    if not encounter.procedure or token_id not in encounter.tokens:
        return None
    controller = ProcedureController(encounter, _refuse_push)
    if controller.procedure is None:
        return None
    character = encounter.token(token_id)
    seen = character_seen(encounter, character)
    visible = seen.token_ids | {token_id}
    unseen = frozenset(encounter.tokens) - visible
    areas = frozenset(seen.areas)
    secrets = Secrets(encounter, unseen)
    turn: TurnView = controller.turn().seen_by(visible)
    turn = replace(turn, step=secrets.clean(turn.step))
    allowed = set(permissions) & HAND_PERMISSIONS
    asks = [
        _cut_ask(a, visible, areas, secrets)
        for a in controller.asks(token_id)
        if a.permission in allowed and a.token_id == token_id
    ]
    party = set(encounter.fog.party)
    staged = [
        _cut_choice(c, visible)
        for c in controller.staged()
        if c.token_id == token_id
        or (c.revealed and c.token_id in visible and encounter.token(c.token_id).side in party)
    ]
    turn_json = to_json(turn)
    turn_json["your_turn"] = turn.your_turn(token_id)
    turn_json["you_are_next"] = turn.you_are_next(token_id)
    return {
        "sheet": to_json(_cut_sheet(controller.sheet(token_id), secrets)),
        "turn": turn_json,
        "asks": to_json(asks),
        "staged": to_json(staged),
    }
