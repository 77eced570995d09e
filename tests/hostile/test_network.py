"""The phones' server on a hostile network (issue 30): stalled connections, floods, foreign
hosts and origins, bad frames. Loopback only; every wait and loop is bounded.

The caps and deadlines are the server's constructor parameters, so most tests need a
handful of sockets; the issue's own numbers (1,100 half-open connections against a
limit of 1,024 open files, 32 WebSockets on one link) run once each.
"""

from __future__ import annotations

import asyncio
import errno
import logging
import re
import socket
import threading
from collections.abc import Callable, Iterator

import aiohttp
import pytest

from tactical.persistence import load_encounter
from tactical.share import quiet_log
from tactical.share.limits import Limits
from tactical.share.links import Link, links_for
from tactical.share.publish import builder_for
from tactical.share.server import ShareServer
from tests.hostile.conftest import ROOT, guarded
from tests.hostile.raw_sockets import (
    answer_head,
    close_all,
    close_frame,
    closed_by_server,
    frame,
    get,
    half_open,
    page_loads,
    upgrade,
    wait_closed,
    websocket,
)
from tests.share.conftest import crypt, link_named

Serve = Callable[[Limits], ShareServer]


@pytest.fixture
def serve() -> Iterator[Serve]:
    """Starts crypt-fog's server on 127.0.0.1 with the limits given; stops it after."""
    started: list[ShareServer] = []

    def start(limits: Limits) -> ShareServer:
        encounter = crypt()
        server = ShareServer(links_for(encounter), "127.0.0.1", 0, limits)
        server.start()
        server.publish(builder_for(encounter))
        started.append(server)
        return server

    with guarded(120):
        yield start
    for server in started:
        server.stop()


def _path(server: ShareServer, link: Link) -> str:
    return server.url(link).split(str(server.port), 1)[1]


def test_an_address_over_its_cap_is_closed_at_once_and_others_still_get_the_page(
    serve: Serve,
) -> None:
    server = serve(Limits(per_address=4, head_seconds=30))
    table = server.url(link_named(server, "Table"))
    stalled = half_open(server.port, "127.0.0.2", 12)
    try:
        assert wait_closed(stalled, 8) == 8  # the eight over the cap, at once
        assert get(table, source="127.0.0.3") == 200
        assert get(table, source="127.0.0.1") == 200
        assert wait_closed(stalled, 9, seconds=0.5) == 8  # the four within it wait on
    finally:
        close_all(stalled)


def test_a_connection_without_a_whole_request_head_in_time_is_closed(serve: Serve) -> None:
    server = serve(Limits(head_seconds=0.5))
    stalled = half_open(server.port, "127.0.0.2", 3)
    try:
        assert wait_closed(stalled, 3) == 3
    finally:
        close_all(stalled)


def test_an_idle_kept_alive_connection_is_closed(serve: Serve) -> None:
    server = serve(Limits(idle_seconds=0.5))
    table = link_named(server, "Table")
    kept = socket.create_connection(("127.0.0.1", server.port), timeout=5)
    try:
        kept.sendall(
            f"GET {_path(server, table)} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n\r\n".encode()
        )
        assert kept.recv(12) == b"HTTP/1.1 200"  # the page, and the connection kept alive
        assert wait_closed([kept], 1) == 1  # until it sent nothing more for a while
        assert get(server.url(table)) == 200
    finally:
        kept.close()


def test_at_the_overall_cap_a_new_device_takes_the_place_of_a_stalled_connection(
    serve: Serve,
) -> None:
    server = serve(Limits(connections=8, per_address=4, head_seconds=30))
    table = _path(server, link_named(server, "Table")) + "/ws"
    stalled = [s for n in (2, 3, 4) for s in half_open(server.port, f"127.0.0.{n}", 4)]
    watching = []
    try:
        assert wait_closed(stalled, 4) == 4  # twelve tried, eight held
        for n in range(10, 14):  # four phones from new addresses, each keeping its socket
            watching.append(websocket(server.port, table, source=f"127.0.0.{n}"))
        assert wait_closed(stalled, 8) == 8  # each took a stalled connection's place
        assert not any(closed_by_server(s) for s in watching)
    finally:
        close_all(stalled + watching)


def test_at_the_overall_cap_the_address_holding_most_stalled_connections_gives_one_up(
    serve: Serve,
) -> None:
    """A flood from many addresses cannot take a phone's new connection before its own:
    the place is taken from the address holding the most connections without a head."""
    server = serve(Limits(connections=8, per_address=8, head_seconds=30))
    phone = half_open(server.port, "127.0.0.3", 1)  # the oldest, but its address holds one
    flood = half_open(server.port, "127.0.0.2", 7)
    newcomer = half_open(server.port, "127.0.0.4", 1)
    try:
        assert wait_closed(flood, 1) == 1
        assert wait_closed(phone + newcomer, 1, seconds=0.5) == 0
    finally:
        close_all(phone + flood + newcomer)


