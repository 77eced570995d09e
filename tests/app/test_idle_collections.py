"""What the GM drops is freed by the idle steps, with nothing frozen ever looked at again.

The collector's idle steps collect only what was made since the last one, then freeze it
(``app/runtime/gui_thread_gc.py``): a collection of everything traversed the libraries'
objects too, 0.1-0.6 s on 1024 x 1024. A frozen object caught in a cycle would then never
be freed; so the app must drop what it drops without leaving a cycle among frozen
objects: a scene switched away, undo steps a new edit drops, a closed map.
"""

from __future__ import annotations

import gc
import time
import weakref
from collections.abc import Iterator
from typing import Any

import pytest

from tactical.app.map.scene.token_item import TokenItem
from tactical.core.changes import GM
from tactical.core.commands import MoveToken
from tactical.core.evening import Evening, Scene
from tests.app.conftest import small_areas, small_grid


@pytest.fixture
def collector(qapp: Any) -> Iterator[Any]:
    """The app's collector, freezing as the app's does, looked at by hand; nothing stays
    frozen after the test."""
    from PySide6.QtCore import QCoreApplication, QEvent, QObject

    from tactical.app.runtime.gui_thread_gc import GuiThreadCollector

    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)  # earlier tests'
    parent = QObject()
    made = GuiThreadCollector(parent, interval_ms=60_000)
    made.timer.stop()
    gc.unfreeze()
    gc.collect()
    made.freeze_now()  # as at the app's start: what lives now, frozen
    made.settle_soon()
    try:
        yield made
    finally:
        gc.unfreeze()
        parent.deleteLater()


def idle_steps(collector: Any, unfrozen: list[bool]) -> None:
    """The GM rests: the event loop turns, then the collector's idle looks (one settles
    what is new); ``unfrozen`` notes whether a look unfroze anything."""
    from PySide6.QtWidgets import QApplication

    for _ in range(5):
        QApplication.processEvents()
    collector.last_input = time.monotonic() - 60
    real = gc.unfreeze
    gc.unfreeze = lambda: unfrozen.append(True)  # type: ignore[assignment]
    try:
        for _ in range(3):
            collector.collect()
    finally:
        gc.unfreeze = real  # type: ignore[assignment]


def left_behind() -> list[str]:
    """The objects a collection of everything frees once the idle steps are done: garbage
    that froze (named by type, the app's and Qt's only)."""
    gc.collect()  # what is not frozen: the idle steps would have
    gc.unfreeze()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        gc.collect()
        found = [type(o) for o in gc.garbage]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
    return sorted(
        f"{kind.__module__}.{kind.__qualname__}"
        for kind in found
        if kind.__module__.startswith(("tactical", "PySide6", "shiboken6"))
    )


def test_a_switched_scene_dropped_undo_steps_and_a_closed_file_go_with_nothing_unfrozen(
    make_window: Any, collector: Any
) -> None:
    grid = small_grid()
    Evening([Scene("road", grid), Scene("tavern", small_areas())], shown="road")
    window = make_window(grid)
    del grid  # the document's now
    document = window.document
    collector.watch(  # as the app
        document.encounter_replaced,
        lambda: [document.evening, *(s.encounter for s in document.evening.scenes)],
    )
    unfrozen: list[bool] = []
    idle_steps(collector, unfrozen)

    items = [weakref.ref(i) for i in window.view.scene().items() if isinstance(i, TokenItem)]
    assert items
    document.switch_scene("tavern")
    idle_steps(collector, unfrozen)
    document.switch_scene("road")
    idle_steps(collector, unfrozen)
    assert [i for i in items if i() is not None] == []  # the road's first items

    moves = [MoveToken("hero", (2, 2 + n)) for n in range(3)]
    for move in moves:
        document.push(move, GM)
    idle_steps(collector, unfrozen)  # the steps are frozen now
    document.undo_stack.undo()
    document.undo_stack.undo()
    document.push(MoveToken("hero", (2, 1)), GM)  # drops the two undone steps
    del moves, move
    idle_steps(collector, unfrozen)
    assert unfrozen == []  # no idle step looked at the frozen objects again
    assert left_behind() == []

    closed = weakref.ref(document.encounter)  # frozen, its evening and it hold each other
    collector.freeze_now()
    real = gc.unfreeze
    gc.unfreeze = lambda: unfrozen.append(True)  # type: ignore[assignment]
    try:
        document.replace_encounter(small_grid(), None)  # File > Open
        idle_steps(collector, unfrozen)
    finally:
        gc.unfreeze = real  # type: ignore[assignment]
    assert closed() is None
    assert unfrozen == []  # nor did the load need a collection of everything
