"""A character's link's hand (issue 31), as its page receives it: sheet, turn, asks, staged.

:func:`tactical.share.hand_view.hand_view` (the rules side's) decides what one link
may receive of its character's hand; until it is there this module builds the
same shape from the controller's hand API, with the same cuts: the turn and every
option left to the tokens and areas the character sees now, the asks to what the
link may answer, and of the staged choices its own, and the others' only once
revealed and seen. Nothing here reads another combatant's secret.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from tactical.core.encounter import Encounter
from tactical.rules import ProcedureController
from tactical.rules.player_hand import Ask, AskField, to_json
from tactical.share.hand_view import hand_view
from tactical.share.seen import DARK, Seen


def hand_data(
    encounter: Encounter, token_id: str, permissions: Collection[str], seen: Seen
) -> dict[str, Any] | None:
    """The ``hand`` part of ``token_id``'s link, or None when no procedure runs."""
    if not encounter.procedure:
        return None
    try:
        return hand_view(encounter, token_id, permissions)
    except NotImplementedError:
        return _hand(encounter, token_id, permissions, seen)


def _visible(encounter: Encounter, seen: Seen) -> set[str]:
    return set(seen.token_ids) - set(seen.unseen)


def _field(field: AskField, tokens: set[str], areas: set[str]) -> dict[str, Any]:
    data: dict[str, Any] = to_json(field)
    if field.kind == "token":
        data["options"] = [to_json(o) for o in field.options if o.value in tokens]
    elif field.kind == "area":
        data["options"] = [to_json(o) for o in field.options if o.value in areas]
    return data


def _ask(ask: Ask, tokens: set[str], areas: set[str]) -> dict[str, Any]:
    data: dict[str, Any] = to_json(ask)
    data["fields"] = [_field(f, tokens, areas) for f in ask.fields]
    data.pop("fixed", None)  # the app adds them again: the page never needs them
    return data


def _hand(
    encounter: Encounter, token_id: str, permissions: Collection[str], seen: Seen
) -> dict[str, Any] | None:
    controller = ProcedureController(encounter, lambda _command: None)
    try:
        sheet = controller.sheet(token_id)
        turn = controller.turn()
        asks = controller.asks(token_id)
        staged = controller.staged()
    except Exception:  # the GM's panel shows the problem; the phone shows no hand
        return None
    tokens = _visible(encounter, seen) | {token_id}
    areas = {area for area, light in seen.areas.items() if light > DARK}
    cut = turn.seen_by(tokens)
    turn_data: dict[str, Any] = to_json(cut)
    turn_data["your_turn"] = cut.your_turn(token_id)
    turn_data["you_are_next"] = cut.you_are_next(token_id)
    return {
        "sheet": to_json(sheet),
        "turn": turn_data,
        "asks": [_ask(a, tokens, areas) for a in asks if a.permission in permissions],
        "staged": [
            to_json(s)
            for s in staged
            if s.token_id == token_id or (s.revealed and s.token_id in tokens)
        ],
    }
