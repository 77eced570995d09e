"""How far the acting Thrum combatant may still move: its Speed, less what it spent.

001 line 40: "Characters can use a number of squares of movement up to their
Speed during the Move phase of their turn"; line 34: "Once a character stops
moving to take an action, they cannot continue moving afterwards unless their
action tells them they can."

Choices: the budget counts only for the acting combatant, from its Move step
(its Speed is ``token.speed``; Slowed and other effects are the GM's to apply
with a forced move or a status). Before the Move step (Start of Turn) and for
every other token nothing is counted, so start-of-turn effects and the GM's
repositioning do not spend movement. From the Action step to the end of the
turn the acting combatant has 0 left (an action that allows more movement is
a GM's forced move: Shift while dropping). What was spent resets when a turn
begins.

001 line 91: an Incapacitated character "cannot move, act, or take stances
until they are no longer Incapacitated": it has 0 left at every step, its own
Start of Turn included, and whoever's turn it is, until the status goes.
"""

from __future__ import annotations

from tactical.core.encounter import Encounter
from tactical.rules.procedures.thrum.state import (
    ACTION,
    END,
    INCAPACITATED,
    MOVE,
    STANCE,
    ThrumState,
)

AFTER_MOVING = (ACTION, STANCE, END)
"""The steps of a turn after the Move step: no more movement (001 line 34)."""


def movement_left(encounter: Encounter, state: ThrumState, token_id: str) -> int | None:
    """Squares ``token_id`` may still move now, or None when Thrum does not limit it now."""
    if state.ended or token_id not in encounter.tokens:
        return None
    if INCAPACITATED in encounter.tokens[token_id].statuses and token_id in state.order:
        return 0
    if token_id != state.current:
        return None
    if state.step == MOVE:
        return max(0, encounter.tokens[token_id].speed - state.moved.get(token_id, 0))
    if state.step in AFTER_MOVING:
        return 0
    return None
