"""Placing the combatants and rolling initiative (003 line 9), then the first round."""

from __future__ import annotations

from tactical.core.encounter import Encounter
from tactical.rules.context import ActionContext
from tactical.rules.procedure import SUBJECT, RulesError
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
        if token_id not in state.rolled:
            roll_for(ctx, token_id)
    state.order = initiative_order(fighters, lambda t, n: figure_of(ctx.encounter, t, n))
    state.step = "initiative"
    ctx.say("Order: " + ", ".join(name_of(ctx.encounter, t) for t in state.order) + ".")


def roll_own(ctx: ActionContext, state: TurnsState, params: Params) -> None:
    """A player character's initiative rolled by its player (``initiative:<id>``) before
    the GM rolls the rest; rolled again it replaces the first (the GM's correction)."""
    token_id = str(params.get(SUBJECT, ""))
    if token_id not in in_fight(ctx.encounter):
        raise RulesError("only a character on the map rolls initiative")
    total = roll_for(ctx, token_id)
    if token_id not in state.rolled:
        state.rolled = [*state.rolled, token_id]
    ctx.say(f"{name_of(ctx.encounter, token_id)} rolls initiative: {total}.")


def initiative_dice(encounter: Encounter, token_id: str) -> tuple[str, int]:
    """003: "The initiative roll uses the character's dexterity as his consistency, and
    the number of willpower a character has as it's potential": willpower d6 + dexterity."""
    dice = max(1, figure_of(encounter, token_id, "willpower"))
    return f"{dice}d6", figure_of(encounter, token_id, "dexterity")


def roll_for(ctx: ActionContext, token_id: str) -> int:
    token = ctx.encounter.token(token_id)
    dice, dexterity = initiative_dice(ctx.encounter, token_id)
    expression = f"{dice}{dexterity:+d}" if dexterity else dice
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
