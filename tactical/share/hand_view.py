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
from dataclasses import dataclass, replace
from typing import Any

from tactical.core.commands.base import Command
from tactical.core.encounter import Encounter
from tactical.rules import ProcedureController, RulesError, StateError
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
NOT_ASKED = "That is not asked of you now."
NOT_OFFERED = "That choice is not offered on your phone."
"""Any value outside the options the link was sent (a token it does not see, a guess)."""
NO_DECLARING = "The GM has not allowed choices from this phone."
NO_ROLLING = "The GM has not allowed rolls from this phone."


class NotOffered(RulesError):
    """A link's answer that is not one its page was offered now; ``str()`` is the words it
    reads (fixed: they name nothing)."""


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
    revealed and seen). None too while the saved procedure state does not validate.
    """
    try:
        return _hand(encounter, token_id, permissions)
    except StateError:  # a saved state that does not validate: the GM's panel says why
        return None


def _hand(
    encounter: Encounter, token_id: str, permissions: Collection[str]
) -> dict[str, Any] | None:
    sight = _Sight.of(encounter, token_id)
    if sight is None:
        return None
    controller = ProcedureController(encounter, _refuse_push)
    visible, secrets = sight.visible, sight.secrets
    turn: TurnView = controller.turn().seen_by(visible)
    turn = replace(turn, step=secrets.clean(turn.step))
    asks = _link_asks(controller, sight, token_id, permissions)
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


def answer_from_link(
    controller: ProcedureController,
    token_id: str,
    permissions: Collection[str],
    action: str,
    values: dict[str, Any] | None = None,
    faces: list[int] | None = None,
    *,
    roll: bool | None = None,
) -> list[str]:
    """A link's answer to one of the asks :func:`hand_view` gave it, performed through
    ``controller`` (whose push records it: one undo step).

    Refused with :class:`NotOffered`, in fixed words, when that ask is not asked of the
    character now (or is a roll and ``roll`` is False, or the other way round), when the
    link's ``permissions`` do not allow it, or when a value is not one the link's page
    could have sent as the ask was offered (a token it does not see, a card it does not
    hold, a field it has not, a guess): the same words whatever the value names, so the
    refusal tells nothing of what the link cannot see. The procedure's own refusals come
    as they are (:class:`~tactical.rules.RulesError`).
    """
    sight = _Sight.of(controller.encounter, token_id)
    if sight is None:
        raise NotOffered(NOT_ASKED)
    ask = next((a for a in controller.asks(token_id) if a.action == action), None)
    if ask is None or ask.token_id != token_id or roll not in (None, ask.kind == "roll"):
        raise NotOffered(NOT_ASKED)
    refused = not_allowed(permissions, ask.kind == "roll")
    if refused is not None:
        raise NotOffered(refused)
    fields = {f.name: f for f in _cut_ask(ask, sight.visible, sight.areas, sight.secrets).fields}
    for name, value in (values or {}).items():
        field = fields.get(name)
        if field is None or not _fits(field, value):
            raise NotOffered(NOT_OFFERED)
    return controller.answer(token_id, action, values, faces=faces)


def not_allowed(permissions: Collection[str], roll: bool) -> str | None:
    """Why a link with ``permissions`` may not send a roll (``roll``) or a choice; None when
    it may."""
    if roll:
        return None if "roll" in permissions else NO_ROLLING
    return None if "declare" in permissions else NO_DECLARING


def _fits(field: AskField, value: object) -> bool:
    """Whether ``value`` is one a page could have sent for ``field`` as it was offered."""
    if value is None:
        return field.optional
    if field.kind == "int":
        return type(value) is int
    if field.kind == "bool":
        return isinstance(value, bool)
    options = {o.value for o in field.options}
    if field.kind in ("token", "area", "choice") or (field.kind == "card" and options):
        return value in options  # none offered: none may be named
    return isinstance(value, str)


@dataclass(frozen=True)
class _Sight:
    """What one character's link sees now: the tokens, the areas, and the masking."""

    visible: frozenset[str]
    areas: frozenset[str]
    secrets: Secrets

    @classmethod
    def of(cls, encounter: Encounter, token_id: str) -> _Sight | None:
        if not encounter.procedure or token_id not in encounter.tokens:
            return None
        if ProcedureController(encounter, _refuse_push).procedure is None:
            return None
        seen = character_seen(encounter, encounter.token(token_id))
        visible = seen.token_ids | {token_id}
        secrets = Secrets(encounter, frozenset(encounter.tokens) - visible)
        return cls(visible, frozenset(seen.areas), secrets)


def _link_asks(
    controller: ProcedureController, sight: _Sight, token_id: str, permissions: Collection[str]
) -> list[Ask]:
    allowed = set(permissions) & HAND_PERMISSIONS
    return [
        _cut_ask(a, sight.visible, sight.areas, sight.secrets)
        for a in controller.asks(token_id)
        if a.permission in allowed and a.token_id == token_id
    ]
