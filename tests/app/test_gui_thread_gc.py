"""Cycles are collected on the GUI thread only (tactical.app.gui_thread_gc).

A cycle holding a Qt object that a worker thread's allocations collected there
left its timer registered with the GUI thread's event loop, which later fired
it on freed memory: "Slot 'EncounterDocument::' not found", or a segfault.
"""

from __future__ import annotations

import gc
import threading
from typing import Any

from tactical.app.gui_thread_gc import collect_due, install_gui_thread_gc


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

    from tactical.app.gui_thread_gc import GuiThreadCollector

    parent = QObject()
    collector = GuiThreadCollector(parent, interval_ms=10, first_ms=400)
    looks: list[bool] = []
    collector.timer.timeout.connect(lambda: looks.append(True))
    try:
        qtbot.wait(200)
        assert looks == []  # none during the start-up
        qtbot.waitUntil(lambda: len(looks) >= 3, timeout=2000)  # then every interval
    finally:
        collector.timer.stop()
        parent.deleteLater()
