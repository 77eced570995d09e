"""Libraries the first long path needs, imported while the GM looks at the opened map.

A grid map opens without networkx (the region index of long paths) and scipy
(their band search): about a tenth of a second less before the first frame. A
second and a half after the window shows, a background thread imports them,
so the first drop far outside a token's reach does not pay for them either.
Importing runs Python code, which gives the GUI thread the interpreter every
few milliseconds; the thread touches no Qt object.
"""

from __future__ import annotations

import importlib
import threading

from PySide6.QtCore import QTimer

LATER = ("networkx", "scipy.sparse.csgraph")
"""What the start-up leaves out and the first long path imports."""
DELAY_MS = 1500


def import_later(names: tuple[str, ...] = LATER) -> threading.Thread:
    """Start a daemon thread importing ``names`` now; returns it (tests join it)."""

    def load() -> None:
        for name in names:
            try:
                importlib.import_module(name)
            except ImportError:  # the question that needs it will say so
                return

    thread = threading.Thread(target=load, name="warm imports", daemon=True)
    thread.start()
    return thread


def warm_after_first_frame(delay_ms: int = DELAY_MS) -> None:
    """Import :data:`LATER` in the background once the window has had time to show."""
    QTimer.singleShot(delay_ms, lambda: import_later())
