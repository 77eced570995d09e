"""The sides' turns (004): which side or tied sides act next, the four phases in order,
and the "in melee" status kept in step after every action.
"""

from __future__ import annotations

from tactical.core.encounter import Encounter
from tactical.rules.context import ActionContext
from tactical.rules.procedure import RulesError
from tactical.rules.procedures.side_initiative.combat import melee_opponents
from tactical.rules.procedures.side_initiative.params import Params, fighters, group_name
from tactical.rules.procedures.side_initiative.state import PHASES, SideState


def enter_group(ctx: ActionContext, state: SideState, index: int) -> None:
    found = next_group(ctx.encounter, state, index)
    if found is None:
        state.group = len(state.order)
        state.phase = ""
        state.step = "morale"
        ctx.say("Every side has acted: morale.")
        return
    state.group = found
    state.phase = "movement"
    state.step = f"act-{found}-movement"
    group = state.order[found]
    state.declarations = {
        token_id: d.model_copy(update={"secret": False})
        if ctx.encounter.token(token_id).side in group
        else d
        for token_id, d in state.declarations.items()
    }
    state.engaged = [
        token_id
        for token_id in fighters(ctx.encounter, state, group)
        if melee_opponents(ctx.encounter, state, token_id)
    ]
    ctx.say(f"Acting: {group_name(ctx.encounter, group)}.")


def next_group(encounter: Encounter, state: SideState, index: int) -> int | None:
    for found in range(index, len(state.order)):
        if fighters(encounter, state, state.order[found]):
            return found
    return None


def next_phase(ctx: ActionContext, state: SideState, params: Params) -> None:
    if state.attack is not None:
        raise RulesError("record the attack first")
    index = PHASES.index(state.phase)
    if index + 1 < len(PHASES):
        state.phase = PHASES[index + 1]
        state.step = f"act-{state.group}-{state.phase}"
        state.engaged = []
        return
    enter_group(ctx, state, state.group + 1)


def sync_melee(ctx: ActionContext, state: SideState) -> None:
    """Keep the "in melee" status on the tokens in step with who is in melee."""
    encounter = ctx.encounter
    for token_id in [t.id for t in encounter.tokens.values() if t.position is not None]:
        engaged = token_id not in state.out and bool(melee_opponents(encounter, state, token_id))
        ctx.set_status(token_id, "in melee", 1 if engaged else None)
