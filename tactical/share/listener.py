"""The phones' server's listening socket: accepted here, given to the guard, then to aiohttp.

aiohttp's ``TCPSite`` hands ``loop.create_server`` aiohttp's own protocol factory;
asyncio then builds a transport and a task, and aiohttp a request parser, for
every connection accepted before anything may refuse it. Under a flood that is
most of the server's time, and out of open files Python 3.11's accept loop
reports the failure up to a hundred times a turn. So the socket is accepted here
and each connection given to the :class:`~tactical.share.guard.Guard` at once:
refused, it is reset at the cost of two system calls; admitted, it becomes
aiohttp's (:class:`~tactical.share.http_guard.HttpProtocol`, with short limits on
request heads and idle connections) once its request head has come. Out of open
files, accepting pauses for a second, logged through the rate limit of
:mod:`tactical.share.quiet_log`.

The server's thread shares Python's interpreter lock with the GM's window: while
it runs Python, the window waits. A flood that opens a new connection each time
one is refused keeps :data:`ACCEPTS` waiting at every turn; then accepting rests
:data:`REST_SECONDS` after each such turn, so however fast the flood, the thread
takes a bounded share of a core (the system queues what comes meanwhile, a
phone's connection among them).
"""

from __future__ import annotations

import asyncio
import errno
import logging
import socket
from typing import Any

from aiohttp import web

from tactical.share.guard import Guard
from tactical.share.http_guard import HttpProtocol
from tactical.share.limits import Limits
from tactical.share.open_files import raise_open_file_limit, room_for_connections
from tactical.share.quiet_log import log

BACKLOG = 2048
"""Connections the system queues before the server accepts them: more than a flood of
half-open connections holds at once, so a phone's new connection is not dropped (and
tried again only a second later) while the server closes the flood's."""
ACCEPTS = 64
"""Connections accepted in one turn of the server's loop: pages already open are
answered between turns."""
REST_SECONDS = 0.01
"""How long accepting rests after a turn that found :data:`ACCEPTS` connections waiting
(a flood): about 5,000 connections a second at most, under a fifth of a core (30-45 µs
each: ``python -m benchmarks.phones_attack``)."""
PAUSE_SECONDS = 1.0
"""How long accepting pauses when the system has no file to spare."""
OUT_OF_FILES = (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)
SHUTDOWN_SECONDS = 0.5

_quiet = logging.getLogger("tactical.share.access")
_quiet.disabled = True  # no line per request: a device must not be able to fill the log


def protocol_args(limits: Limits) -> dict[str, Any]:
    """What each connection's aiohttp protocol is made with."""
    return {
        "keepalive_timeout": limits.idle_seconds,
        "logger": log,
        "access_log": _quiet,
        "max_line_size": 2048,
        "max_field_size": 4096,
        "max_headers": 40,
        "lingering_time": 1.0,
    }


def _bound(host: str, port: int) -> socket.socket:
    """A listening, non-blocking TCP socket on ``host`` (an address; empty: every IPv4
    address)."""
    found = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    family, _kind, _proto, _name, address = found[0]
    listening = socket.create_server(address[:2], family=family, backlog=BACKLOG)
    listening.setblocking(False)
    return listening


class Listener:
    """Opens and closes the listening socket for one aiohttp app (one start, one stop)."""

    def __init__(self, app: web.Application, host: str, port: int, limits: Limits) -> None:
        self.app, self.host, self.port, self.limits = app, host, port, limits
        self.guard: Guard | None = None
        self._runner = web.AppRunner(app, handle_signals=False, shutdown_timeout=SHUTDOWN_SECONDS)
        self._socket: socket.socket | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._paused = False

    async def open(self) -> int:
        """Listen; returns the port bound. Raises OSError when the address cannot be bound."""
        await self._runner.setup()
        manager = self._runner.server
        assert manager is not None
        self._loop = loop = asyncio.get_running_loop()
        args = protocol_args(self.limits)
        room = room_for_connections(raise_open_file_limit(), self.limits.connections)
        self.guard = Guard(self.limits, lambda: HttpProtocol(manager, loop=loop, **args), room)
        try:
            self._socket = _bound(self.host, self.port)
            loop.add_reader(self._socket.fileno(), self._accept)
        except BaseException:
            await self._runner.cleanup()
            raise
        self.port = int(self._socket.getsockname()[1])
        return self.port

    def _accept(self) -> None:
        listening, guard = self._socket, self.guard
        assert listening is not None and guard is not None
        for _ in range(ACCEPTS):
            try:
                connection, peer = listening.accept()
            except (BlockingIOError, InterruptedError, ConnectionAbortedError):
                return
            except OSError as error:
                if error.errno in OUT_OF_FILES:
                    log.error("out of open files: not accepting connections for a second")
                    self._pause(PAUSE_SECONDS)
                else:
                    log.error("accepting a connection failed", exc_info=error)
                return
            guard.take(connection, peer)
        self._pause(REST_SECONDS)  # more are waiting: a flood

    def _pause(self, seconds: float) -> None:
        if self._paused or self._socket is None or self._loop is None:
            return
        self._paused = True
        self._loop.remove_reader(self._socket.fileno())
        self._loop.call_later(seconds, self._resume)

    def _resume(self) -> None:
        self._paused = False
        if self._socket is not None and self._loop is not None:
            self._loop.add_reader(self._socket.fileno(), self._accept)

    def stop_listening(self) -> None:
        """Close the listening socket (the port is free again); open connections stay."""
        listening, self._socket = self._socket, None
        if listening is not None:
            if self._loop is not None and not self._paused:
                self._loop.remove_reader(listening.fileno())
            listening.close()

    async def close(self) -> None:
        """Stop listening, close every connection and clean aiohttp's app up."""
        self.stop_listening()
        await self._runner.cleanup()
        if self.guard is not None:
            self.guard.close_all()
            await asyncio.sleep(0)  # the hand-overs it cancelled end before the loop does
