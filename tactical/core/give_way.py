"""The threads that work in Python beside the GUI thread give way to it (issue 32).

The GUI thread takes Python's interpreter lock again each time Qt calls into Python (an
event handler, a slot, a token item's paint) and lets it go when Qt goes on. While the
share server's worker builds the pages (Python, 63-157 ms after a change on 1024 x
1024), each of those takes waits its turn: a 15 ms step of the GM's held the GUI for
about 50 ms.

So the GUI thread says when it is busy (:meth:`GiveWay.busy`, for each event it
handles) and when it has nothing left to do (:meth:`GiveWay.idle`, as its event
loop is about to wait): ``tactical.app.runtime.give_way`` installs both. The
builder, at its checkpoints (:func:`checkpoint`: before each page, between the parts
of a page), waits without the lock while the GUI is busy, and goes on as soon as it
is idle. Bounded: one build (:func:`turn`) waits :data:`BUDGET_S` at most in all, so
the pages get their update even while the GUI never rests.

The save's worker gives way the same way (``app/storage/background_save.py``): its
checkpoints are in the writing and the proof of the file (``persistence``), a few
hundred a save, and its turn has a budget of its own (:data:`SAVE_BUDGET_S`).
It lives here, below the share server and persistence, so both may reach it.

Nothing here waits unless something marks the GUI busy, and only inside a
:func:`turn` (the builder's thread, one build): the GUI thread itself, the tests and
the benchmarks without a window never wait.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager

BUDGET_S = 0.025
"""The most one build waits for the GUI, all its checkpoints together. While the GUI never
rests the pages come about one and a half builds after a change: 8 pages on 1024 x 1024
(63-77 ms of building) reached them in 169 ms median with 25 ms, 198 ms with 50 ms, 78-90 ms
not giving way (``benchmarks.give_way``)."""


SAVE_BUDGET_S = 0.15
"""The most one save waits for the GUI, all its checkpoints together: however busy the GM's
hand, the file is written at most this much later than without giving way (the title turns
clean then; the GM never waits for it)."""


class GiveWay:
    """The GUI thread's busy mark, and the waits of the threads that give way to it."""

    def __init__(
        self,
        budget: float = BUDGET_S,
        clock: Callable[[], float] = time.perf_counter,
        wait: Callable[[float], object] | None = None,
    ) -> None:
        """``clock`` and ``wait`` (wait for :meth:`idle` at most that many seconds) are the
        real ones unless a test gives its own."""
        self.budget = budget
        self.clock = clock
        self._idle = threading.Event()
        self._idle.set()
        self._wait = wait or self._idle.wait
        self._turn = threading.local()
        self._count = threading.Lock()
        self.building = 0
        """How many builds are under way now (:meth:`turn`)."""
        self.waited = 0.0
        """Seconds the builders waited, all turns (the benchmarks read it)."""
        self.longest_piece = 0.0
        """The longest stretch a builder ran between two checkpoints (the benchmarks)."""

    # -- the GUI thread ---------------------------------------------------------------

    def busy(self) -> None:
        """The GUI thread handles an event: the builders wait at their next checkpoint."""
        if self._idle.is_set():
            self._idle.clear()

    def idle(self) -> None:
        """The GUI thread is about to wait for events: the builders go on."""
        self._idle.set()

    @property
    def is_busy(self) -> bool:
        return not self._idle.is_set()

    # -- a builder's thread -----------------------------------------------------------

    @contextmanager
    def turn(self, budget: float | None = None) -> Iterator[None]:
        """One build on this thread: its checkpoints wait ``budget`` (:attr:`budget` unless
        given) at most in all."""
        state = self._turn
        state.left, state.since = self.budget if budget is None else budget, self.clock()
        with self._count:
            self.building += 1
        try:
            yield
        finally:
            state.left = None
            with self._count:
                self.building -= 1

    def checkpoint(self) -> None:
        """Between two pieces of a build: wait while the GUI is busy (within the turn's
        budget); at once outside a turn or when the GUI is idle."""
        state = self._turn
        left: float | None = getattr(state, "left", None)
        if left is None:
            return
        now = self.clock()
        self.longest_piece = max(self.longest_piece, now - state.since)
        if left > 0 and not self._idle.is_set():
            self._wait(left)
            waited = self.clock() - now
            state.left = left - waited
            self.waited += waited
            now += waited
        state.since = now


GATE = GiveWay()
"""The app's one gate: the GUI thread marks it, the phones' builder and the save wait at it."""


def turn(budget: float | None = None) -> AbstractContextManager[None]:
    """:meth:`GiveWay.turn` of :data:`GATE`."""
    return GATE.turn(budget)


def checkpoint() -> None:
    """:meth:`GiveWay.checkpoint` of :data:`GATE`."""
    GATE.checkpoint()
