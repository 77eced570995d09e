"""The turn's seven steps, in order, and how the GM moves from one to the next.

002: Steps One to Five, Step Six's phases A, B and C (C in five sub-steps),
Step Seven, then "RETURN TO STEPS 1,2, AND 3". Phases and sub-steps with
nothing to resolve are passed over when the GM advances (002: "EACH SIDE TAKES
TURNS COMPLETING EACH PHASE (IF APPLICABLE)"); Steps One to Five and Seven are
always visited.

Stun counts turns lost (our choice, 002 only says to keep track of "STUN
TIME"): the status ``stunned`` holds the turns left; at the end of each turn
those who were already stunned when it began count down by one, so a
combatant stunned for 1 turn in Phase B misses the whole next turn. Slams are
dealt with in sub-step 5 and cleared at the end of the turn.
"""

from __future__ import annotations

from tactical.core.encounter import Encounter
from tactical.rules.context import ActionContext
from tactical.rules.procedure import StepLine
from tactical.rules.procedures.game_judge.combatants import combatants
from tactical.rules.procedures.game_judge.phases import PHASE_STEPS, entries
from tactical.rules.procedures.game_judge.state import GameJudgeState

OUTLINE: tuple[tuple[str, str, int], ...] = (
    ("step1", "Step 1: GM chooses his characters' actions (secret)", 0),
    ("step2", "Step 2: players declare their characters' actions", 0),
    ("step3", "Step 3: GM's actions revealed; pre-initiative feats", 0),
    ("step4", "Step 4: initiative (Master Initiative)", 0),
    ("step5", "Step 5: pre-action rolls", 0),
    ("step6", "Step 6: combat phases", 0),
    ("phase-a", "Phase A: fire and movement", 1),
    ("phase-b", "Phase B: slugfest and wrestling", 1),
    ("phase-c", "Phase C: movement resolution", 1),
    ("c1", "C1: those who fired while moving reach their destination", 2),
    ("c2", "C2: closers and chargers attack, shortest distance first", 2),
    ("c3", "C3: fighting withdrawals move up to half", 2),
    ("c4", "C4: disengaging characters move up to full", 2),
    ("c5", "C5: slammed characters", 2),
    ("step7", "Step 7: bookkeeping", 0),
)

TITLES = {step_id: title for step_id, title, _depth in OUTLINE}
HEADERS = {"step6": PHASE_STEPS, "phase-c": PHASE_STEPS[2:]}
"""Outline lines that are not steps of their own: current while one of theirs is."""

ORDER: tuple[str, ...] = tuple(s for s, _t, _d in OUTLINE if s not in HEADERS)


def outline(step: str) -> list[StepLine]:
    index = ORDER.index(step) if step in ORDER else 0
    lines = []
    for step_id, title, depth in OUTLINE:
        if step_id in HEADERS:
            members = HEADERS[step_id]
            last = ORDER.index(members[-1])
            status = "current" if step in members else ("done" if index > last else "todo")
        elif step_id == step:
            status = "current"
        else:
            status = "done" if ORDER.index(step_id) < index else "todo"
        lines.append(StepLine(step_id, title, depth, status))  # type: ignore[arg-type]
    return lines


def revealed(state: GameJudgeState) -> bool:
    """From Step Three on, the GM's declarations are public (002: Step Three reveals them)."""
    return ORDER.index(state.step) >= ORDER.index("step3")


def in_phases(state: GameJudgeState) -> bool:
    return state.step in PHASE_STEPS


def following_phase(
    encounter: Encounter, state: GameJudgeState, after: str
) -> tuple[str, list[str]]:
    """The next phase step with something to resolve (or Step 7), and the ones passed over."""
    start = PHASE_STEPS.index(after) + 1 if after in PHASE_STEPS else 0
    passed: list[str] = []
    for step in PHASE_STEPS[start:]:
        if entries(encounter, state, step):
            return step, passed
        passed.append(step)
    return "step7", passed


def stunned_now(encounter: Encounter) -> list[str]:
    return [t.id for t in combatants(encounter) if "stunned" in t.statuses]


def new_turn(ctx: ActionContext, state: GameJudgeState) -> GameJudgeState:
    """Step Seven is over: count stun down, clear slams, and go back to Step One."""
    for token_id in state.stunned_at_start:
        token = ctx.encounter.tokens.get(token_id)
        if token is None or "stunned" not in token.statuses:
            continue
        left = token.statuses["stunned"] - 1
        ctx.set_status(token_id, "stunned", left if left > 0 else None)
        if left <= 0:
            ctx.say(f"{token.name} is no longer stunned")
    for token in combatants(ctx.encounter):
        if "slammed" in token.statuses:
            ctx.set_status(token.id, "slammed", None)
    state.declarations = {}
    state.initiative = {}
    state.side_order = []
    state.done = []
    state.round += 1
    state.step = "step1"
    state.stunned_at_start = stunned_now(ctx.encounter)
    return state
