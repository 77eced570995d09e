"""Who fights, who is out, who is engaged with whom, and whose player speaks for them.

Choices (002 is silent):

- a combatant is a token placed on the map; one with the status ``ko`` or
  ``dead`` is out (listed, greyed, never asked to act);
- ``stunned``, ``slammed``, ``ko`` and ``dead`` keep a combatant from acting
  or moving of its own will when its turn in a phase comes;
- the players' characters are the tokens of the side ``pcs``; every other side
  is the Game Judge's (Step One declares those in secret);
- engaged (in a slugfest) means sharing an area with an active enemy: one area
  is melee range on an area map (000). On a grid map the procedure cannot
  tell, so it takes the GM's declarations as given.
"""

from __future__ import annotations

from tactical.core import same_area_is_melee
from tactical.core.encounter import Encounter
from tactical.core.tokens import Token

PLAYER_SIDE = "pcs"
OUT = ("ko", "dead")
DISABLED = ("stunned", "slammed", "ko", "dead")


def combatants(encounter: Encounter) -> list[Token]:
    """Tokens on the map, in the encounter's order."""
    return [t for t in encounter.tokens.values() if t.position is not None]


def is_out(token: Token) -> bool:
    return any(status in token.statuses for status in OUT)


def disabled_by(token: Token) -> str | None:
    """The status that keeps the token from acting now, if any."""
    return next((s for s in DISABLED if s in token.statuses), None)


def is_player(token: Token) -> bool:
    return token.side == PLAYER_SIDE


def engaged_foes(encounter: Encounter, token: Token) -> list[str]:
    """Active enemies in melee with ``token`` (same area), in the encounter's order."""
    if encounter.area_map is None or token.area is None:
        return []
    return [
        other.id
        for other in combatants(encounter)
        if other.id != token.id
        and not is_out(other)
        and encounter.are_enemies(token.side, other.side)
        and same_area_is_melee(encounter, token.id, other.id)
    ]


def public_name(token: Token) -> str:
    """The name players may read: a hidden token stays anonymous."""
    return "a hidden combatant" if token.hidden else token.name
