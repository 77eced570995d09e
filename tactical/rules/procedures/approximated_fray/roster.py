"""Who fights, in which order, and what each creature's figures say.

000: "The resolves are then done clockwise around the table ending with the
GM and the NPCs." Clockwise is the order of the players' seats: the PCs
(tokens of side ``pcs``) sorted by their ``seat`` figure (no seat: after the
seated ones, in token order), then every other token (the GM's creatures,
allies of the party included) in token order.
"""

from __future__ import annotations

from tactical.core import EngineError, area_footprint, areas_between, same_area_is_melee
from tactical.core.encounter import Encounter
from tactical.core.tokens import Token
from tactical.rules.procedures.approximated_fray.cards import Card, CardError, parse_hand
from tactical.rules.procedures.approximated_fray.levels import (
    CARDS,
    FATIGUE,
    FATIGUE_MAX,
    FLED,
    INJURY,
    MORALE,
    SEAT,
    TOP,
    clamp_level,
)

PARTY = "pcs"


def number(token: Token, name: str, default: int = 0) -> int:
    value = token.figures.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int | float):
        return default
    return int(value)


def injury(token: Token) -> int:
    return clamp_level(number(token, INJURY))


def morale(token: Token) -> int:
    return clamp_level(number(token, MORALE))


def fatigue(token: Token) -> int:
    return max(0, number(token, FATIGUE))


def fatigue_max(token: Token, recorded: dict[str, int]) -> int | None:
    """The fatigue a creature resets to after combat, if it has fatigue at all."""
    if FATIGUE_MAX in token.figures:
        return max(0, number(token, FATIGUE_MAX))
    return recorded.get(token.id)


def hand(token: Token) -> list[Card]:
    """The creature's cards; a hand that cannot be read counts as none (see :func:`hand_error`)."""
    try:
        return parse_hand(token.figures.get(CARDS))
    except CardError:
        return []


def hand_error(token: Token) -> str:
    try:
        parse_hand(token.figures.get(CARDS))
    except CardError as error:
        return str(error)
    return ""


def is_party(token: Token) -> bool:
    return token.side == PARTY


def unconscious(token: Token) -> bool:
    return injury(token) >= TOP


def panicked(token: Token) -> bool:
    return morale(token) >= TOP


def out_of_fight(token: Token) -> str:
    """Why the creature plays no more cards ('' when it still fights)."""
    if unconscious(token):
        return "unconscious"
    if FLED in token.statuses:
        return "fled"
    return ""


def clockwise(encounter: Encounter) -> list[Token]:
    """Every token in the order cards resolve: PCs by seat, then the GM's creatures."""
    tokens = list(encounter.tokens.values())
    pcs = [t for t in tokens if is_party(t)]
    seated = sorted(
        (t for t in pcs if SEAT in t.figures), key=lambda t: number(t, SEAT, len(tokens))
    )
    unseated = [t for t in pcs if SEAT not in t.figures]
    return seated + unseated + [t for t in tokens if not is_party(t)]


def seat_label(token: Token) -> str:
    if not is_party(token):
        return "GM"
    return f"Seat {number(token, SEAT)}" if SEAT in token.figures else "Seat ?"


def public_name(token: Token) -> str:
    """The name the players may read: a hidden creature stays anonymous."""
    return "a hidden creature" if token.hidden else token.name


def area_name(encounter: Encounter, area_id: str | None) -> str:
    if area_id is None:
        return "off the map"
    area_map = encounter.area_map
    if area_map is not None and area_id in area_map.areas:
        return area_map.areas[area_id].name
    return area_id


def covered_by(encounter: Encounter, area_id: str) -> frozenset[str]:
    """The areas an effect aimed at ``area_id`` covers (000: one area), none if it is gone."""
    try:
        return area_footprint(encounter, area_id)
    except EngineError:
        return frozenset()


def hops(encounter: Encounter, a: str, b: str) -> int | None:
    """Areas between two areas, None when no route joins them or either is unknown."""
    try:
        return areas_between(encounter, a, b)
    except EngineError:
        return None


def reach_note(encounter: Encounter, actor: Token, target: Token) -> str:
    """``Corin is 2 areas from the Goblin Archer: not in melee`` ('' in melee or off map)."""
    if not (isinstance(actor.position, str) and isinstance(target.position, str)):
        return ""
    if same_area_is_melee(encounter, actor.id, target.id):
        return ""
    apart = hops(encounter, actor.position, target.position)
    distance = "no route" if apart is None else f"{apart} area{'s' if apart != 1 else ''}"
    return f"{target.name} is {distance} from {actor.name}: not in melee"
