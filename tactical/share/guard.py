"""The connections the phones' server holds, guarded before aiohttp sees a byte (issue 30).

aiohttp's server reads request heads without a deadline and accepts every
connection, so a device holding a thousand half-open connections (a request
line, a header, then nothing) would use up the process's open files. The
listener (:mod:`.listener`) gives the :class:`Guard` each socket it accepts:

* over :attr:`Limits.per_address` connections from one address, a new one is
  reset at once;
* at :attr:`Limits.connections` overall, a connection that has not sent a whole
  request head yet may be closed to make room: the oldest of the address holding
  the most such connections, so a flood from many addresses gives up its own
  before a phone's new connection can be taken. It is closed when the new
  connection's whole head has already come (a browser sends it at once, and under a
  flood its connection waits in the system's queue behind the flood's), when the new
  one's address would still hold fewer than that one's, or when that one has waited
  :attr:`Limits.settled_seconds`; otherwise (and when none is waiting) the new one is
  reset at once. So a flood spread evenly over many addresses, which reconnects
  each time one of its connections is closed, is turned away for the price of a
  refusal (an accept, a read, a reset), not a connection closed and another set up
  for every one it opens;
* until its whole request head has come, a connection is a bare socket the guard
  reads (no transport, no aiohttp protocol: a stalled connection costs next to
  nothing); one that has not sent it within :attr:`Limits.head_seconds`, or sends
  more than :attr:`Limits.head_bytes` of it, is closed;
* then it becomes a transport (``loop.connect_accepted_socket``) with aiohttp's
  protocol behind a :class:`Served`, which hands it the head first.

An IPv6 device can take many addresses: its /64 network counts as one address.
Nothing is logged per connection: :attr:`Guard.refused` and the like count them.
Idle kept-alive connections are aiohttp's ``keepalive_timeout`` business.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import socket
import struct
from collections import Counter
from collections.abc import Callable

from tactical.share.limits import Limits

HEAD_ENDS = (b"\r\n\r\n", b"\n\n", b"\n\r\n")
"""How a request head ends (a blank line; a bare LF is tolerated as parsers do)."""
_RESET = struct.pack("ii", 1, 0)
"""SO_LINGER on, 0 seconds: a refused connection is reset, leaving nothing behind."""


class Connection:
    """One admitted connection, from its accepting to its end."""

    __slots__ = ("address", "deadline", "dropped", "head", "since", "sock", "transport")

    def __init__(self, sock: socket.socket, address: str, head: bytes, since: float) -> None:
        self.sock = sock
        self.address = address
        self.head = bytearray(head)
        self.since = since
        self.deadline: asyncio.TimerHandle | None = None
        self.transport: asyncio.Transport | None = None
        self.dropped = False


class Guard:
    """Admits, reads, counts and closes the server's connections (see the module's docstring)."""

    def __init__(
        self,
        limits: Limits,
        make_inner: Callable[[], asyncio.Protocol],
        connections: int | None = None,
    ) -> None:
        self.limits = limits
        self.make_inner = make_inner
        """Makes the protocol a connection is handed to once its head came (aiohttp's)."""
        self.cap = limits.connections if connections is None else connections
        self._open: dict[Connection, None] = {}
        self._waiting: dict[Connection, None] = {}  # no whole head yet, oldest first
        self._per_address: Counter[str] = Counter()
        self._waiting_per_address: Counter[str] = Counter()
        self._handing: set[asyncio.Task[None]] = set()
        self.taken = 0
        """Connections given to the guard (accepted), refused ones included."""
        self.refused = 0
        """Connections reset at once (over a cap)."""
        self.evicted = 0
        """Connections without a whole head closed to make room for a new one."""
        self.too_slow = 0
        """Connections closed for not sending a whole head in time (or too long a one)."""

    @property
    def open(self) -> int:
        return len(self._open)

    def take(self, sock: socket.socket, peer: object) -> None:
        """A socket just accepted from ``peer``: admitted and read, or reset at once."""
        self.taken += 1
        address = address_of(peer)
        if self._per_address[address] >= self.limits.per_address:
            self._refuse(sock)
            return
        try:
            head = sock.recv(self.limits.head_bytes + 1, socket.MSG_DONTWAIT)
            if not head:  # the device left already
                self._refuse(sock)
                return
        except (BlockingIOError, InterruptedError):
            head = b""  # nothing yet: read when it comes
        except OSError:
            self._refuse(sock)
            return
        loop = asyncio.get_running_loop()
        now = loop.time()
        if len(self._open) >= self.cap and not self._room(address, _whole(head, 0), now):
            self._refuse(sock)
            return
        connection = Connection(sock, address, head, now)
        self._open[connection] = None
        self._waiting[connection] = None
        self._per_address[address] += 1
        self._waiting_per_address[address] += 1
        sock.setblocking(False)
        if head and self._took(connection, 0):
            return
        connection.deadline = loop.call_later(self.limits.head_seconds, self._late, connection)
        loop.add_reader(sock.fileno(), self._read, connection)

    def _refuse(self, sock: socket.socket) -> None:
        self.refused += 1
        reset(sock)

    def _room(self, address: str, whole: bool, now: float) -> bool:
        """At the overall cap: whether a new connection from ``address`` (``whole``: its
        whole head came) takes a waiting connection's place (see the module's docstring)."""
        if not self._waiting:
            return False
        most = max(self._waiting_per_address.values())
        victim = next(c for c in self._waiting if self._waiting_per_address[c.address] == most)
        fairer = self._waiting_per_address[address] + 1 < most
        if not (whole or fairer or now - victim.since >= self.limits.settled_seconds):
            return False
        self.evicted += 1
        self.drop(victim)
        return True

    def _read(self, connection: Connection) -> None:
        try:
            data = connection.sock.recv(65536)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        if not data:
            self.drop(connection)
            return
        start = len(connection.head)
        connection.head += data
        self._took(connection, start)

    def _took(self, connection: Connection, start: int) -> bool:
        """Hand ``connection`` over once its whole head came (True); close it when its head
        is too long already (True); False while it is still to come."""
        head = connection.head
        if not _whole(head, start):
            if len(head) > self.limits.head_bytes:
                self.too_slow += 1
                self.drop(connection)
                return True
            return False
        self._stop_reading(connection)
        del self._waiting[connection]
        _less(self._waiting_per_address, connection.address)
        served = Served(self, connection, bytes(head))
        connection.head = bytearray()
        task = asyncio.ensure_future(self._hand_over(connection, served))
        self._handing.add(task)
        task.add_done_callback(self._handing.discard)
        return True

    async def _hand_over(self, connection: Connection, served: Served) -> None:
        loop = asyncio.get_running_loop()
        try:
            await loop.connect_accepted_socket(lambda: served, connection.sock)
        except (OSError, RuntimeError):  # the device left at once, or the server stops
            self.leave(connection)
            connection.sock.close()

    def _late(self, connection: Connection) -> None:
        connection.deadline = None
        self.too_slow += 1
        self.drop(connection)

    def _stop_reading(self, connection: Connection) -> None:
        if connection.deadline is not None:
            connection.deadline.cancel()
            connection.deadline = None
        with contextlib.suppress(ValueError, OSError):  # its socket is closed already
            asyncio.get_running_loop().remove_reader(connection.sock)

    def drop(self, connection: Connection) -> None:
        """Close at once, without a goodbye (the counts are freed now, not when it is gone)."""
        if connection.dropped:
            return
        connection.dropped = True
        waiting = connection in self._waiting
        self.leave(connection)
        if connection.transport is not None:
            connection.transport.abort()
        elif waiting:
            self._stop_reading(connection)
            reset(connection.sock)
        # else: being handed over; :class:`Served` aborts it as soon as it has its transport

    def leave(self, connection: Connection) -> None:
        if connection not in self._open:
            return
        del self._open[connection]
        _less(self._per_address, connection.address)
        if connection in self._waiting:
            del self._waiting[connection]
            _less(self._waiting_per_address, connection.address)

    def close_all(self) -> None:
        """Close every connection at once (sharing stops)."""
        for task in list(self._handing):
            task.cancel()
        for connection in list(self._open):
            self.drop(connection)


class Served(asyncio.Protocol):
    """A connection whose head came: aiohttp's protocol, given the head first."""

    def __init__(self, guard: Guard, connection: Connection, head: bytes) -> None:
        self._guard = guard
        self._connection = connection
        self._head = head
        self._inner: asyncio.Protocol | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self._connection.transport = transport
        if self._connection.dropped:  # made room, or sharing stopped, while handed over
            transport.abort()
            return
        self._inner = inner = self._guard.make_inner()
        inner.connection_made(transport)
        head, self._head = self._head, b""
        inner.data_received(head)

    def data_received(self, data: bytes) -> None:
        if self._inner is not None:
            self._inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self._inner.eof_received() if self._inner is not None else None

    def pause_writing(self) -> None:
        if self._inner is not None:
            self._inner.pause_writing()

    def resume_writing(self) -> None:
        if self._inner is not None:
            self._inner.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        self._guard.leave(self._connection)
        inner, self._inner = self._inner, None
        if inner is not None:
            inner.connection_lost(exc)


def _whole(head: bytes | bytearray, start: int) -> bool:
    """Whether ``head`` holds a whole request head (the bytes from ``start`` on are new)."""
    start = max(0, start - 3)
    return any(head.find(end, start) >= 0 for end in HEAD_ENDS)


def reset(sock: socket.socket) -> None:
    """Close ``sock`` with a reset: no goodbye, nothing left waiting in the system."""
    with contextlib.suppress(OSError):  # already gone
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, _RESET)
    sock.close()


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
