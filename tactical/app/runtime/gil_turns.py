"""Hand Python's interpreter lock back to the GUI thread within a quarter of a millisecond.

PySide6 lets go of the interpreter lock around every Qt call, and takes it back
when the call returns. While another thread runs Python (the phones' page
builder, the sight worker, the save's proof), each of those returns waits until
that thread is made to let go: up to the switch interval, 5 ms by default. A
change that makes a few dozen Qt calls then waits for the lock ten to thirty
times, and a 15 ms step held the GUI for 150-400 ms in the 1024 x 1024 session
benchmark. A quarter of a millisecond makes the waits short (idle: the longest
gap 48-51 ms, against 59-81 ms at 1 ms and 78 ms at 5 ms); the switches cost only
while two threads want the lock, and the session's rounds took no longer
(``python -m benchmarks.session --gil-ms 5`` runs it with Python's default).
"""

from __future__ import annotations

import sys

GIL_TURN_SECONDS = 0.00025


def install_quick_gil_turns(seconds: float = GIL_TURN_SECONDS) -> None:
    """Set the interpreter's switch interval for the whole process (the app's threads)."""
    sys.setswitchinterval(seconds)
