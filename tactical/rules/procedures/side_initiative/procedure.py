"""Side initiative (rule text 004): declarations, 1d6 per side, phases per side, morale.

Each round the GM is walked through: declarations (spells, runes, flight from
melee), one initiative roll per side, then each side in turn (or tied sides
together) through movement, missile attacks, magic and melee, then morale
checks for the Referee's sides.

Choices where the text is vague (also in docs/rules.md):

- Declarations are made openly at the table, so the players' are public at
  once. The Referee's stay secret (GM only): a flight from melee until
  initiative is rolled (it gives the winners +2 against the fleeing
  combatant, so they must know), a spell or rune until its side begins to act
  or it is disrupted.
- Flight from melee can only be declared by a combatant in melee. A combatant
  who declared a spell or rune, or flight, makes no attack this round (the
  spell is its action; fleeing forfeits the attack).
- Each attack is announced first (the panel shows its modifiers: range band,
  cover, +2 against a fleeing opponent), then the GM records hit and damage,
  or a miss. A melee attack puts both in melee (004 line 28).
- Ties: the GM chooses, each time, a re-roll of the tied sides or
  simultaneous action (the tied sides then go through the four phases
  together).
- Waiting sides act after every other side.

The jobs live in modules of this package: ``actions`` (what the GM may do
now), ``declarations``, ``initiative``, ``phases`` (whose turn, the four
phases), ``attacks``, ``magic``, ``round_end`` (morale, the next round),
``overrides`` (the GM's), ``params`` (inputs and names).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Literal

from tactical.core.encounter import Encounter
from tactical.rules.context import ActionContext
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
from tactical.rules.procedures.side_initiative import (
    attacks,
    declarations,
    hand,
    initiative,
    magic,
    overrides,
    phases,
    round_end,
)
from tactical.rules.procedures.side_initiative import view as views
from tactical.rules.procedures.side_initiative.actions import available_actions
from tactical.rules.procedures.side_initiative.morale import is_players, members
from tactical.rules.procedures.side_initiative.movement import movement_left
from tactical.rules.procedures.side_initiative.state import SideState
from tactical.rules.registry import register

HANDLERS: dict[str, Handler[SideState]] = {
    "declare": declarations.declare,
    "withdraw": declarations.withdraw,
    "roll-initiative": initiative.roll_initiative,
    "party-initiative": initiative.party_roll,
    "reroll-tie": initiative.reroll_tie,
    "simultaneous": initiative.simultaneous,
    "wait": initiative.wait,
    "set-initiative": initiative.set_initiative,
    "begin": initiative.begin,
    "next": phases.next_phase,
    "missile": attacks.missile,
    "melee": attacks.melee,
    "hit": attacks.hit,
    "miss": attacks.miss,
    "cancel-attack": attacks.cancel_attack,
    "cast": magic.cast,
    "harm": magic.harm_caster,
    "check-morale": round_end.check_morale,
    "skip-morale": round_end.skip_morale,
    "next-round": round_end.next_round,
    "take-out": overrides.take_out,
    "bring-back": overrides.bring_back,
    "set-morale": overrides.set_morale,
    "end-combat": overrides.end_combat,
}
"""What each action id does (the panel's buttons are :func:`.actions.available_actions`)."""


_HP = RowFigure("HP", ("hp", "max_hp"))
_MORALE = RowFigure("Morale", ("morale",))
_SPEED = RowFigure("Speed", ("speed_ft",))
_MISSILE = RowFigure("Missile", ("missile",))


@register
class SideInitiative(Procedure[SideState]):
    """Rule text 004: side initiative with declarations, phases and morale."""

    id: ClassVar[str] = "side-initiative"
    title: ClassVar[str] = "Side initiative"
    rule_file: ClassVar[str] = "004_ee0c95b780bc2907.txt"
    map_kind: ClassVar[Literal["grid", "areas", "any"]] = "grid"
    metric: ClassVar[str] = "feet"
    state_type: ClassVar[type[ProcedureState]] = SideState
    figure_labels: ClassVar[dict[str, str]] = {
        "hp": "HP",
        "max_hp": "Max HP",
        "speed_ft": "Speed (ft)",
        "morale": "Morale",
        "missile": "Missile S/M/L (ft)",
    }
    row_figures: ClassVar[Mapping[str, tuple[RowFigure, ...]]] = {
        "movement": (_HP, _SPEED),
        "missile": (_HP, _MISSILE),
        "": (_HP, _MORALE),
    }
    """Hit points out of their most and Morale (004: checks over Morale); the speed in a
    side's Movement, the missile ranges in its Missile attacks."""

    handlers: ClassVar[Mapping[str, Handler[Any]]] = HANDLERS

    def new_state(self, encounter: Encounter, seed: int) -> SideState:
        state = SideState(seed=seed)
        state.lone = [
            side
            for side in encounter.sides
            if not is_players(side) and len(members(encounter, side)) == 1
        ]
        return state

    def movement_left(self, encounter: Encounter, state: SideState, token_id: str) -> int | None:
        """In its side's movement phase: Speed (half in melee, none when casting) less what
        was spent this round (see :mod:`.movement`)."""
        return movement_left(encounter, state, token_id)

    # -- what the panel shows ---------------------------------------------

    def outline(self, encounter: Encounter, state: SideState) -> list[StepLine]:
        return views.outline(encounter, state)

    def view(self, encounter: Encounter, state: SideState) -> PanelView:
        return views.panel_view(self.title, encounter, state)

    def actions(self, encounter: Encounter, state: SideState) -> list[Action]:
        return available_actions(encounter, state)

    def sheet(self, encounter: Encounter, state: SideState, token_id: str) -> CharacterSheet:
        return hand.sheet(encounter, state, token_id)

    def asks(self, encounter: Encounter, state: SideState, token_id: str) -> tuple[Ask, ...]:
        return hand.asks(encounter, state, token_id)

    def after_action(self, ctx: ActionContext, state: SideState) -> None:
        """The "in melee" status on the tokens follows every action (:func:`.phases.sync_melee`)."""
        phases.sync_melee(ctx, state)
