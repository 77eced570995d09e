"""A phone's request handed from the server's worker thread to the GM's thread, and back.

The document lives on the GM's thread: a phone's move or answer is made there
(:class:`Handover`, a queued signal), while the worker thread waits for its
answer. An answer that does not begin in time is refused as busy and never made
late; one begun is waited for once more.
"""

from __future__ import annotations

import concurrent.futures
import logging
from collections.abc import Callable
from typing import Generic, TypeVar

from PySide6.QtCore import QObject, Signal

from tactical.share.links import Link

log = logging.getLogger(__name__)

ANSWER_SECONDS = 5.0
"""How long a phone's request waits for the GM's thread before it is refused as busy."""
BUSY = "The GM's app is busy: try again."

Request = TypeVar("Request")


class Handover(QObject, Generic[Request]):
    """Runs ``make(link, request)`` on the GM's thread for a caller on another thread.

    ``make`` returns None when made, else why not in words the link may see; an error in
    it is logged and the phone reads ``failed``."""

    _asked = Signal(object)

    def __init__(
        self,
        parent: QObject,
        make: Callable[[Link, Request], str | None],
        failed: str,
    ) -> None:
        super().__init__(parent)
        self.make = make
        self.failed = failed
        self._asked.connect(self._run)

    def __call__(self, link: Link, request: Request) -> str | None:
        """Called in the server's worker thread: waits for the GM's thread to make it."""
        future: concurrent.futures.Future[str | None] = concurrent.futures.Future()
        self._asked.emit((link, request, future))
        try:
            return future.result(timeout=ANSWER_SECONDS)
        except concurrent.futures.TimeoutError:
            if future.cancel():  # not begun: it never will be (the phone was told to try again)
                return BUSY
        try:  # the GM's thread is making it now: its answer comes
            return future.result(timeout=ANSWER_SECONDS)
        except concurrent.futures.TimeoutError:
            return BUSY

    def _run(self, job: tuple[Link, Request, concurrent.futures.Future[str | None]]) -> None:
        link, request, future = job
        if not future.set_running_or_notify_cancel():
            return  # the phone was told the GM's app was busy: nothing made late
        try:
            future.set_result(self.make(link, request))
        except Exception:  # never let a phone's message break the GM's app, nor tell it why
            log.exception("A request from %s's phone could not be made", link.label)
            future.set_result(self.failed)
