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

from typing import Any, ClassVar

from tactical.core.encounter import Encounter
from tactical.rules.context import ActionContext
from tactical.rules.procedure import (
    Action,
    PanelView,
    Procedure,
    ProcedureState,
    RulesError,
    StepLine,
)
from tactical.rules.procedures.game_judge import handlers
from tactical.rules.procedures.game_judge.actions import available_actions
from tactical.rules.procedures.game_judge.flow import outline, stunned_now
from tactical.rules.procedures.game_judge.state import GameJudgeState
from tactical.rules.procedures.game_judge.view import build_view
from tactical.rules.registry import register


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

    def new_state(self, encounter: Encounter, seed: int) -> GameJudgeState:
        return GameJudgeState(seed=seed, stunned_at_start=stunned_now(encounter))

    def outline(self, encounter: Encounter, state: GameJudgeState) -> list[StepLine]:
        return outline(state.step)

    def view(self, encounter: Encounter, state: GameJudgeState) -> PanelView:
        return build_view(encounter, state, self.title)

    def actions(self, encounter: Encounter, state: GameJudgeState) -> list[Action]:
        return available_actions(encounter, state)

    def perform(
        self, ctx: ActionContext, state: GameJudgeState, action: str, params: dict[str, Any]
    ) -> GameJudgeState:
        match action:
            case "declare":
                handlers.declare(ctx, state, params)
            case "dodge":
                handlers.dodge(ctx, state, params)
            case "attacks":
                handlers.attacks(ctx, state, params)
            case "roll":
                handlers.free_roll(ctx, params)
            case "roll-initiative":
                handlers.initiative(ctx, state)
            case "set-master":
                handlers.set_master(ctx, state, params)
            case "resolve":
                handlers.resolve(ctx, state)
            case "skip":
                handlers.skip(ctx, state)
            case "roll-feat":
                handlers.roll_feat(ctx, state)
            case "next":
                return handlers.advance(ctx, state)
            case "health" | "karma":
                handlers.change_figure(ctx, params, action)
            case "condition":
                handlers.condition(ctx, params)
            case "end":
                state.ended = True
                state.end_reason = str(params.get("reason") or "")
                ctx.say(f"Combat ends: {state.end_reason or 'the GM ends it'}")
            case "resume":
                state.ended = False
                state.end_reason = ""
            case _:
                raise RulesError(f"'{action}' is not an action of {self.title}")
        return state
