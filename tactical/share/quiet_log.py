"""The server's logging, which a hostile network cannot flood (issue 30).

A device can make the server fail the same way thousands of times a second
(a malformed request, a refused WebSocket protocol, the system out of open
files). Each such failure is logged once per :data:`INTERVAL` for its kind; the
next line of that kind says how many were left out meanwhile, and so does
:meth:`RateLimit.flush` when sharing stops. asyncio's own errors (``socket.accept()
out of system resource``) come through :func:`loop_errors` and the same limit.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable
from typing import Any

INTERVAL = 10.0
"""Seconds between two lines of one kind."""
MAX_KINDS = 64
"""Kinds remembered; any further kind shares one count (the log stays bounded)."""
OTHER = ("", "other", "")

log = logging.getLogger("tactical.share.server")
"""The server's logger (its requests' errors and its own)."""
LIBRARY_LOGGERS = ("aiohttp.server", "aiohttp.web", "aiohttp.websocket", "aiohttp.access")
"""aiohttp's loggers that a device's traffic can reach."""


class RateLimit(logging.Filter):
    """Lets one record of each kind through per interval, counting the others."""

    def __init__(self, interval: float = INTERVAL, clock: Callable[[], float] = time.monotonic):
        super().__init__()
        self.interval = interval
        self._clock = clock
        self._lock = threading.Lock()
        self._last: dict[tuple[str, str, str], float] = {}
        self._held: dict[tuple[str, str, str], int] = {}

    @staticmethod
    def _kind(record: logging.LogRecord) -> tuple[str, str, str]:
        error = record.exc_info[0].__name__ if record.exc_info and record.exc_info[0] else ""
        return record.name, str(getattr(record, "kind", record.msg))[:80], error

    def filter(self, record: logging.LogRecord) -> bool:
        kind, now = self._kind(record), self._clock()
        with self._lock:
            if kind not in self._last and len(self._last) >= MAX_KINDS:
                kind = OTHER
            last = self._last.get(kind)
            if last is not None and now - last < self.interval:
                self._held[kind] = self._held.get(kind, 0) + 1
                return False
            self._last[kind] = now
            held = self._held.pop(kind, 0)
        if held:
            record.msg = f"{record.getMessage()} ({held} more like this not shown)"
            record.args = None
        return True

    def flush(self, logger: logging.Logger = log) -> None:
        """Log how many records of each kind were left out and not told yet, and start
        afresh (sharing stopped: the next session's first line of each kind is logged)."""
        with self._lock:
            held, self._held, self._last = self._held, {}, {}
        for (name, kind, _error), count in held.items():
            logger.warning("%d more like this not shown: %s (%s)", count, kind, name or "?")


LIMIT = RateLimit()
"""The one limit of the server's logging (shared by every server in the process)."""
log.addFilter(LIMIT)


def install() -> None:
    """Put :data:`LIMIT` on aiohttp's loggers too (once)."""
    for name in LIBRARY_LOGGERS:
        logger = logging.getLogger(name)
        if LIMIT not in logger.filters:
            logger.addFilter(LIMIT)


def loop_errors(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    """The server loop's exception handler: asyncio's errors, through the limit.

    asyncio's default handler writes every one to stderr with its traceback; out of
    open files, Python 3.11 reports ``socket.accept()`` failing up to a hundred times a
    turn of the loop."""
    message = str(context.get("message") or "asyncio error")
    error = context.get("exception")
    info = (type(error), error, error.__traceback__) if isinstance(error, BaseException) else None
    log.error("asyncio: %s", message, exc_info=info, extra={"kind": message[:60]})
