"""A combatant's turn (001 lines 21-33): Start of Turn and the Panic Roll, Delay, Move,
Action, Stance and End of Turn, and who acts next.
"""

from __future__ import annotations

from typing import Any

from tactical.rules.context import ActionContext
from tactical.rules.procedure import RulesError
from tactical.rules.procedures.thrum import loads
from tactical.rules.procedures.thrum import order as turn_order
from tactical.rules.procedures.thrum.params import int_param, text_param, token_param
from tactical.rules.procedures.thrum.state import (
    ACTION,
    CONDITIONS,
    DAZED,
    END,
    EXHAUSTED,
    INCAPACITATED,
    MOVE,
    SLOWED,
    STANCE,
    STANCE_FIGURE,
    START,
    ThrumState,
    display_name,
)
from tactical.rules.procedures.thrum.view import needs_panic


def begin_turn(state: ThrumState, token_id: str | None) -> None:
    state.current = token_id
    state.step = START
    state.panic_rolled = False
    state.targets = []
    state.moved = {}
    state.action_rolls = -1
    state.overexerted = 0


def acting_id(ctx: ActionContext, state: ThrumState) -> str:
    token_id = state.current
    if token_id is None or token_id not in ctx.encounter.tokens:
        raise RulesError("nobody is acting")
    return token_id


def panic_roll(ctx: ActionContext, state: ThrumState, params: dict[str, Any]) -> None:
    """001 line 26: "If Stress Load exceeds Stress Tolerance, make a Panic Roll"."""
    token_id = acting_id(ctx, state)
    if not needs_panic(ctx.encounter.token(token_id)):
        raise RulesError("only a Frayed character makes a Panic Roll")
    loads.panic_roll(ctx, token_id)
    state.panic_rolled = True


def start_done(ctx: ActionContext, state: ThrumState, params: dict[str, Any]) -> None:
    token_id = acting_id(ctx, state)
    token = ctx.encounter.token(token_id)
    if needs_panic(token) and not state.panic_rolled:
        raise RulesError(f"{display_name(token)} must make a Panic Roll first")
    # 001 line 91: Incapacitated characters "cannot move, act, or take stances".
    state.step = END if INCAPACITATED in token.statuses else MOVE


def delay(ctx: ActionContext, state: ThrumState, params: dict[str, Any]) -> None:
    """001 line 21: delay "until a specified point in the initiative order ... This can
    only be done once per round"."""
    token_id = acting_id(ctx, state)
    after = token_param(ctx, params, "after")
    name = display_name(ctx.encounter.token(token_id))
    if token_id in state.delayed:
        raise RulesError(f"{name} has already delayed this round and must act now")
    if state.panic_rolled:
        raise RulesError(f"{name}'s turn has begun; it is too late to delay")
    if after not in turn_order.waiting(ctx.encounter, state):
        raise RulesError("delay until after a combatant who has yet to act this round")
    turn_order.delay(state, token_id, after)
    ctx.say(f"{name} delays until after {display_name(ctx.encounter.token(after))}.")
    rest = [t for t in turn_order.in_play(ctx.encounter, state) if t not in state.acted]
    begin_turn(state, rest[0])


def move_done(ctx: ActionContext, state: ThrumState, params: dict[str, Any]) -> None:
    acting_id(ctx, state)
    state.step = ACTION
    state.action_rolls = len(ctx.encounter.dice_log)


def descent_failed(ctx: ActionContext, state: ThrumState, params: dict[str, Any]) -> None:
    """001 line 49: "On a fail they are +1 Slowed. If they have already expended movement
    equal to their new speed, they cannot move further and are +1 Dazed"."""
    token_id = acting_id(ctx, state)
    loads.add_stacks(ctx, token_id, SLOWED)
    if params.get("dazed"):
        loads.add_stacks(ctx, token_id, DAZED)


def overexert(ctx: ActionContext, state: ThrumState, params: dict[str, Any]) -> None:
    """001: "Some abilities allow the ability user to voluntarily take Stress in order to
    increase the impact of the ability ... Overexert needs to be declared and Stress taken
    before any rolls occur." Declared in the acting character's Action step, before any
    roll is logged in it; the Stress is taken at once (Frayed follows at once too)."""
    token_id = acting_id(ctx, state)
    name = display_name(ctx.encounter.token(token_id))
    if state.step != ACTION:
        raise RulesError(f"{name} Overexerts in the Action step, before its rolls")
    if 0 <= state.action_rolls < len(ctx.encounter.dice_log):
        raise RulesError(
            f"{name} has rolled already: Overexert is declared, and its Stress taken, "
            "before any rolls"
        )
    stress = int_param(params, "stress", 1)
    if stress < 1:
        raise RulesError("Overexert takes 1 Stress or more")
    ability = text_param(params, "ability")
    state.overexerted += stress
    ctx.say(f"{name} Overexerts{' ' + ability if ability else ''}, taking {stress} Stress.")
    loads.change_loads(ctx, token_id, stress=stress)


def action_done(ctx: ActionContext, state: ThrumState, params: dict[str, Any]) -> None:
    """001 line 89: Exhausted characters "must make an Incapacity Roll after they take an
    Action, unless the Action removes Exhaustion"."""
    token_id = acting_id(ctx, state)
    token = ctx.encounter.token(token_id)
    if EXHAUSTED in token.statuses and INCAPACITATED not in token.statuses:
        loads.incapacity_roll(ctx, state, token_id, "after an Action while Exhausted")
    state.step = END if INCAPACITATED in token.statuses else STANCE
    state.action_rolls = -1


def keep_stance(ctx: ActionContext, state: ThrumState, params: dict[str, Any]) -> None:
    acting_id(ctx, state)
    state.step = END


def skip_to_end(ctx: ActionContext, state: ThrumState, params: dict[str, Any]) -> None:
    acting_id(ctx, state)
    state.step = END


def end_turn(ctx: ActionContext, state: ThrumState, params: dict[str, Any]) -> None:
    """001 lines 30-33: "End of Turn a. Resolve End of Turn effects b. Decrement stacks
    of any Statuses that tick down at the end of the turn"."""
    token_id = state.current
    if token_id is not None and token_id in ctx.encounter.tokens:
        loads.tick_statuses(ctx, state, token_id, CONDITIONS)
        loads.end_of_turn_incapacity(ctx, state, token_id)
        state.acted = [*state.acted, token_id]
    elif token_id is not None:
        state.acted = [*state.acted, token_id]
    following, new_round = turn_order.next_up(ctx.encounter, state)
    if following is None:
        raise RulesError("nobody is left to act: end the combat")
    if new_round:
        state.round += 1
        state.acted = []
        state.delayed = []
        ctx.say(f"Round {state.round} begins.")
    begin_turn(state, following)


def take_stance(ctx: ActionContext, state: ThrumState, params: dict[str, Any]) -> None:
    """001 line 29: "Take a new Stance ... ending the current one". One at a time."""
    token_id = state.current
    assert token_id is not None
    stance = text_param(params, "stance")
    if not stance:
        raise RulesError("name the Stance")
    if INCAPACITATED in ctx.encounter.token(token_id).statuses:
        raise RulesError("an Incapacitated character cannot take a Stance")
    ctx.set_figure(token_id, STANCE_FIGURE, stance)
    ctx.say(f"{display_name(ctx.encounter.token(token_id))} enters {stance}.")
    if state.step == STANCE:
        state.step = END
