"""What a player holds in Approximated Fray (000): the sheet, the secret card, the rolls.

000: "The choice of action is done in secrecy for both PCs and NPCs ... They also
secretly allocate a target for their action, an area or a Creature. All cards are
placed face down in front of the players." A party member's player picks the card
and its target on their phone: the same ``declare:<id>`` action the panel's button
performs, open to every creature at once during the Staging, and put down again
(changed) as often as they like until the GM begins the First phase.

Choices where 000 is vague (also in docs/rules.md):

- "The reveal": 000 flips cards phase by phase ("When the first phase starts all who
  have selected cards with the keyword First flip their cards over"); a staged
  choice reaches the other players when its phase flips it, every card of a phase
  at once, never before the Staging ends.
- "one player rolls for recovery for the PC party": every party member's phone is
  asked the 1d6; the first answer is the party's roll.
- "the creature can choose to reduce his fatigue": the hit creature's player
  chooses how much fatigue to trade, on their phone or through the GM.
- The attacker's 1d4 on a hit stays the GM's ("If the resolve of an attack is a
  success the attacker rolls a D4"): the GM judges the success and types the
  player's roll with it.
"""

from __future__ import annotations

from dataclasses import replace

from tactical.core.encounter import Encounter
from tactical.core.fog_queries import shown_to_players
from tactical.rules.player_hand import (
    Ask,
    AskField,
    CharacterSheet,
    Option,
    RollSpec,
    SheetLine,
    StagedChoice,
    TurnView,
    area_options,
)
from tactical.rules.procedure import status_words
from tactical.rules.procedures.approximated_fray import flow
from tactical.rules.procedures.approximated_fray.actions import playable, spent_names, undeclared
from tactical.rules.procedures.approximated_fray.cards import RECOVERY_DIE, in_hand
from tactical.rules.procedures.approximated_fray.levels import (
    FATIGUE_MAX,
    INJURY_NAMES,
    MORALE_NAMES,
    describe,
    modifier,
)
from tactical.rules.procedures.approximated_fray.roster import (
    clockwise,
    fatigue,
    hand,
    injury,
    is_party,
    morale,
    number,
    out_of_fight,
)
from tactical.rules.procedures.approximated_fray.state import FrayState
from tactical.rules.procedures.approximated_fray.text import declaration_text


def sheet(encounter: Encounter, state: FrayState, token_id: str) -> CharacterSheet:
    """Injury and morale levels in 000's words, fatigue, the modifier on all actions, cards."""
    token = encounter.token(token_id)
    tired = str(fatigue(token))
    if FATIGUE_MAX in token.figures:
        tired += f" of {number(token, FATIGUE_MAX)}"
    acts = modifier(injury(token), morale(token))
    lines = [
        SheetLine("Injury", describe(INJURY_NAMES, injury(token)), "injury"),
        SheetLine("Morale", describe(MORALE_NAMES, morale(token)), "morale"),
        SheetLine("Fatigue", tired, "fatigue"),
        SheetLine("Actions", f"{acts:+d} on all actions (Defence is not an Action)"),
    ]
    spent = state.spent.get(token_id, [])
    if spent:
        words = ", ".join(f"{c.name} (recovery {c.recovery})" for c in spent)
        lines.append(SheetLine("Spent cards", words))
    cards = tuple(c.describe() for c in in_hand(hand(token), spent_names(state, token_id)))
    return CharacterSheet(
        token_id, token.name, "Approximated Fray", tuple(lines), status_words(token.statuses), cards
    )


def _card_ask(encounter: Encounter, state: FrayState, token_id: str) -> Ask | None:
    token = encounter.token(token_id)
    names = playable(token, state)
    if hand(token) and not names:
        return None
    described = {c.name: c.describe() for c in hand(token)}
    card = (
        AskField("card", "Card", "card", tuple(Option(n, described.get(n, n)) for n in names))
        if names
        else AskField("card", "Card", "text")
    )
    creatures = tuple(
        Option(t.id, t.name)
        for t in clockwise(encounter)
        if t.id != token_id and not out_of_fight(t) and shown_to_players(encounter, t)
    )
    areas = area_options(encounter)
    chosen = state.declarations.get(token_id)
    return Ask(
        "choose",
        f"declare:{token_id}",
        token_id,
        "Choose your card and its target" if chosen is None else "Change your card",
        (
            card,
            AskField("target", "Target creature", "token", creatures, optional=True),
            AskField("area", "Target area", "area", areas, optional=True),
            AskField("to", "Move to", "area", areas, optional=True),
        ),
        hint="Face down until its phase: the others do not see it. "
        "You may change it until the GM begins the First phase.",
        secret=True,
    )


def asks(encounter: Encounter, state: FrayState, token_id: str) -> tuple[Ask, ...]:
    """The card at the Staging, the fatigue trade on a hit, the party's recovery roll."""
    token = encounter.token(token_id)
    found: list[Ask] = []
    if state.step == flow.STAGING and not out_of_fight(token):
        card = _card_ask(encounter, state, token_id)
        if card is not None:
            found.append(card)
    if state.hit is not None and state.hit.target == token_id:
        most = min(flow.free_fatigue(encounter, state, token_id), state.hit.levels)
        found.append(
            Ask(
                "declare",
                "settle",
                token_id,
                f"You are hit for {state.hit.levels} injury: trade fatigue?",
                (AskField("fatigue", f"Fatigue to trade (0 to {most})", "int", default=most),),
                hint="000: fatigue can be traded one for one against injury levels.",
            )
        )
    if (
        state.step == flow.RECOVERY
        and is_party(token)
        and flow.needs_recovery(encounter, state, "party")
        and "party" not in state.recovered
    ):
        found.append(
            Ask(
                "roll",
                "recover-party",
                token_id,
                "Roll recovery for the party",
                roll=RollSpec.of(RECOVERY_DIE, 0, "recovery"),
                hint="Spent cards with a recovery value up to the roll return to hand.",
            )
        )
    return tuple(found)


def staged(encounter: Encounter, state: FrayState) -> tuple[StagedChoice, ...]:
    """Every card down this turn, in the order of the table."""
    out: list[StagedChoice] = []
    for token in clockwise(encounter):
        declaration = state.declarations.get(token.id)
        if declaration is None:
            continue
        out.append(
            StagedChoice(
                token.id,
                token.name,
                declaration_text(encounter, declaration),
                declaration.card,
                declaration.target,
                declaration.area,
                declaration.revealed,
            )
        )
    return tuple(out)


def turn(base: TurnView, encounter: Encounter, state: FrayState) -> TurnView:
    """At the Staging every creature chooses at once (000: "All participants select what
    they intend to do"): each still undecided is current and no one is next."""
    if state.step != flow.STAGING:
        return base
    waiting = tuple(t.id for t in undeclared(encounter, state))
    order = tuple(replace(e, acting=e.token_id in waiting) for e in base.order)
    return replace(base, order=order, current=waiting, next=None)
