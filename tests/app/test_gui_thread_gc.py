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
from contextlib import contextmanager
from typing import Any

import pytest

from tactical.app.runtime.gui_thread_gc import collect_due, install_gui_thread_gc

pytestmark = pytest.mark.usefixtures("no_button_held")


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


def test_an_event_that_is_no_input_is_not_asked_its_type(qapp: Any) -> None:
    """Every event of the GUI thread passes the collector's filter: a timer's or a paint's
    is told apart from input without asking its type (a Python enum made each time)."""
    from PySide6.QtCore import QEvent, QMimeData, QObject, QPoint, Qt
    from PySide6.QtGui import QDragMoveEvent

    from tactical.app.runtime.gui_thread_gc import GuiThreadCollector

    class Untyped(QEvent):
        def type(self) -> QEvent.Type:  # type: ignore[override]
            raise AssertionError("asked its type")

    parent = QObject()
    collector = GuiThreadCollector(parent, interval_ms=60_000, idle_ms=500)
    collector.timer.stop()
    collector.last_input = time.monotonic() - 60
    collector.eventFilter(parent, Untyped(QEvent.Type.Timer))
    assert collector.idle()
    files = QMimeData()
    drag = QDragMoveEvent(
        QPoint(1, 1),
        Qt.DropAction.CopyAction,
        files,
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
    )
    collector.eventFilter(parent, drag)  # a file dragged over the window: the GM is there
    assert not collector.idle()
    parent.deleteLater()


def frozen(thing: object) -> bool:
    """Whether ``thing`` is frozen: tracked, but in none of the generations collections see."""
    return gc.is_tracked(thing) and not any(o is thing for o in gc.get_objects())


class _Kept:
    """A live object (in a cycle, so tracked like the app's)."""

    def __init__(self) -> None:
        self.me = self


