"""Cycles are collected on the GUI thread only, the full collections when the GM is idle
(tactical.app.runtime.gui_thread_gc).

A cycle holding a Qt object that a worker thread's allocations collected there
left its timer registered with the GUI thread's event loop, which later fired
it on freed memory: "Slot 'EncounterDocument::' not found", or a segfault.
"""

from __future__ import annotations

import gc
import threading
import time
import weakref
from collections.abc import Iterator
from typing import Any

import pytest

from tactical.app.runtime.gui_thread_gc import collect_due, install_gui_thread_gc


class _Sentinel:
    """Notes the thread that frees it; kept in a cycle, so only the collector frees it."""

    def __init__(self, freed_in: list[str]) -> None:
        self.freed_in = freed_in
        self.me = self

    def __del__(self) -> None:
        self.freed_in.append(threading.current_thread().name)


def test_a_worker_that_allocates_frees_no_cycle(qapp: Any) -> None:
    install_gui_thread_gc(qapp)
    assert not gc.isenabled()
    freed_in: list[str] = []
    _Sentinel(freed_in)  # garbage at once, in a cycle

    def allocate() -> None:
        junk = [[i] for i in range(200_000)]  # many generations' worth of containers
        del junk

    worker = threading.Thread(target=allocate, name="worker")
    worker.start()
    worker.join()
    assert freed_in == []  # the worker collected nothing
    gc.collect()  # what the GUI thread's timer does when a generation is due
    assert freed_in == ["MainThread"]


def test_collect_due_does_nothing_off_the_main_thread() -> None:
    found: list[int] = []
    worker = threading.Thread(target=lambda: found.append(collect_due()))
    worker.start()
    worker.join()
    assert found == [0]


def test_the_first_look_can_wait_for_the_start_up_then_comes_every_interval(
    qapp: Any, qtbot: Any
) -> None:
    from PySide6.QtCore import QObject

    from tactical.app.runtime.gui_thread_gc import GuiThreadCollector

    parent = QObject()
    made = time.monotonic()
    collector = GuiThreadCollector(parent, interval_ms=10, first_ms=400)
    looks: list[float] = []
    collector.timer.timeout.connect(lambda: looks.append(time.monotonic()))
    try:
        qtbot.waitUntil(lambda: len(looks) >= 3, timeout=3000)  # then every interval
        # none during the start-up (400 ms; a coarse timer may come 5% early): the first
        # look's own time, not when the test happened to see the timer running
        assert looks[0] - made >= 0.2
    finally:
        collector.timer.stop()
        parent.deleteLater()


@pytest.fixture
def collector(qapp: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """A collector of its own, every generation due at each look, nothing frozen
    afterwards (a frozen object is never collected: the other tests would keep theirs)."""
    from PySide6.QtCore import QObject

    from tactical.app.runtime.gui_thread_gc import GuiThreadCollector

    parent = QObject()
    made = GuiThreadCollector(parent, interval_ms=60_000, idle_ms=500)
    made.timer.stop()  # looked at by hand
    monkeypatch.setattr(gc, "get_count", lambda: (2, 2, 2))
    monkeypatch.setattr(gc, "get_threshold", lambda: (1, 1, 1))
    try:
        yield made
    finally:
        gc.unfreeze()
        parent.deleteLater()


def old_cycle(freed_in: list[str]) -> weakref.ref[_Sentinel]:
    """A cycle that lived long enough to reach the oldest generation, then became garbage:
    only a full collection frees it."""
    sentinel = _Sentinel(freed_in)
    gc.collect(1)  # survived the young generations: now in the oldest
    return weakref.ref(sentinel)


def looks(collector: Any, times: int = 3) -> None:
    for _ in range(times):
        collector.collect()


def test_while_the_gm_is_busy_only_the_young_generations_are_collected(collector: Any) -> None:
    """A full collection traverses everything the app holds (0.1-0.4 s on a crowded big
    map): never while the GM drags; as soon as the GM is idle."""
    freed_in: list[str] = []
    kept = old_cycle(freed_in)
    collector.last_input = time.monotonic()  # input just now: busy
    looks(collector)
    assert freed_in == [] and kept() is not None
    young = _Sentinel(freed_in)  # a new cycle, garbage at once: collected meanwhile
    del young
    looks(collector)
    assert freed_in == ["MainThread"]
    collector.last_input = time.monotonic() - 1.0  # idle for a second
    looks(collector)
    assert kept() is None and freed_in == ["MainThread"] * 2


def test_input_keeps_the_gm_busy(qapp: Any, qtbot: Any) -> None:
    from PySide6.QtCore import QEvent, QPointF, Qt
    from PySide6.QtGui import QMouseEvent
    from PySide6.QtWidgets import QWidget

    collector = install_gui_thread_gc(qapp)
    widget = QWidget()
    qtbot.addWidget(widget)
    collector.last_input = time.monotonic() - 60
    assert collector.idle()
    move = QMouseEvent(
        QEvent.Type.MouseMove,
        QPointF(3, 3),
        QPointF(3, 3),
        Qt.MouseButton.NoButton,
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
    )
    qapp.sendEvent(widget, move)
    assert not collector.idle()


def test_what_start_up_and_a_load_made_is_frozen_and_a_closed_map_still_freed(
    collector: Any,
) -> None:
    """Settling (at the first idle moment after start-up or a load) freezes what lives,
    so later full collections skip it; the next settle collects the frozen objects that
    died since (the map a load replaced), then freezes again."""
    from PySide6.QtCore import QObject, Signal

    class Document(QObject):
        encounter_replaced = Signal()

    freed_in: list[str] = []
    first_map = _Sentinel(freed_in)
    kept = weakref.ref(first_map)
    collector.last_input = time.monotonic() - 1.0  # idle
    collector.settle_soon()  # the start-up
    collector.collect()
    assert gc.get_freeze_count() > 0
    del first_map  # the GM opens another map
    looks(collector)  # full collections while idle: the frozen map is not traversed
    assert kept() is not None
    document = Document()
    collector.watch(document.encounter_replaced)
    document.encounter_replaced.emit()
    collector.collect()  # the next idle look settles
    assert kept() is None and freed_in == ["MainThread"]
    assert gc.get_freeze_count() > 0