def _even_flood(server: ShareServer) -> list[socket.socket]:
    """Eight stalled connections, two from each of four addresses: the cap of eight, held."""
    flood = [s for n in (2, 3, 4, 5) for s in half_open(server.port, f"127.0.0.{n}", 2)]
    assert wait_closed(flood, 1, seconds=0.5) == 0
    return flood


def test_at_the_overall_cap_a_flood_spread_evenly_is_refused_at_once_and_a_request_gets_in(
    serve: Serve,
) -> None:
    """A flood that reconnects as soon as one of its connections is closed is turned away
    without closing what it holds (before, every new one closed an old one: the server's
    thread set connections up and tore them down as fast as the flood opened them); a
    phone's request, whole when it is accepted, still takes a stalled connection's place."""
    server = serve(Limits(connections=8, per_address=8, head_seconds=30, settled_seconds=30))
    flood = _even_flood(server)
    newcomers: list[socket.socket] = []
    loop = server._loop
    assert loop is not None
    try:
        for n in (2, 3, 4, 5):  # each address holds as many as the most
            newcomers += half_open(server.port, f"127.0.0.{n}", 1)
        assert wait_closed(newcomers, 4) == 4
        assert wait_closed(flood, 1, seconds=0.5) == 0
        held = threading.Event()  # the server's loop waits while a phone's request comes
        loop.call_soon_threadsafe(held.wait, 10)
        phone = socket.create_connection(("127.0.0.1", server.port), timeout=5)
        newcomers.append(phone)
        path = _path(server, link_named(server, "Table"))
        phone.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n\r\n".encode())
        held.set()
        assert phone.recv(12) == b"HTTP/1.1 200"
        assert wait_closed(flood, 1) == 1
    finally:
        close_all(flood + newcomers)


def test_at_the_overall_cap_a_stalled_connection_that_waited_gives_its_place_up(
    serve: Serve,
) -> None:
    """A phone whose request has not come when it is accepted still gets in under an even
    flood, once the flood's oldest connection has waited a while."""
    server = serve(Limits(connections=8, per_address=8, head_seconds=30, settled_seconds=0.3))
    flood = _even_flood(server)
    tried: list[socket.socket] = []
    try:
        for _ in range(100):  # a new one every 0.05 s: refused until the oldest waited
            tried += half_open(server.port, "127.0.0.2", 1)
            if wait_closed(flood, 1, seconds=0.05) == 1:
                break
        assert wait_closed(flood, 2, seconds=0.2) == 1
        assert not closed_by_server(tried[-1])  # the one that took its place
        assert wait_closed(tried[:-1], len(tried) - 1) == len(tried) - 1
    finally:
        close_all(flood + tried)


def test_one_link_cannot_take_every_device_slot(serve: Serve) -> None:
    """32 WebSockets on the table link (its QR code may be on show): the players'
    links still take their devices."""
    server = serve(Limits())
    table = _path(server, link_named(server, "Table")) + "/ws"
    held, refused = [], 0
    try:
        for _ in range(32):
            try:
                held.append(websocket(server.port, table))
            except AssertionError as error:
                assert "503" in str(error)
                refused += 1
        assert (len(held), refused) == (8, 24)
        for name in ("Ilse", "Bram", "Oda"):
            path = _path(server, link_named(server, name)) + "/ws"
            for _ in range(4):
                held.append(websocket(server.port, path))
    finally:
        close_all(held)


@pytest.mark.slow
def test_a_device_that_reads_nothing_does_not_hold_the_others_views_up() -> None:
    """Its buffers fill and sending to it would wait: the other pages' views do not."""
    encounter = load_encounter(ROOT / "maps" / "benchmark-256.tactical.json")  # big views
    server = ShareServer(links_for(encounter), "127.0.0.1", 0)
    server.start()
    server.publish(builder_for(encounter))
    table = link_named(server, "Table")
    mover = next(t for t in encounter.tokens.values() if t.square is not None)
    url = server.url(table).replace("http", "ws") + "/ws"

    async def watch() -> int:
        seen = 0
        async with (
            aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=120)) as session,
            session.ws_connect(url, max_msg_size=0) as page,
        ):
            await page.receive(timeout=5)
            for step in range(100):  # a token steps east and back: 100 new views
                col, row = mover.position  # type: ignore[misc]
                mover.position = (col + (1 if step % 2 == 0 else -1), row)
                server.publish(builder_for(encounter))
                message = await page.receive(timeout=5)  # TimeoutError: held up
                assert message.type == aiohttp.WSMsgType.TEXT
                seen += 1
        return seen

    stuck = websocket(server.port, _path(server, table) + "/ws", small=True)
    try:
        with guarded(120):
            assert asyncio.run(watch()) == 100
    finally:
        stuck.close()
        server.stop()


def test_a_page_asked_for_under_a_name_that_is_not_this_server_is_refused(
    serve: Serve,
) -> None:
    """DNS rebinding: a site's name pointed at this computer reaches no page."""
    server = serve(Limits())
    table = server.url(link_named(server, "Table"))
    port = server.port
    assert get(table) == 200
    assert get(table, headers={"Host": f"localhost:{port}"}) == 200  # a loopback name
    for host in (f"evil.example:{port}", "evil.example", f"127.0.0.1:{port + 1}", "127.0.0.1"):
        assert get(table, headers={"Host": host}) == 421, host
    with pytest.raises(AssertionError, match="421"):
        websocket(port, _path(server, link_named(server, "Bram")) + "/ws", {"Host": "a.example"})


