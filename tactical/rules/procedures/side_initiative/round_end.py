"""The Morale step (004: 2d6 over Morale, when and how often) and the next round."""

from __future__ import annotations

from tactical.rules.context import ActionContext
from tactical.rules.procedure import RulesError
from tactical.rules.procedures.side_initiative.combat import within_reach
from tactical.rules.procedures.side_initiative.morale import (
    due,
    fights_to_the_death,
    is_players,
    mark_checked,
    record,
    side_morale,
)
from tactical.rules.procedures.side_initiative.order import sides_in_fight
from tactical.rules.procedures.side_initiative.params import Params, fighters, side_name
from tactical.rules.procedures.side_initiative.state import SideState


def check_morale(ctx: ActionContext, state: SideState, params: Params) -> None:
    encounter = ctx.encounter
    side = params.get("side")
    if side not in sides_in_fight(encounter, state) or is_players(side):
        raise RulesError("only the Referee's sides check morale")
    if record(state, side).broken_round is not None:
        raise RulesError(f"{side_name(encounter, side)} have already broken")
    reason = fights_to_the_death(encounter, state, side)
    if reason:
        raise RulesError(f"{side_name(encounter, side)} never check again: {reason}")
    morale = side_morale(encounter, side)
    if morale is None:
        raise RulesError(f"set the Morale of {side_name(encounter, side)} first")
    modifier = int(params.get("modifier", 0))
    if not -2 <= modifier <= 2:
        raise RulesError("the Referee's modifiers to Morale are -2 to +2 (004 line 135)")
    reasons = due(encounter, state, side)
    why = ", ".join(reasons) if reasons else "the Referee's call"
    result = ctx.roll("2d6", side_name(encounter, side), f"morale ({why})", secret=True)
    target = morale + modifier
    held = result <= target
    rec = mark_checked(state, side, reasons, held)
    if held:
        ctx.say(
            f"{side_name(encounter, side)} hold: {result} against Morale {target} "
            f"(success {rec.successes})."
        )
        return
    for token_id in fighters(encounter, state, [side]):
        ctx.set_status(token_id, "broken", 1)
    ctx.say(
        f"{side_name(encounter, side)} break: {result} exceeds Morale {target}. "
        "They try to surrender or flee next round."
    )


def skip_morale(ctx: ActionContext, state: SideState, params: Params) -> None:
    side = str(params.get("side"))
    reasons = due(ctx.encounter, state, side) if side in ctx.encounter.sides else []
    if not reasons:
        raise RulesError("that side has no check due")
    mark_checked(state, side, reasons, None)
    ctx.say(f"{side_name(ctx.encounter, side)}: check skipped ({', '.join(reasons)}).")


def next_round(ctx: ActionContext, state: SideState, params: Params) -> None:
    encounter = ctx.encounter
    state.melee = [
        pair
        for pair in state.melee
        if not set(pair) & set(state.out)
        and all(t in encounter.tokens for t in pair)
        and within_reach(encounter, pair[0], pair[1])
    ]
    state.round += 1
    state.step = "declarations"
    state.declarations = {}
    state.initiative = {}
    state.simultaneous = []
    state.waiting = []
    state.order = []
    state.group = 0
    state.phase = ""
    state.acted = []
    state.attack = None
    state.moved = {}
    state.engaged = []
    ctx.say(f"Round {state.round}: declarations.")
