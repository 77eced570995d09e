"""Missile and melee attacks (004): who may attack whom, the modifiers shown, hits and misses."""

from __future__ import annotations

from typing import Any

from tactical.core.cover import cover_detail
from tactical.core.encounter import Encounter
from tactical.core.ranges import cover_penalty, missile_possible, range_band, range_modifier
from tactical.rules.context import ActionContext
from tactical.rules.procedure import RulesError
from tactical.rules.procedures.side_initiative.combat import (
    add_melee,
    feet_between,
    harm,
    melee_opponents,
    within_reach,
)
from tactical.rules.procedures.side_initiative.params import (
    COVER,
    FLEE_BONUS,
    Params,
    current_attack,
    pick_token,
)
from tactical.rules.procedures.side_initiative.state import Attack, SideState


def check_actor(ctx: ActionContext, state: SideState, token_id: str, what: str) -> None:
    encounter = ctx.encounter
    token = encounter.token(token_id)
    if token.side not in state.order[state.group] or token_id in state.out:
        raise RulesError(f"{token.name} is not acting now")
    if token_id in state.acted:
        raise RulesError(f"{token.name} has used its action this round")
    declaration = state.declarations.get(token_id)
    if declaration is not None and declaration.kind == "flee":
        raise RulesError(f"{token.name} flees melee this round and forfeits its {what}")
    if declaration is not None:
        raise RulesError(f"{token.name} declared a {declaration.kind}: that is its action")


def check_target(ctx: ActionContext, state: SideState, attacker: str, token_id: str) -> None:
    encounter = ctx.encounter
    if token_id in state.out:
        raise RulesError(f"{encounter.token(token_id).name} is out of the fight")
    if not encounter.are_enemies(encounter.token(attacker).side, encounter.token(token_id).side):
        raise RulesError("attack an opponent")


def missile(ctx: ActionContext, state: SideState, params: Params) -> None:
    encounter = ctx.encounter
    attacker = pick_token(ctx, state, params, "attacker")
    target = pick_token(ctx, state, params, "target")
    check_actor(ctx, state, attacker, "attack")
    check_target(ctx, state, attacker, target)
    why: list[str] = []
    modifier = 0
    feet = feet_between(encounter, attacker, target)
    if feet is not None:
        ranges = missile_ranges(ctx, attacker, params.get("ranges"))
        if not missile_possible(feet, ranges[2]):
            if feet <= 5:
                raise RulesError(
                    f"{encounter.token(target).name} is {feet} ft away: within 5 ft only "
                    "melee (004 line 87)"
                )
            raise RulesError(
                f"{encounter.token(target).name} is {feet} ft away, beyond long range "
                f"({ranges[2]} ft)"
            )
        band = range_band(feet, *ranges)
        band_modifier = range_modifier(band) or 0
        modifier += band_modifier
        why.append(f"{band} range at {feet} ft {band_modifier:+d}")
    cover = str(params.get("cover") or "none")
    if cover not in COVER:
        raise RulesError(f"cover is one of {', '.join(COVER)}")
    if cover != "none":
        penalty = cover_penalty("full" if cover == "full" else int(cover))
        if penalty is None:
            raise RulesError("a target behind full cover cannot be hit (004 line 99)")
        modifier += penalty
        why.append(f"cover {penalty:+d}")
    warning = ""
    if walled_off(encounter, attacker, target):
        warning = (
            f"A wall stands between {encounter.token(attacker).name} and "
            f"{encounter.token(target).name} on the map: behind full cover a target cannot be "
            "hit (004 line 99). Record a miss, or roll if the GM sees a way through."
        )
        ctx.say(warning)
    state.attack = Attack(
        kind="missile",
        attacker=attacker,
        target=target,
        modifier=modifier,
        why=", ".join(why),
        warning=warning,
    )


def walled_off(encounter: Encounter, attacker: str, target: str) -> bool:
    """Whether a wall or closed door (or a wall line blocking sight) stands between every
    square of ``attacker`` and every square of ``target``: 004's full cover, as the map
    shows it (the engine's wall test of :func:`tactical.core.cover.cover_detail`).

    The GM chose the cover; this only warns. Not on a grid, or off the map: False.
    """
    first, second = encounter.token(attacker), encounter.token(target)
    grid = encounter.grid
    if grid is None or first.square is None or second.square is None:
        return False
    pairs = [
        (a, t)
        for a in first.occupied()
        for t in second.occupied()
        if grid.in_bounds(a) and grid.in_bounds(t)
    ]
    return bool(pairs) and all(cover_detail(encounter, a, t).wall is not None for a, t in pairs)


def missile_ranges(ctx: ActionContext, attacker: str, text: Any) -> tuple[int, int, int]:
    raw = text or ctx.figure(attacker, "missile", None)
    try:
        parts = [int(p) for p in str(raw).replace(" ", "").split("/")]
    except ValueError:
        parts = []
    if len(parts) != 3 or not 0 < parts[0] <= parts[1] <= parts[2]:
        raise RulesError(
            f"give {ctx.encounter.token(attacker).name}'s missile ranges as short/medium/long "
            "feet, e.g. 50/100/150"
        )
    return parts[0], parts[1], parts[2]


def melee(ctx: ActionContext, state: SideState, params: Params) -> None:
    encounter = ctx.encounter
    attacker = pick_token(ctx, state, params, "attacker")
    target = pick_token(ctx, state, params, "target")
    check_actor(ctx, state, attacker, "attack")
    check_target(ctx, state, attacker, target)
    if not within_reach(encounter, attacker, target):
        feet = feet_between(encounter, attacker, target)
        raise RulesError(
            f"{encounter.token(target).name} is {feet} ft away: melee needs 5 ft or less"
        )
    modifier, why = 0, ""
    declaration = state.declarations.get(target)
    if (
        declaration is not None
        and declaration.kind == "flee"
        and attacker in melee_opponents(encounter, state, target)
    ):
        modifier, why = FLEE_BONUS, "fleeing opponent +2, ignore its shield"
    add_melee(state, attacker, target)
    state.attack = Attack(
        kind="melee", attacker=attacker, target=target, modifier=modifier, why=why
    )


def hit(ctx: ActionContext, state: SideState, params: Params) -> None:
    attack = current_attack(state)
    damage = int(params.get("damage", 0))
    if damage < 0:
        raise RulesError("damage is 0 or more")
    encounter = ctx.encounter
    ctx.say(f"{encounter.token(attack.attacker).name} hits {encounter.token(attack.target).name}.")
    state.attack = None
    state.acted = [*state.acted, attack.attacker]
    harm(ctx, state, attack.target, damage)


def miss(ctx: ActionContext, state: SideState, params: Params) -> None:
    attack = current_attack(state)
    ctx.say(f"{ctx.encounter.token(attack.attacker).name} misses.")
    state.attack = None
    state.acted = [*state.acted, attack.attacker]


def cancel_attack(ctx: ActionContext, state: SideState, params: Params) -> None:
    state.attack = None
