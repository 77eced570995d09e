"""Approximated Fray (seed 000): secret Staging, then First / Middle / Last phases, then Mop Up.

The turn, from 000:

1. **Staging** - every combatant puts down one card face down, with its phase
   keyword (First, Middle, Last) and "an area or a Creature" as its target.
   Moves also name the area they go to. The GM enters each card with the
   creature's ``Put down`` action; the next creature to choose is the primary.
2. **First, Middle, Last phases** - the phase's cards flip; "the resolves are
   then done clockwise around the table ending with the GM and the NPCs", and
   "all damage actions are executed before any moving is done": every attack
   and other action first, then every move; a charge is an attack, then a
   move. On a hit the attacker rolls 1d4 levels; a creature with fatigue may
   trade it one for one. Every effect is held and lands at the end of the
   phase, so a creature that moves away in the phase it is attacked in still
   moves, and is hit.
3. **Mop Up** - creatures dissolve conditions; damaging conditions left
   (Burning, Drowning) do their damage; the party and the GM roll recovery.

Choices where 000 is vague (also in docs/rules.md):

- Clockwise = PCs (side ``pcs``) by their ``seat`` figure, then all other tokens
  in token order (see :mod:`.roster`).
- The GM says whether an attack succeeds (000's attack resolution is not in the
  excerpt); a hit rolls 1d4 injury levels, or 1d4 morale levels for a card
  marked ``morale``; fatigue is traded for injury only (dodging blows).
- An attack on an area hits every other creature standing in it at the start
  of the phase, each resolved on its own.
- A charge with no destination goes to the area its target stood in when the
  card was revealed; so does a move aimed at a creature.
- A card whose creature is unconscious or fled when its phase comes is
  revealed and cancelled. A creature that becomes Panicked keeps the card it
  put down; from the next Staging it may only put down move cards.
- Cards leave the hand when the First phase begins; recovery is 1d6 per group,
  a spent card returns when its recovery value is at most the roll
  (see :mod:`.cards`). A group with no spent card does not roll.
- A damaging condition deals one injury level per stack unless the GM types
  another number; fatigue may be traded as for a hit.
- Injury and morale modifiers add up (see :mod:`.levels`).
- "End the fight" drops unresolved cards and effects not yet landed, opens the
  healing step (heal spells must be on the caster's hand; skill once per
  creature), and "End the scene" returns every card and resets fatigue to the
  ``fatigue_max`` figure (or the fatigue at the start when there is none).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from tactical.core.encounter import Encounter
from tactical.rules.player_hand import Ask, CharacterSheet, StagedChoice, TurnView
from tactical.rules.procedure import (
    Action,
    Handler,
    PanelView,
    Procedure,
    ProcedureState,
    RowFigure,
    StepLine,
)
from tactical.rules.procedures.approximated_fray import actions as _actions
from tactical.rules.procedures.approximated_fray import hand as _hand
from tactical.rules.procedures.approximated_fray import perform as _perform
from tactical.rules.procedures.approximated_fray import view as _view
from tactical.rules.procedures.approximated_fray.levels import FATIGUE, FATIGUE_MAX
from tactical.rules.procedures.approximated_fray.roster import number
from tactical.rules.procedures.approximated_fray.state import FrayState
from tactical.rules.registry import register

_INJURY = RowFigure("Injury", ("injury",))
_MORALE = RowFigure("Morale", ("morale",))
_FATIGUE = RowFigure("Fatigue", ("fatigue",))
_CARDS = RowFigure("Cards", ("cards",))


@register
class ApproximatedFray(Procedure[FrayState]):
    """000's simultaneous phases on an area map (one area = melee range)."""

    id: ClassVar[str] = "approximated-fray"
    title: ClassVar[str] = "Approximated Fray"
    rule_file: ClassVar[str] = "000_b2551d7b392b43c7.txt"
    map_kind = "areas"
    metric: ClassVar[str] = "chebyshev"
    state_type: ClassVar[type[ProcedureState]] = FrayState
    figure_labels: ClassVar[dict[str, str]] = {
        "injury": "Injury",
        "morale": "Morale",
        "fatigue": "Fatigue",
        "cards": "Cards",
    }
    row_figures: ClassVar[Mapping[str, tuple[RowFigure, ...]]] = {
        "staging": (_CARDS, _INJURY, _MORALE),
        "recovery": (_CARDS, _INJURY, _MORALE),
        "": (_INJURY, _MORALE, _FATIGUE),
    }
    """The cards in hand while they are chosen and when recovery returns them; the rest of
    the time the injury, the morale and the fatigue a hit may be traded for (000)."""

    handlers: ClassVar[Mapping[str, Handler[Any]]] = _perform.HANDLERS

    def new_state(self, encounter: Encounter, seed: int) -> FrayState:
        """Round 1, Staging; remembers starting fatigue for tokens without ``fatigue_max``."""
        recorded = {
            t.id: number(t, FATIGUE)
            for t in encounter.tokens.values()
            if FATIGUE in t.figures and FATIGUE_MAX not in t.figures
        }
        return FrayState(seed=seed, step="staging", round=1, fatigue_reset=recorded)

    def outline(self, encounter: Encounter, state: FrayState) -> list[StepLine]:
        return _view.outline(state.step)

    def view(self, encounter: Encounter, state: FrayState) -> PanelView:
        return _view.view(encounter, state)

    def actions(self, encounter: Encounter, state: FrayState) -> list[Action]:
        return _actions.available(encounter, state)

    def sheet(self, encounter: Encounter, state: FrayState, token_id: str) -> CharacterSheet:
        return _hand.sheet(encounter, state, token_id)

    def turn(self, encounter: Encounter, state: FrayState) -> TurnView:
        return _hand.turn(super().turn(encounter, state), encounter, state)

    def asks(self, encounter: Encounter, state: FrayState, token_id: str) -> tuple[Ask, ...]:
        return _hand.asks(encounter, state, token_id)

    def staged(self, encounter: Encounter, state: FrayState) -> tuple[StagedChoice, ...]:
        return _hand.staged(encounter, state)


__all__ = ["ApproximatedFray", "FrayState"]
