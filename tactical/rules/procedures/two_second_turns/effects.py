"""Effects counted in turns: a duration in seconds lasts seconds // 2 of the character's turns.

003 line 37: "The number of turns an effect lasts is easily calculated by
taking half the effect's duration, rounded down. So an effect of five seconds
will last two turns."

Choices where the text is vague:

- A turn counts when it is one of the affected character's own turns that
  began after the effect landed: an effect that lands during the character's
  own turn starts counting with their next turn. Counters go down at the end
  of each such turn; the token's status shows the turns left.
- An effect of 0 turns (one second) has no lasting part; Stumble still moves
  the character out of the cluster at once.
- Daze (003 line 47): no actions during the counted turns, and no defensive
  rolls from the moment it lands. An even number of seconds gives the defence
  back after the last counted turn; an odd number keeps the character without
  defence until the start of their next turn after that (so a one-second daze
  costs no action, only defence until their next turn starts).
- A character dazed in the middle of their own turn takes no more actions in it.
"""

from __future__ import annotations

from tactical.rules.context import ActionContext
from tactical.rules.procedures.two_second_turns.state import Direction, Effect, TurnsState

STATUS = {"stumble": "stumbling", "daze": "dazed"}
"""The token status that shows each effect's turns left (other effects use their own name)."""
NO_DEFENCE = "no defence"


def effect_turns(seconds: int) -> int:
    """003 line 37: half the duration in seconds, rounded down."""
    return max(0, seconds) // 2


def status_name(effect: str) -> str:
    return STATUS.get(effect, effect)


def sync_statuses(ctx: ActionContext, state: TurnsState, token_id: str, names: set[str]) -> None:
    """Make the token's statuses ``names`` (and "no defence") show ``state.effects``."""
    turns: dict[str, int] = {}
    no_defence = False
    for effect in state.effects:
        if effect.token != token_id:
            continue
        if effect.turns_left > 0:
            status = status_name(effect.name)
            turns[status] = max(turns.get(status, 0), effect.turns_left)
        no_defence = no_defence or effect.no_defence
    for name in {status_name(n) for n in names} | set(turns):
        ctx.set_status(token_id, name, turns.get(name) or None)
    ctx.set_status(token_id, NO_DEFENCE, 1 if no_defence else None)
    stumble = next(
        (e for e in state.effects if e.token == token_id and e.name == "stumble" and e.turns_left),
        None,
    )
    ctx.set_figure(token_id, "stumble_from", stumble.direction if stumble else None)


def add_effect(
    ctx: ActionContext,
    state: TurnsState,
    token_id: str,
    name: str,
    seconds: int,
    direction: Direction | None = None,
) -> Effect | None:
    """Put an effect of ``seconds`` on a character; None when it lasts no turn at all."""
    turns = effect_turns(seconds)
    daze = name == "daze"
    if turns == 0 and not (daze and seconds % 2 == 1):
        return None
    effect = Effect(
        token=token_id,
        name=name,
        seconds=seconds,
        turns_left=turns,
        since=state.turn_no,
        direction=direction,
        no_defence=daze,
    )
    state.effects.append(effect)
    sync_statuses(ctx, state, token_id, {name})
    return effect


def is_dazed(state: TurnsState, token_id: str) -> bool:
    """True while a daze still has turns to take from the character."""
    return any(e.token == token_id and e.name == "daze" and e.turns_left for e in state.effects)


def can_defend(state: TurnsState, token_id: str) -> bool:
    return not any(e.token == token_id and e.no_defence for e in state.effects)


def stumble_from(state: TurnsState, token_id: str) -> Direction | None:
    """The direction a stumbling character cannot move in, if stumbling."""
    for effect in state.effects:
        if effect.token == token_id and effect.name == "stumble" and effect.turns_left:
            return effect.direction
    return None


def start_of_turn(ctx: ActionContext, state: TurnsState, token_id: str) -> list[str]:
    """Odd dazes that ran out give the defence back now; returns the names that ended."""
    ended = [
        e
        for e in state.effects
        if e.token == token_id and e.turns_left == 0 and e.since < state.turn_no
    ]
    state.effects = [e for e in state.effects if e not in ended]
    if ended:
        sync_statuses(ctx, state, token_id, {e.name for e in ended})
    return [e.name for e in ended]


def end_of_turn(ctx: ActionContext, state: TurnsState, token_id: str) -> list[str]:
    """Count this turn off the character's effects; returns what ended, as phrases."""
    ended: list[str] = []
    kept: list[Effect] = []
    for effect in state.effects:
        if effect.token != token_id or effect.since >= state.turn_no or not effect.turns_left:
            kept.append(effect)
            continue
        left = effect.turns_left - 1
        if left > 0:
            kept.append(effect.model_copy(update={"turns_left": left}))
        elif effect.name == "daze" and effect.seconds % 2 == 1:
            kept.append(effect.model_copy(update={"turns_left": 0}))
            ended.append("dazed wears off, but no defence until the next turn starts")
        else:
            ended.append(f"{status_name(effect.name)} wears off")
    touched = {e.name for e in state.effects if e.token == token_id}
    state.effects = kept
    if touched:
        sync_statuses(ctx, state, token_id, touched)
    return ended
