"""The procedure framework: dice, one action = one undo step, saved state resumes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import pytest
from pydantic import Field

from tactical.core import Encounter, GridMap, Token
from tactical.core.commands import UndoStack
from tactical.rules import registry
from tactical.rules.context import ActionContext
from tactical.rules.controller import ProcedureController, StateError
from tactical.rules.dice import DiceError, DiceExpression, roll, typed
from tactical.rules.procedure import (
    SUBJECT,
    Action,
    Handler,
    PanelView,
    Procedure,
    ProcedureState,
    RulesError,
    StepLine,
    mark_outline,
)


class CountState(ProcedureState):
    order: list[str] = Field(default_factory=list)


class Countdown(Procedure[CountState]):
    """A toy procedure: roll 1d6 for each token, then count rounds."""

    id: ClassVar[str] = "countdown"
    title: ClassVar[str] = "Countdown"
    rule_file: ClassVar[str] = "zzz"
    state_type: ClassVar[type[ProcedureState]] = CountState

    def outline(self, encounter: Encounter, state: CountState) -> list[StepLine]:
        return mark_outline([("setup", "Setup", 0), ("round", "Round", 0)], state.step, set())

    def view(self, encounter: Encounter, state: CountState) -> PanelView:
        return PanelView("Countdown", tuple(self.outline(encounter, state)), "Go", ())

    def actions(self, encounter: Encounter, state: CountState) -> list[Action]:
        return [
            Action("advance", "Roll", primary=True),
            Action("tag:b", "Tag B"),
            Action("restart", "Restart"),
        ]

    handlers: ClassVar[Mapping[str, Handler[Any]]] = {
        "advance": lambda ctx, state, params: advance(ctx, state, params),
        "tag": lambda ctx, state, params: ctx.set_figure(params[SUBJECT], "tagged", 1),
        "restart": lambda ctx, state, params: CountState(seed=state.seed, step="setup"),
    }

    def after_action(self, ctx: ActionContext, state: CountState) -> None:
        state.order.append(state.step)


def advance(ctx: ActionContext, state: CountState, params: dict[str, Any]) -> None:
    for token_id in ctx.encounter.tokens:
        ctx.set_figure(token_id, "init", ctx.roll("1d6", token_id, "initiative"))
    if params.get("fail"):
        raise RulesError("refused")
    state.step = "round"
    state.round += 1


@pytest.fixture()
def toy(monkeypatch: pytest.MonkeyPatch) -> tuple[Encounter, UndoStack, ProcedureController]:
    monkeypatch.setitem(registry._REGISTRY, "countdown", Countdown())
    encounter = Encounter(
        map=GridMap(4, 4),
        tokens=[Token("a", side="pcs", position=(0, 0)), Token("b", position=(3, 3))],
    )
    stack = UndoStack(encounter)
    controller = ProcedureController(encounter, stack.push)
    controller.start("countdown", seed=42)
    return encounter, stack, controller


def test_dice_expressions_parse_and_refuse() -> None:
    assert DiceExpression.parse("2d6+3") == DiceExpression(2, 6, 3)
    assert DiceExpression.parse("d6") == DiceExpression(1, 6, 0)
    assert DiceExpression.parse("1d4-1") == DiceExpression(1, 4, -1)
    assert str(DiceExpression.parse(" 2D6 + 3 ")) == "2d6+3"
    with pytest.raises(DiceError):
        DiceExpression.parse("2x6")
    with pytest.raises(DiceError):
        typed(DiceExpression(2, 6), 13)
    assert typed(DiceExpression(2, 6), 12).manual


def test_seeded_dice_repeat() -> None:
    two_d6 = DiceExpression(2, 6)
    rolls = [roll(two_d6, 7, i).total for i in range(50)]
    assert rolls == [roll(two_d6, 7, i).total for i in range(50)]
    assert set(rolls) <= set(range(2, 13))
    assert len(set(rolls)) > 5


def test_one_action_is_one_undo_step_with_logged_rolls(toy: Any) -> None:
    encounter, stack, controller = toy
    controller.perform("advance", manual=[5])
    assert len(stack.done) == 2  # start, advance
    assert stack.done[0].text == f"Start {Countdown.title}"  # the undo history names it
    assert encounter.token("a").figures["init"] == 5
    assert encounter.dice_log[0].manual and encounter.dice_log[0].who == "a"
    assert not encounter.dice_log[1].manual
    assert controller.state().step == "round" and controller.state().rolls == 1
    stack.undo()
    assert "init" not in encounter.token("a").figures
    assert encounter.dice_log == []
    assert controller.state().step == "setup"


def test_refused_action_changes_nothing(toy: Any) -> None:
    encounter, stack, controller = toy
    with pytest.raises(RulesError):
        controller.perform("advance", {"fail": True})
    assert encounter.dice_log == [] and "init" not in encounter.token("a").figures
    assert len(stack.done) == 1
    with pytest.raises(RulesError, match="'nonsense' is not possible now"):
        controller.perform("nonsense")
    ctx = ActionContext(encounter, controller.state(), ())
    with pytest.raises(RulesError, match="'nonsense' is not an action of Countdown"):
        Countdown().perform(ctx, controller.state(), "nonsense", {})


def test_the_base_runs_the_table_with_its_subject_and_the_after_step(toy: Any) -> None:
    encounter, _stack, controller = toy
    controller.perform("tag:b")
    assert encounter.token("b").figures == {"tagged": 1}
    assert "tagged" not in encounter.token("a").figures
    controller.perform("advance")
    assert controller.state().order == ["setup", "round"]
    controller.perform("restart")  # a handler may return a new state
    assert controller.state().step == "setup" and controller.state().order == ["setup"]


def test_resumed_state_rolls_the_same_dice(toy: Any) -> None:
    encounter, _stack, controller = toy
    controller.perform("advance")
    saved = dict(encounter.procedure_state)
    controller.perform("advance")
    later = [r.result for r in encounter.dice_log[2:]]
    encounter.procedure_state = saved
    del encounter.dice_log[2:]
    controller.perform("advance")
    assert [r.result for r in encounter.dice_log[2:]] == later


def test_bad_saved_state_names_the_path(toy: Any) -> None:
    encounter, _stack, controller = toy
    encounter.procedure_state = {**encounter.procedure_state, "round": "x", "bogus": 1}
    with pytest.raises(StateError) as error:
        controller.state()
    assert "procedure.state.round" in str(error.value)
    assert "procedure.state.bogus" in str(error.value)


def test_free_roll_is_logged_and_undoable(toy: Any) -> None:
    encounter, stack, controller = toy
    assert controller.free_roll("1d20", "GM", "perception", manual=17) == 17
    assert encounter.dice_log[-1].why == "perception"
    stack.undo()
    assert encounter.dice_log == []
