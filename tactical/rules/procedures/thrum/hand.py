"""What a player holds in Thrum (001): the sheet in its words, and what their turn asks.

A PC's phone is asked, each only at its step and only of the character it belongs to:

- its **Initiative** at the Initiative step (001: "each combatant participating in the
  fight rolls Initiative, by rolling 2d6 and adding their Initiative modifier"), before
  the GM rolls the rest;
- its **Panic Roll** at the Start of its turn when Frayed (2d6 + Resolve);
- a **Delay** at the Start of its turn, until after a combatant yet to act, once a round;
- **Overexert** in its Action step (001: "Overexert needs to be declared and Stress
  taken before any rolls occur"): the Stress is taken when it is declared, and no
  longer offered once a roll has been logged in that Action step;
- a **Stance**: in its Round Zero turn (001: "on their turn can position themselves within
  the Starting Area designated by the GM, and enter a Stance") and in its Stance step.

Choices where 001 is vague: the Incapacity Roll follows "Action done", which the GM
presses when the table has resolved the action: it stays the GM's to roll (or type).
"""

from __future__ import annotations

from tactical.core.encounter import Encounter
from tactical.rules.player_hand import Ask, AskField, CharacterSheet, Option, RollSpec, SheetLine
from tactical.rules.procedure import status_words
from tactical.rules.procedures.thrum import order as turn_order
from tactical.rules.procedures.thrum.state import (
    ACTION,
    EXHAUSTED,
    FATIGUE_LOAD,
    FATIGUE_TOLERANCE,
    FRAYED,
    INITIATIVE,
    INITIATIVE_MOD,
    MAX_WOUNDS,
    RESOLVE_MOD,
    STANCE,
    START,
    STRESS_LOAD,
    STRESS_TOLERANCE,
    WOUNDS,
    ZERO,
    ThrumState,
    display_name,
    int_figure,
    is_pc,
    stance_of,
)
from tactical.rules.procedures.thrum.view import needs_panic


def sheet(encounter: Encounter, state: ThrumState, token_id: str) -> CharacterSheet:
    """Loads and tolerances, Frayed and Exhausted with what they do, Wounds, Stance."""
    token = encounter.token(token_id)
    frayed = int_figure(token, STRESS_LOAD) > int_figure(token, STRESS_TOLERANCE)
    exhausted = int_figure(token, FATIGUE_LOAD) > int_figure(token, FATIGUE_TOLERANCE)
    lines = [
        SheetLine("Fatigue Load", str(int_figure(token, FATIGUE_LOAD)), FATIGUE_LOAD),
        SheetLine(
            "Fatigue Tolerance", str(int_figure(token, FATIGUE_TOLERANCE)), FATIGUE_TOLERANCE
        ),
        SheetLine("Stress Load", str(int_figure(token, STRESS_LOAD)), STRESS_LOAD),
        SheetLine("Stress Tolerance", str(int_figure(token, STRESS_TOLERANCE)), STRESS_TOLERANCE),
        SheetLine(
            "Frayed",
            "yes: +1 Bane on all defensive rolls; a Panic Roll at the start of your turn"
            if frayed
            else "no",
        ),
        SheetLine(
            "Exhausted",
            "yes: +1 Bane on all offensive rolls; an Incapacity Roll after an Action"
            if exhausted
            else "no",
        ),
        SheetLine("Wounds", f"{int_figure(token, WOUNDS)} of {MAX_WOUNDS}", WOUNDS),
        SheetLine("Stance", stance_of(token) or "none", "stance"),
    ]
    if token_id in state.initiative:
        lines.append(SheetLine("Initiative", str(state.initiative[token_id])))
    statuses = tuple(s for s in status_words(token.statuses) if s not in (FRAYED, EXHAUSTED))
    return CharacterSheet(token_id, token.name, "Thrum", tuple(lines), statuses)


def _own_turn(encounter: Encounter, state: ThrumState, token_id: str) -> list[Ask]:
    token = encounter.token(token_id)
    found: list[Ask] = []
    if state.step == START:
        if needs_panic(token) and not state.panic_rolled:
            found.append(
                Ask(
                    "roll",
                    "panic-roll",
                    token_id,
                    "Panic Roll",
                    roll=RollSpec.of("2d6", int_figure(token, RESOLVE_MOD), "Panic Roll"),
                    hint="The total must exceed your Stress Load, "
                    f"{int_figure(token, STRESS_LOAD)}.",
                )
            )
        later = turn_order.waiting(encounter, state)
        if token_id not in state.delayed and not state.panic_rolled and later:
            options = tuple(Option(t, display_name(encounter.token(t))) for t in later)
            found.append(
                Ask(
                    "declare",
                    "delay",
                    token_id,
                    "Delay your turn",
                    (AskField("after", "Until after", "token", options),),
                    hint="Once per round; your new place lasts for the rest of the combat.",
                )
            )
    elif state.step == ACTION and 0 <= state.action_rolls == len(encounter.dice_log):
        found.append(
            Ask(
                "declare",
                "overexert",
                token_id,
                "Overexert: take Stress",
                (
                    AskField("stress", "Stress taken", "int", default=1),
                    AskField("ability", "Ability", "text", optional=True),
                ),
                hint="Declared, and the Stress taken, before any rolls.",
            )
        )
    elif state.step in (STANCE, ZERO):
        found.append(
            Ask(
                "declare",
                "take-stance",
                token_id,
                "Enter a Stance" if state.step == ZERO else "Take a new Stance",
                (AskField("stance", "Stance", "text"),),
                hint=f"Now: {stance_of(token) or 'none'}. The new one ends it.",
            )
        )
    return found


def asks(encounter: Encounter, state: ThrumState, token_id: str) -> tuple[Ask, ...]:
    """What 001 asks of this character's player now (see the module's docstring)."""
    token = encounter.token(token_id)
    if state.step == INITIATIVE and token_id in state.order and is_pc(encounter, token):
        modifier = int_figure(token, INITIATIVE_MOD)
        if token_id in state.initiative:
            return ()
        return (
            Ask(
                "roll",
                f"initiative:{token_id}",
                token_id,
                "Roll Initiative",
                roll=RollSpec.of("2d6", modifier, "Initiative"),
            ),
        )
    if state.current != token_id or state.ended or not is_pc(encounter, token):
        return ()
    return tuple(_own_turn(encounter, state, token_id))
