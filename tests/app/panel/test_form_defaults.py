"""A GM's first Enter on an action form does something valid, and shows no hidden token."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox, QLabel

from tactical.app.encounter.document import EncounterDocument
from tactical.app.panel import CombatPanel
from tactical.app.panel.param_form import ParamForm
from tactical.core.commands import UndoStack
from tactical.persistence import load_encounter
from tactical.rules import ProcedureController

MAPS = Path(__file__).resolve().parents[3] / "maps"


def open_panel(qtbot: Any, name: str) -> CombatPanel:
    panel = CombatPanel(EncounterDocument(load_encounter(MAPS / f"{name}.tactical.json")))
    qtbot.addWidget(panel)
    panel.show()
    qtbot.waitExposed(panel)
    panel.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is panel)
    return panel


def test_game_judge_declares_with_the_defaults(qtbot: Any) -> None:
    panel = open_panel(qtbot, "game-judge")
    declared = 0
    for _ in range(6):
        qtbot.keyClick(panel.table, Qt.Key.Key_Return)
        if panel.form is not None and panel.form.action.id == "declare":
            labels = [label.text() for label in panel.form.findChildren(QLabel)]
            assert "Target (needed for attacks)" in labels
            qtbot.keyClick(panel.table, Qt.Key.Key_Return)
            declared += 1
        assert not panel.refusal(), panel.refusal()
    assert declared >= 2


def test_a_ranged_attack_does_not_preselect_the_hidden_shade(qtbot: Any) -> None:
    encounter = load_encounter(MAPS / "two-second-turns.tactical.json")
    shade = next(t.id for t in encounter.tokens.values() if t.name == "Shade")
    assert encounter.tokens[shade].hidden
    controller = ProcedureController(encounter, UndoStack(encounter).push)
    ranged = None
    for _ in range(20):
        actions = controller.actions()
        ranged = next((a for a in actions if a.id == "ranged"), None)
        if ranged is not None:
            break
        primary = next(a for a in actions if a.primary and not a.params)
        controller.perform(primary.id)
    assert ranged is not None
    form = ParamForm(ranged, encounter)
    qtbot.addWidget(form)
    chosen = form.values()["target"]
    assert chosen != shade and not encounter.tokens[chosen].hidden
    assert encounter.tokens[chosen].side != encounter.tokens[ranged.token_id or ""].side


def test_approximated_fray_says_when_a_target_is_needed(qtbot: Any) -> None:
    panel = open_panel(qtbot, "approximated-fray")
    controller = panel.controller
    declare = next(a for a in controller.actions() if a.id.startswith("declare:"))
    form = ParamForm(declare, panel.document.encounter)
    qtbot.addWidget(form)
    labels = [label.text() for label in form.findChildren(QLabel)]
    assert "Target creature (for an attack or a charge)" in labels
    assert "Target area (for an attack, or a creature)" in labels
    assert "Target creature (optional)" not in labels


def test_approximated_fray_first_enter_puts_a_card_down_on_a_seen_foe(qtbot: Any) -> None:
    panel = open_panel(qtbot, "approximated-fray")
    qtbot.keyClick(panel.table, Qt.Key.Key_Return)  # opens Brother Bram's card (a Mace)
    assert panel.form is not None
    assert panel.form.values() == {"card": "Mace", "target": "ogre"}
    qtbot.keyClick(panel.table, Qt.Key.Key_Return)
    assert not panel.refusal(), panel.refusal()
    declared = panel.controller.state().declarations["bram"]  # type: ignore[attr-defined]
    assert (declared.card, declared.target) == ("Mace", "ogre")


def test_the_default_target_follows_the_card(qtbot: Any) -> None:
    panel = open_panel(qtbot, "approximated-fray")
    declare = next(a for a in panel.controller.actions() if a.id == "declare:aldra")
    form = ParamForm(declare, panel.document.encounter)
    qtbot.addWidget(form)
    card = form.inputs["card"]
    target = form.inputs["target"]
    assert isinstance(card, QComboBox) and isinstance(target, QComboBox)
    assert form.values()["target"] == "ogre"  # Strike
    card.setCurrentIndex(card.findData("Dash"))
    assert "target" not in form.values()  # a move aims at an area
    card.setCurrentIndex(card.findData("Charge"))
    assert form.values()["target"] == "ogre"
    form.set_value("area", "bridge")
    card.setCurrentIndex(card.findData("Strike"))
    assert "target" not in form.values()  # an attack on an area hits who stands there
    form.set_value("area", None)
    # Once the GM picks a target by hand, the card no longer moves it.
    target.setCurrentIndex(target.findData("archer"))
    target.activated.emit(target.currentIndex())
    card.setCurrentIndex(card.findData("Dash"))
    assert form.values()["target"] == "archer"


def test_a_refused_card_puts_the_cursor_in_the_target(qtbot: Any) -> None:
    panel = open_panel(qtbot, "approximated-fray")
    qtbot.keyClick(panel.table, Qt.Key.Key_Return)  # opens Brother Bram's card (a Mace)
    assert panel.form is not None
    panel.form.set_value("target", None)  # the GM clears the target
    qtbot.keyClick(panel.table, Qt.Key.Key_Return)  # no target: refused
    assert panel.form is not None
    assert panel.form.focusWidget() is panel.form.inputs["target"]
    # The refusal stands under the target, not at the panel's top, until the target is fixed.
    assert "needs a target creature" in panel.form.problems["target"].text()
    assert panel.form.problems["target"].isVisibleTo(panel.form)
    assert not panel.header.message.isVisibleTo(panel)
    assert "needs a target creature" in panel.refusal()
    panel.form.set_value("target", "ogre")
    assert not panel.form.problems["target"].isVisibleTo(panel.form)
    assert panel.refusal() == ""
