"""A phone's choices and rolls reaching the server (issue 31): checked, permitted, answered once.

Every loop is bounded by a timeout; nothing leaves the loopback address.
"""

from __future__ import annotations

import asyncio
import json
import threading
from typing import Any

import aiohttp
import pytest

from tactical.share import frames
from tactical.share.answers import WATCH_ONLY
from tactical.share.frames import HandFrame
from tactical.share.hand_view import NO_DECLARING, NO_ROLLING
from tactical.share.links import Link, links_for
from tactical.share.publish import builder_for
from tactical.share.server import ShareServer
from tests.share.conftest import crypt, link_named

TIMEOUT = aiohttp.ClientTimeout(total=5)
CHOICE: dict[str, Any] = {
    "type": "choose",
    "id": "a1",
    "ask": "declare:bram",
    "values": {"card": "Mace"},
}


@pytest.mark.parametrize(
    "frame",
    [
        {**CHOICE, "values": {"card": {"nested": "object"}}},
        {**CHOICE, "values": {"card": ["a", "list"]}},
        {**CHOICE, "values": {"card": 1.5}},
        {**CHOICE, "values": {"Card Name": "Mace"}},
        {**CHOICE, "values": {f"v{i}": "x" for i in range(9)}},
        {**CHOICE, "values": {"card": "x" * 201}},
        {**CHOICE, "values": {"card": "line\nbreak"}},
        {**CHOICE, "id": "not an id!"},
        {**CHOICE, "id": 7},
        {**CHOICE, "ask": ""},
        {**CHOICE, "extra": True},
        {"type": "roll", "id": "r1", "ask": "roll:bram"},
        {"type": "roll", "id": "r1", "ask": "roll:bram", "dice": [0]},
        {"type": "roll", "id": "r1", "ask": "roll:bram", "dice": [1001]},
        {"type": "roll", "id": "r1", "ask": "roll:bram", "dice": [True]},
        {"type": "roll", "id": "r1", "ask": "roll:bram", "dice": [1] * 21},
        {"type": "roll", "id": "r1", "ask": "roll:bram", "for_me": "yes"},
        {"type": "roll", "id": "r1", "ask": "roll:bram", "dice": [3], "values": {}},
    ],
)
def test_a_frame_a_page_never_sends_is_refused(frame: dict[str, Any]) -> None:
    with pytest.raises(frames.Refused):
        frames.hand_frame(frame)


def test_a_choice_and_a_roll_read_as_sent() -> None:
    choice = frames.hand_frame({**CHOICE, "values": {"card": "Mace", "target": None}})
    assert choice == HandFrame("choose", "a1", "declare:bram", {"card": "Mace", "target": None})
    roll = frames.hand_frame({"type": "roll", "id": "r-2", "ask": "roll:bram", "dice": [3, 6]})
    assert (roll.dice, roll.for_me) == ((3, 6), False)
    mine = frames.hand_frame({"type": "roll", "id": "r-3", "ask": "roll:bram", "for_me": True})
    assert (mine.dice, mine.for_me) == ((), True)


class Tried:
    """A hand handler that records what it was asked (in the server's worker threads)."""

    def __init__(self) -> None:
        self.frames: list[tuple[str, HandFrame]] = []
        self.lock = threading.Lock()
        self.release = threading.Event()
        self.release.set()
        self.started = threading.Event()

    def __call__(self, link: Link, frame: HandFrame) -> str | None:
        self.started.set()
        self.release.wait(5)
        with self.lock:
            self.frames.append((link.label, frame))
        return None if frame.values.get("card") != "Nothing" else "Bram has no such card."


def _serve() -> tuple[ShareServer, Tried]:
    encounter = crypt()
    server = ShareServer(links_for(encounter), "127.0.0.1", 0)
    tried = Tried()
    server.on_hand = tried
    server.start()
    server.publish(builder_for(encounter))
    return server, tried


async def _replies(url: str, sent: list[dict[str, Any]], wanted: int) -> list[dict[str, Any]]:
    """Send ``sent`` on one connection and gather ``wanted`` replies (bounded)."""
    replies: list[dict[str, Any]] = []
    async with (
        aiohttp.ClientSession(timeout=TIMEOUT) as session,
        session.ws_connect(url.replace("http", "ws") + "/ws") as socket,
    ):
        for frame in sent:
            await socket.send_str(json.dumps(frame))
        for _ in range(50):
            if len(replies) >= wanted:
                break
            message = await socket.receive(timeout=5)
            if message.type != aiohttp.WSMsgType.TEXT:
                replies.append({"closed": message.extra})
                break
            data = json.loads(message.data)
            if data.get("type") == "answered":
                replies.append(data)
    return replies


