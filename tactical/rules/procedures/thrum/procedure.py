"""The Thrum combat procedure (seed 001): its registered class and the table of its actions."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Literal

from tactical.core.encounter import Encounter
from tactical.rules.player_hand import Ask, CharacterSheet
from tactical.rules.procedure import (
    Action,
    Handler,
    PanelView,
    Procedure,
    ProcedureState,
    RowFigure,
    StepLine,
)
from tactical.rules.procedures.thrum import (
    hand,
    movement,
    records,
    round_zero,
    setup,
    triggers,
    turns,
)
from tactical.rules.procedures.thrum.actions import available_actions
from tactical.rules.procedures.thrum.state import DEFAULTS, ThrumState
from tactical.rules.procedures.thrum.view import outline, panel_view
from tactical.rules.registry import register

_FATIGUE = RowFigure("Fatigue", ("fatigue_load", "fatigue_tolerance"))
_STRESS = RowFigure("Stress", ("stress_load", "stress_tolerance"))
_WOUNDS = RowFigure("Wounds", ("wounds",))
_STANCE = RowFigure("Stance", ("stance",))
_INITIATIVE = RowFigure("Init. mod.", ("initiative_mod",))

HANDLERS: dict[str, Handler[ThrumState]] = {
    "set-starting-area": setup.set_starting_area,
    "clear-starting-area": setup.clear_starting_area,
    "set-conditions": setup.set_conditions,
    "npcs-placed": setup.npcs_placed,
    "roll-initiative": setup.roll_initiative,
    "initiative": setup.roll_own,
    "set-initiative": setup.set_initiative,
    "tie-first": setup.tie_first,
    "begin-round-zero": round_zero.begin_round_zero,
    "place": round_zero.place,
    "take-stance": turns.take_stance,
    "zero-done": round_zero.zero_done,
    "panic-roll": turns.panic_roll,
    "start-done": turns.start_done,
    "delay": turns.delay,
    "move-done": turns.move_done,
    "descent-failed": turns.descent_failed,
    "action-done": turns.action_done,
    "overexert": turns.overexert,
    "keep-stance": turns.keep_stance,
    "skip": turns.skip_to_end,
    "end-turn": turns.end_turn,
    "deal": records.deal,
    "status": records.give_status,
    "end-incapacity": records.end_incapacity,
    "join": records.join_late,
    "end-combat": records.end_combat,
    "record-trigger": triggers.record,
    "resolve-trigger": triggers.resolve_next,
    "drop-triggers": triggers.drop_all,
}
"""What each action id does (the panel's buttons are :func:`.actions.available_actions`)."""


@register
class Thrum(Procedure[ThrumState]):
    """Thrum: NPC Placement, Initiative, Round Zero, then Move / Action / Stance turns.

    The steps follow 001 lines 4-33. Choices where the text is vague are in
    the docstrings of :mod:`.order` (ties, delay) and :mod:`.loads` (loads,
    Incapacity, Wounds, statuses) and in docs/rules.md, "Thrum". What each
    action does lives in :mod:`.setup`, :mod:`.round_zero`, :mod:`.turns` and
    :mod:`.records` (inputs read by :mod:`.params`). Here:

    - Combatants: every PC, and every NPC the GM has put on the map when
      pressing "NPCs placed". Others may join later (initiative rolled then).
    - Round Zero: every combatant has a Round Zero turn in initiative order;
      a PC must end it inside the Starting Area (when one is designated).
    - Delay is offered at the start of a turn before anything is done.
    - "Skip to End of Turn" (GM override) goes straight to End of Turn, so
      statuses still tick down.
    - The Incapacity Roll after an Action is made if the character is still
      Exhausted when the GM presses "Action done" ("unless the Action removes
      Exhaustion").
    - When an automatic end condition holds, "End the combat" becomes the
      advance key; the GM may still continue.
    """

    id: ClassVar[str] = "thrum"
    title: ClassVar[str] = "Thrum"
    rule_file: ClassVar[str] = "001_18fb441042e7114e.txt"
    map_kind: ClassVar[Literal["grid", "areas", "any"]] = "grid"
    metric: ClassVar[str] = "chebyshev"
    state_type: ClassVar[type[ProcedureState]] = ThrumState
    figure_labels: ClassVar[dict[str, str]] = {
        "fatigue_load": "Fatigue load",
        "fatigue_tolerance": "Fatigue tolerance",
        "stress_load": "Stress load",
        "stress_tolerance": "Stress tolerance",
        "wounds": "Wounds",
        "stance": "Stance",
        "initiative_mod": "Initiative modifier",
        "resolve_mod": "Resolve modifier",
        "resilience_mod": "Resilience modifier",
    }
    """Whole words (the panel sets them on two lines): the loads beside their tolerances
    first, as they change in play; the modifiers, set once, last."""
    figure_defaults: ClassVar[dict[str, int | str]] = {
        key: value for key, value in DEFAULTS.items() if value != ""
    }
    """The values its rows show for a figure a token lacks (:func:`state.int_figure`)."""
    print_labels: ClassVar[dict[str, str]] = {
        "fatigue_load": "Fatigue",
        "fatigue_tolerance": "Fat. Tol.",
        "stress_load": "Stress",
        "stress_tolerance": "Str. Tol.",
        "initiative_mod": "Init",
        "resolve_mod": "Resolve",
        "resilience_mod": "Resil.",
    }
    """A printed page's columns are narrower than the panel's, which scrolls: short there."""
    row_figures: ClassVar[Mapping[str, tuple[RowFigure, ...]]] = {
        "placement": (_INITIATIVE, _FATIGUE, _STRESS),
        "initiative": (_INITIATIVE, _FATIGUE, _STRESS),
        "order": (_INITIATIVE, _FATIGUE, _STRESS),
        "zero": (_FATIGUE, _STRESS, _STANCE),
        "stance": (_FATIGUE, _STRESS, _STANCE),
        "": (_FATIGUE, _STRESS, _WOUNDS),
    }
    """Initiative's modifier while the order is made; then each load out of its tolerance
    (001: a load over its tolerance is Frayed or Exhausted) and the Wounds, or the Stance
    while Stances are taken. The modifiers, set once, show for the selected row."""

    handlers: ClassVar[Mapping[str, Handler[Any]]] = HANDLERS

    def outline(self, encounter: Encounter, state: ThrumState) -> list[StepLine]:
        return outline(state)

    def view(self, encounter: Encounter, state: ThrumState) -> PanelView:
        return panel_view(encounter, state)

    def actions(self, encounter: Encounter, state: ThrumState) -> list[Action]:
        return available_actions(encounter, state)

    def sheet(self, encounter: Encounter, state: ThrumState, token_id: str) -> CharacterSheet:
        return hand.sheet(encounter, state, token_id)

    def asks(self, encounter: Encounter, state: ThrumState, token_id: str) -> tuple[Ask, ...]:
        return hand.asks(encounter, state, token_id)

    def movement_left(self, encounter: Encounter, state: ThrumState, token_id: str) -> int | None:
        """Speed less what was spent, in the acting combatant's Move step (see :mod:`.movement`)."""
        return movement.movement_left(encounter, state, token_id)
