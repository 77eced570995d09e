"""Undo of a figure or status change gives back the same file bytes, not only an equal model."""

from __future__ import annotations

from tactical.core.commands import SetFigure, SetStatus, UndoStack
from tactical.core.encounter import Encounter
from tactical.core.grid import GridMap
from tactical.core.tokens import Token
from tactical.persistence import dumps_encounter


def _encounter() -> Encounter:
    token = Token(
        "a",
        "A",
        "pcs",
        (0, 0),
        statuses={"Prone": 1, "Slowed": 2, "Dazed": 1},
        figures={"hp": 7, "fatigue": 1, "load": 3},
    )
    return Encounter(GridMap(3, 3), [token])


def test_undo_all_gives_back_the_same_bytes() -> None:
    encounter = _encounter()
    before = dumps_encounter(encounter)
    stack = UndoStack(encounter)
    for command in (
        SetFigure("a", "hp", None),  # removed, then put back in first place
        SetFigure("a", "fatigue", 4),
        SetFigure("a", "new", "yes"),
        SetStatus("a", "Prone", None),
        SetStatus("a", "Slowed", None),
        SetStatus("a", "Slowed", 3),
        SetStatus("a", "Burning", 1),
    ):
        stack.push(command)
    token = encounter.tokens["a"]
    assert list(token.figures) == ["fatigue", "load", "new"]
    assert list(token.statuses) == ["Dazed", "Slowed", "Burning"]
    while stack.undo():
        pass
    assert list(token.figures) == ["hp", "fatigue", "load"]
    assert list(token.statuses) == ["Prone", "Slowed", "Dazed"]
    assert dumps_encounter(encounter) == before
