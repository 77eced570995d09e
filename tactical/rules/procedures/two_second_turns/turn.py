"""The acting character's turn: ending it, delaying (003 line 13), readying and triggering
(003 lines 15 and 17).
"""

from __future__ import annotations

from tactical.rules.context import ActionContext
from tactical.rules.procedure import RulesError
from tactical.rules.procedures.two_second_turns.flow import begin_next_turn, end_turn, name_of
from tactical.rules.procedures.two_second_turns.order import Place, place, still_to_act
from tactical.rules.procedures.two_second_turns.params import Params, acting_now, pick_token
from tactical.rules.procedures.two_second_turns.state import Ready, TurnsState


def finish_turn(ctx: ActionContext, state: TurnsState, params: Params) -> None:
    end_turn(ctx, state)


def delay(ctx: ActionContext, state: TurnsState, params: Params) -> None:
    acting = acting_now(state)
    if state.acted:
        raise RulesError("a delay is declared at the start of the turn, before acting")
    whom = pick_token(ctx, params, "whom", None)
    later = still_to_act(state.order, state.done, state.out)
    if whom == acting or whom not in later:
        raise RulesError(
            f"{name_of(ctx.encounter, whom)} has had its turn this round: "
            "delay until a character still to act"
        )
    where: Place = "before" if params.get("place") == "just before" else "after"
    new_order = place(state.order, acting, where, whom)
    if new_order == state.order:
        raise RulesError(
            f"{name_of(ctx.encounter, acting)} already comes just before "
            f"{name_of(ctx.encounter, whom)}"
        )
    state.order = new_order
    if acting not in state.delayed:
        state.delayed.append(acting)
    ctx.say(
        f"{name_of(ctx.encounter, acting)} delays until just {where} "
        f"{name_of(ctx.encounter, whom)}."
    )
    state.acting = None
    begin_next_turn(ctx, state)


def ready(ctx: ActionContext, state: TurnsState, params: Params) -> None:
    acting = acting_now(state)
    action = str(params.get("action") or "").strip()
    trigger = str(params.get("trigger") or "").strip()
    if not action or not trigger:
        raise RulesError("a readied action needs the action and its trigger")
    target = params.get("target") or None
    if target is not None:
        pick_token(ctx, params, "target", None)
    secret = ctx.encounter.token(acting).side != "pcs"
    state.readies[acting] = Ready(action=action, trigger=trigger, target=target, secret=secret)
    ctx.say(f"{name_of(ctx.encounter, acting)} readies: {action}, when {trigger}.")
    end_turn(ctx, state)


def trigger(ctx: ActionContext, state: TurnsState, params: Params) -> None:
    readier = pick_token(ctx, params, "readier", list(state.readies))
    by = params.get("by") or state.acting
    if by is None:
        raise RulesError("name the character who triggered it")
    by = pick_token(ctx, {"by": by}, "by", state.order)
    if by == readier:
        raise RulesError("a character cannot trigger its own readied action")
    ready = state.readies.pop(readier)
    state.order = place(state.order, readier, "before", by)
    if readier not in state.done:
        state.done.append(readier)
    ctx.say(
        f"{name_of(ctx.encounter, readier)}'s readied action happens: {ready.action} "
        f"(trigger: {ready.trigger}). It now acts just before "
        f"{name_of(ctx.encounter, by)}."
    )
