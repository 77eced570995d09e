"""Thrum's loads and tolerances: Frayed, Exhausted, Panic and Incapacity Rolls, Wounds.

Every change goes through the :class:`ActionContext`, so it is undoable and
one GM action stays one undo step. Choices where the rule text (001) is vague:

- Tolerances and loads never go below 0.
- Frayed and Exhausted are kept as statuses that follow the loads (set when a
  load exceeds its tolerance, cleared when it no longer does); they and
  Incapacitated never tick down.
- A character who becomes Incapacitated loses 1 Fatigue Tolerance and Load at
  once, and again at the end of each of its turns, including the turn it fell
  in (001 line 92 read literally). The loss comes first; then, if the Load is
  0, Incapacity ends (line 95); then, if it is still Incapacitated with a
  Fatigue Tolerance of 0, it takes a Wound (line 93).
- A failed Panic Roll gives +1 Stunned (a status with stacks that ticks down
  at the end of the character's turn; its effect is in the Statuses rules, not
  in this text).
"""

from __future__ import annotations

from tactical.rules.context import ActionContext
from tactical.rules.procedures.thrum.state import (
    DEFAULTS,
    EXHAUSTED,
    FATIGUE_LOAD,
    FATIGUE_TOLERANCE,
    FRAYED,
    INCAPACITATED,
    MAX_WOUNDS,
    RESILIENCE_MOD,
    RESOLVE_MOD,
    STANCE_FIGURE,
    STRESS_LOAD,
    STRESS_TOLERANCE,
    STUNNED,
    WOUNDS,
    ThrumState,
    display_name,
)


def _get(ctx: ActionContext, token_id: str, name: str) -> int:
    default = DEFAULTS.get(name, 0)
    return ctx.int_figure(token_id, name, default if isinstance(default, int) else 0)


def _name(ctx: ActionContext, token_id: str) -> str:
    return display_name(ctx.encounter.token(token_id))


def add_stacks(ctx: ActionContext, token_id: str, status: str, stacks: int = 1) -> None:
    """``+stacks Status``: add to the stacks a token already has."""
    have = ctx.encounter.token(token_id).statuses.get(status, 0)
    ctx.set_status(token_id, status, max(0, have + stacks) or None)


def fill_figures(ctx: ActionContext, token_id: str) -> None:
    """Give a combatant every tracked figure it lacks, so the panel shows them all."""
    figures = ctx.encounter.token(token_id).figures
    for name, value in DEFAULTS.items():
        if name not in figures:
            ctx.set_figure(token_id, name, value)


def sync_conditions(ctx: ActionContext, token_id: str) -> None:
    """Set or clear Frayed and Exhausted from the loads; end Incapacity at Fatigue Load 0.

    001: "When a character's Stress Load exceeds their Stress Tolerance, they
    are Frayed until their Stress Load no longer Exceeds their Tolerance" and
    the same for Fatigue and Exhausted; "Incapacity can end [when] Fatigue
    Load is reduced to zero".
    """
    frayed = _get(ctx, token_id, STRESS_LOAD) > _get(ctx, token_id, STRESS_TOLERANCE)
    exhausted = _get(ctx, token_id, FATIGUE_LOAD) > _get(ctx, token_id, FATIGUE_TOLERANCE)
    ctx.set_status(token_id, FRAYED, 1 if frayed else None)
    ctx.set_status(token_id, EXHAUSTED, 1 if exhausted else None)
    statuses = ctx.encounter.token(token_id).statuses
    if INCAPACITATED in statuses and _get(ctx, token_id, FATIGUE_LOAD) == 0:
        ctx.set_status(token_id, INCAPACITATED, None)
        ctx.say(f"{_name(ctx, token_id)} is no longer Incapacitated (Fatigue Load 0).")


