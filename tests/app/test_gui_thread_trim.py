"""What the app frees goes back to the system once the GM is idle (issue 32's session).

The phones' pages, the journal and sight are built on other threads; the C allocator's
arenas of those threads kept what they freed, and a session on 1024 x 1024 grew by
hundreds of MB nothing used. The GUI thread's collector gives it back at each idle moment.
"""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tactical.app.runtime import gui_thread_gc

pytestmark = pytest.mark.usefixtures("no_button_held")


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
    from PySide6.QtCore import QEvent, Qt
    from PySide6.QtGui import QKeyEvent

    typed = QKeyEvent(QEvent.Type.KeyPress, Qt.Key.Key_A, Qt.KeyboardModifier.NoModifier)
    collector.eventFilter(collector, typed)  # the GM types again (a key event, as Qt sends)
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


def heaps() -> int:
    """How many heaps (arenas) glibc's allocator has made in this process so far."""
    import ctypes
    import tempfile

    libc = ctypes.CDLL(None)
    libc.fopen.restype, libc.fopen.argtypes = ctypes.c_void_p, [ctypes.c_char_p] * 2
    libc.malloc_info.argtypes = [ctypes.c_int, ctypes.c_void_p]
    libc.fclose.argtypes = [ctypes.c_void_p]
    with tempfile.TemporaryDirectory() as folder:
        path = f"{folder}/info.xml"
        stream = libc.fopen(path.encode(), b"w")
        libc.malloc_info(0, stream)
        libc.fclose(stream)
        with open(path) as info:
            return info.read().count("<heap nr=")


@pytest.mark.skipif(gui_thread_gc.give_back is None, reason="not glibc's allocator")
def test_the_apps_threads_share_two_heaps_however_many_run_at_once(qapp: Any) -> None:
    """Each thread had a heap of its own (up to 8 a core), each keeping what it freed among
    what stayed: a 1024 x 1024 session grew 41 MB in 60 rounds."""
    before = heaps()
    together = threading.Barrier(6)
    kept: list[bytes] = []

    def work() -> None:
        together.wait(timeout=10)  # all six at once: none can take another's heap
        kept.append(bytes(5000))  # past Python's small blocks: from the C allocator
        together.wait(timeout=10)

    workers = [threading.Thread(target=work) for _ in range(6)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert len(kept) == 6
    assert heaps() <= max(before, gui_thread_gc.ARENAS)


FINDS_THE_C_LIBRARY = """
import sys
spawned = []
sys.addaudithook(lambda event, args: event == "subprocess.Popen" and spawned.append(args[0]))
from tactical.app.runtime import gui_thread_gc
print(gui_thread_gc.give_back is not None, gui_thread_gc.share_heaps(), spawned)
"""


@pytest.mark.skipif(sys.platform != "linux", reason="glibc's allocator")
def test_the_collector_reaches_the_c_library_without_starting_a_process() -> None:
    """``ctypes.util.find_library`` ran ``ldconfig`` in a child process twice before the
    app's first frame; the C library's functions are the process's own symbols."""
    done = subprocess.run(
        [sys.executable, "-c", FINDS_THE_C_LIBRARY],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[0] == "True True []"
