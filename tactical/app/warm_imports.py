"""Libraries the first long path needs, imported while the GM looks at the opened map.

A grid map opens without networkx (the region index of long paths) and scipy
(their band search): about a tenth of a second less before the first frame. A
second and a half after the window shows, a background thread imports them,
so the first drop far outside a token's reach does not pay for them either. The same
thread then imports numba and compiles (or loads from numba's cache) the sight kernel
(:mod:`tactical.core.sight_kernel`); a reveal asked before it is ready takes the numpy
path, so nothing waits for it.
Importing runs Python code, which gives the GUI thread the interpreter every
few milliseconds; the thread touches no Qt object.

PySide's import hook reads the source of every module imported after PySide
(``inspect.getsource``, looking for ``from __feature__``), and ``linecache`` keeps
every line of it for good: 7 MB for the start-up's modules, 27 MB more for
networkx, scipy and numba. The thread drops those lines after each import
(:func:`forget_sources`); a traceback reads them again from the file.
"""

from __future__ import annotations

import contextlib
import importlib
import linecache
import threading

from PySide6.QtCore import QTimer

from tactical.core import sight_kernel

LATER = ("networkx", "scipy.sparse.csgraph")
"""What the start-up leaves out and the first long path imports."""
SIGHT = "numba"
"""What the sight kernel imports (:func:`sight_kernel.warm` would import it anyway)."""
DELAY_MS = 1500


def import_later(names: tuple[str, ...] = LATER, sight: bool = True) -> threading.Thread:
    """Start a daemon thread importing ``names`` now, then warming the sight kernel
    (``sight``); returns it (tests join it)."""

    def load() -> None:
        forget_sources()  # the start-up's
        for name in names:
            try:
                importlib.import_module(name)
            except ImportError:  # the question that needs it will say so
                break
            finally:
                forget_sources()
        if sight:
            with contextlib.suppress(Exception):  # warm() logs why once; sight stays on numpy
                importlib.import_module(SIGHT)
            forget_sources()
            sight_kernel.warm()  # never raises: without numba sight stays on numpy
            forget_sources()

    thread = threading.Thread(target=load, name="warm imports", daemon=True)
    thread.start()
    return thread


def forget_sources() -> None:
    """Drop the lines ``linecache`` keeps of source files (read again when a traceback
    wants them); lines registered without a file (no modification time) stay, as
    nothing could read them again."""
    cache = linecache.cache
    for name in list(cache):
        entry = cache.get(name)
        if entry is not None and len(entry) == 4 and entry[1] is not None:
            cache.pop(name, None)


def warm_after_first_frame(delay_ms: int = DELAY_MS) -> None:
    """Import :data:`LATER` in the background once the window has had time to show;
    the start-up's source lines are dropped as soon as the event loop runs."""
    QTimer.singleShot(0, forget_sources)
    QTimer.singleShot(delay_ms, lambda: import_later())
