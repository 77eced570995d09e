"""One 1d6 per side (004), ties re-rolled or simultaneous, waiting sides, totals set by
hand, and the start of the sides' phases.
"""

from __future__ import annotations

from tactical.rules.context import ActionContext
from tactical.rules.procedure import RulesError
from tactical.rules.procedures.side_initiative.morale import PLAYER_SIDE
from tactical.rules.procedures.side_initiative.order import (
    acting_groups,
    sides_in_fight,
    unresolved_ties,
)
from tactical.rules.procedures.side_initiative.params import Params, group_name, side_name
from tactical.rules.procedures.side_initiative.phases import enter_group
from tactical.rules.procedures.side_initiative.state import SideState


def roll_initiative(ctx: ActionContext, state: SideState, params: Params) -> None:
    encounter = ctx.encounter
    sides = sides_in_fight(encounter, state)
    if len(sides) < 2:
        raise RulesError("initiative needs at least two sides on the map")
    for side in sides:
        if side in state.initiative:  # the party's player rolled it already
            continue
        result = ctx.roll("1d6", side_name(encounter, side), f"initiative, round {state.round}")
        state.initiative = {**state.initiative, side: [result]}
    state.declarations = {
        token_id: d.model_copy(update={"secret": False}) if d.kind == "flee" else d
        for token_id, d in state.declarations.items()
    }
    state.step = "initiative"
    ctx.say(
        "Initiative: "
        + ", ".join(f"{side_name(encounter, s)} {state.initiative[s][0]}" for s in sides)
        + "."
    )


def party_roll(ctx: ActionContext, state: SideState, params: Params) -> None:
    """004: "One player rolls for the adventuring party as a whole, and the Referee rolls
    for each other side." The party's 1d6, rolled by a player before the Referee's;
    declarations close with it ("declared before initiative is rolled")."""
    encounter = ctx.encounter
    if PLAYER_SIDE not in sides_in_fight(encounter, state):
        raise RulesError("the party is not in the fight")
    if PLAYER_SIDE in state.initiative:
        raise RulesError("the party has rolled its initiative this round")
    name = side_name(encounter, PLAYER_SIDE)
    result = ctx.roll("1d6", name, f"initiative, round {state.round}")
    state.initiative = {**state.initiative, PLAYER_SIDE: [result]}
    ctx.say(f"{name} initiative: {result}.")


def reroll_tie(ctx: ActionContext, state: SideState, params: Params) -> None:
    encounter = ctx.encounter
    ties = unresolved_ties(state, sides_in_fight(encounter, state))
    if not ties:
        raise RulesError("no tie to re-roll")
    for side in ties[0]:
        result = ctx.roll("1d6", side_name(encounter, side), "initiative tie re-roll")
        state.initiative = {**state.initiative, side: [*state.initiative[side], result]}
    ctx.say(
        "Re-roll: "
        + ", ".join(f"{side_name(encounter, s)} {state.initiative[s][-1]}" for s in ties[0])
        + "."
    )


def simultaneous(ctx: ActionContext, state: SideState, params: Params) -> None:
    ties = unresolved_ties(state, sides_in_fight(ctx.encounter, state))
    if not ties:
        raise RulesError("no tie to resolve")
    state.simultaneous = [*state.simultaneous, sorted(ties[0])]
    ctx.say(f"Acting together: {group_name(ctx.encounter, ties[0])}.")


def wait(ctx: ActionContext, state: SideState, params: Params) -> None:
    side = params.get("side")
    if side not in sides_in_fight(ctx.encounter, state) or side in state.waiting:
        raise RulesError("pick a side that is not waiting yet")
    state.waiting = [*state.waiting, side]
    ctx.say(f"{side_name(ctx.encounter, side)} wait: they act after the other sides.")


def set_initiative(ctx: ActionContext, state: SideState, params: Params) -> None:
    side = params.get("side")
    value = int(params.get("value", 0))
    if side not in sides_in_fight(ctx.encounter, state) or not 1 <= value <= 6:
        raise RulesError("a side's roll is 1 to 6")
    state.initiative = {**state.initiative, side: [value]}
    state.simultaneous = [g for g in state.simultaneous if side not in g]


def begin(ctx: ActionContext, state: SideState, params: Params) -> None:
    sides = sides_in_fight(ctx.encounter, state)
    if unresolved_ties(state, sides):
        raise RulesError("resolve the tie first: re-roll or act simultaneously")
    state.order = acting_groups(state, sides)
    enter_group(ctx, state, 0)
