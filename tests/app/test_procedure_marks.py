"""Who acts, the revealed targets and the movement left come from the procedure, panel or none.

Issue 35: the map's highlights and the drags' move budgets were published by the
combat panel when its widget refreshed, so a window whose panel was not yet made
(or the phones, which move through the same document) saw no turn and full speed.
"""

from __future__ import annotations

from typing import Any

from tactical.app.encounter.document import EncounterDocument
from tactical.core.changes import GM
from tactical.core.commands import MoveToken
from tactical.persistence.files import load_encounter
from tactical.rules import ProcedureController

from .conftest import MAPS

THRUM = MAPS / "thrum.tactical.json"


def kestrels_move_step(document: EncounterDocument) -> ProcedureController:
    """Thrum on its example, pushed through the document: Round 1, Kestrel's Move step."""
    controller = ProcedureController(document.encounter, document.push_as(GM))
    controller.start("thrum", seed=7)
    controller.perform("npcs-placed")
    controller.perform("roll-initiative")
    controller.perform("set-initiative", {"token": "kestrel", "total": 30})
    controller.perform("begin-round-zero")
    while controller.state().step == "zero":
        controller.perform("zero-done")
    controller.perform("start-done")
    assert controller.state().step == "move"
    return controller


def test_without_a_panel_the_document_knows_who_acts_and_the_movement_left(qapp: Any) -> None:
    document = EncounterDocument(load_encounter(THRUM), THRUM)
    marked: list[set[str]] = []
    document.highlights_changed.connect(lambda: marked.append(set(document.acting)))
    kestrels_move_step(document)
    kestrel = document.encounter.tokens["kestrel"]
    assert document.acting == {"kestrel"} and marked[-1] == {"kestrel"}
    assert document.move_budget(kestrel) == 6
    move = ProcedureController(document.encounter, document.push_as(GM)).move_command(
        "kestrel", (4, 10), 2
    )
    document.push(move, GM)
    assert document.move_budget(kestrel) == 4  # what is left, as the procedure counts it
    document.undo_stack.undo()
    assert document.move_budget(kestrel) == 6
    while document.undo_stack.canUndo():  # back to before the fight
        document.undo_stack.undo()
    assert document.acting == set() and marked[-1] == set()


def test_a_plain_move_and_no_procedure_leave_speed_and_no_highlight(qapp: Any) -> None:
    document = EncounterDocument(load_encounter(THRUM), THRUM)
    kestrel = document.encounter.tokens["kestrel"]
    assert document.acting == set() and document.move_budget(kestrel) == kestrel.speed
    document.push(MoveToken("kestrel", (3, 10)), GM)
    assert document.move_budget(kestrel) == kestrel.speed


def test_an_opened_fight_is_marked_when_first_asked(qapp: Any) -> None:
    fighting = EncounterDocument(load_encounter(THRUM), THRUM)
    kestrels_move_step(fighting)
    document = EncounterDocument(load_encounter(THRUM), THRUM)
    marked: list[set[str]] = []
    document.highlights_changed.connect(lambda: marked.append(set(document.acting)))
    document.replace_encounter(fighting.encounter, None)
    assert marked == []  # the rules are not read while the file opens (before the first frame)
    assert document.move_budget(document.encounter.tokens["kestrel"]) == 6  # a drag asks
    assert document.acting == {"kestrel"} and marked == [{"kestrel"}]
