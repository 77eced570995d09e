"""Which way a stumbling character may not be dragged (003 Stumble).

003: "While the effect lasts, you can not move in one of the directions of the
locations you are in (left, right, up or down). This is the direction from
which the effect came."

Choices: the direction is the one recorded with the stumble (the "Came from"
of "Apply an effect", kept in ``state.effects`` and shown as the token's
``stumble_from`` figure). A drag is refused when it ends any distance that way
from where it started (a drop up and to the left is refused for a character
that cannot move left: 003 moves along rows and columns, so getting there takes
a step left). A way round an obstacle that steps that way on the path to an
allowed square is not policed; the GM sees the path. Shift while dropping
places the character anyway, as for every refused drop. Nothing is blocked
once the fight has ended.
"""

from __future__ import annotations

from tactical.core.encounter import Encounter
from tactical.rules.procedure import BlockedDirection
from tactical.rules.procedures.two_second_turns.effects import stumble_from
from tactical.rules.procedures.two_second_turns.state import STEPS, TurnsState


def blocked_direction(
    encounter: Encounter, state: TurnsState, token_id: str
) -> BlockedDirection | None:
    """The stumbling character's blocked direction, with the reason the GM reads (after
    the token's name: "Ilsa stays: stumbling, it cannot move right: ...")."""
    if state.ended or token_id not in encounter.tokens:
        return None
    direction = stumble_from(state, token_id)
    if direction is None:
        return None
    return BlockedDirection(
        STEPS[direction],
        f"stumbling, it cannot move {direction}: the direction the stumble came from (003)",
    )
