"""Before the rounds (001 lines 4-12): the Starting Area, win and defeat conditions, NPC
Placement and the Initiative rolls, ties and totals set by hand.
"""

from __future__ import annotations

from typing import Any

from tactical.rules.context import ActionContext
from tactical.rules.procedure import SUBJECT, RulesError
from tactical.rules.procedures.thrum import loads
from tactical.rules.procedures.thrum import order as turn_order
from tactical.rules.procedures.thrum.params import int_param, square_param, text_param, token_param
from tactical.rules.procedures.thrum.state import (
    INITIATIVE,
    INITIATIVE_MOD,
    ORDER,
    ThrumState,
    combatant_ids,
    display_name,
)


def set_starting_area(ctx: ActionContext, state: ThrumState, params: dict[str, Any]) -> None:
    grid = ctx.encounter.grid
    if grid is None:
        raise RulesError("a Starting Area needs a grid map")
    (c1, r1), (c2, r2) = square_param(params, "from"), square_param(params, "to")
    squares = {
        (c, r)
        for c in range(min(c1, c2), max(c1, c2) + 1)
        for r in range(min(r1, r2), max(r1, r2) + 1)
    }
    if not all(grid.in_bounds(s) for s in squares):
        raise RulesError("the Starting Area must lie on the map")
    if params.get("add"):
        squares |= set(state.starting_area)
    state.starting_area = sorted(squares, key=lambda s: (s[1], s[0]))
    ctx.say(f"Starting Area: {len(squares)} squares.")


def clear_starting_area(ctx: ActionContext, state: ThrumState, params: dict[str, Any]) -> None:
    state.starting_area = []


def set_conditions(ctx: ActionContext, state: ThrumState, params: dict[str, Any]) -> None:
    state.win_condition = text_param(params, "win")
    state.defeat_condition = text_param(params, "defeat")


def npcs_placed(ctx: ActionContext, state: ThrumState, params: dict[str, Any]) -> None:
    """001 line 6: "NPC Placement: The GM places NPCs on the combat map"."""
    ids = combatant_ids(ctx.encounter, state)
    if not ids:
        raise RulesError("there is nobody to fight: add PCs, or put NPCs on the map")
    for token_id in ids:
        loads.fill_figures(ctx, token_id)
        loads.sync_conditions(ctx, token_id)
    state.order = ids
    state.step = INITIATIVE
    ctx.say(f"{len(ids)} combatants take part.")


def roll_one(ctx: ActionContext, state: ThrumState, token_id: str) -> int:
    modifier = ctx.int_figure(token_id, INITIATIVE_MOD)
    expression = f"2d6{modifier:+d}" if modifier else "2d6"
    total = ctx.roll(expression, token_id, "Initiative")
    state.initiative = {**state.initiative, token_id: total}
    return total


def roll_own(ctx: ActionContext, state: ThrumState, params: dict[str, Any]) -> None:
    """One combatant's Initiative, rolled by its player (``initiative:<id>``) before the GM
    rolls the rest; rolled again it replaces the first (the GM's correction)."""
    token_id = str(params.get(SUBJECT, ""))
    if token_id not in state.order:
        raise RulesError("only a combatant rolls Initiative")
    total = roll_one(ctx, state, token_id)
    ctx.say(f"{display_name(ctx.encounter.token(token_id))} rolls Initiative: {total}.")


def roll_initiative(ctx: ActionContext, state: ThrumState, params: dict[str, Any]) -> None:
    """001 line 19: "each combatant ... rolls Initiative, by rolling 2d6 and adding their
    Initiative modifier". Rolled in the encounter's token order."""
    for token_id in list(state.order):
        if token_id not in state.initiative:
            roll_one(ctx, state, token_id)
    state.order = turn_order.sorted_order(ctx.encounter, state)
    state.step = ORDER
    ctx.say(
        "Order: "
        + ", ".join(
            f"{display_name(ctx.encounter.token(t))} {state.initiative[t]}" for t in state.order
        )
    )


def set_initiative(ctx: ActionContext, state: ThrumState, params: dict[str, Any]) -> None:
    token_id = token_param(ctx, params, "token")
    if token_id not in state.order:
        raise RulesError("only a combatant has an initiative")
    state.initiative = {**state.initiative, token_id: int_param(params, "total")}
    state.order = turn_order.sorted_order(ctx.encounter, state)


def tie_first(ctx: ActionContext, state: ThrumState, params: dict[str, Any]) -> None:
    token_id = token_param(ctx, params, "token")
    state.preferred = [token_id, *(t for t in state.preferred if t != token_id)]
    state.order = turn_order.sorted_order(ctx.encounter, state)
