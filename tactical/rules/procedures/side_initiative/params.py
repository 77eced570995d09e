"""The GM's inputs to Side initiative and the names it shows: choices, sides, combatants."""

from __future__ import annotations

from typing import Any

from tactical.core.encounter import Encounter
from tactical.rules.context import ActionContext
from tactical.rules.procedure import Param, RulesError
from tactical.rules.procedures.side_initiative.state import Attack, SideState

Params = dict[str, Any]

COVER = ("none", "-1", "-2", "-3", "-4", "full")

FLEE_BONUS = 2
"""004 line 77: "Opponents in melee with a retreating combatant gain a +2 Attack bonus"."""


def side_name(encounter: Encounter, side: str) -> str:
    found = encounter.sides.get(side)
    return found.name if found is not None else side


def group_name(encounter: Encounter, group: list[str]) -> str:
    return " and ".join(side_name(encounter, s) for s in group)


def fighters(encounter: Encounter, state: SideState, sides: list[str] | None = None) -> list[str]:
    """Tokens on the map and still in the fight (of ``sides`` when given)."""
    return [
        t.id
        for t in encounter.tokens.values()
        if t.position is not None and t.id not in state.out and (sides is None or t.side in sides)
    ]


def token_choice(ids: list[str], name: str, label: str, default: Any = None) -> Param:
    return Param(name, label, "token", tuple(ids), default=default)


def pick_token(ctx: ActionContext, state: SideState, params: Params, key: str) -> str:
    token_id = params.get(key)
    if not isinstance(token_id, str) or token_id not in ctx.encounter.tokens:
        raise RulesError(f"pick a combatant ({key})")
    return token_id


def current_attack(state: SideState) -> Attack:
    if state.attack is None:
        raise RulesError("no attack is waiting for its roll")
    return state.attack
