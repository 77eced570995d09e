"""Reach, melee and harm: the figures the map gives and what a hit does.

004 line 28: "Two combatants are treated as being in melee if they are
positioned within 5′ and one or both has made a melee attack against the
other." Line 119: a caster "successfully attacked or [who] fails a Saving
Throw before their side's initiative" is disrupted.

Choices: distances are the engine's feet metric (squares of the map's size,
diagonals like straight steps), nearest squares of the two tokens. A caster
is disrupted only while its side has not begun to act; once its side acts
(alone or simultaneously with the attacker's) it is not. A token at 0 hit
points or less is killed.
"""

from __future__ import annotations

from tactical.core.distance import distance
from tactical.core.encounter import Encounter
from tactical.core.ranges import is_melee_range
from tactical.rules.context import ActionContext
from tactical.rules.procedures.side_initiative.morale import record
from tactical.rules.procedures.side_initiative.state import SideState


def feet_between(encounter: Encounter, a: str, b: str) -> int | None:
    """Feet between two tokens' nearest squares; None off a grid or off the map."""
    grid = encounter.grid
    ta, tb = encounter.token(a), encounter.token(b)
    if grid is None or ta.square is None or tb.square is None:
        return None
    return min(distance(sa, sb, "feet", grid=grid) for sa in ta.occupied() for sb in tb.occupied())


def within_reach(encounter: Encounter, a: str, b: str) -> bool:
    """Within 5 feet (on an area map: in the same area)."""
    feet = feet_between(encounter, a, b)
    if feet is None:
        ta, tb = encounter.token(a), encounter.token(b)
        return ta.area is not None and ta.area == tb.area
    return is_melee_range(feet)


def melee_opponents(encounter: Encounter, state: SideState, token_id: str) -> list[str]:
    """Who ``token_id`` is in melee with now."""
    found: list[str] = []
    for pair in state.melee:
        if token_id not in pair:
            continue
        other = pair[1] if pair[0] == token_id else pair[0]
        if other in state.out or other not in encounter.tokens:
            continue
        if within_reach(encounter, token_id, other):
            found.append(other)
    return found


def add_melee(state: SideState, a: str, b: str) -> None:
    pair = sorted((a, b))
    if pair not in state.melee:
        state.melee = [*state.melee, pair]


def side_has_begun(state: SideState, side: str) -> bool:
    """True once ``side`` has started acting this round (its initiative has come)."""
    if not state.step.startswith("act-"):
        return state.step == "morale"
    for index, group in enumerate(state.order):
        if side in group:
            return index <= state.group
    return False


def harm(ctx: ActionContext, state: SideState, token_id: str, damage: int) -> None:
    """A successful attack or a failed save, with ``damage`` (0 or more): hit points,
    disruption of a caster whose side has not acted, the side's morale record, death."""
    encounter = ctx.encounter
    token = encounter.token(token_id)
    if damage > 0:
        hp = ctx.int_figure(token_id, "hp") - damage
        ctx.set_figure(token_id, "hp", hp)
        ctx.say(f"{token.name} takes {damage} damage ({hp} hit points left).")
    rec = record(state, token.side)
    if not rec.harmed:
        state.sides = {**state.sides, token.side: rec.model_copy(update={"harmed": True})}
    declaration = state.declarations.get(token_id)
    if (
        declaration is not None
        and declaration.kind in ("spell", "rune")
        and not declaration.cast
        and not declaration.disrupted
        and not side_has_begun(state, token.side)
    ):
        state.declarations = {
            **state.declarations,
            token_id: declaration.model_copy(update={"disrupted": True, "secret": False}),
        }
        what = (
            "spell fizzles and is forgotten" if declaration.kind == "spell" else "rune is used up"
        )
        ctx.say(f"{token.name} is harmed before its side acts: the {what} (004 line 119).")
    if damage > 0 and ctx.int_figure(token_id, "hp") <= 0 and token_id not in state.out:
        state.out = {**state.out, token_id: "killed"}
        ctx.set_status(token_id, "killed", 1)
        ctx.say(f"{token.name} is killed.")