def change_loads(ctx: ActionContext, token_id: str, fatigue: int = 0, stress: int = 0) -> None:
    """Deal (positive) or remove (negative) Fatigue and Stress; loads stop at 0."""
    name = _name(ctx, token_id)
    for figure, amount, label in (
        (FATIGUE_LOAD, fatigue, "Fatigue"),
        (STRESS_LOAD, stress, "Stress"),
    ):
        if amount:
            value = max(0, _get(ctx, token_id, figure) + amount)
            ctx.set_figure(token_id, figure, value)
            verb = "takes" if amount > 0 else "recovers"
            ctx.say(f"{name} {verb} {abs(amount)} {label}: {label} Load {value}.")
    sync_conditions(ctx, token_id)


def panic_roll(ctx: ActionContext, token_id: str) -> bool:
    """Make a Panic Roll; returns True when it succeeds.

    001: "rolls 2d6 and adds their Resolve modifier. The total must exceed (not
    tie) the character's Stress Load, or else: They are Stunned; Their Stress
    Load is added to their Fatigue Load (and then reset to zero); Their Stress
    Tolerance decreases by 1".
    """
    name = _name(ctx, token_id)
    stress = _get(ctx, token_id, STRESS_LOAD)
    resolve = _get(ctx, token_id, RESOLVE_MOD)
    total = ctx.roll(_two_d6(resolve), token_id, "Panic Roll")
    if total > stress:
        ctx.say(f"{name} passes the Panic Roll: {total} beats Stress Load {stress}.")
        return True
    add_stacks(ctx, token_id, STUNNED)
    fatigue = _get(ctx, token_id, FATIGUE_LOAD) + stress
    ctx.set_figure(token_id, FATIGUE_LOAD, fatigue)
    ctx.set_figure(token_id, STRESS_LOAD, 0)
    tolerance = max(0, _get(ctx, token_id, STRESS_TOLERANCE) - 1)
    ctx.set_figure(token_id, STRESS_TOLERANCE, tolerance)
    sync_conditions(ctx, token_id)
    ctx.say(
        f"{name} fails the Panic Roll ({total} against Stress Load {stress}): Stunned, "
        f"Fatigue Load {fatigue}, Stress Load 0, Stress Tolerance {tolerance}."
    )
    return False


def incapacity_roll(ctx: ActionContext, state: ThrumState, token_id: str, why: str) -> bool:
    """Make an Incapacity Roll; returns True when the character stays up.

    001: "rolls 2d6 and adds their Resilience modifier. The total must exceed
    (not tie) the character's Fatigue Load, or else they are Incapacitated."
    """
    name = _name(ctx, token_id)
    fatigue = _get(ctx, token_id, FATIGUE_LOAD)
    resilience = _get(ctx, token_id, RESILIENCE_MOD)
    total = ctx.roll(_two_d6(resilience), token_id, f"Incapacity Roll ({why})")
    if total > fatigue:
        ctx.say(f"{name} passes the Incapacity Roll: {total} beats Fatigue Load {fatigue}.")
        return True
    ctx.say(f"{name} fails the Incapacity Roll ({total} against Fatigue Load {fatigue}).")
    become_incapacitated(ctx, state, token_id)
    return False


def become_incapacitated(ctx: ActionContext, state: ThrumState, token_id: str) -> None:
    """001: "the character's current Stance immediately ends" and, "Upon becoming
    Incapacitated ... Fatigue Tolerance and Fatigue Load are both decreased by 1"."""
    ctx.set_status(token_id, INCAPACITATED, 1)
    ctx.set_figure(token_id, STANCE_FIGURE, "")
    ctx.say(f"{_name(ctx, token_id)} is Incapacitated; their Stance ends.")
    _lose_fatigue_tolerance(ctx, token_id)


def _lose_fatigue_tolerance(ctx: ActionContext, token_id: str) -> None:
    tolerance = max(0, _get(ctx, token_id, FATIGUE_TOLERANCE) - 1)
    load = max(0, _get(ctx, token_id, FATIGUE_LOAD) - 1)
    ctx.set_figure(token_id, FATIGUE_TOLERANCE, tolerance)
    ctx.set_figure(token_id, FATIGUE_LOAD, load)
    ctx.say(f"{_name(ctx, token_id)}: Fatigue Tolerance {tolerance}, Fatigue Load {load}.")
    sync_conditions(ctx, token_id)


