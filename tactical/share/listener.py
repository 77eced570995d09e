"""The phones' server's listening socket: aiohttp's app behind the connection guard.

aiohttp's ``TCPSite`` gives ``loop.create_server`` aiohttp's own protocol
factory, so the socket is opened here instead, with that factory wrapped by the
:class:`~tactical.share.guard.Guard` (aiohttp's documented low-level use of its
``Server``). Requests run through :class:`~tactical.share.http_guard.HttpProtocol`
with short limits on request heads and idle connections, and errors go to the
rate-limited logger of :mod:`tactical.share.quiet_log`.
"""

from __future__ import annotations

import asyncio
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
ACCEPTS = 128
"""Connections accepted in one turn of the server's loop (asyncio takes the backlog
given to it for this): pages already open are answered between turns."""
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
    """A listening TCP socket on ``host`` (an address; empty: every IPv4 address)."""
    found = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    family, _kind, _proto, _name, address = found[0]
    return socket.create_server(address[:2], family=family, backlog=ACCEPTS)


class Listener:
    """Opens and closes the listening socket for one aiohttp app (one start, one stop)."""

    def __init__(self, app: web.Application, host: str, port: int, limits: Limits) -> None:
        self.app, self.host, self.port, self.limits = app, host, port, limits
        self.guard: Guard | None = None
        self._runner = web.AppRunner(app, handle_signals=False, shutdown_timeout=SHUTDOWN_SECONDS)
        self._server: asyncio.Server | None = None

    async def open(self) -> int:
        """Listen; returns the port bound. Raises OSError when the address cannot be bound."""
        await self._runner.setup()
        manager = self._runner.server
        assert manager is not None
        loop = asyncio.get_running_loop()
        args = protocol_args(self.limits)
        room = room_for_connections(raise_open_file_limit(), self.limits.connections)
        self.guard = guard = Guard(self.limits, room)
        try:
            listening = _bound(self.host, self.port)
            self._server = await loop.create_server(
                guard.factory(lambda: HttpProtocol(manager, loop=loop, **args)),
                sock=listening,
                backlog=ACCEPTS,
            )
            listening.listen(BACKLOG)  # the system's queue, beyond asyncio's turn
        except BaseException:
            await self._runner.cleanup()
            raise
        self.port = int(listening.getsockname()[1])
        return self.port

    def stop_listening(self) -> None:
        """Close the listening socket (the port is free again); open connections stay."""
        if self._server is not None:
            self._server.close()

    async def close(self) -> None:
        """Stop listening, close every connection and clean aiohttp's app up."""
        self.stop_listening()
        await self._runner.cleanup()
        if self.guard is not None:
            self.guard.close_all()
        if self._server is not None:
            await self._server.wait_closed()
