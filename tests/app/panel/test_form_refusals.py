"""A form never refuses what it offered; a refusal stands beside its field until it is fixed.

Thrum (001_18fb441042e7114e.txt, line 83: "When a ability deals Fatigue or Stress, the
target receives +1 to their Fatigue Load or Stress Load"): the Deal Fatigue / Stress form.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from tests.app.panel.test_form_defaults import open_panel
from tests.app.settle import settle


def deal_form(qtbot: Any) -> Any:
    panel = open_panel(qtbot, "thrum")
    for _ in range(12):
        if "deal" in panel.actions_bar.buttons:
            break
        qtbot.keyClick(panel.table, Qt.Key.Key_Return)
        if panel.form is not None:
            qtbot.keyClick(panel.table, Qt.Key.Key_Return)
    qtbot.mouseClick(panel.actions_bar.buttons["deal"], Qt.MouseButton.LeftButton)
    assert panel.form is not None and panel.form.action.id == "deal"
    return panel


def test_the_deal_form_takes_what_it_offers(qtbot: Any) -> None:
    panel = deal_form(qtbot)
    form = panel.form
    assert form.values()["fatigue"] == 1 and form.values()["stress"] == 0
    target = form.values()["target"]
    load = panel.document.encounter.tokens[target].figures.get("fatigue_load", 0)
    qtbot.mouseClick(form.ok_button, Qt.MouseButton.LeftButton)
    assert panel.form is None, panel.refusal()
    assert panel.document.encounter.tokens[target].figures["fatigue_load"] == (load or 0) + 1


def test_a_refusal_stands_under_its_field_and_goes_when_the_field_is_fixed(qtbot: Any) -> None:
    panel = deal_form(qtbot)
    form = panel.form
    form.set_value("fatigue", 0)
    qtbot.mouseClick(form.ok_button, Qt.MouseButton.LeftButton)
    assert panel.form is form  # refused: the form stays open
    assert form.problems["fatigue"].text() == "Give an amount of Fatigue or Stress"
    assert form.problems["fatigue"].isVisibleTo(form)
    assert form.focusWidget() is form.inputs["fatigue"]
    settle(qtbot, form)  # the layout places the shown line
    label_y = form.problems["fatigue"].mapTo(form, form.problems["fatigue"].rect().topLeft()).y()
    field = form.inputs["fatigue"]
    field_bottom = field.mapTo(form, field.rect().bottomLeft()).y()
    assert 0 <= label_y - field_bottom < 20  # right under the field
    assert not panel.header.message.isVisibleTo(panel)  # not at the panel's top
    form.set_value("stress", 2)  # another field: the refusal about Fatigue stays
    assert form.problems["fatigue"].isVisibleTo(form)
    form.set_value("fatigue", 1)
    assert not form.problems["fatigue"].isVisibleTo(form) and panel.refusal() == ""


def test_a_required_text_left_empty_is_refused_under_it(qtbot: Any) -> None:
    panel = deal_form(qtbot)
    panel.form.cancelled.emit()
    qtbot.mouseClick(panel.actions_bar.buttons["status"], Qt.MouseButton.LeftButton)
    form = panel.form
    assert form is not None and form.action.id == "status"
    form.submit()
    assert form.problems["status"].text() == "Status is required."
    assert form.focusWidget() is form.inputs["status"]
    form.set_value("status", "Dazed")
    assert form.refusal() == ""
