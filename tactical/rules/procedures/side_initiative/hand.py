"""What a player holds in Side initiative (004): the sheet, the declarations, the party's roll.

004: "Certain actions must be declared before initiative is rolled ... Spells and
runes: The intention to cast a spell or use a fairy rune this Round must be declared
... Fleeing from melee: The intention to flee from melee this Round must be declared."
A PC's phone declares for its own character only (the same ``declare`` action as the
panel's, its ``token`` fixed), and may withdraw it, until initiative is rolled.

"One player rolls for the adventuring party as a whole": every PC's phone is asked
the party's 1d6 while no side has rolled; the first answer is the party's roll, and
it closes the declarations (they come "before initiative is rolled"). The GM's
"Roll initiative" then rolls the other sides.
"""

from __future__ import annotations

from tactical.core.encounter import Encounter
from tactical.rules.player_hand import Ask, AskField, CharacterSheet, Option, RollSpec, SheetLine
from tactical.rules.procedure import status_words
from tactical.rules.procedures.side_initiative.combat import melee_opponents
from tactical.rules.procedures.side_initiative.morale import PLAYER_SIDE, is_players
from tactical.rules.procedures.side_initiative.movement import speed_feet
from tactical.rules.procedures.side_initiative.order import sides_in_fight
from tactical.rules.procedures.side_initiative.state import SideState
from tactical.rules.procedures.side_initiative.view import declaration_text

INTENTS = (
    Option("spell", "Cast a spell"),
    Option("rune", "Use a fairy rune"),
    Option("flee", "Flee from melee"),
)


def _number(value: object) -> str:
    return str(value) if isinstance(value, int | float) and not isinstance(value, bool) else "?"


def sheet(encounter: Encounter, state: SideState, token_id: str) -> CharacterSheet:
    """Hit points, Speed (half in melee), missile ranges, the declaration, the action."""
    token = encounter.token(token_id)
    figures = token.figures
    speed = speed_feet(encounter, token_id)
    melee = bool(melee_opponents(encounter, state, token_id))
    hp = f"{_number(figures.get('hp'))} of {_number(figures.get('max_hp'))}"
    lines = [
        SheetLine("Hit points", hp, "hp"),
        SheetLine("Speed", f"{speed} ft a Round; {speed // 2} ft in melee", "speed_ft"),
    ]
    missile = figures.get("missile")
    if isinstance(missile, str) and missile.count("/") == 2:
        short, medium, long = missile.split("/")
        lines.append(
            SheetLine("Missile ranges", f"Short {short} ft, Medium {medium} ft, Long {long} ft")
        )
    if "morale" in figures:
        lines.append(SheetLine("Morale", _number(figures.get("morale")), "morale"))
    declared = state.declarations.get(token_id)
    lines += [
        SheetLine("Declared", declaration_text(declared) if declared else "nothing"),
        SheetLine(
            "In melee",
            "yes: half Speed; to move farther you must flee, forfeiting your attack"
            if melee
            else "no",
        ),
        SheetLine("Action this Round", "taken" if token_id in state.acted else "not yet"),
    ]
    if token_id in state.out:
        lines.append(SheetLine("Out of the fight", state.out[token_id]))
    return CharacterSheet(
        token_id, token.name, "Side initiative", tuple(lines), status_words(token.statuses)
    )


def asks(encounter: Encounter, state: SideState, token_id: str) -> tuple[Ask, ...]:
    """A declaration (and its withdrawal) and the party's roll, before initiative."""
    token = encounter.token(token_id)
    if (
        state.ended
        or state.step != "declarations"
        or state.initiative
        or not is_players(token.side)
        or token.position is None
        or token_id in state.out
    ):
        return ()
    own = (("token", token_id),)  # the one param a phone may not choose
    intents = INTENTS if melee_opponents(encounter, state, token_id) else INTENTS[:2]
    found = [
        Ask(
            "declare",
            "declare",
            token_id,
            "Declare before initiative",
            (
                AskField("kind", "Intent", "choice", intents, default="spell"),
                AskField("detail", "Which spell or rune", "text", optional=True),
            ),
            hint="A spell or rune is disrupted if you are harmed before your side acts; "
            "you may not move in the same Round.",
            fixed=own,
        )
    ]
    if token_id in state.declarations:
        found.append(
            Ask(
                "declare",
                "withdraw",
                token_id,
                "Withdraw your declaration",
                fixed=(("token", token_id),),
            )
        )
    if PLAYER_SIDE in sides_in_fight(encounter, state):
        found.append(
            Ask(
                "roll",
                "party-initiative",
                token_id,
                "Roll initiative for the party",
                roll=RollSpec.of("1d6", 0, "initiative"),
                hint="One player rolls for the whole party; declarations close with it.",
            )
        )
    return tuple(found)
