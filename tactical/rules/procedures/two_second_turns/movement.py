"""Which way a stumbling character may not be dragged (003 Stumble).

003: "While the effect lasts, you can not move in one of the directions of the
locations you are in (left, right, up or down). This is the direction from
which the effect came."

Choices: the direction is the one recorded with the stumble (the "Came from"
of "Apply an effect", kept in ``state.effects`` and shown as the token's
``stumble_from`` figure). The whole move obeys it, not only where it ends: no
step of the path goes that way, a diagonal step with a part that way included
(up-left counts as left and as up). So a drag ending any distance that way is
refused, and so is one to a square reached only by a way round an obstacle
that steps that way; the preview's reach and path are searched with those
steps banned (``MoveOptions.banned_steps``), so the preview and the drop agree.
Shift while dropping places the character anyway, as for every refused drop.
Nothing is blocked once the fight has ended.
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
