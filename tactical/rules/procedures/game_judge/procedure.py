"""The Game Judge procedure (002): seven steps per turn, Master Initiative, Phases A, B, C.

Step 1 the GM chooses his characters' actions in secret; Step 2 the players
declare; Step 3 reveals the GM's actions and takes pre-initiative feats (dodge
while moving, multiple attacks); Step 4 rolls 1d10 per side plus the column
shifts between the sides' best Intuition ranks, giving Master Initiative;
Step 5 takes pre-action rolls; Step 6 resolves Phase A (fire and movement),
Phase B (slugfest and wrestling) and Phase C's five sub-steps, the Master
Initiative side first in each; Step 7 is bookkeeping; then back to Step 1.

Health, Karma and Intuition are token figures (``health``, ``karma``,
``intuition``: a Universal Table rank such as "Excellent"); stun time is the
``stunned`` status (turns left), and ``slammed``, ``ko``, ``dead`` are
statuses. The choices where 002 is vague are documented in the modules of
this package and in docs/rules.md ("Game Judge phases").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

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
from tactical.rules.procedures.game_judge import hand, handlers
from tactical.rules.procedures.game_judge.actions import available_actions
from tactical.rules.procedures.game_judge.flow import outline, stunned_now
from tactical.rules.procedures.game_judge.state import GameJudgeState
from tactical.rules.procedures.game_judge.view import build_view
from tactical.rules.registry import register


def _end(ctx: ActionContext, state: GameJudgeState, params: dict[str, Any]) -> None:
    state.ended = True
    state.end_reason = str(params.get("reason") or "")
    ctx.say(f"Combat ends: {state.end_reason or 'the GM ends it'}")


def _resume(ctx: ActionContext, state: GameJudgeState, params: dict[str, Any]) -> None:
    state.ended = False
    state.end_reason = ""


HANDLERS: dict[str, Handler[GameJudgeState]] = {
    "declare": handlers.declare,
    "dodge": handlers.dodge,
    "attacks": handlers.attacks,
    "roll": lambda ctx, state, params: handlers.free_roll(ctx, params),
    "roll-initiative": lambda ctx, state, params: handlers.initiative(ctx, state),
    "set-master": handlers.set_master,
    "resolve": lambda ctx, state, params: handlers.resolve(ctx, state),
    "skip": lambda ctx, state, params: handlers.skip(ctx, state),
    "roll-feat": lambda ctx, state, params: handlers.roll_feat(ctx, state),
    "next": lambda ctx, state, params: handlers.advance(ctx, state),
    "health": lambda ctx, state, params: handlers.change_figure(ctx, params, "health"),
    "karma": lambda ctx, state, params: handlers.change_figure(ctx, params, "karma"),
    "condition": lambda ctx, state, params: handlers.condition(ctx, params),
    "end": _end,
    "resume": _resume,
}
"""What each action id does (the panel's buttons are :func:`.actions.available_actions`)."""


_HEALTH = RowFigure("Health", ("health",))
_KARMA = RowFigure("Karma", ("karma",))
_INTUITION = RowFigure("Intuition", ("intuition",))


@register
class GameJudge(Procedure[GameJudgeState]):
    """Game Judge phases (002): steps, Master Initiative, Phases A/B/C, bookkeeping."""

    id: ClassVar[str] = "game-judge"
    title: ClassVar[str] = "Game Judge phases"
    rule_file: ClassVar[str] = "002_207f3f1951758ab0.txt"
    map_kind = "areas"
    state_type: ClassVar[type[ProcedureState]] = GameJudgeState
    figure_labels: ClassVar[dict[str, str]] = {
        "health": "Health",
        "karma": "Karma",
        "intuition": "Intuition",
    }
    row_figures: ClassVar[Mapping[str, tuple[RowFigure, ...]]] = {
        "step4": (_INTUITION, _HEALTH, _KARMA),
        "": (_HEALTH, _KARMA),
    }
    """Health and Karma, kept track of every turn (002 Step Seven); Intuition while
    Master Initiative is rolled (002 Step Four: the highest Intuition rank on each side)."""

    handlers: ClassVar[Mapping[str, Handler[Any]]] = HANDLERS

    def new_state(self, encounter: Encounter, seed: int) -> GameJudgeState:
        return GameJudgeState(seed=seed, stunned_at_start=stunned_now(encounter))

    def outline(self, encounter: Encounter, state: GameJudgeState) -> list[StepLine]:
        return outline(state.step)

    def view(self, encounter: Encounter, state: GameJudgeState) -> PanelView:
        return build_view(encounter, state, self.title)

    def actions(self, encounter: Encounter, state: GameJudgeState) -> list[Action]:
        return available_actions(encounter, state)

    def sheet(self, encounter: Encounter, state: GameJudgeState, token_id: str) -> CharacterSheet:
        return hand.sheet(encounter, state, token_id)

    def asks(self, encounter: Encounter, state: GameJudgeState, token_id: str) -> tuple[Ask, ...]:
        return hand.asks(encounter, state, token_id)
