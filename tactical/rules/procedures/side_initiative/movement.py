"""How far a Side initiative combatant may still move in its side's movement phase.

004 line 81: "Combatants can move up to their Speed in feet per Round"; line
75: in melee "up to half their Speed in feet per Round"; line 77: more than
half only by fleeing melee (declared); line 36: "Those wishing to cast a spell
or use a fairy rune may not move in the same Round."

Choices: the budget counts only for the acting side's combatants during its
movement phase (the map's squares: ``speed_ft // square_feet``; in melee half
the feet first, rounded down, so 30 ft is 3 squares, 25 ft is 2). "In melee"
is taken when the phase begins (``SideState.engaged``), so stepping out of
reach does not give back the other half. A combatant
that declared flight from melee, or whose side's morale broke, moves its whole
Speed. Without a ``speed_ft`` figure the token's speed (squares) is its Speed.
Outside that phase, off a grid and for other tokens nothing is counted (the GM
moves them freely). Running flight from the encounter (3 x Speed) is a GM's
forced move. What was spent resets when a round begins.
"""

from __future__ import annotations

from tactical.core.encounter import Encounter
from tactical.rules.procedures.side_initiative.combat import melee_opponents
from tactical.rules.procedures.side_initiative.morale import record
from tactical.rules.procedures.side_initiative.state import SideState


def speed_feet(encounter: Encounter, token_id: str) -> int:
    """The ``speed_ft`` figure, else the token's speed in squares converted to feet."""
    token = encounter.token(token_id)
    speed = token.figures.get("speed_ft")
    if isinstance(speed, int | float) and not isinstance(speed, bool):
        return max(0, int(speed))
    grid = encounter.grid
    return token.speed * (grid.square_feet if grid is not None else 5)


def allowed_feet(encounter: Encounter, state: SideState, token_id: str) -> int:
    """Feet ``token_id`` may move this round: Speed, half in melee, none when casting."""
    feet = speed_feet(encounter, token_id)
    declaration = state.declarations.get(token_id)
    if declaration is not None and declaration.kind in ("spell", "rune"):
        return 0
    fleeing = declaration is not None and declaration.kind == "flee"
    broken = record(state, encounter.token(token_id).side).broken_round is not None
    if in_melee(encounter, state, token_id) and not (fleeing or broken):
        return feet // 2
    return feet


def in_melee(encounter: Encounter, state: SideState, token_id: str) -> bool:
    """In melee for movement: as its side's movement phase began, else as it stands now."""
    if moving(state, encounter.token(token_id).side):
        return token_id in state.engaged
    return bool(melee_opponents(encounter, state, token_id))


def moving(state: SideState, side: str) -> bool:
    """``side`` is in its movement phase now."""
    return (
        not state.ended
        and state.step.startswith("act-")
        and state.phase == "movement"
        and state.group < len(state.order)
        and side in state.order[state.group]
    )


def movement_left(encounter: Encounter, state: SideState, token_id: str) -> int | None:
    """Squares ``token_id`` may still move now, or None when the procedure does not limit it."""
    grid = encounter.grid
    if state.ended or grid is None or token_id not in encounter.tokens:
        return None
    token = encounter.tokens[token_id]
    if not moving(state, token.side) or token_id in state.out or token.position is None:
        return None
    squares = allowed_feet(encounter, state, token_id) // grid.square_feet
    return max(0, squares - state.moved.get(token_id, 0))
