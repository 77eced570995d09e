"""The connections the phones' server holds, guarded before aiohttp sees a byte (issue 30).

aiohttp's server reads request heads without a deadline and accepts every
connection, so a device holding a thousand half-open connections (a request
line, a header, then nothing) would use up the process's open files. The
:class:`Guard` wraps the protocol factory given to ``loop.create_server``:

* over :attr:`Limits.per_address` connections from one address, a new one is
  closed at once;
* at :attr:`Limits.connections` overall, a connection that has not sent a whole
  request head yet is closed to make room (none: the new one is closed): the
  oldest of the address holding the most such connections, so a flood from many
  addresses gives up its own before a phone's new connection (whose head is
  already on its way) can be taken;
* a connection that has not sent a whole head within :attr:`Limits.head_seconds`,
  or sends a head longer than :attr:`Limits.head_bytes`, is closed.

An IPv6 device can take many addresses: its /64 network counts as one address.
Nothing is logged per connection: :attr:`Guard.refused` and the like count them.
Idle kept-alive connections are aiohttp's ``keepalive_timeout`` business.
"""

from __future__ import annotations

import asyncio
import ipaddress
from collections import Counter
from collections.abc import Callable

from tactical.share.limits import Limits

HEAD_ENDS = (b"\r\n\r\n", b"\n\n", b"\n\r\n")
"""How a request head ends (a blank line; a bare LF is tolerated as parsers do)."""


class Guard:
    """Admits, counts and closes the server's connections (see the module's docstring)."""

    def __init__(self, limits: Limits, connections: int | None = None) -> None:
        self.limits = limits
        self.cap = limits.connections if connections is None else connections
        self._open: dict[Guarded, str] = {}
        self._waiting: dict[Guarded, None] = {}  # no whole head yet, oldest first
        self._per_address: Counter[str] = Counter()
        self._waiting_per_address: Counter[str] = Counter()
        self.refused = 0
        """Connections closed at once (over a cap)."""
        self.evicted = 0
        """Connections without a whole head closed to make room for a new one."""
        self.too_slow = 0
        """Connections closed for not sending a whole head in time (or too long a one)."""

    def factory(self, inner: Callable[[], asyncio.Protocol]) -> Callable[[], asyncio.Protocol]:
        """The protocol factory for ``loop.create_server``: ``inner``'s protocols, guarded."""
        return lambda: Guarded(self, inner)

    @property
    def open(self) -> int:
        return len(self._open)

    def admit(self, connection: Guarded, address: str) -> bool:
        if self._per_address[address] >= self.limits.per_address:
            self.refused += 1
            return False
        if len(self._open) >= self.cap:
            victim = self._victim()
            if victim is None:
                self.refused += 1
                return False
            self.evicted += 1
            victim.drop()
        self._open[connection] = address
        self._waiting[connection] = None
        self._per_address[address] += 1
        self._waiting_per_address[address] += 1
        return True

    def _victim(self) -> Guarded | None:
        """The oldest connection without a whole head of the address with the most of them."""
        if not self._waiting:
            return None
        most = max(self._waiting_per_address.values())
        return next(c for c in self._waiting if self._waiting_per_address[self._open[c]] == most)

    def headed(self, connection: Guarded) -> None:
        if connection in self._waiting:
            del self._waiting[connection]
            _less(self._waiting_per_address, self._open[connection])

    def leave(self, connection: Guarded) -> None:
        address = self._open.pop(connection, None)
        if address is None:
            return
        _less(self._per_address, address)
        if connection in self._waiting:
            del self._waiting[connection]
            _less(self._waiting_per_address, address)

    def close_all(self) -> None:
        """Close every connection at once (sharing stops)."""
        for connection in list(self._open):
            connection.drop()


def _less(counts: Counter[str], address: str) -> None:
    counts[address] -= 1
    if counts[address] <= 0:
        del counts[address]


def address_of(peer: object) -> str:
    """Who a connection counts against: its IPv4 address, or its IPv6 address's /64."""
    host = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
    if ":" not in host:
        return host
    try:
        address = ipaddress.IPv6Address(host.split("%")[0])
    except ValueError:
        return host
    if address.ipv4_mapped is not None:
        return str(address.ipv4_mapped)
    return str(ipaddress.IPv6Network((address, 64), strict=False))


class Guarded(asyncio.Protocol):
    """One connection: admitted by the guard, then handed to aiohttp's protocol."""

    def __init__(self, guard: Guard, make_inner: Callable[[], asyncio.Protocol]) -> None:
        self._guard = guard
        self._make_inner = make_inner
        self._inner: asyncio.Protocol | None = None
        self._transport: asyncio.Transport | None = None
        self._deadline: asyncio.TimerHandle | None = None
        self._head = 0
        self._tail = b""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self._transport = transport
        if not self._guard.admit(self, address_of(transport.get_extra_info("peername"))):
            transport.abort()
            return
        limits = self._guard.limits
        self._deadline = asyncio.get_running_loop().call_later(limits.head_seconds, self._late)
        self._inner = self._make_inner()
        self._inner.connection_made(transport)

    def data_received(self, data: bytes) -> None:
        inner = self._inner
        if inner is None:
            return
        if self._deadline is not None:
            self._head += len(data)
            seen = self._tail + data
            if any(end in seen for end in HEAD_ENDS):
                self._deadline.cancel()
                self._deadline = None
                self._guard.headed(self)
            elif self._head > self._guard.limits.head_bytes:
                self._guard.too_slow += 1
                self.drop()
                return
            else:
                self._tail = seen[-3:]
        inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self._inner.eof_received() if self._inner is not None else None

    def pause_writing(self) -> None:
        if self._inner is not None:
            self._inner.pause_writing()

    def resume_writing(self) -> None:
        if self._inner is not None:
            self._inner.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        self._guard.leave(self)
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None
        inner, self._inner = self._inner, None
        if inner is not None:
            inner.connection_lost(exc)

    def _late(self) -> None:
        self._deadline = None
        self._guard.too_slow += 1
        self.drop()

    def drop(self) -> None:
        """Close at once, without a goodbye (the counts are freed now, not when it is gone)."""
        self._guard.leave(self)
        if self._transport is not None:
            self._transport.abort()
