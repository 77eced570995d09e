"""Python's cycle collector runs on the GUI thread only.

Python collects reference cycles in whichever thread happens to allocate when a
generation fills up: the autosave writer, the phones' server. A document, a scene
or a dialog caught in a cycle would then be deleted in that thread, but a Qt
object must be deleted in the thread it lives in: a timer the document owns
cannot be unregistered from another thread ("Timers cannot be stopped from
another thread"), and the GUI thread's event loop later fires it on freed
memory ("Slot 'EncounterDocument::' not found", or a segmentation fault far
from its cause). So automatic collection is switched off, and a timer on the
GUI thread collects the generations that are due, as Python would have.

The app's first look waits until after start-up (:data:`START_UP_MS`): start-up
allocates most of what the app holds (the map, its tokens, their items), and a look
before the first frame traversed all of it (16 ms with 5,000 tokens) only to find
what the next look finds as well.
"""

from __future__ import annotations

import gc
import threading

from PySide6.QtCore import QCoreApplication, QObject, QTimer

INTERVAL_MS = 250
"""How often the GUI thread looks whether a generation is due (a look costs nothing)."""
NAME = "tactical-gui-thread-gc"
START_UP_MS = 1500
"""The app's first look after start-up: the window has shown its first frame by then."""


def collect_due() -> int:
    """Collect the oldest generation past its threshold, as Python would; on the main thread only.

    Returns the number of unreachable objects found (0 when nothing was due, or
    when called from another thread, where nothing is collected).
    """
    if threading.current_thread() is not threading.main_thread():
        return 0
    due = -1
    for generation, (count, threshold) in enumerate(
        zip(gc.get_count(), gc.get_threshold(), strict=False)
    ):
        if threshold <= 0 or count <= threshold:
            break
        due = generation
    return gc.collect(due) if due >= 0 else 0


class GuiThreadCollector(QObject):
    """Turns automatic collection off and collects what is due from a GUI-thread timer."""

    def __init__(
        self, parent: QObject | None = None, interval_ms: int = INTERVAL_MS, first_ms: int = 0
    ) -> None:
        """``first_ms``: the first look comes this late (then every ``interval_ms``)."""
        super().__init__(parent)
        self.setObjectName(NAME)
        gc.disable()
        self.timer = QTimer(self)
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self.collect)
        if first_ms > 0:
            QTimer.singleShot(first_ms, self, self.timer.start)
        else:
            self.timer.start()

    def collect(self) -> int:
        return collect_due()


def install_gui_thread_gc(app: QCoreApplication, first_ms: int = 0) -> GuiThreadCollector:
    """Collect cycles on ``app``'s thread only, for as long as ``app`` lives (once per app).

    ``first_ms``: the first look waits this long (the app's start-up: :data:`START_UP_MS`).
    """
    found = app.findChild(GuiThreadCollector, NAME)
    if isinstance(found, GuiThreadCollector):
        gc.disable()  # someone may have switched it on again
        return found
    return GuiThreadCollector(app, first_ms=first_ms)
