"""No collection of young objects while a worker builds and proves a big file.

Making and proving the file of 10,000 tokens builds about 100,000 short-lived
containers (the parsed JSON, the models, the tokens). The app collects cycles
on its GUI thread when a generation is due (``app/runtime/gui_thread_gc.py``); a
collection of the youngest generation during the proof traversed them all:
40-60 ms of the GUI thread, the longest stall of a Ctrl+S. While
:func:`held` is entered (by any thread, nested or at once) the youngest
generation's threshold is out of reach, so no generation is due; on leaving,
the threshold is as it was, and the next look collects what is left, which
is little, since those objects are freed as soon as the proof ends.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
_holders = 0
_saved: tuple[int, ...] = ()
OUT_OF_REACH = 1 << 30


@contextmanager
def held() -> Iterator[None]:
    """No generation is due inside (gc's thresholds are restored on leaving)."""
    global _holders, _saved
    with _lock:
        if _holders == 0:
            _saved = gc.get_threshold()
            gc.set_threshold(OUT_OF_REACH, *_saved[1:])
        _holders += 1
    try:
        yield
    finally:
        with _lock:
            _holders -= 1
            if _holders == 0:
                now = gc.get_threshold()
                if now[0] == OUT_OF_REACH:  # nobody set other thresholds meanwhile
                    gc.set_threshold(_saved[0], *now[1:])