def end_of_turn_incapacity(ctx: ActionContext, state: ThrumState, token_id: str) -> None:
    """The end-of-turn losses of an Incapacitated character, and its Wound.

    001: "at the end of each of their turns while Incapacitated, the
    character's Fatigue Tolerance and Fatigue Load are both decreased by 1. If
    a character ends a turn Incapacitated while their Fatigue Tolerance is
    zero, they take a Wound. Upon accumulating three Wounds, they are removed
    from combat".
    """
    if INCAPACITATED not in ctx.encounter.token(token_id).statuses:
        return
    _lose_fatigue_tolerance(ctx, token_id)
    token = ctx.encounter.token(token_id)
    if INCAPACITATED in token.statuses and _get(ctx, token_id, FATIGUE_TOLERANCE) == 0:
        wounds = _get(ctx, token_id, WOUNDS) + 1
        ctx.set_figure(token_id, WOUNDS, wounds)
        ctx.say(
            f"{display_name(token)} ends the turn Incapacitated at Fatigue Tolerance 0: "
            f"Wound {wounds}."
        )
        if wounds >= MAX_WOUNDS and token_id not in state.removed:
            state.removed = [*state.removed, token_id]
            ctx.say(f"{display_name(token)} has {wounds} Wounds and is removed from combat.")


def tick_statuses(
    ctx: ActionContext, state: ThrumState, token_id: str, conditions: frozenset[str]
) -> None:
    """001: "Decrement stacks of any Statuses that tick down at the end of the turn".

    Every status ticks down by one stack except the conditions that follow the
    loads (Frayed, Exhausted, Incapacitated) and those the GM marked lasting.
    """
    token = ctx.encounter.token(token_id)
    for status, stacks in sorted(token.statuses.items()):
        if status in conditions or status in state.lasting:
            continue
        ctx.set_status(token_id, status, stacks - 1 or None)
        ctx.say(
            f"{display_name(token)}: {status} {stacks - 1}."
            if stacks > 1
            else f"{display_name(token)}: {status} ends."
        )


def end_of_combat(ctx: ActionContext, state: ThrumState) -> None:
    """001: "Any incapacitated PCs recover, current Fatigue and Stress are reset to
    0, and current Fatigue Tolerance and Stress Tolerance are recorded".

    Resetting the Fatigue Load ends Incapacity (line 95) for every combatant
    whose Fatigue Tolerance is above 0; at 0 it stays ("provided their
    Tolerance has not been reduced to zero", line 98) until Downtime.
    """
    recorded: dict[str, dict[str, int]] = {}
    for token_id in state.order:
        if token_id not in ctx.encounter.tokens:
            continue
        ctx.set_figure(token_id, FATIGUE_LOAD, 0)
        ctx.set_figure(token_id, STRESS_LOAD, 0)
        ctx.set_status(token_id, FRAYED, None)
        ctx.set_status(token_id, EXHAUSTED, None)
        token = ctx.encounter.token(token_id)
        tolerance = _get(ctx, token_id, FATIGUE_TOLERANCE)
        if INCAPACITATED in token.statuses:
            if tolerance > 0 and token_id not in state.removed:
                ctx.set_status(token_id, INCAPACITATED, None)
                ctx.say(f"{display_name(token)} recovers from Incapacity.")
            else:
                ctx.say(f"{display_name(token)} stays Incapacitated (Fatigue Tolerance 0).")
        recorded[token_id] = {
            FATIGUE_TOLERANCE: tolerance,
            STRESS_TOLERANCE: _get(ctx, token_id, STRESS_TOLERANCE),
            WOUNDS: _get(ctx, token_id, WOUNDS),
        }
        ctx.say(
            f"{display_name(token)}: Fatigue Tolerance {tolerance}, "
            f"Stress Tolerance {recorded[token_id][STRESS_TOLERANCE]}, "
            f"Wounds {recorded[token_id][WOUNDS]}."
        )
    state.recorded = recorded


def _two_d6(modifier: int) -> str:
    return f"2d6{modifier:+d}" if modifier else "2d6"
