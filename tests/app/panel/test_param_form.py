"""The action form sends what the GM entered, and leaves unset optional numbers out."""

from __future__ import annotations

from typing import Any

from tactical.app.panel.param_form import ParamForm
from tactical.core import Encounter, GridMap
from tactical.rules import Action, Param


def form_for(*params: Param) -> ParamForm:
    return ParamForm(Action("act", "Act", params=params), Encounter(GridMap(3, 3)))


def test_an_optional_number_starts_unset_and_is_left_out(qtbot: Any) -> None:
    form = form_for(Param("value", "Recovery value", "int", optional=True), Param("n", "N", "int"))
    qtbot.addWidget(form)
    assert form.values() == {"n": 0}
    assert form.inputs["value"].text() == "(none)"
    form.set_value("value", 0)
    assert form.values() == {"value": 0, "n": 0}
    form.set_value("value", -3)
    assert form.values() == {"value": -3, "n": 0}
    form.set_value("value", None)
    assert form.values() == {"n": 0}


def test_an_optional_number_with_a_default_starts_at_it(qtbot: Any) -> None:
    form = form_for(Param("value", "Value", "int", default=4, optional=True))
    qtbot.addWidget(form)
    assert form.values() == {"value": 4}


def tokens_encounter() -> Encounter:
    from tactical.core import Token

    encounter = Encounter(GridMap(3, 3))
    encounter.add_token(Token(id="shade", name="Shade", side="npcs", position=(0, 0), hidden=True))
    encounter.add_token(Token(id="orc", name="Orc", side="npcs", position=(1, 0)))
    return encounter


def test_a_token_list_never_starts_on_a_hidden_token(qtbot: Any) -> None:
    action = Action("shoot", "Ranged attack", (Param("target", "Target", "token"),))
    form = ParamForm(action, tokens_encounter())
    qtbot.addWidget(form)
    assert form.inputs["target"].currentText() == "Orc"
    assert form.values() == {"target": "orc"}


def test_labels_say_required_optional_or_when_needed(qtbot: Any) -> None:
    form = form_for(
        Param("why", "Why", "text"),
        Param("note", "Note", "text", optional=True),
        Param("target", "Target", "token", optional=True, needed_for="needed for attacks"),
        Param("dice", "Dice", "text", default="1d100"),
    )
    qtbot.addWidget(form)
    from PySide6.QtWidgets import QLabel

    texts = [label.text() for label in form.findChildren(QLabel)]
    assert "Why (required)" in texts
    assert "Note (optional)" in texts
    assert "Target (needed for attacks)" in texts
    assert "Dice" in texts


def test_an_empty_required_text_is_refused_and_focused(qtbot: Any) -> None:
    form = form_for(Param("dice", "Dice", "text", default="1d6"), Param("why", "Why", "text"))
    qtbot.addWidget(form)
    form.show()
    qtbot.waitExposed(form)
    form.activateWindow()
    sent: list[dict[str, Any]] = []
    refusals: list[str] = []
    form.submitted.connect(lambda _action, params: sent.append(params))
    form.refused.connect(refusals.append)
    form.submit()
    assert sent == [] and refusals == ["Why is required."]
    assert form.focusWidget() is form.inputs["why"]
    form.set_value("why", "to hit")
    form.submit()
    assert sent == [{"dice": "1d6", "why": "to hit"}]


def test_a_refusal_focuses_the_field_it_names(qtbot: Any) -> None:
    form = form_for(
        Param("kind", "Action", "choice", ("ranged", "move"), "ranged"),
        Param("target", "Target", "token", optional=True, needed_for="needed for attacks"),
    )
    qtbot.addWidget(form)
    form.show()
    qtbot.waitExposed(form)
    form.activateWindow()
    assert form.focus_refusal("Ranged attack needs a target") == "target"
    assert form.focusWidget() is form.inputs["target"]
    assert form.focus_refusal("the dice are rolled") is None
