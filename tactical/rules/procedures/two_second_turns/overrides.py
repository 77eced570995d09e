"""The GM's overrides: moving someone in the order, taking out and bringing back, ending
the fight.
"""

from __future__ import annotations

from tactical.rules.context import ActionContext
from tactical.rules.procedures.two_second_turns.effects import sync_statuses
from tactical.rules.procedures.two_second_turns.flow import begin_next_turn, name_of
from tactical.rules.procedures.two_second_turns.order import Place, place
from tactical.rules.procedures.two_second_turns.params import Params, pick_token
from tactical.rules.procedures.two_second_turns.state import TurnsState


def move_in_order(ctx: ActionContext, state: TurnsState, params: Params) -> None:
    token_id = pick_token(ctx, params, "token", state.order)
    whom = pick_token(ctx, params, "whom", state.order)
    where: Place = "before" if params.get("place") == "just before" else "after"
    state.order = place(state.order, token_id, where, whom)
    if state.acting == token_id or token_id in state.done:
        return
    ctx.say(
        f"{name_of(ctx.encounter, token_id)} now acts just {where} {name_of(ctx.encounter, whom)}."
    )


def take_out(ctx: ActionContext, state: TurnsState, params: Params) -> None:
    token_id = pick_token(ctx, params, "token", state.order)
    if token_id not in state.out:
        state.out.append(token_id)
    state.readies.pop(token_id, None)
    ctx.say(f"{name_of(ctx.encounter, token_id)} is out of the fight.")
    if state.acting == token_id:
        state.acting = None
        state.chain = None
        begin_next_turn(ctx, state)


def bring_back(ctx: ActionContext, state: TurnsState, params: Params) -> None:
    token_id = pick_token(ctx, params, "token", list(state.out))
    state.out.remove(token_id)
    if token_id not in state.done:
        state.done.append(token_id)
    ctx.say(f"{name_of(ctx.encounter, token_id)} is back; it acts from the next round.")


def end_combat(ctx: ActionContext, state: TurnsState, params: Params) -> None:
    state.ended = True
    state.step = "ended"
    state.acting = None
    state.chain = None
    for effect in list(state.effects):
        state.effects.remove(effect)
        sync_statuses(ctx, state, effect.token, {effect.name})
    ctx.say("The fight is over.")
