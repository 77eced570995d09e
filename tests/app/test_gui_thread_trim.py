"""What the app frees goes back to the system once the GM is idle (issue 32's session).

The phones' pages, the journal and sight are built on other threads; the C allocator's
arenas of those threads kept what they freed, and a session on 1024 x 1024 grew by
hundreds of MB nothing used. The GUI thread's collector gives it back at each idle moment.
"""

from __future__ import annotations

import gc
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tactical.app.runtime import gui_thread_gc


def rss_mb() -> float:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


@pytest.fixture
def collector(qapp: Any) -> Iterator[Any]:
    from PySide6.QtCore import QObject

    parent = QObject()
    made = gui_thread_gc.GuiThreadCollector(parent, interval_ms=60_000, idle_ms=500)
    made.timer.stop()  # looked at by hand
    try:
        yield made
    finally:
        gc.unfreeze()
        parent.deleteLater()


def test_the_first_idle_look_gives_freed_memory_back_once(
    collector: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    given: list[float] = []
    monkeypatch.setattr(gui_thread_gc, "give_back", lambda: given.append(time.monotonic()))
    collector.last_input = time.monotonic()  # busy: dragging
    collector.collect()
    assert given == []
    collector.last_input = time.monotonic() - 1.0  # idle
    collector.collect()
    collector.collect()
    assert len(given) == 1  # once per idle moment
    from PySide6.QtCore import QEvent

    collector.eventFilter(collector, QEvent(QEvent.Type.KeyPress))  # the GM types again
    collector.last_input = time.monotonic() - 1.0
    collector.collect()
    assert len(given) == 1  # not again so soon: it costs a fragmented heap 10-20 ms
    collector.next_give_back = time.monotonic()
    collector.collect()
    assert len(given) == 2


@pytest.mark.skipif(gui_thread_gc.give_back is None, reason="no malloc_trim in this C library")
def test_memory_a_worker_freed_is_back_with_the_system_after_the_idle_look(
    collector: Any,
) -> None:
    pinned: list[bytes] = []

    def churn() -> None:  # pieces past Python's own small blocks: from the thread's arena
        pieces = [bytes(2000) for _ in range(40_000)]
        pinned.append(bytes(2000))  # above them: the arena cannot just shrink from its top
        del pieces

    worker = threading.Thread(target=churn)
    worker.start()
    worker.join()
    held = rss_mb()
    collector.last_input = time.monotonic() - 1.0
    collector.collect()
    assert rss_mb() < held - 30


@pytest.mark.skipif(gui_thread_gc.give_back is None, reason="not glibc's allocator")
def test_a_big_array_freed_goes_back_to_the_system_at_once_even_after_a_bigger_one(
    qapp: Any,
) -> None:
    """The app's allocator (set up with its collector) maps big blocks on their own: freed
    between two idle looks, they are back with the system at once. glibc alone put them in
    its heaps once a bigger block had been freed, where they stayed until the next look."""
    import numpy as np

    bigger = np.ones(48 * 1024 * 1024, dtype=np.uint8)  # freed: glibc would raise its bar
    del bigger
    kept: list[bytes] = []
    before = rss_mb()
    for _ in range(5):  # a change on a big map: a 16 MB array, and something small kept
        big = np.ones(16 * 1024 * 1024, dtype=np.uint8)
        kept.append(bytes(3000))
        del big
    assert rss_mb() < before + 8
