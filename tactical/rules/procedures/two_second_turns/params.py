"""The GM's inputs to Two-second turns: the choices its actions offer, and reading them.

Every handler names the character it acts on by a token parameter; these
helpers refuse, with the reason, a token that is not there or not allowed now.
"""

from __future__ import annotations

from typing import Any

from tactical.core.encounter import Encounter
from tactical.rules.context import ActionContext
from tactical.rules.procedure import RulesError
from tactical.rules.procedures.two_second_turns.effects import is_dazed
from tactical.rules.procedures.two_second_turns.flow import name_of
from tactical.rules.procedures.two_second_turns.state import (
    DIRECTIONS,
    STEPS,
    Direction,
    TurnsState,
)

Params = dict[str, Any]

PLACES = ("just before", "just after")

EFFECTS = ("stumble", "daze", "other")

OUTCOMES = ("hit", "dodged", "blocked")

PUSHES = ("away", *DIRECTIONS)
"""Where a stumble moves a character out of its cluster: away from the source, or a direction."""


def in_fight(encounter: Encounter) -> list[str]:
    """The tokens that take part: every token placed on the map."""
    return [t.id for t in encounter.tokens.values() if t.position is not None]


def figure_of(encounter: Encounter, token_id: str, name: str) -> int:
    value = encounter.token(token_id).figures.get(name, 0)
    return int(value) if isinstance(value, int | float) and not isinstance(value, bool) else 0


def pick_token(
    ctx: ActionContext, params: dict[str, Any], key: str, among: list[str] | None
) -> str:
    token_id = params.get(key)
    if not token_id or token_id not in ctx.encounter.tokens:
        raise RulesError(f"pick a character ({key})")
    if among is not None and token_id not in among:
        raise RulesError(f"{name_of(ctx.encounter, token_id)} cannot be picked here")
    return str(token_id)


def acting_now(state: TurnsState) -> str:
    if state.acting is None:
        raise RulesError("no one is acting now")
    return state.acting


def attacker_of(ctx: ActionContext, state: TurnsState, params: dict[str, Any]) -> str:
    attacker = pick_token(
        ctx, {"attacker": params.get("attacker") or state.acting}, "attacker", state.order
    )
    if attacker in state.out:
        raise RulesError(f"{name_of(ctx.encounter, attacker)} is out of the fight")
    if is_dazed(state, attacker):
        raise RulesError(f"{name_of(ctx.encounter, attacker)} is dazed: no actions")
    return attacker


def mark_acted(state: TurnsState, token_id: str) -> None:
    if token_id == state.acting:
        state.acted = True
        if state.step == "turn-start":
            state.step = "action"


def step_between(ctx: ActionContext, a: str, b: str) -> Direction | None:
    """The direction from ``a``'s square to ``b``'s when they are orthogonal neighbours."""
    sa, sb = ctx.encounter.token(a).square, ctx.encounter.token(b).square
    if sa is None or sb is None:
        return None
    delta = (sb[0] - sa[0], sb[1] - sa[1])
    return next((d for d, s in STEPS.items() if s == delta), None)
