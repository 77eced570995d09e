"""The undo history's memory: a brush stroke keeps what it changed, and the history is bounded.

Issue 32: each fog-brush dab was an undo step Qt merged into the one before;
PySide6 6.11 never freed the Python side of a command merged away, and each
dab kept a whole-map mask: 300 dabs on 1024 x 1024 kept 285 MB for good.
"""

from __future__ import annotations

import gc
import tracemalloc
import weakref
from typing import Any

import numpy as np

from tactical.app.encounter.document import EncounterDocument
from tactical.app.fog.gesture import FogGesture
from tactical.app.map.geometry import CELL
from tactical.app.map.interaction.events import Pointer
from tactical.app.window.status_freshness import install_status_freshness
from tactical.core.changes import GM
from tactical.core.commands import RevealSquares
from tactical.core.commands.fog import reveal_all
from tactical.core.encounter import Encounter
from tactical.core.fog import Fog
from tactical.core.grid import GridMap

MB = 1024 * 1024


def at(col: int, row: int) -> Pointer:
    return Pointer((col + 0.5) * CELL, (row + 0.5) * CELL, left=True)


def big_fogged_document() -> EncounterDocument:
    return EncounterDocument(Encounter(GridMap(1024, 1024), fog=Fog(enabled=True)))


def test_300_brush_dabs_on_1024_squares_keep_little_and_clearing_gives_it_back(
    qapp: Any,
) -> None:
    document = big_fogged_document()
    gesture = FogGesture(lambda: document.encounter, size=5)
    dabs: list[weakref.ref[RevealSquares]] = []

    def push(command: object) -> None:
        if isinstance(command, RevealSquares):
            dabs.append(weakref.ref(command))
            document.push(command, GM)

    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        push(gesture.press(at(10, 10)))
        for step in range(1, 300):  # one stroke across the map, a dab per square entered
            push(gesture.move(at(10 + 3 * step, 10 + 3 * step)))
        push(gesture.release(at(907, 907)))
        gc.collect()
        added = tracemalloc.get_traced_memory()[0] - before
        assert len(dabs) == 300
        assert document.undo_stack.count() == 1  # one stroke, one undo step
        assert added < 30 * MB, f"300 dabs kept {added / MB:.0f} MB"
        merged_away = [ref for ref in dabs[1:] if ref() is not None]
        assert not merged_away, f"{len(merged_away)} dabs merged away are still alive"
        document.undo_stack.clear()
        gc.collect()
        left = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert dabs[0]() is None  # the step itself went with the history
    assert left < 2 * MB  # the map's own fog (1 MB a bit a square at most) stays, nothing else


def test_a_stroke_undone_and_redone_reveals_the_same_squares(qapp: Any) -> None:
    document = big_fogged_document()
    gesture = FogGesture(lambda: document.encounter, size=3)
    for command in (
        gesture.press(at(2, 2)),
        gesture.move(at(40, 2)),
        gesture.move(at(40, 700)),
        gesture.release(at(40, 700)),
    ):
        if command is not None:
            document.push(command, GM)
    grid = document.encounter.grid
    assert grid is not None
    stroke = document.encounter.fog.mask(grid).copy()
    expected = np.zeros_like(stroke)
    expected[1:4, 1:42] = True  # along row 2, three squares wide
    expected[1:702, 39:42] = True  # down column 40
    assert np.array_equal(stroke, expected)
    document.undo_stack.undo()
    assert not document.encounter.fog.mask(grid).any()
    document.undo_stack.redo()
    assert np.array_equal(document.encounter.fog.mask(grid), stroke)


def test_the_history_lets_its_oldest_steps_go_past_its_budget_and_says_so_once(
    qapp: Any,
) -> None:
    document = big_fogged_document()
    document.history.budget = 2 * MB
    said: list[str] = []
    document.history_said.connect(said.append)
    for step in range(40):  # each hides or reveals the whole map: 128 KB a step
        document.push(reveal_all(document.encounter, reveal=step % 2 == 0), GM)
    assert document.history.held_bytes <= 2 * MB
    kept = document.undo_stack.count()
    assert 8 <= kept < 40
    assert len(said) == 1 and "200" not in said[0] and "2 MB" in said[0]
    assert "oldest" in said[0]
    grid = document.encounter.grid
    assert grid is not None
    assert not document.encounter.fog.mask(grid).any()  # the last step hid everything
    while document.undo_stack.canUndo():
        document.undo_stack.undo()
    # undone, the oldest step left gives back the map as the step let go before it left it
    oldest = 40 - kept
    revealed_before_it = (oldest - 1) % 2 == 0
    assert document.encounter.fog.mask(grid).all() == revealed_before_it
    for _ in range(kept):
        document.undo_stack.redo()
    assert not document.encounter.fog.mask(grid).any()


def test_a_saved_state_let_go_leaves_the_document_modified(qapp: Any) -> None:
    document = big_fogged_document()
    document.history.budget = MB
    document.push(reveal_all(document.encounter), GM)
    document.mark_saved()
    assert not document.modified
    for step in range(30):
        document.push(reveal_all(document.encounter, reveal=step % 2 == 1), GM)
    assert document.modified
    while document.undo_stack.canUndo():
        document.undo_stack.undo()
    assert document.modified  # the saved state is no longer in the history


def test_a_saved_state_kept_is_clean_again_after_its_oldest_steps_go(qapp: Any) -> None:
    document = big_fogged_document()
    document.history.budget = 2 * MB
    for step in range(14):
        document.push(reveal_all(document.encounter, reveal=step % 2 == 0), GM)
    document.mark_saved()
    for step in range(3):
        document.push(reveal_all(document.encounter, reveal=step % 2 == 0), GM)
    assert document.history.let_go > 0
    assert document.modified
    for _ in range(3):
        document.undo_stack.undo()
    assert not document.modified


def test_the_status_bar_says_it_after_the_action_said_its_own(
    make_services: Any, qtbot: Any
) -> None:
    services = make_services()
    services.document.history.budget = 20_000
    bar = services.host.statusBar()
    install_status_freshness(bar, services.document, services.scene)  # says the history's word
    for step in range(40):
        services.document.push(reveal_all(services.document.encounter, step % 2 == 0), GM)
        services.say("Revealed.")  # as a tool says what it did, just after its push
        if services.document.history.let_go:
            break
    assert services.document.history.let_go
    qtbot.waitUntil(lambda: "oldest steps are let go" in bar.currentMessage())
    assert bar.currentMessage() == (
        "Undo keeps the last 19 KB of steps: from now on the oldest steps are let go."
    )
