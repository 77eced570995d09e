"""Each procedure names the figures that matter at a step: the panel's one-line rows show them."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest

from tactical.rules import ProcedureState, RowFigure, available, get
from tactical.rules.procedure import Procedure


@pytest.mark.parametrize("procedure_id", available())
def test_the_row_figures_are_tracked_figures(procedure_id: str) -> None:
    procedure = get(procedure_id)
    assert procedure.row_figures, "every procedure says which figures matter"
    assert "" in procedure.row_figures, "and which at any other step"
    for step, figures in procedure.row_figures.items():
        assert 1 <= len(figures) <= 3, (step, "a row in a 440-pixel panel has room for three")
        for figure in figures:
            assert set(figure.figures) <= set(procedure.figure_labels), (step, figure)


def _state(procedure_id: str, step: str) -> Any:
    procedure = get(procedure_id)
    return procedure.state_type.model_validate({"step": step} if step else {})


@pytest.mark.parametrize(
    ("procedure_id", "step", "labels"),
    [
        ("thrum", "initiative", ["Init. mod.", "Fatigue", "Stress"]),
        ("thrum", "move", ["Fatigue", "Stress", "Wounds"]),
        ("thrum", "stance", ["Fatigue", "Stress", "Stance"]),
        ("approximated-fray", "staging", ["Cards", "Injury", "Morale"]),
        ("approximated-fray", "middle.attacks", ["Injury", "Morale", "Fatigue"]),
        ("approximated-fray", "mopup.recovery", ["Cards", "Injury", "Morale"]),
        ("game-judge", "step4", ["Intuition", "Health", "Karma"]),
        ("game-judge", "c2", ["Health", "Karma"]),
        ("side-initiative", "act-1-missile", ["HP", "Missile"]),
        ("side-initiative", "act-0-movement", ["HP", "Speed"]),
        ("side-initiative", "morale", ["HP", "Morale"]),
        ("two-second-turns", "action", ["Dex", "Wil"]),
    ],
)
def test_the_figures_that_matter_follow_the_step(
    procedure_id: str, step: str, labels: list[str]
) -> None:
    procedure = get(procedure_id)
    now = procedure.figures_now(_state(procedure_id, step))
    assert [figure.label for figure in now] == labels


def test_a_load_reads_out_of_its_tolerance() -> None:
    [fatigue] = [f for f in get("thrum").row_figures[""] if f.label == "Fatigue"]
    assert fatigue.figures == ("fatigue_load", "fatigue_tolerance")


class _Plain(Procedure[ProcedureState]):
    """A procedure that declares no row figures."""

    id: ClassVar[str] = "plain"
    title: ClassVar[str] = "Plain"
    rule_file: ClassVar[str] = ""
    state_type: ClassVar[type[ProcedureState]] = ProcedureState
    figure_labels: ClassVar[dict[str, str]] = {"hp": "HP", "init": "Init"}

    def outline(self, encounter: Any, state: Any) -> Any:
        return []

    def view(self, encounter: Any, state: Any) -> Any:
        raise NotImplementedError

    def actions(self, encounter: Any, state: Any) -> Any:
        return []


def test_without_a_declaration_every_tracked_figure_is_its_own_column() -> None:
    assert _Plain().figures_now(ProcedureState()) == (
        RowFigure("HP", ("hp",)),
        RowFigure("Init", ("init",)),
    )
