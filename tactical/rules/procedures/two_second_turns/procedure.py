"""Two-second turns (rule text 003): individual initiative, delays, readies, combat clusters.

The GM is walked through: place the combatants (clusters share a square),
roll initiative, then one turn after another. At the start of a turn the
acting character may delay or ready an action; then it acts (melee inside a
cluster, ranged attacks with the re-roll chain, effects) and the GM ends the
turn. When everyone has had a turn the next round (two seconds) begins.

Choices where the text is vague (also in docs/rules.md):

- Initiative roll (003 line 9, dexterity is the "consistency", willpower the
  "potential"): willpower d6 (at least one die) plus dexterity. The GM may
  type physical results, in token order, or set a total by hand.
- A delay (003 line 13) is declared before the character does anything else
  in its turn and names a character still to act this round: the delayer
  moves to just before or just after it and acts when it comes up.
- A readied action (003 line 15) may be declared at any time in the turn and
  ends the turn. When the GM marks it triggered, the readier moves to just
  before the character who triggered it (line 17) and has had its turn for
  this round. NPC readies stay secret (GM only) until triggered.
- A melee attack on a character in an orthogonally adjacent square puts the
  attacker into its square first (line 25: "place their character identifier
  together in the square"); farther away the attacker must move first.
- Stumble (line 41) moves a character in a cluster one square away from the
  direction the effect came from, unless the GM names another square. While
  stumbling it makes no ranged attacks, only melee attacks inside its
  cluster, and cannot join a cluster lying in the blocked direction.
- A character without defence (Daze) cannot dodge or block a ranged attack.

The jobs live in modules of this package: ``actions`` (what the GM may do
now), ``setup`` (initiative), ``turn`` (ending, delaying, readying),
``attacks`` and ``joining`` (melee, ranged chains, clusters), ``afflictions``
(effects), ``overrides`` (the GM's), ``params`` (reading the GM's inputs).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Literal

from tactical.core.encounter import Encounter
from tactical.rules.player_hand import Ask, CharacterSheet
from tactical.rules.procedure import (
    Action,
    BlockedDirection,
    Handler,
    PanelView,
    Procedure,
    ProcedureState,
    RowFigure,
    StepLine,
)
from tactical.rules.procedures.two_second_turns import (
    afflictions,
    attacks,
    hand,
    movement,
    overrides,
    setup,
    turn,
)
from tactical.rules.procedures.two_second_turns import view as views
from tactical.rules.procedures.two_second_turns.actions import available_actions
from tactical.rules.procedures.two_second_turns.state import TurnsState
from tactical.rules.registry import register

HANDLERS: dict[str, Handler[TurnsState]] = {
    "roll-initiative": setup.roll_initiative,
    "initiative": setup.roll_own,
    "set-initiative": setup.set_initiative,
    "start-round": setup.start_round,
    "add-combatant": setup.add_combatant,
    "end-turn": turn.finish_turn,
    "delay": turn.delay,
    "ready": turn.ready,
    "trigger": turn.trigger,
    "melee": attacks.melee,
    "ranged": attacks.ranged,
    "resolve": attacks.resolve_roll,
    "cancel-attack": attacks.cancel_attack,
    "join-cluster": attacks.join_cluster,
    "effect": afflictions.apply_effect,
    "move-in-order": overrides.move_in_order,
    "take-out": overrides.take_out,
    "bring-back": overrides.bring_back,
    "end-combat": overrides.end_combat,
}
"""What each action id does (the panel's buttons are :func:`.actions.available_actions`)."""


@register
class TwoSecondTurns(Procedure[TurnsState]):
    """Rule text 003: two-second turns in initiative order, with combat clusters."""

    id: ClassVar[str] = "two-second-turns"
    title: ClassVar[str] = "Two-second turns"
    rule_file: ClassVar[str] = "003_8e8ef1bed4dcaaed.txt"
    map_kind: ClassVar[Literal["grid", "areas", "any"]] = "grid"
    metric: ClassVar[str] = "orthogonal"
    state_type: ClassVar[type[ProcedureState]] = TurnsState
    figure_labels: ClassVar[dict[str, str]] = {
        "initiative": "Init",
        "dexterity": "Dex",
        "willpower": "Wil",
    }
    row_figures: ClassVar[Mapping[str, tuple[RowFigure, ...]]] = {
        "": (RowFigure("Dex", ("dexterity",)), RowFigure("Wil", ("willpower",))),
    }
    """003: initiative rolls willpower dice plus dexterity, ties go to higher willpower;
    the initiative itself is the row's order."""

    handlers: ClassVar[Mapping[str, Handler[Any]]] = HANDLERS

    def outline(self, encounter: Encounter, state: TurnsState) -> list[StepLine]:
        return views.outline(state)

    def blocked_direction(
        self, encounter: Encounter, state: TurnsState, token_id: str
    ) -> BlockedDirection | None:
        return movement.blocked_direction(encounter, state, token_id)

    def sheet(self, encounter: Encounter, state: TurnsState, token_id: str) -> CharacterSheet:
        return hand.sheet(encounter, state, token_id)

    def asks(self, encounter: Encounter, state: TurnsState, token_id: str) -> tuple[Ask, ...]:
        return hand.asks(encounter, state, token_id)

    def view(self, encounter: Encounter, state: TurnsState) -> PanelView:
        return views.panel_view(self.title, encounter, state)

    def actions(self, encounter: Encounter, state: TurnsState) -> list[Action]:
        return available_actions(encounter, state)
