"""Round Zero (001 line 13): PCs take their places inside the Starting Area and everyone
may enter a Stance, in initiative order.
"""

from __future__ import annotations

from typing import Any

from tactical.core.grid import Square, Terrain
from tactical.rules.context import ActionContext
from tactical.rules.procedure import RulesError
from tactical.rules.procedures.thrum import order as turn_order
from tactical.rules.procedures.thrum.params import square_param
from tactical.rules.procedures.thrum.state import ZERO, ThrumState, display_name, is_pc
from tactical.rules.procedures.thrum.turns import begin_turn


def begin_round_zero(ctx: ActionContext, state: ThrumState, params: dict[str, Any]) -> None:
    """001 line 22: "a special Round Zero occurs, in which characters take no actions,
    but on their turn can position themselves within the Starting Area"."""
    everyone = turn_order.in_play(ctx.encounter, state)
    if not everyone:
        raise RulesError("there is nobody in the order")
    state.step = ZERO
    state.acted = []
    state.current = everyone[0]


def placement_problem(ctx: ActionContext, state: ThrumState, token_id: str, corner: Square) -> str:
    """Why ``token_id`` cannot stand with its top-left square at ``corner`` ('' if it can)."""
    token = ctx.encounter.token(token_id)
    grid = ctx.encounter.grid
    area = set(state.starting_area)
    occupants = ctx.encounter.occupants()
    for square in token.squares_at(corner):
        if grid is not None and not grid.in_bounds(square):
            return f"{square} is off the map"
        if area and square not in area:
            return f"{square} is outside the Starting Area"
        if grid is not None and grid.terrain_at(square) == Terrain.IMPASSABLE:
            return f"{square} is impassable"
        if occupants.get(square, token_id) != token_id:
            return f"{square} is taken by {display_name(ctx.encounter.token(occupants[square]))}"
    return ""


def place(ctx: ActionContext, state: ThrumState, params: dict[str, Any]) -> None:
    token_id = state.current
    assert token_id is not None
    corner = square_param(params, "square")
    problem = placement_problem(ctx, state, token_id, corner)
    if problem:
        raise RulesError(problem)
    ctx.move(token_id, corner)


def zero_done(ctx: ActionContext, state: ThrumState, params: dict[str, Any]) -> None:
    token_id = state.current
    assert token_id is not None
    token = ctx.encounter.tokens.get(token_id)
    if token is not None and is_pc(ctx.encounter, token):
        if token.square is None:
            raise RulesError(f"{display_name(token)} has no position yet: place them")
        problem = placement_problem(ctx, state, token_id, token.square)
        if problem:
            raise RulesError(
                f"{display_name(token)} must start inside the Starting Area: {problem}"
            )
    state.acted = [*state.acted, token_id]
    rest = turn_order.waiting(ctx.encounter, state)
    if rest:
        state.current = rest[0]
        return
    state.round = 1
    state.acted = []
    state.delayed = []
    everyone = turn_order.in_play(ctx.encounter, state)
    begin_turn(state, everyone[0] if everyone else None)
    ctx.say("Round 1 begins.")
