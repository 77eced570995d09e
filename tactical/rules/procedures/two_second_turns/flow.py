"""The turn flow: whose turn starts next, what a turn's start and end change, new rounds.

003 line 17: "If the trigger doesn't occur until the next turn of the
character with the readied action, the readied action is lost." A readied
action still waiting when its owner's next turn starts lapses then.
"""

from __future__ import annotations

from tactical.core.encounter import Encounter
from tactical.rules.context import ActionContext
from tactical.rules.procedures.two_second_turns.effects import end_of_turn, start_of_turn
from tactical.rules.procedures.two_second_turns.order import still_to_act
from tactical.rules.procedures.two_second_turns.state import TurnsState


def name_of(encounter: Encounter, token_id: str) -> str:
    """The token's name, for the GM's own lines."""
    token = encounter.tokens.get(token_id)
    return token.name if token is not None else token_id


def gm_name(encounter: Encounter, token_id: str) -> str:
    """The token's name, marked when hidden, for the GM's instruction."""
    token = encounter.tokens.get(token_id)
    if token is None:
        return token_id
    return f"{token.name} (hidden)" if token.hidden else token.name


def public_name(encounter: Encounter, token_id: str) -> str:
    """The token's name, or a stand-in for a hidden token, for lines the players may see."""
    token = encounter.tokens.get(token_id)
    if token is None:
        return token_id
    return "a hidden character" if token.hidden else token.name


def begin_next_turn(ctx: ActionContext, state: TurnsState) -> None:
    """Start the turn of the first character still to act; a new round when none is left."""
    pending = still_to_act(state.order, state.done, state.out)
    if not pending:
        state.round += 1
        state.done = []
        state.delayed = []
        pending = still_to_act(state.order, state.done, state.out)
        if not pending:
            state.acting = None
            state.step = "turn-start"
            ctx.say("No one is left in the fight.")
            return
        ctx.say(f"Round {state.round} begins.")
    start_turn(ctx, state, pending[0])


def start_turn(ctx: ActionContext, state: TurnsState, token_id: str) -> None:
    """Make ``token_id`` the acting character, at the start of its turn."""
    encounter = ctx.encounter
    state.turn_no += 1
    state.acting = token_id
    state.acted = False
    state.step = "turn-start"
    for ended in start_of_turn(ctx, state, token_id):
        ctx.say(f"{name_of(encounter, token_id)} can defend again ({ended} is over).")
    ready = state.readies.pop(token_id, None)
    if ready is not None:
        ctx.say(
            f"{name_of(encounter, token_id)}'s readied action ({ready.action}, when "
            f"{ready.trigger}) lapses: its trigger did not happen before this turn."
        )
    ctx.say(f"{name_of(encounter, token_id)}'s turn.")


def end_turn(ctx: ActionContext, state: TurnsState) -> None:
    """End the acting character's turn: count it off its effects, then start the next."""
    acting = state.acting
    if acting is not None:
        for ended in end_of_turn(ctx, state, acting):
            ctx.say(f"{name_of(ctx.encounter, acting)}: {ended}.")
        if acting not in state.done:
            state.done.append(acting)
    state.chain = None
    begin_next_turn(ctx, state)