def _ask(url: str, sent: list[dict[str, Any]], wanted: int = 1) -> list[dict[str, Any]]:
    return asyncio.run(asyncio.wait_for(_replies(url, sent, wanted), 10))


def test_what_a_link_may_do_is_read_again_on_every_frame() -> None:
    server, tried = _serve()
    bram = link_named(server, "Bram")
    roll = {"type": "roll", "id": "r1", "ask": "roll:bram", "dice": [4, 2]}
    try:
        assert _ask(server.url(bram), [CHOICE, roll], 2) == [
            {"type": "answered", "id": "a1", "ok": True, "reason": ""},
            {"type": "answered", "id": "r1", "ok": True, "reason": ""},
        ]
        server.links.allow(bram.token, "declare", False)
        server.links.allow(bram.token, "roll", False)
        again: list[dict[str, Any]] = [{**CHOICE, "id": "a2"}, {**roll, "id": "r2"}]
        assert [r["reason"] for r in _ask(server.url(bram), again, 2)] == [
            NO_DECLARING,
            NO_ROLLING,
        ]
        table = link_named(server, "Table")
        assert _ask(server.url(table), [{**CHOICE, "id": "t1"}])[0]["reason"] == WATCH_ONLY
    finally:
        server.stop()
    assert [(label, f.nonce) for label, f in tried.frames] == [("Bram", "a1"), ("Bram", "r1")]


def test_a_choice_sent_again_after_a_drop_is_entered_once_and_answered_each_time() -> None:
    server, tried = _serve()
    bram = link_named(server, "Bram")
    url = server.url(bram)
    tried.release.clear()  # the GM's app is slow: the page drops before it answers

    async def drop_then_resend() -> list[dict[str, Any]]:
        async with (
            aiohttp.ClientSession(timeout=TIMEOUT) as session,
            session.ws_connect(url.replace("http", "ws") + "/ws") as socket,
        ):
            await socket.send_str(json.dumps(CHOICE))
            loop = asyncio.get_running_loop()
            assert await loop.run_in_executor(None, tried.started.wait, 5)
        tried.release.set()
        return await _replies(url, [CHOICE, CHOICE], 2)

    try:
        replies = asyncio.run(asyncio.wait_for(drop_then_resend(), 10))
    finally:
        server.stop()
    assert replies == [{"type": "answered", "id": "a1", "ok": True, "reason": ""}] * 2
    assert len(tried.frames) == 1


def test_a_refusal_comes_back_in_the_handlers_words_and_a_bad_frame_closes_with_a_reason() -> None:
    server, _tried = _serve()
    bram = link_named(server, "Bram")
    nothing = {**CHOICE, "id": "n1", "values": {"card": "Nothing"}}
    bad = {**CHOICE, "id": "n2", "values": {"card": {"deep": 1}}}
    try:
        reply, closed = _ask(server.url(bram), [nothing, bad], 2)
    finally:
        server.stop()
    assert reply == {
        "type": "answered",
        "id": "n1",
        "ok": False,
        "reason": "Bram has no such card.",
    }
    assert closed == {"closed": "bad value"}


def test_the_view_tells_a_page_what_its_link_may_do() -> None:
    server, _tried = _serve()
    bram = link_named(server, "Bram")

    async def views() -> list[list[str]]:
        seen: list[list[str]] = []
        async with (
            aiohttp.ClientSession(timeout=TIMEOUT) as session,
            session.ws_connect(server.url(bram).replace("http", "ws") + "/ws") as ws,
        ):
            for _ in range(50):
                data = json.loads((await ws.receive(timeout=5)).data)
                if data.get("type") != "view":
                    continue
                seen.append(data["may"])
                if len(seen) == 1:
                    server.links.allow(bram.token, "roll", False)
                    server.links.allow(bram.token, "move", True)
                    server.publish(builder_for(crypt()))
                else:
                    return seen
        return seen

    try:
        seen = asyncio.run(asyncio.wait_for(views(), 10))
    finally:
        server.stop()
    assert seen == [["watch", "declare", "roll"], ["watch", "declare", "move"]]