def test_a_settle_collects_only_what_was_made_since_the_last_and_freezes_it(
    collector: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After start-up and each load the first idle moment settles: what is new is collected
    and what lives of it frozen; what an earlier settle froze is never looked at again (a
    whole collection traversed the libraries' objects too: 0.1-0.6 s on 1024 x 1024)."""
    from PySide6.QtCore import QObject, Signal

    class Document(QObject):
        encounter_replaced = Signal()

    unfrozen: list[bool] = []
    monkeypatch.setattr(gc, "unfreeze", lambda: unfrozen.append(True))
    freed_in: list[str] = []
    first_map = _Kept()
    _Sentinel(freed_in)  # start-up's garbage
    collector.last_input = time.monotonic() - 1.0  # idle
    collector.settle_soon()  # the start-up
    collector.collect()
    assert frozen(first_map) and freed_in == ["MainThread"]
    lived = _Sentinel(freed_in)  # lives past the next settle, then dies in its cycle
    collector.settle_soon()
    collector.collect()
    assert frozen(lived)
    old = weakref.ref(lived)
    del lived
    document = Document()
    collector.watch(document.encounter_replaced)
    second_map = _Kept()
    _Sentinel(freed_in)  # the load's garbage
    document.encounter_replaced.emit()
    looks(collector)
    assert frozen(second_map) and freed_in == ["MainThread"] * 2
    assert old() is not None  # frozen: not traversed again
    assert unfrozen == []


def test_an_idle_full_collection_freezes_what_it_leaves_once_the_app_freezes(
    collector: Any,
) -> None:
    """Each idle full collection then sees only what lived through the last one: an hour
    of undo steps is not traversed again at every idle moment."""
    step = _Kept()
    collector.last_input = time.monotonic() - 1.0
    looks(collector)  # the tests' collector: full collections, nothing frozen
    assert not frozen(step)
    collector.freeze_now()  # as the app does at start-up, after its imports
    later = _Kept()
    looks(collector)
    assert frozen(step) and frozen(later)


def test_imports_are_frozen_at_the_next_look_without_a_full_collection(
    collector: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The warm-up's libraries (scipy; numba's kernel on big maps) live for good: frozen
    as they come, never traversed by a full collection, even when the GM is busy."""
    from tactical.core import sight_kernel

    with generations_collected() as collected:
        collector.last_input = time.monotonic()  # busy
        library = _Kept()
        collector.imported()  # the warm-up thread's call when its imports are done
        collector.collect()
        assert frozen(library) and 2 not in collected
        collector.settle_soon()  # the app freezes: the kernel's arrival freezes too
        collector._kernel_ready = False
        monkeypatch.setattr(sight_kernel, "ready", lambda: True)
        kernel = _Kept()
        collector.collect()
        assert frozen(kernel) and 2 not in collected


@contextmanager
def generations_collected() -> Iterator[list[int]]:
    """The generations Python starts to collect while inside (gc's callbacks)."""
    collected: list[int] = []

    def seen(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            collected.append(info["generation"])

    gc.callbacks.append(seen)
    try:
        yield collected
    finally:
        gc.callbacks.remove(seen)


class _Plain:
    """A closed file's object that nothing holds once it is closed (no cycle)."""


def test_a_load_collects_everything_once_only_when_the_file_it_closed_lives_on(
    collector: Any, qapp: Any, qtbot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A frozen object caught in a cycle is freed only by a collection of everything: when
    something of the file a load closed lives on a turn later, the load collects it all
    once (the GM waits for the load anyway). A scene switch keeps the evening: it settles
    at the next idle moment. After a file that went as it closed, what the load made
    settles in the load too: its objects are no burst (the closed file's were freed)."""
    from PySide6.QtCore import QObject, Signal

    class Document(QObject):
        encounter_replaced = Signal()

    whole: list[bool] = []
    real = collector.collect_all
    monkeypatch.setattr(collector, "collect_all", lambda: whole.append(real() >= 0))

    def turns() -> None:  # those a load's zero-time timer runs in
        for _ in range(5):
            qapp.processEvents()

    document = Document()
    evening: list[object] = [_Plain()]
    collector.watch(document.encounter_replaced, lambda: evening)
    collector.last_input = time.monotonic()  # the GM is busy: no idle step
    document.encounter_replaced.emit()  # a scene switch: the same evening
    turns()
    assert whole == [] and collector.pending
    evening[:] = [_Plain()]  # File > Open: the first file went as it closed
    document.encounter_replaced.emit()
    turns()
    assert whole == [] and not collector.pending  # what it made settled in the load
    freed_in: list[str] = []
    evening[:] = [_Sentinel(freed_in)]  # a file caught in a cycle ...
    document.encounter_replaced.emit()
    collector.freeze_now()  # ... and frozen since its load
    evening[:] = [_Plain()]  # File > Open: it lives on as frozen garbage
    document.encounter_replaced.emit()
    qtbot.waitUntil(lambda: freed_in == ["MainThread"], timeout=2000)
    assert whole == [True]


def test_a_burst_of_live_objects_is_frozen_without_a_collection(
    qapp: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The items a crowded map makes after its first frame, 80,000 objects that live: a
    collection looking at them held the GUI thread 20-70 ms."""
    from PySide6.QtCore import QObject

    from tactical.app.runtime import gui_thread_gc

    parent = QObject()
    collector = gui_thread_gc.GuiThreadCollector(parent, interval_ms=60_000)
    collector.timer.stop()
    try:
        with generations_collected() as collected:
            collector.freeze_now()  # the app's: it freezes
            collector.last_input = time.monotonic()  # busy
            items = [_Kept() for _ in range(gui_thread_gc.BURST)]
            collector.collect()
            assert frozen(items[0]) and frozen(items[-1])
            assert collected in ([], [0])  # at most the young generation, found empty
            few = [_Kept() for _ in range(100)]  # fewer: left to the young collections
            collector.collect()
            assert not frozen(few[0])
    finally:
        gc.unfreeze()
        parent.deleteLater()


def test_objects_made_bit_by_bit_while_busy_are_frozen_once_they_add_up(qapp: Any) -> None:
    """The token items a crowded map makes as the GM's view comes near them, a few at each
    drag: the idle full collection after a busy hour traversed all of them (40 ms)."""
    from PySide6.QtCore import QObject

    from tactical.app.runtime import gui_thread_gc

    parent = QObject()
    collector = gui_thread_gc.GuiThreadCollector(parent, interval_ms=60_000)
    collector.timer.stop()
    try:
        collector.freeze_now()
        collector.last_input = time.monotonic()  # busy
        made: list[_Kept] = []
        freed_in: list[str] = []
        while len(freed_in) < 20 and not (made and frozen(made[0])):  # young collections
            made += [_Kept() for _ in range(gui_thread_gc.BURST // 10)]
            _Sentinel(freed_in)  # what died meanwhile (a journal record's closure)
            collector.collect()
        pieces = len(made) // (gui_thread_gc.BURST // 10)
        assert frozen(made[-1]) and 5 < pieces <= 11
        assert freed_in == ["MainThread"] * pieces  # collected, not frozen with the rest
    finally:
        gc.unfreeze()
        parent.deleteLater()


def test_what_froze_and_then_died_in_a_cycle_goes_once_nobody_touched_the_app_for_long(
    collector: Any,
) -> None:
    """A frozen object is never looked at by the idle steps, so a cycle that dies after it
    froze would stay for the whole session: once nobody has touched the app for
    SWEEP_IDLE_MS (and at most every SWEEP_EVERY_S), everything is collected once."""
    from tactical.app.runtime.gui_thread_gc import SWEEP_EVERY_S, SWEEP_IDLE_MS

    freed_in: list[str] = []
    alive = _Sentinel(freed_in)
    collector.freeze_now()  # as the app does at start-up: it froze alive
    assert frozen(alive)
    dropped = weakref.ref(alive)
    del alive  # its cycle now garbage
    collector.last_input = time.monotonic() - 1.0  # a short idle moment: new things only
    looks(collector)
    assert dropped() is not None
    collector.last_input = time.monotonic() - SWEEP_IDLE_MS / 1000 - 1
    looks(collector)  # long idle, but a whole collection ran less than SWEEP_EVERY_S ago
    assert dropped() is not None
    collector.next_sweep = time.monotonic() - 1
    collector.collect()
    assert dropped() is None and freed_in == ["MainThread"]
    assert collector.next_sweep > time.monotonic() + SWEEP_EVERY_S - 60
    alive = _Sentinel(freed_in)
    collector.freeze_now()
    again = weakref.ref(alive)
    del alive
    looks(collector)  # the next sweep waits its turn
    assert again() is not None
