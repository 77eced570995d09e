"""Libraries the first long path needs, imported while the GM looks at the opened map.

A grid map opens without networkx (the region index of long paths) and scipy
(their band search): about a tenth of a second less before the first frame. A
second and a half after the window shows, a background thread imports them,
so the first drop far outside a token's reach does not pay for them either.
numba is not among them: the sight kernel is loaded only for a map big enough to need
it (:func:`tactical.core.sight_kernel.wanted`), by the same thread before them when such
a map is open (or at once when sight is asked on one first: the thread waits for it).
Loaded before the first sight question, it spares the numpy path's ring tables (117 MB
for a corner viewer at 1024 x 1024) at the moment numba's 70 MB arrive.
Importing runs Python code, which gives the GUI thread the interpreter every
few milliseconds; the thread touches no Qt object.

PySide's import hook makes Python keep the source lines of every module imported
after it (:mod:`tactical.core.source_lines`); the thread drops them after each import.
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Callable

from PySide6.QtCore import QTimer

from tactical.core import sight_kernel
from tactical.core.source_lines import forget_sources

LATER = ("networkx", "scipy.sparse.csgraph")
"""What the start-up leaves out and the first long path imports."""
DELAY_MS = 1500

__all__ = ["DELAY_MS", "LATER", "forget_sources", "import_later", "warm_after_first_frame"]


def import_later(
    names: tuple[str, ...] = LATER, done: Callable[[], None] | None = None, squares: int = 0
) -> threading.Thread:
    """Start a daemon thread loading the sight kernel when a map of ``squares`` needs it,
    then importing ``names``, then calling ``done`` (the cycle collector freezes what they
    made); returns it (tests join it).

    One after the other, and after a kernel another thread is making (a sight question
    asked first): their peaks never add up (two imports at once on two threads each fill
    an allocator arena of their own)."""

    def load() -> None:
        forget_sources()  # the start-up's
        sight_kernel.wanted(squares, here=True)  # waits for a kernel another thread makes
        kernel = sight_kernel.warming()
        if kernel is not None and kernel is not threading.current_thread():
            kernel.join()  # started by a sight question before: wait for it
        for name in names:
            try:
                importlib.import_module(name)
            except ImportError:  # the question that needs it will say so
                break
            finally:
                forget_sources()
        if done is not None:
            done()

    thread = threading.Thread(target=load, name="warm imports", daemon=True)
    thread.start()
    return thread


def warm_after_first_frame(
    done: Callable[[], None] | None = None,
    delay_ms: int = DELAY_MS,
    squares: Callable[[], int] = lambda: 0,
) -> None:
    """Import :data:`LATER` in the background once the window has had time to show (and the
    sight kernel if the map open then has ``squares()`` enough), then ``done``; the
    start-up's source lines are dropped as soon as the event loop runs."""
    QTimer.singleShot(0, forget_sources)
    QTimer.singleShot(delay_ms, lambda: import_later(done=done, squares=squares()))
