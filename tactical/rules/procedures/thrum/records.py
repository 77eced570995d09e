"""Recording what abilities and the GM do outside the turn's steps: Fatigue and Stress
dealt, statuses, Incapacity ended, a late arrival, the end of the combat.
"""

from __future__ import annotations

from typing import Any

from tactical.rules.context import ActionContext
from tactical.rules.procedure import RulesError
from tactical.rules.procedures.thrum import loads
from tactical.rules.procedures.thrum import order as turn_order
from tactical.rules.procedures.thrum.params import int_param, text_param, token_param
from tactical.rules.procedures.thrum.setup import roll_one
from tactical.rules.procedures.thrum.state import (
    CONDITIONS,
    ENDED,
    EXHAUSTED,
    INCAPACITATED,
    ThrumState,
    display_name,
)


def deal(ctx: ActionContext, state: ThrumState, params: dict[str, Any]) -> None:
    """001 line 83: "When a ability deals Fatigue or Stress, the target receives +1 to their
    Fatigue Load or Stress Load"; line 89: a Finisher against an Exhausted target triggers
    an Incapacity Roll "immediately after the attack resolves"."""
    target = token_param(ctx, params, "target")
    fatigue = int_param(params, "fatigue", 0)
    stress = int_param(params, "stress", 0)
    finisher = bool(params.get("finisher"))
    if not (fatigue or stress or finisher):
        raise RulesError("give an amount of Fatigue or Stress")
    loads.change_loads(ctx, target, fatigue, stress)
    if target != state.current and target not in state.targets and (fatigue > 0 or stress > 0):
        state.targets = [*state.targets, target]
    statuses = ctx.encounter.token(target).statuses
    if finisher:
        if EXHAUSTED in statuses and INCAPACITATED not in statuses:
            loads.incapacity_roll(ctx, state, target, "Finisher")
        else:
            ctx.say(
                f"{display_name(ctx.encounter.token(target))} is not Exhausted: the "
                "Finisher has no extra effect."
            )


def give_status(ctx: ActionContext, state: ThrumState, params: dict[str, Any]) -> None:
    token_id = token_param(ctx, params, "token")
    status = text_param(params, "status")
    if not status:
        raise RulesError("name the status")
    if status in CONDITIONS:
        raise RulesError(f"{status} follows the loads and rolls; deal Fatigue or Stress instead")
    stacks = int_param(params, "stacks", 1)
    if stacks < 0:
        raise RulesError("stacks cannot be negative")
    ctx.set_status(token_id, status, stacks or None)
    ticks = params.get("ticks", True)
    if ticks is False and status not in state.lasting:
        state.lasting = [*state.lasting, status]
    elif ticks is not False and status in state.lasting:
        state.lasting = [s for s in state.lasting if s != status]


def end_incapacity(ctx: ActionContext, state: ThrumState, params: dict[str, Any]) -> None:
    """001 line 96: incapacity ends when "Another character targets them with the
    Resuscitate action" or another ability ends it."""
    token_id = token_param(ctx, params, "token")
    if INCAPACITATED not in ctx.encounter.token(token_id).statuses:
        raise RulesError("that combatant is not Incapacitated")
    ctx.set_status(token_id, INCAPACITATED, None)
    ctx.say(f"{display_name(ctx.encounter.token(token_id))} is no longer Incapacitated.")


def join_late(ctx: ActionContext, state: ThrumState, params: dict[str, Any]) -> None:
    """A late arrival rolls Initiative and goes ahead of the first combatant it beats.

    If that place is before the acting combatant, its first turn is next round."""
    token_id = token_param(ctx, params, "token")
    if token_id in state.order:
        raise RulesError("already in the fight")
    loads.fill_figures(ctx, token_id)
    loads.sync_conditions(ctx, token_id)
    total = roll_one(ctx, state, token_id)
    index = turn_order.insertion_index(ctx.encounter, state, token_id)
    order = list(state.order)
    order.insert(index, token_id)
    state.order = order
    current = state.current
    if current is not None and current in order and index < order.index(current):
        state.acted = [*state.acted, token_id]
    ctx.say(f"{display_name(ctx.encounter.token(token_id))} joins at initiative {total}.")


def end_combat(ctx: ActionContext, state: ThrumState, params: dict[str, Any]) -> None:
    """001 line 17: "End of Combat: Any incapacitated PCs recover, current Fatigue and
    Stress are reset to 0, and current Fatigue Tolerance and Stress Tolerance are recorded"."""
    why = text_param(params, "why") or "The GM ends the fight"
    loads.end_of_combat(ctx, state)
    state.outcome = why
    state.step = ENDED
    state.ended = True
    state.current = None
    state.targets = []