def test_a_websocket_from_a_foreign_origin_is_refused(serve: Serve) -> None:
    server = serve(Limits())
    path = _path(server, link_named(server, "Ilse")) + "/ws"
    port = server.port
    for origin in ("http://evil.example", "null", f"http://127.0.0.1:{port + 1}"):
        with pytest.raises(AssertionError, match="403"):
            websocket(port, path, {"Origin": origin})
    websocket(port, path, {"Origin": f"http://127.0.0.1:{port}"}).close()


BAD_FRAMES = {
    "nested JSON": (frame(1, b"[" * 2000 + b"]" * 2000), 1008, "too deeply nested"),
    "binary": (frame(2, b"\x00\x01"), 1008, "text messages only"),
    "too many": (b"".join(frame(1, b"{}") for _ in range(30)), 1008, "too many messages"),
    "too big": (frame(1, b"x" * 5000), 1009, "message too big"),
    "not UTF-8": (frame(1, b"\xff\xfe"), 1007, "not UTF-8 text"),
    "unknown opcode": (frame(3, b"x"), 1002, "protocol error"),
    "reserved bit": (frame(1, b"{}", rsv=0x40), 1002, "protocol error"),
    "fragmented ping": (frame(9, b"x", fin=False), 1002, "protocol error"),
    "continuation first": (frame(0, b"x"), 1002, "protocol error"),
    "close code 999": (frame(8, b"\x03\xe7"), 1002, "protocol error"),
}


@pytest.mark.parametrize("name", list(BAD_FRAMES))
def test_every_bad_frame_is_a_close_with_its_reason_and_nothing_reaches_the_log(
    serve: Serve, caplog: pytest.LogCaptureFixture, name: str
) -> None:
    data, code, reason = BAD_FRAMES[name]
    server = serve(Limits())
    sock = websocket(server.port, _path(server, link_named(server, "Oda")) + "/ws")
    try:
        with caplog.at_level(logging.DEBUG):
            sock.sendall(data)
            assert close_frame(sock) == (code, reason)
            assert page_loads(server.url(link_named(server, "Oda")))  # the server carries on
    finally:
        sock.close()
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == []


def test_malformed_requests_get_a_short_answer_naming_no_version_and_nothing_is_logged(
    serve: Serve, caplog: pytest.LogCaptureFixture
) -> None:
    server = serve(Limits())
    table = server.url(link_named(server, "Table"))
    answers = []
    with caplog.at_level(logging.DEBUG):
        for index in range(100):
            sock = half_open(server.port, "127.0.0.2", 1)[0]
            sock.sendall(f"Bad header {index}\r\n\r\n".encode())
            answers.append(sock.recv(4096))
            sock.close()
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == []
    undated = {re.sub(rb"\r\nDate: [^\r]*", b"", a) for a in answers}
    assert len(undated) == 1  # the same short answer, whatever was sent
    head, body = undated.pop().split(b"\r\n\r\n")
    assert b" 400 Bad Request\r\n" in head and b"\r\nServer: tactical\r\n" in head
    assert body == b"Bad Request"
    assert page_loads(table)


def test_every_answer_names_the_server_without_a_version(serve: Serve) -> None:
    server = serve(Limits())
    table = server.url(link_named(server, "Table"))
    socket_head, sock = upgrade(server.port, _path(server, link_named(server, "Bram")) + "/ws")
    assert sock is not None
    sock.close()
    heads = {
        "the page": answer_head(table),
        "a script": answer_head(table.split("/s/")[0] + "/static/page.js"),
        "a wrong key": answer_head(table.split("/s/")[0] + "/s/nope"),
        "a foreign host": answer_head(table, headers={"Host": "a.example"}),
        "a WebSocket": socket_head,
    }
    for what, head in heads.items():
        names = [x for x in head.split(b"\r\n") if x.lower().startswith(b"server:")]
        assert names == [b"Server: tactical"], what


def test_asyncio_out_of_open_files_is_one_line_with_a_count_not_a_flood(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Out of open files, Python 3.11's accept loop reports the failure up to a hundred
    times a turn; the server's loop reports them through the log's rate limit."""
    loop = asyncio.new_event_loop()
    loop.set_exception_handler(quiet_log.loop_errors)
    error = OSError(errno.EMFILE, "Too many open files")
    try:
        with caplog.at_level(logging.DEBUG):
            for _ in range(1000):
                loop.call_exception_handler(
                    {"message": "socket.accept() out of system resource", "exception": error}
                )
            quiet_log.LIMIT.flush()
    finally:
        loop.close()
    said = [r.getMessage() for r in caplog.records]
    assert said == [
        "asyncio: socket.accept() out of system resource",
        "999 more like this not shown: socket.accept() out of system resource "
        "(tactical.share.server)",
    ]
