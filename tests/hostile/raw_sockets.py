"""A hostile device on the loopback: raw sockets that stall, and WebSocket frames made by hand.

Every socket has a timeout and every loop a count or a deadline; nothing leaves
127.0.0.0/8 (a device's own address is one of 127.0.0.2, 127.0.0.3, ...: the
loopback answers to all of them, so a test can play several devices).
"""

from __future__ import annotations

import contextlib
import os
import resource
import select
import selectors
import socket
import struct
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager

HEAD = b"GET / HTTP/1.1\r\nHost: x\r\n"
"""A request line and one header, then nothing: a half-open request."""
KEY = "dGhlIHNhbXBsZSBub25jZQ=="


def half_open(port: int, source: str, count: int) -> list[socket.socket]:
    """``count`` connections from ``source``, each having sent :data:`HEAD` only."""
    opened: list[socket.socket] = []
    try:
        for _ in range(count):
            sock = socket.socket()
            opened.append(sock)
            sock.settimeout(5)
            sock.bind((source, 0))
            with contextlib.suppress(ConnectionResetError):  # refused before connect() returned
                sock.connect(("127.0.0.1", port))
                sock.sendall(HEAD)
    except BaseException:
        close_all(opened)
        raise
    return opened


def closed_by_server(sock: socket.socket) -> bool:
    """Whether the server closed ``sock`` (what it sent before is read and dropped)."""
    for _ in range(64):
        ready, _, _ = select.select([sock], [], [], 0)
        if not ready:
            return False
        try:
            if sock.recv(65536) == b"":
                return True
        except OSError:
            return True
    return False


def wait_closed(socks: list[socket.socket], wanted: int, seconds: float = 10.0) -> int:
    """How many of ``socks`` the server closed, once ``wanted`` are or the time is up."""
    deadline = time.monotonic() + seconds
    closed = sum(closed_by_server(s) for s in socks)
    while closed < wanted and time.monotonic() < deadline:  # kept: polls until a deadline
        time.sleep(0.05)
        closed = sum(closed_by_server(s) for s in socks)
    return closed


def close_all(socks: list[socket.socket]) -> None:
    for sock in socks:
        sock.close()


def answer_head(
    url: str, source: str = "127.0.0.1", headers: dict[str, str] | None = None
) -> bytes:
    """The status line and headers of the answer to a GET of ``url`` from ``source``."""
    host, port = url.split("/")[2].split(":")
    path = "/" + url.split("/", 3)[3]
    with socket.create_connection((host, int(port)), timeout=5, source_address=(source, 0)) as s:
        fields = {"Host": f"{host}:{port}", "Connection": "close", **(headers or {})}
        head = f"GET {path} HTTP/1.1\r\n" + "".join(f"{k}: {v}\r\n" for k, v in fields.items())
        s.sendall(head.encode() + b"\r\n")
        answer = b""
        while b"\r\n\r\n" not in answer and len(answer) < 65536:
            more = s.recv(65536)
            if not more:
                break
            answer += more
    return answer.split(b"\r\n\r\n")[0]


def get(url: str, source: str = "127.0.0.1", headers: dict[str, str] | None = None) -> int:
    """The status of a GET of ``url`` from the address ``source`` (5 s at most)."""
    return int(answer_head(url, source, headers).split()[1])


def page_loads(url: str) -> bool:
    """Whether a plain client (urllib, from 127.0.0.1) gets the page, 5 s at most."""
    with urllib.request.urlopen(url, timeout=5) as answer:
        return bool(answer.status == 200 and b"<canvas" in answer.read())


def frame(opcode: int, payload: bytes, fin: bool = True, rsv: int = 0) -> bytes:
    """One masked WebSocket frame from a client."""
    size = len(payload)
    length = bytes([0x80 | size]) if size < 126 else bytes([0x80 | 126]) + struct.pack(">H", size)
    mask = os.urandom(4)
    masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    return bytes([(0x80 if fin else 0) | rsv | opcode]) + length + mask + masked


