"""Moving a character into another's square: joining a combat cluster (003 line 25)."""

from __future__ import annotations

from tactical.rules.context import ActionContext
from tactical.rules.procedure import RulesError
from tactical.rules.procedures.two_second_turns.effects import stumble_from
from tactical.rules.procedures.two_second_turns.flow import name_of
from tactical.rules.procedures.two_second_turns.state import STEPS, TurnsState


def join(ctx: ActionContext, state: TurnsState, token_id: str, other: str) -> None:
    encounter = ctx.encounter
    square = encounter.token(other).square
    if square is None:
        raise RulesError(f"{name_of(encounter, other)} is not on a square")
    blocked = stumble_from(state, token_id)
    here = encounter.token(token_id).square
    if blocked is not None and here is not None:
        dc, dr = STEPS[blocked]
        if (dc and (square[0] - here[0]) * dc > 0) or (dr and (square[1] - here[1]) * dr > 0):
            raise RulesError(
                f"{name_of(encounter, token_id)} is stumbling and cannot move {blocked}"
            )
    ctx.move(token_id, square)
    ctx.say(f"{name_of(encounter, token_id)} joins {name_of(encounter, other)}'s square.")
