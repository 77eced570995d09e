"""Declared actions (Steps One to Three): checked against the map, and described.

The areas moved come from the map (``areas_between``) whenever a destination
is given; without one the GM types them (circling, a grid map). Closers and
chargers head for their target's area. A declaration is refused, with the
reason, when the map says it cannot be done: a slugfest against someone in
another area, closing on someone already in melee, a destination farther than
the movement allowance (half of it, rounded up, for a fighting withdrawal,
002: "may move up to one-half his movement allowance (round-up)").

A super-speedster's slugfest or grapple needs its foe in its area, as a
slugfest does; its charge goes into the target's area, as a charge does. An
elastic or long-reach attack is made on someone in another area (in one's own
area it is a slugfest) and moves nothing; how far it reaches is the GM's call.
"""

from __future__ import annotations

from collections.abc import Callable

from tactical.core import areas_between
from tactical.core.encounter import Encounter
from tactical.core.tokens import Token
from tactical.rules.procedure import RulesError
from tactical.rules.procedures.game_judge.combatants import engaged_foes
from tactical.rules.procedures.game_judge.state import (
    ATTACKS,
    KIND_LABELS,
    MOVES,
    Declaration,
)

_SELF_PLACED = frozenset({"fire-move", "lateral", "dodge-move", "withdraw", "disengage"})
"""Moving kinds whose destination the GM names (closers and chargers go to the target)."""

_MUST_MOVE = frozenset({"fire-move", "lateral", "dodge-move"})

_TO_TARGET = frozenset({"close", "charge", "speed-charge"})
"""Moving kinds that go into the target's area."""


def allowance(token: Token, kind: str) -> int:
    """Areas the token may move with this action: half speed rounded up for a withdrawal."""
    return (token.speed + 1) // 2 if kind == "withdraw" else token.speed


def build_declaration(
    encounter: Encounter,
    token: Token,
    kind: str,
    *,
    target: str | None = None,
    destination: str | None = None,
    areas: int | None = None,
    note: str = "",
) -> Declaration:
    """A checked declaration, or :class:`RulesError` saying what the map forbids."""
    if kind not in KIND_LABELS:
        raise RulesError(f"'{kind}' is not an action (choose one of: {', '.join(KIND_LABELS)})")
    label = KIND_LABELS[kind]
    if kind not in ATTACKS:
        target = None
    if kind in ATTACKS and not target:
        raise RulesError(f"{label} needs a target")
    if target == token.id:
        raise RulesError(f"{token.name} cannot attack itself")
    victim = encounter.tokens.get(target) if target else None
    if target and (victim is None or victim.position is None):
        raise RulesError(f"'{target}' is not a combatant on the map")
    area_map = encounter.area_map
    foes = engaged_foes(encounter, token)
    if area_map is not None and victim is not None:
        same_area = victim.area is not None and victim.area == token.area
        if kind in ("slugfest", "withdraw", "speed-strike") and not same_area:
            raise RulesError(
                f"{victim.name} is not in {token.name}'s area: close in or charge instead"
            )
        if kind in ("close", "charge", "speed-charge", "reach-attack") and same_area:
            raise RulesError(
                f"{token.name} is already in melee with {victim.name}: declare a slugfest"
            )
    if area_map is not None and kind in ("withdraw", "disengage") and not foes:
        raise RulesError(f"{token.name} is not engaged with anyone: declare a lateral move")
    if kind not in MOVES and (destination or areas):
        raise RulesError(f"{label} does not move (choose an action that moves)")
    if kind in _TO_TARGET:
        if destination and victim is not None and destination != victim.position:
            raise RulesError(f"{label}: {token.name} moves into {victim.name}'s area")
        destination = victim.area if victim is not None else None
    moved = areas or 0
    if destination:
        if area_map is None:
            raise RulesError("destinations are areas: on a grid map type the areas moved")
        if destination not in area_map.areas:
            raise RulesError(f"there is no area '{destination}'")
        if token.area is None:
            raise RulesError(f"{token.name} is not in an area")
        hops = areas_between(encounter, token.area, destination)
        if hops is None:
            raise RulesError(f"no way leads from {token.name}'s area to {destination}")
        moved = hops
    if kind in _MUST_MOVE and moved == 0:
        raise RulesError(f"{label} needs a destination or the areas moved")
    limit = allowance(token, kind)
    if moved > limit:
        raise RulesError(f"{token.name} may move {limit} areas with a {label.lower()}, not {moved}")
    return Declaration(
        kind=kind,
        target=target,
        destination=destination if kind in _SELF_PLACED | _TO_TARGET else None,
        areas=moved,
        engaged=bool(foes),
        note=note.strip(),
    )


def describe(
    declaration: Declaration,
    name: Callable[[str], str],
    area_name: Callable[[str], str],
) -> str:
    """One line for the combatant row: ``Charge attack on Brute (2 areas)``."""
    text = KIND_LABELS[declaration.kind]
    if declaration.target:
        text += f" on {name(declaration.target)}"
    if declaration.destination and declaration.kind not in _TO_TARGET:
        text += f" to {area_name(declaration.destination)}"
    if declaration.areas:
        text += f" ({declaration.areas} area{'s' if declaration.areas != 1 else ''})"
    if declaration.attacks > 1:
        text += f", {declaration.attacks} attacks"
    if declaration.dodge != "none":
        text += f", Dodge FEAT {declaration.dodge}"
    if declaration.note:
        text += f": {declaration.note}"
    return text
