"""The GM's overrides: taking out and bringing back, a side's Morale, ending the combat."""

from __future__ import annotations

from tactical.rules.context import ActionContext
from tactical.rules.procedure import RulesError
from tactical.rules.procedures.side_initiative.morale import members
from tactical.rules.procedures.side_initiative.params import Params, pick_token
from tactical.rules.procedures.side_initiative.state import OUT_REASONS, SideState


def take_out(ctx: ActionContext, state: SideState, params: Params) -> None:
    token_id = pick_token(ctx, state, params, "token")
    reason = params.get("reason", "defeated")
    if reason not in OUT_REASONS:
        raise RulesError(f"out as one of {', '.join(OUT_REASONS)}")
    state.out = {**state.out, token_id: reason}
    ctx.set_status(token_id, reason, 1)
    ctx.set_status(token_id, "broken", None)
    ctx.say(f"{ctx.encounter.token(token_id).name} is out of the fight ({reason}).")


def bring_back(ctx: ActionContext, state: SideState, params: Params) -> None:
    token_id = pick_token(ctx, state, params, "token")
    reason = state.out.pop(token_id, None)
    state.out = dict(state.out)
    if reason is not None:
        ctx.set_status(token_id, reason, None)


def set_morale(ctx: ActionContext, state: SideState, params: Params) -> None:
    side = params.get("side")
    value = int(params.get("value", 0))
    if side not in ctx.encounter.sides or not 2 <= value <= 12:
        raise RulesError("Morale is 2 to 12")
    for token_id in members(ctx.encounter, side):
        ctx.set_figure(token_id, "morale", value)


def end_combat(ctx: ActionContext, state: SideState, params: Params) -> None:
    state.ended = True
    state.step = "ended"
    state.attack = None
    ctx.say("The fight is over.")
