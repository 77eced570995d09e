"""A refusal of the rules is shown as one; a bug inside a procedure is logged as a bug.

Issue 35: ``RulesError`` derived from ValueError, and the panel showed any
ValueError or KeyError as the rules' reason, so a slip in a procedure's code
(a missing dict key) read like a refusal and was never logged.
"""

from __future__ import annotations

import logging
from typing import Any

import pytest

from tactical.app.panel import CombatPanel
from tactical.app.panel.presenter import PanelPresenter
from tactical.core.commands.base import UndoStack
from tactical.rules import DiceError, RulesError, StateError, UnknownProcedure

from .conftest import ToyFight, toy_encounter


def test_rules_errors_derive_from_no_built_in_error() -> None:
    assert RulesError.__mro__[1:] == (Exception, BaseException, object)
    for refusal in (StateError, DiceError, UnknownProcedure):
        assert issubclass(refusal, RulesError)
        assert not issubclass(refusal, ValueError | KeyError)


def test_a_refusal_is_shown_as_the_rules_reason_and_not_logged(
    panel: CombatPanel, caplog: pytest.LogCaptureFixture
) -> None:
    panel.start("toy")
    panel.request(panel.actions_bar.primary)  # type: ignore[arg-type]
    caplog.clear()
    refuse = next(a for a in panel.controller.actions() if a.id == "refuse")
    assert not panel.perform(refuse, {})
    assert panel.refusal() == "The toy refuses: not now."
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


def test_a_bug_inside_a_procedure_is_logged_and_not_shown_as_a_refusal(
    panel: CombatPanel, toy: ToyFight, monkeypatch: pytest.MonkeyPatch, caplog: Any
) -> None:
    panel.start("toy")
    roll = panel.actions_bar.primary
    assert roll is not None and roll.id == "roll"

    def slip(*_: object) -> None:
        raise KeyError("hp")  # what a typo in a procedure's dict lookup raises

    monkeypatch.setattr(toy, "perform", slip)
    with caplog.at_level(logging.ERROR):
        assert not panel.perform(roll, {})
    assert panel.refusal() == "Roll initiative failed: 'hp'"  # said as a failure, not a reason
    (record,) = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert record.exc_info is not None and record.exc_info[0] is KeyError
    assert panel.document.undo_stack.count() == 1  # the start; nothing half-done was pushed


def test_a_bug_in_a_procedure_view_is_logged_not_blamed_on_the_saved_state(
    toy: ToyFight, monkeypatch: pytest.MonkeyPatch, caplog: Any
) -> None:
    encounter = toy_encounter()
    stack = UndoStack(encounter)
    presenter = PanelPresenter(lambda: encounter, stack.push)
    presenter.controller.start("toy", seed=1)

    def slip(*_: object) -> None:
        raise ValueError("a slip")

    monkeypatch.setattr(toy, "view", slip)
    with caplog.at_level(logging.ERROR):
        shown = presenter.present()
    assert shown.problem == "The procedure failed to show its state: a slip"
    assert "cannot be used" not in shown.problem
    assert any(r.exc_info is not None for r in caplog.records)
