"""Melee inside a cluster (003 line 23) and ranged attacks with the re-roll chain through
a cluster (003 lines 29 to 33); joining a cluster by hand.
"""

from __future__ import annotations

from tactical.rules.context import ActionContext
from tactical.rules.procedure import RulesError
from tactical.rules.procedures.two_second_turns.clusters import (
    chain_targets,
    cluster_of,
    same_square,
)
from tactical.rules.procedures.two_second_turns.effects import can_defend, stumble_from
from tactical.rules.procedures.two_second_turns.flow import name_of
from tactical.rules.procedures.two_second_turns.joining import join
from tactical.rules.procedures.two_second_turns.measure import (
    cluster_size_penalty,
    distance_penalty,
    orthogonal_distance,
)
from tactical.rules.procedures.two_second_turns.params import (
    OUTCOMES,
    Params,
    attacker_of,
    mark_acted,
    pick_token,
    step_between,
)
from tactical.rules.procedures.two_second_turns.state import Chain, TurnsState


def melee(ctx: ActionContext, state: TurnsState, params: Params) -> None:
    attacker = attacker_of(ctx, state, params)
    target = pick_token(ctx, params, "target", state.order)
    if target in state.out or target == attacker:
        raise RulesError("pick another character in the fight")
    encounter = ctx.encounter
    if not same_square(encounter, attacker, target):
        if stumble_from(state, attacker) is not None:
            raise RulesError(
                f"{name_of(encounter, attacker)} is stumbling: melee only inside its cluster"
            )
        step = step_between(ctx, attacker, target)
        if step is None:
            raise RulesError(
                f"{name_of(encounter, target)} is not in the same or a neighbouring square: "
                "melee attacks happen inside a cluster (003 line 23)"
            )
        join(ctx, state, attacker, target)
    mark_acted(state, attacker)
    cluster = cluster_of(encounter, target, state.out)
    ctx.say(
        f"{name_of(encounter, attacker)} attacks {name_of(encounter, target)} in melee "
        f"(cluster of {len(cluster)}). Roll it, then apply any effect."
    )


def ranged(ctx: ActionContext, state: TurnsState, params: Params) -> None:
    attacker = attacker_of(ctx, state, params)
    target = pick_token(ctx, params, "target", state.order)
    encounter = ctx.encounter
    if target in state.out or target == attacker:
        raise RulesError("pick another character in the fight")
    if stumble_from(state, attacker) is not None:
        raise RulesError(f"{name_of(encounter, attacker)} is stumbling: no ranged attacks")
    here = same_square(encounter, attacker, target)
    distance = 0 if here else orthogonal_distance(encounter, attacker, target)
    weapon_range = params.get("range")
    if weapon_range is not None and distance > int(weapon_range):
        raise RulesError(
            f"{name_of(encounter, target)} is {distance} away, beyond the range of "
            f"{int(weapon_range)}"
        )
    cluster = cluster_of(encounter, target, state.out)
    in_cluster = len(cluster) > 1
    state.chain = Chain(
        attacker=attacker,
        targets=chain_targets(state.order, cluster, target, attacker) if in_cluster else [target],
        distance_penalty=0 if here else distance_penalty(distance),
        cluster_penalty=cluster_size_penalty(len(cluster)) if in_cluster else 0,
    )
    mark_acted(state, attacker)
    state.step = "ranged"
    ctx.say(
        f"{name_of(encounter, attacker)} shoots at {name_of(encounter, target)}: "
        f"penalty {state.chain.penalty} on consistency."
    )


def resolve_roll(ctx: ActionContext, state: TurnsState, params: Params) -> None:
    chain = state.chain
    if chain is None:
        raise RulesError("no ranged attack is being resolved")
    outcome = params.get("outcome", "hit")
    if outcome not in OUTCOMES:
        raise RulesError(f"the outcome is one of {', '.join(OUTCOMES)}")
    encounter = ctx.encounter
    target = chain.target
    if outcome != "hit" and not can_defend(state, target):
        raise RulesError(
            f"{name_of(encounter, target)} cannot make defensive rolls (dazed): it is hit"
        )
    if outcome == "dodged" and chain.index + 1 < len(chain.targets):
        state.chain = chain.model_copy(
            update={
                "index": chain.index + 1,
                "cluster_penalty": max(0, chain.cluster_penalty - 1),
            }
        )
        ctx.say(
            f"{name_of(encounter, target)} dodges; re-roll against "
            f"{name_of(encounter, state.chain.target)} at penalty {state.chain.penalty}."
        )
        return
    if outcome == "hit":
        ctx.say(f"{name_of(encounter, target)} is hit. Apply the damage and any effect.")
    elif outcome == "blocked":
        ctx.say(f"{name_of(encounter, target)} blocks the shot.")
    else:
        ctx.say("Everyone in the cluster dodged: the shot misses.")
    state.chain = None
    state.step = "action" if state.acting is not None else state.step


def cancel_attack(ctx: ActionContext, state: TurnsState, params: Params) -> None:
    state.chain = None
    state.step = "action"


def join_cluster(ctx: ActionContext, state: TurnsState, params: Params) -> None:
    token_id = pick_token(ctx, {"token": params.get("token") or state.acting}, "token", None)
    other = pick_token(ctx, params, "with", None)
    if token_id == other or same_square(ctx.encounter, token_id, other):
        raise RulesError(f"{name_of(ctx.encounter, token_id)} is already there")
    join(ctx, state, token_id, other)
    if state.step != "setup":
        mark_acted(state, token_id)