def upgrade(
    port: int,
    path: str,
    fields: dict[str, str] | None = None,
    source: str = "127.0.0.1",
    small: bool = False,
) -> tuple[bytes, socket.socket | None]:
    """A WebSocket handshake on ``path`` from the address ``source``: the answer's head, and
    the raw socket when the answer is 101 (else the socket is closed); ``small``: with a
    receive buffer of 4 KiB."""
    sock = socket.socket()
    sock.settimeout(5)
    if small:  # a device that reads nothing fills this at once
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.bind((source, 0))
    sock.connect(("127.0.0.1", port))
    headers = {
        "Host": f"127.0.0.1:{port}",
        "Upgrade": "websocket",
        "Connection": "Upgrade",
        "Sec-WebSocket-Key": KEY,
        "Sec-WebSocket-Version": "13",
        **(fields or {}),
    }
    head = f"GET {path} HTTP/1.1\r\n" + "".join(f"{k}: {v}\r\n" for k, v in headers.items())
    sock.sendall(head.encode() + b"\r\n")
    answer = b""
    while b"\r\n\r\n" not in answer and len(answer) < 65536:
        more = sock.recv(1)  # one byte at a time: the first view may follow at once
        if not more:
            break
        answer += more
    if not answer.startswith(b"HTTP/1.1 101"):
        sock.close()
        return answer.split(b"\r\n\r\n")[0], None
    return answer.split(b"\r\n\r\n")[0], sock


def websocket(
    port: int,
    path: str,
    fields: dict[str, str] | None = None,
    source: str = "127.0.0.1",
    small: bool = False,
) -> socket.socket:
    """The raw socket of a WebSocket on ``path`` (AssertionError naming the answer unless
    it is 101)."""
    head, sock = upgrade(port, path, fields, source, small)
    if sock is None:
        raise AssertionError(head[:80])
    return sock


def close_frame(sock: socket.socket, seconds: float = 5.0) -> tuple[int, str] | None:
    """The code and reason of the close frame the server sends next, skipping its views;
    None when the connection ends without one."""
    deadline = time.monotonic() + seconds
    buffer = b""
    while time.monotonic() < deadline:
        while len(buffer) >= 2:
            opcode, size, at = buffer[0] & 0x0F, buffer[1] & 0x7F, 2
            if size == 126:
                size, at = struct.unpack(">H", buffer[2:4])[0], 4
            elif size == 127:
                size, at = struct.unpack(">Q", buffer[2:10])[0], 10
            if len(buffer) < at + size:
                break
            payload, buffer = buffer[at : at + size], buffer[at + size :]
            if opcode == 8:
                code = struct.unpack(">H", payload[:2])[0] if len(payload) >= 2 else 0
                return code, payload[2:].decode("utf-8", "replace")
        try:
            more = sock.recv(65536)
        except OSError:
            return None
        if not more:
            return None
        buffer += more
    return None


@contextmanager
def open_files(count: int) -> Iterator[None]:
    """This process may open ``count`` more files for the block (the soft limit raised
    towards the hard one, put back after)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = soft + count if hard == resource.RLIM_INFINITY else min(hard, soft + count)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, wanted), hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


class Flood:
    """``count`` half-open connections from ``source``, held in a thread: each one the server
    closes is opened again at once, until :meth:`stop` (or ``seconds``, or a million opens)."""

    def __init__(self, port: int, source: str, count: int, seconds: float = 60.0) -> None:
        self.port, self.source, self.count = port, source, count
        self.opened = 0
        self.held = threading.Event()
        """Set once all ``count`` connections were opened."""
        self._stop = threading.Event()
        self._deadline = time.monotonic() + seconds
        self._thread = threading.Thread(target=self._run, name="flood", daemon=True)

    def __enter__(self) -> Flood:
        self._thread.start()
        if not self.held.wait(30):
            raise AssertionError("the flood could not open its connections")
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        self._thread.join(10)

    def _open(self, selector: selectors.BaseSelector) -> None:
        sock = socket.socket()
        sock.setblocking(False)
        sock.bind((self.source, 0))
        sock.connect_ex(("127.0.0.1", self.port))
        selector.register(sock, selectors.EVENT_WRITE)
        self.opened += 1

    def _run(self) -> None:
        with selectors.DefaultSelector() as selector:
            for _ in range(self.count):
                self._open(selector)
            self.held.set()
            while not self._stop.is_set() and time.monotonic() < self._deadline:
                for key, events in selector.select(0.05):
                    sock = key.fileobj
                    assert isinstance(sock, socket.socket)
                    if events & selectors.EVENT_WRITE:
                        with contextlib.suppress(OSError):
                            sock.send(HEAD)
                        selector.modify(sock, selectors.EVENT_READ)
                        continue
                    with contextlib.suppress(OSError):
                        if sock.recv(4096):
                            continue
                    selector.unregister(sock)
                    sock.close()
                    if self.opened < 1_000_000:
                        self._open(selector)
            for key in list(selector.get_map().values()):
                key.fileobj.close()  # type: ignore[union-attr]
