"""Placing the combatants and rolling initiative (003 line 9), then the first round."""

from __future__ import annotations

from tactical.rules.context import ActionContext
from tactical.rules.procedure import RulesError
from tactical.rules.procedures.two_second_turns.flow import begin_next_turn, name_of
from tactical.rules.procedures.two_second_turns.order import initiative_order, insert_by_initiative
from tactical.rules.procedures.two_second_turns.params import (
    Params,
    figure_of,
    in_fight,
    pick_token,
)
from tactical.rules.procedures.two_second_turns.state import TurnsState


def roll_initiative(ctx: ActionContext, state: TurnsState, params: Params) -> None:
    fighters = in_fight(ctx.encounter)
    if not fighters:
        raise RulesError("place the combatants on the map first")
    for token_id in fighters:
        roll_for(ctx, token_id)
    state.order = initiative_order(fighters, lambda t, n: figure_of(ctx.encounter, t, n))
    state.step = "initiative"
    ctx.say("Order: " + ", ".join(name_of(ctx.encounter, t) for t in state.order) + ".")


def roll_for(ctx: ActionContext, token_id: str) -> int:
    token = ctx.encounter.token(token_id)
    dice = max(1, figure_of(ctx.encounter, token_id, "willpower"))
    dexterity = figure_of(ctx.encounter, token_id, "dexterity")
    expression = f"{dice}d6{dexterity:+d}" if dexterity else f"{dice}d6"
    total = ctx.roll(expression, token_id, "initiative", secret=token.hidden)
    ctx.set_figure(token_id, "initiative", total)
    return total


def set_initiative(ctx: ActionContext, state: TurnsState, params: Params) -> None:
    token_id = pick_token(ctx, params, "token", state.order)
    ctx.set_figure(token_id, "initiative", int(params["value"]))
    state.order = initiative_order(state.order, lambda t, n: figure_of(ctx.encounter, t, n))


def start_round(ctx: ActionContext, state: TurnsState, params: Params) -> None:
    state.round = 1
    state.done = []
    ctx.say("Round 1 begins.")
    begin_next_turn(ctx, state)


def add_combatant(ctx: ActionContext, state: TurnsState, params: Params) -> None:
    token_id = pick_token(ctx, params, "token", None)
    if token_id in state.order:
        raise RulesError(f"{name_of(ctx.encounter, token_id)} is already in the order")
    if params.get("value") is None:
        roll_for(ctx, token_id)
    else:
        ctx.set_figure(token_id, "initiative", int(params["value"]))
    state.order = insert_by_initiative(
        [*state.order, token_id], token_id, lambda t, n: figure_of(ctx.encounter, t, n)
    )
