"""Triggered effects (001 line 81): recorded as they trigger, walked in the rule's order.

001: "In the event multiple characters have effects triggered by a common
trigger, they resolve in initiative order (from the top of the order down). If
an effect is triggered by the effect of another triggered effect, they resolve
in last-in-first-out order (i.e., as a "stack"). In other words, triggered
effects preempt the remaining resolution of any abilities that create their
trigger."

How the GM records them ("Record a triggered effect": who, what, and the
trigger in a few words):

- Effects recorded with the same trigger as the top of the stack join that
  group, which keeps initiative order (top of the order first) whatever order
  they were typed in. That is the common trigger.
- An effect with another trigger starts a new group on top of the stack: an
  effect triggered while another is resolving (or a new trigger) resolves
  before what waits under it.
- "Resolve the next triggered effect" takes the first effect of the top group
  and names it as resolving now; while effects wait it is the advance key, so
  the step's own action (e.g. "Action done") waits for them: they preempt it.
- "Drop the triggered effects" clears the stack (the GM's override).
- The effect being resolved is named in the notes until the fight moves on
  (another step or turn) or the next one is resolved.

The stack is saved with the fight; notes list it, next first. A hidden
combatant's name stays out of the notes, as elsewhere.
"""

from __future__ import annotations

from typing import Any

from tactical.core.encounter import Encounter
from tactical.rules.context import ActionContext
from tactical.rules.procedure import Action, Param, RulesError
from tactical.rules.procedures.thrum.params import text_param, token_param
from tactical.rules.procedures.thrum.state import (
    ThrumState,
    TriggeredEffect,
    TriggerGroup,
    display_name,
)


def _place(state: ThrumState, token_id: str) -> int:
    """Where ``token_id`` stands in the initiative order (not in it: after everyone)."""
    return state.order.index(token_id) if token_id in state.order else len(state.order)


def record(ctx: ActionContext, state: ThrumState, params: dict[str, Any]) -> None:
    """Put one character's triggered effect on the stack (see the module's text)."""
    token_id = token_param(ctx, params, "token")
    effect = text_param(params, "effect")
    trigger = text_param(params, "trigger")
    if not effect:
        raise RulesError("say what the effect is")
    if not trigger:
        raise RulesError("say what triggered it")
    waiting = TriggeredEffect(token=token_id, effect=effect)
    top = state.triggers[-1] if state.triggers else None
    if top is not None and top.trigger.casefold() == trigger.casefold():
        effects = sorted([*top.effects, waiting], key=lambda e: _place(state, e.token))
        state.triggers = [*state.triggers[:-1], TriggerGroup(trigger=top.trigger, effects=effects)]
    else:
        state.triggers = [*state.triggers, TriggerGroup(trigger=trigger, effects=[waiting])]
    ctx.say(f"Triggered ({trigger}): {_who(ctx.encounter, token_id)}, {effect}.")


def resolve_next(ctx: ActionContext, state: ThrumState, params: dict[str, Any]) -> None:
    """Take the next effect off the stack: the first of the top group."""
    if not state.triggers:
        raise RulesError("no triggered effect is waiting")
    top = state.triggers[-1]
    following, rest = top.effects[0], top.effects[1:]
    state.triggers = state.triggers[:-1] + (
        [TriggerGroup(trigger=top.trigger, effects=rest)] if rest else []
    )
    state.resolving = following
    state.resolving_at = _position(state)
    ctx.say(
        f"Resolve now: {_who(ctx.encounter, following.token)}, {following.effect} ({top.trigger})."
    )


def drop_all(ctx: ActionContext, state: ThrumState, params: dict[str, Any]) -> None:
    """The GM's override: no triggered effect waits any more."""
    state.triggers = []
    state.resolving = None
    ctx.say("Triggered effects dropped.")


def _position(state: ThrumState) -> str:
    """Round, whose turn and step: the effect being resolved is shown while these hold."""
    return f"{state.round}/{state.current}/{state.step}"


def waiting(state: ThrumState) -> list[tuple[TriggeredEffect, str]]:
    """Every effect waiting, next first, with its trigger."""
    return [(e, group.trigger) for group in reversed(state.triggers) for e in group.effects]


def _who(encounter: Encounter, token_id: str) -> str:
    token = encounter.tokens.get(token_id)
    if token is None:
        return token_id
    return "a hidden combatant" if token.hidden else display_name(token)


def notes(encounter: Encounter, state: ThrumState) -> list[str]:
    """The stack as the panel lists it: what resolves now, then what waits, next first."""
    lines = []
    now = state.resolving
    if now is not None and state.resolving_at == _position(state):
        lines.append(f"Resolving: {_who(encounter, now.token)}, {now.effect}.")
    queue = waiting(state)
    if queue:
        lines.append(
            "Triggered effects waiting, next first (initiative order; a later trigger first):"
        )
        lines += [
            f"{n}. {_who(encounter, e.token)}, {e.effect} ({trigger})."
            for n, (e, trigger) in enumerate(queue, 1)
        ]
    return lines


def actions(encounter: Encounter, state: ThrumState, ids: tuple[str, ...]) -> list[Action]:
    """Record one (any time in Rounds 0+); resolve and drop while some wait."""
    top = state.triggers[-1].trigger if state.triggers else ""
    found = [
        Action(
            "record-trigger",
            "Record a triggered effect",
            (
                Param("token", "Whose effect", "token", options=ids),
                Param("effect", "Effect", "text"),
                Param("trigger", "Trigger", "text", default=top),
            ),
            hint="The same trigger as the one waiting joins it in initiative order; "
            "another resolves first.",
        )
    ]
    if state.triggers:
        first, trigger = waiting(state)[0]
        found.insert(
            0,
            Action(
                "resolve-trigger",
                f"Resolve: {_who(encounter, first.token)}, {first.effect}",
                primary=True,
                token_id=first.token,
                hint=f"Triggered by: {trigger}.",
            ),
        )
    if state.triggers or state.resolving is not None:
        found.append(Action("drop-triggers", "Drop the triggered effects"))
    return found
