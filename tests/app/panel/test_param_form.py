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
