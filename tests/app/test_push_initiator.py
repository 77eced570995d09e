"""One user action, one push, one change set: with who made it, and what follows it inside.

Issue 35: ``push`` takes the initiator (the GM, a phone), which its change set
carries and its undo step records; fog's reveal after a move joins the move
before it is pushed, where it used to rewrite the last undo step afterwards.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, QPointF, Qt

from tactical.app.encounter.document import CoreCommandAdapter, EncounterDocument
from tactical.app.fog.install import install_fog
from tactical.app.map.geometry import CELL
from tactical.core.changes import GM, ChangeSet, HistoryStep, phone
from tactical.core.commands import MoveToken, RevealSquares
from tactical.core.commands.base import Command
from tactical.core.fog import Fog

from .conftest import ServicesFactory, small_grid


class Heard(QObject):
    """The change sets the document sent and how often the undo stack moved."""

    def __init__(self, document: EncounterDocument) -> None:
        super().__init__(document)
        self.sets: list[ChangeSet] = []
        self.steps = 0
        document.changes_done.connect(self.sets.append)
        document.undo_stack.indexChanged.connect(self._stepped)

    def _stepped(self, _index: int) -> None:
        self.steps += 1


def test_a_push_carries_its_initiator_and_its_undo_step_records_it(qapp: Any) -> None:
    document = EncounterDocument(small_grid())
    heard = Heard(document)
    mira = phone("hero", "Hero")
    document.push(MoveToken("hero", (2, 1)), GM)
    document.push(MoveToken("hero", (3, 2)), mira)
    assert [changes.initiator for changes in heard.sets] == [GM, mira]
    steps = [document.undo_stack.command(i) for i in range(2)]
    assert all(isinstance(step, CoreCommandAdapter) for step in steps)
    assert [step.initiator for step in steps] == [GM, mira]  # type: ignore[union-attr]
    assert mira.name == "Hero's phone" and mira.character == "hero"
    document.undo_stack.undo()
    assert heard.sets[-1].initiator == HistoryStep("Undone", "Move Hero")


def test_a_push_inside_an_operation_joins_its_set_and_its_initiator(qapp: Any) -> None:
    document = EncounterDocument(small_grid())
    heard = Heard(document)
    panel = object()  # a view that pushes inside its own operation skips its own echo
    with document.operation(panel):
        document.push(MoveToken("hero", (2, 1)), GM)
        document.push(MoveToken("orc", (2, 4)), GM)
    assert len(heard.sets) == 1 and heard.sets[0].initiator is panel
    assert document.undo_stack.count() == 2


def test_steps_of_one_gesture_merge_only_for_the_same_initiator(qapp: Any) -> None:
    document = EncounterDocument(small_grid())
    document.push(RevealSquares([(0, 0)], gesture="g"), GM)
    document.push(RevealSquares([(1, 0)], gesture="g"), GM)
    assert document.undo_stack.count() == 1
    document.push(RevealSquares([(2, 0)], gesture="g"), phone("hero", "Hero"))
    assert document.undo_stack.count() == 2


def test_a_contributor_extends_the_command_before_it_is_pushed(qapp: Any) -> None:
    document = EncounterDocument(small_grid())
    heard = Heard(document)
    brought: list[Command] = []

    def follow(command: Command) -> Command | None:
        brought.append(command)
        return MoveToken("orc", (2, 4)) if isinstance(command, MoveToken) else None

    document.add_contributor(follow)
    document.push(MoveToken("hero", (2, 1)), GM)
    assert (heard.steps, len(heard.sets), document.undo_stack.count()) == (1, 1, 1)
    assert heard.sets[0].get("tokens") is not None
    assert heard.sets[0].get("tokens").ids == {"hero", "orc"}  # type: ignore[union-attr]
    assert document.undo_stack.undoText() == "Move Hero"
    document.undo_stack.undo()
    tokens = document.encounter.tokens
    assert (tokens["hero"].position, tokens["orc"].position) == ((1, 1), (1, 4))


def test_a_broken_contributor_is_logged_and_the_edit_is_kept(qapp: Any, caplog: Any) -> None:
    document = EncounterDocument(small_grid())

    def broken(command: Command) -> Command | None:
        raise RuntimeError("a bug")

    document.add_contributor(broken)
    document.push(MoveToken("hero", (2, 1)), GM)
    assert document.encounter.tokens["hero"].position == (2, 1)
    assert document.undo_stack.count() == 1
    assert "extending 'Move hero' failed" in caplog.text and "a bug" in caplog.text


def test_a_drop_with_reveal_after_every_move_is_one_push_and_its_reveal_joins_its_step(
    make_services: ServicesFactory, qtbot: Any
) -> None:
    encounter = small_grid()
    encounter.fog = Fog(enabled=True, auto_reveal=True)
    window = make_services(encounter)
    install_fog(window)  # the fog feature contributes the reveal after a move
    heard = Heard(window.document)
    viewport = window.view.viewport()

    def at(col: int, row: int) -> Any:
        return window.view.mapFromScene(QPointF((col + 0.5) * CELL, (row + 0.5) * CELL))

    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=at(1, 1))
    for col in (2, 3, 4):
        qtbot.mouseMove(viewport, at(col, 1))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=at(4, 1))
    assert window.document.encounter.tokens["hero"].position == (4, 1)
    assert window.document.undo_stack.count() == 1
    assert heard.steps == 1  # one push
    assert heard.sets[0].kinds == {"tokens"}  # the move waits for nothing
    qtbot.waitUntil(lambda: len(heard.sets) == 2)  # the party's sight lands from the worker
    assert heard.sets[1].kinds == {"fog"} and heard.sets[1].initiator is GM
    assert window.document.undo_stack.count() == 1  # in the move's step: one move, one undo
