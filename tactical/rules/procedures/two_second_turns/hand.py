"""What a player holds in Two-second turns (003): the sheet, their initiative, a delay.

A player character's phone is asked, each only at its step and only for its own
character:

- its **initiative** before the first round (003: "participants throw initiative ...
  The initiative roll uses the character's dexterity as his consistency, and the
  number of willpower a character has as it's potential": willpower d6 + dexterity),
  before the GM rolls the rest;
- a **delay** at the start of its turn (003: "declaring at the start of their turn,
  that they will delay until after or just before another character"), until a
  character still to act this round;
- a **readied action** with its trigger, on its turn.
"""

from __future__ import annotations

from tactical.core.encounter import Encounter
from tactical.rules.player_hand import Ask, AskField, CharacterSheet, Option, RollSpec, SheetLine
from tactical.rules.procedure import status_words
from tactical.rules.procedures.two_second_turns.clusters import cluster_of
from tactical.rules.procedures.two_second_turns.effects import is_dazed
from tactical.rules.procedures.two_second_turns.flow import name_of
from tactical.rules.procedures.two_second_turns.order import still_to_act
from tactical.rules.procedures.two_second_turns.params import PLACES, figure_of, in_fight
from tactical.rules.procedures.two_second_turns.setup import initiative_dice
from tactical.rules.procedures.two_second_turns.state import TurnsState


def _turns(n: int) -> str:
    return f"{n} turn{'' if n == 1 else 's'}"


def sheet(encounter: Encounter, state: TurnsState, token_id: str) -> CharacterSheet:
    """Initiative and what makes it, the effects with the turns they last, the cluster."""
    token = encounter.token(token_id)
    dice, dexterity = initiative_dice(encounter, token_id)
    lines = [
        SheetLine("Dexterity", str(figure_of(encounter, token_id, "dexterity")), "dexterity"),
        SheetLine("Willpower", str(figure_of(encounter, token_id, "willpower")), "willpower"),
        SheetLine("Initiative roll", RollSpec.of(dice, dexterity, "initiative").text),
    ]
    if "initiative" in token.figures and state.step != "setup":
        lines.append(SheetLine("Initiative", str(token.figures["initiative"]), "initiative"))
    for effect in state.effects:
        if effect.token == token_id and effect.turns_left:
            text = f"{_turns(effect.turns_left)} left"
            if effect.direction is not None:
                text += f"; you cannot move {effect.direction}"
            lines.append(SheetLine(effect.name.title(), text))
    cluster = len(cluster_of(encounter, token_id, state.out))
    if cluster > 1:
        lines.append(SheetLine("Combat cluster", f"{cluster} characters in your square"))
    ready = state.readies.get(token_id)
    if ready is not None:
        lines.append(SheetLine("Readied", f"{ready.action} when {ready.trigger}"))
    if token_id in state.out:
        lines.append(SheetLine("Out of the fight", "yes"))
    return CharacterSheet(
        token_id, token.name, "Two-second turns", tuple(lines), status_words(token.statuses)
    )


def asks(encounter: Encounter, state: TurnsState, token_id: str) -> tuple[Ask, ...]:
    """The own initiative before round 1; a delay and a readied action on its own turn."""
    token = encounter.token(token_id)
    if state.ended or token.side != "pcs":
        return ()
    if state.step == "setup":
        if token_id in state.rolled or token_id not in in_fight(encounter):
            return ()
        dice, dexterity = initiative_dice(encounter, token_id)
        return (
            Ask(
                "roll",
                f"initiative:{token_id}",
                token_id,
                "Roll initiative",
                roll=RollSpec.of(dice, dexterity, "initiative"),
                hint="Willpower dice plus dexterity; ties go to the higher willpower.",
            ),
        )
    if state.acting != token_id or is_dazed(state, token_id) or state.chain is not None:
        return ()
    found: list[Ask] = []
    later = [t for t in still_to_act(state.order, state.done, state.out) if t != token_id]
    if state.step == "turn-start" and not state.acted and later:
        found.append(
            Ask(
                "declare",
                "delay",
                token_id,
                "Delay your turn",
                (
                    AskField(
                        "place",
                        "Place",
                        "choice",
                        tuple(Option(p, p) for p in PLACES),
                        default="just after",
                    ),
                    AskField(
                        "whom",
                        "Character",
                        "token",
                        tuple(Option(t, name_of(encounter, t)) for t in later),
                    ),
                ),
                hint="Declared at the start of your turn; you move in the order for good.",
            )
        )
    found.append(
        Ask(
            "declare",
            "ready",
            token_id,
            "Ready an action",
            (AskField("action", "Readied action", "text"), AskField("trigger", "Trigger", "text")),
            hint="Ends your turn; lost if the trigger has not happened by your next turn.",
        )
    )
    return tuple(found)
