"""Hand Python's interpreter lock back to the GUI thread within a millisecond.

PySide6 lets go of the interpreter lock around every Qt call, and takes it back
when the call returns. While another thread runs Python (the phones' page
builder, the sight worker, the save's proof), each of those returns waits until
that thread is made to let go: up to the switch interval, 5 ms by default. A
change that makes a few dozen Qt calls then waits for the lock ten to thirty
times, and a 15 ms step held the GUI for 150-400 ms in the 1024 x 1024 session
benchmark. One millisecond makes the waits short; the workers lose a little
throughput to the extra switches (``python -m benchmarks.session --gil-ms 5``
runs the same session with Python's default, for comparison).
"""

from __future__ import annotations

import sys

GIL_TURN_SECONDS = 0.001


def install_quick_gil_turns(seconds: float = GIL_TURN_SECONDS) -> None:
    """Set the interpreter's switch interval for the whole process (the app's threads)."""
    sys.setswitchinterval(seconds)
