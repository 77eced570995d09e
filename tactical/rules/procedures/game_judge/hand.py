"""What a player holds in Game Judge phases (002): the sheet, the declarations, the FEAT roll.

A player character's phone is asked, each only at its step and only for its own
character (the panel's actions, its ``token`` fixed):

- Step Two, its action ("PLAYERS DECIDE WHAT ACTIONS THEIR CHARACTERS EXECUTE, AND
  THEN THEY TELL THE GAME JUDGE"), changeable until the step ends;
- Step Three, the declarations that step asks of the players ("THE PLAYERS AND GJ MAKE
  ANY NECESSARY PRE-INITIATIVE FEATS CONCERNING MULTIPLE FIGHTING FEATS, EXTRA ATTACKS
  ..."): a dodge while moving ("Dodge while moving (declared during STEP THREE)") with
  its Dodge FEAT's colour, and, for an attack declared, how many attacks this turn;
- in the combat phases, its attack FEAT (1d100 on the Universal Table) when its own
  attack is the one being resolved.

The GM's pre-initiative FEAT rolls and Master Initiative stay the GM's.
"""

from __future__ import annotations

from tactical.core.encounter import Encounter
from tactical.rules.player_hand import (
    Ask,
    AskField,
    CharacterSheet,
    Option,
    RollSpec,
    SheetLine,
    area_options,
)
from tactical.rules.procedure import status_words
from tactical.rules.procedures.game_judge.combatants import combatants, disabled_by, is_out
from tactical.rules.procedures.game_judge.declarations import describe
from tactical.rules.procedures.game_judge.phases import ATTACKING
from tactical.rules.procedures.game_judge.state import (
    ATTACKS,
    DODGE_SHIFTS,
    KIND_LABELS,
    GameJudgeState,
)
from tactical.rules.procedures.game_judge.view import Names, current_entry, declarers


def sheet(encounter: Encounter, state: GameJudgeState, token_id: str) -> CharacterSheet:
    """Health, Karma, Intuition (002 Step Seven's bookkeeping) and the declared action."""
    token = encounter.token(token_id)
    lines = [
        SheetLine(label, str(token.figures.get(key, "")), key)
        for key, label in (("health", "Health"), ("karma", "Karma"), ("intuition", "Intuition"))
    ]
    declaration = state.declarations.get(token_id)
    names = Names(encounter, public=True)
    text = describe(declaration, names.token, names.area) if declaration else "nothing yet"
    lines.append(SheetLine("Declared", text))
    lines.append(SheetLine("Movement", f"{token.speed} areas"))
    return CharacterSheet(
        token_id, token.name, "Game Judge phases", tuple(lines), status_words(token.statuses)
    )


def _declare(encounter: Encounter, token_id: str) -> Ask:
    areas = area_options(encounter)
    others = tuple(
        Option(t.id, t.name) for t in combatants(encounter) if not is_out(t) and t.id != token_id
    )
    return Ask(
        "declare",
        "declare",
        token_id,
        "Tell the Game Judge your action",
        (
            AskField(
                "kind",
                "Action",
                "choice",
                tuple(Option(k, label) for k, label in KIND_LABELS.items()),
                default="ranged",
            ),
            AskField("target", "Target", "token", others, optional=True),
            AskField("destination", "Destination area", "area", areas, optional=True),
            AskField("areas", "Areas moved (no destination)", "int", optional=True, default=0),
            AskField("note", "Note", "text", optional=True),
        ),
        hint="You may change it until the Game Judge reveals his characters' actions.",
        fixed=(("token", token_id),),
    )


def _step_three(encounter: Encounter, state: GameJudgeState, token_id: str) -> list[Ask]:
    areas = area_options(encounter)
    own = (("token", token_id),)
    colours = tuple(Option(c, c.title()) for c in tuple(DODGE_SHIFTS)[1:])
    found = [
        Ask(
            "declare",
            "dodge",
            token_id,
            "Dodge while moving",
            (
                AskField("result", "Dodge FEAT colour", "choice", colours, default="red"),
                AskField("destination", "Destination area", "area", areas, optional=True),
                AskField("areas", "Areas moved (no destination)", "int", optional=True, default=0),
            ),
            hint="The moving target modifier adds to your Dodge FEAT (002).",
            fixed=own,
        )
    ]
    declared = state.declarations.get(token_id)
    if declared is not None and declared.kind in ATTACKS:
        found.append(
            Ask(
                "declare",
                "attacks",
                token_id,
                "Multiple attacks this turn",
                (AskField("count", "Attacks this turn", "int", default=2),),
                fixed=own,
            )
        )
    return found


def asks(encounter: Encounter, state: GameJudgeState, token_id: str) -> tuple[Ask, ...]:
    """Step Two's action, Step Three's declarations, its own attack FEAT."""
    token = encounter.token(token_id)
    if state.ended or disabled_by(token) is not None or is_out(token):
        return ()
    if state.step == "step2" and token in declarers(encounter, players=True):
        return (_declare(encounter, token_id),)
    if state.step == "step3" and token in declarers(encounter, players=True):
        return tuple(_step_three(encounter, state, token_id))
    entry = current_entry(encounter, state)
    if entry is None or entry.actor != token_id or entry.target is None:
        return ()
    if entry.action not in ATTACKING:
        return ()
    return (
        Ask(
            "roll",
            "roll-feat",
            token_id,
            "Roll your attack FEAT",
            roll=RollSpec.of("1d100", 0, "attack FEAT"),
            hint="Read on the Universal Table with the shifts the GM names.",
        ),
    )
