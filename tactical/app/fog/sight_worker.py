"""The party's sight worked out off the GUI thread, its answers delivered back on it.

On a 1024 x 1024 map one party's sight takes from a few milliseconds (kept sight,
one token moved) to seconds (a first reveal before the compiled kernel is ready):
the GUI must not wait for it. Questions go to one worker thread, in order; each
answer is handed to its callback on the GUI thread, in the order asked (the thread starts
with the first question: none before the window's first frame). The sight
functions are pure numpy (or the compiled kernel) over the grid's kept masks, which
:mod:`tactical.core.sight` keeps safe to ask from another thread.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt
from PySide6.QtCore import QObject, Qt, Signal

from tactical.core import sight_kernel
from tactical.core.grid import GridMap
from tactical.core.sight import Viewer, visible_squares

if TYPE_CHECKING:
    from concurrent.futures import Future, ThreadPoolExecutor

log = logging.getLogger(__name__)

Mask = npt.NDArray[np.bool_]
Answer = Callable[[Mask], None]


def _sight(grid: GridMap, viewers: list[Viewer]) -> Mask:
    """On a map where sight loads the kernel (:data:`sight_kernel.BIG`), the worker waits for
    it while it is being made: the numpy path would take longer (and make up to 15 MB of
    ring tables). Elsewhere, numpy answers at once."""
    big = grid.width * grid.height >= sight_kernel.BIG
    if big and not sight_kernel.ready() and sight_kernel.failed() is None:
        sight_kernel.warm()  # never raises; without numba the numpy path answers
    return visible_squares(grid, viewers)


class SightWorker(QObject):
    """One worker thread answering sight questions; answers land on the GUI thread."""

    _landed = Signal(object, object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._pools: list[ThreadPoolExecutor] = []
        """The worker's pool once the first question made it (at most one)."""
        self._asked = 0
        self._closed = False
        # Queued even when emitted on the GUI thread: a question answered before its done
        # callback is added calls it at once, inside ask(), before the move is pushed.
        self._landed.connect(self._land, Qt.ConnectionType.QueuedConnection)
        pools = self._pools  # not self: gone with the window, the pool is told without waiting
        self.destroyed.connect(lambda *_: _shut(pools))

    def _pool(self) -> ThreadPoolExecutor:
        if not self._pools:
            from concurrent.futures import ThreadPoolExecutor

            self._pools.append(
                ThreadPoolExecutor(
                    max_workers=1,
                    thread_name_prefix="party sight",
                    initializer=sight_kernel.run_behind,
                )
            )
        return self._pools[0]

    def ask(self, grid: GridMap, viewers: list[Viewer], answer: Answer) -> None:
        """Work out what ``viewers`` see on ``grid``; ``answer`` gets it on the GUI thread."""
        if self._closed:
            return
        self._asked += 1
        future = self._pool().submit(_sight, grid, list(viewers))
        future.add_done_callback(lambda done: self._deliver(done, answer))

    def _deliver(self, done: Future[Mask], answer: Answer) -> None:
        with contextlib.suppress(RuntimeError):  # the window went while sight was worked out
            self._landed.emit(done, answer)  # queued: runs on the GUI thread

    def _land(self, done: Future[Mask], answer: Answer) -> None:
        self._asked -= 1
        if self._closed or done.cancelled():
            return
        error = done.exception()
        if error is not None:
            log.error("party sight failed", exc_info=error)
            return
        answer(done.result())

    def busy(self) -> bool:
        """True while a question has not landed yet (tests wait on it)."""
        return self._asked > 0

    def close(self) -> None:
        """Ask nothing more; answers still on their way are dropped."""
        self._closed = True
        _shut(self._pools)


def _shut(pools: list[ThreadPoolExecutor]) -> None:
    for pool in pools:
        pool.shutdown(wait=False, cancel_futures=True)
