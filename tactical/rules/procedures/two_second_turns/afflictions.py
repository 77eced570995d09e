"""Applying an effect (003 lines 35 to 47): its duration in turns, and a stumble's push out of
the cluster (003 line 41).
"""

from __future__ import annotations

from tactical.core.grid import Terrain
from tactical.rules.context import ActionContext
from tactical.rules.procedure import RulesError
from tactical.rules.procedures.two_second_turns.clusters import cluster_of
from tactical.rules.procedures.two_second_turns.effects import (
    add_effect,
    effect_turns,
    is_dazed,
    status_name,
)
from tactical.rules.procedures.two_second_turns.flow import name_of
from tactical.rules.procedures.two_second_turns.params import Params, pick_token
from tactical.rules.procedures.two_second_turns.state import (
    DIRECTIONS,
    STEPS,
    Direction,
    TurnsState,
)

OPPOSITE: dict[Direction, Direction] = {
    "left": "right",
    "right": "left",
    "up": "down",
    "down": "up",
}


def apply_effect(ctx: ActionContext, state: TurnsState, params: Params) -> None:
    target = pick_token(ctx, params, "target", state.order)
    kind = params.get("effect", "stumble")
    seconds = int(params.get("seconds", 2))
    if seconds < 1:
        raise RulesError("an effect lasts at least one second")
    direction = params.get("direction") or None
    encounter = ctx.encounter
    if kind == "stumble":
        if direction not in DIRECTIONS:
            raise RulesError("a stumble needs the direction it came from: left, right, up or down")
        stumble_out(ctx, state, target, direction, params.get("push") or "away")
        name = "stumble"
    elif kind == "daze":
        name = "daze"
    else:
        name = str(params.get("name") or "").strip()
        if not name:
            raise RulesError("name the effect")
    effect = add_effect(ctx, state, target, name, seconds, direction)
    turns = effect_turns(seconds)
    if effect is None:
        ctx.say(f"{name_of(encounter, target)}: {name} of {seconds} s lasts no turn.")
    else:
        ctx.say(
            f"{name_of(encounter, target)} is {status_name(name)} for {turns} "
            f"turn{'s' if turns != 1 else ''} ({seconds} s)."
        )
    if state.acting is not None and is_dazed(state, state.acting):
        state.acted = True


def stumble_out(
    ctx: ActionContext,
    state: TurnsState,
    target: str,
    direction: Direction,
    push: str,
) -> None:
    """003 line 41: in a cluster, the stumbling character is moved out of it, one square."""
    encounter = ctx.encounter
    token = encounter.token(target)
    if len(cluster_of(encounter, target, state.out)) < 2 or token.square is None:
        return
    grid = encounter.grid
    towards = next((d for d in DIRECTIONS if d == push), OPPOSITE[direction])
    dc, dr = STEPS[towards]
    square = (token.square[0] + dc, token.square[1] + dr)
    blocked = (
        grid is None
        or not grid.in_bounds(square)
        or grid.terrain_at(square) == Terrain.IMPASSABLE
        or grid.blocked_edge(token.square, square)
    )
    if blocked:
        raise RulesError(
            f"{name_of(encounter, target)} cannot stumble {towards}: "
            "choose another direction to stumble"
        )
    ctx.move(target, square)
    ctx.say(f"{name_of(encounter, target)} stumbles out of the cluster to {square}.")
