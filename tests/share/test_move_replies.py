"""What a phone is told about its moves (issue 30): a reach built from what its link sees, and
a reply that never carries the GM's side of a failure.

Every loop is bounded by a timeout; nothing leaves the loopback address.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import aiohttp
import pytest

from tactical.share.links import Link, links_for
from tactical.share.publish import builder_for
from tactical.share.server import ShareServer
from tactical.share.view import character_view
from tests.share.conftest import crypt, leaks, link_named

TIMEOUT = aiohttp.ClientTimeout(total=5)


def _reach(data: dict[str, Any]) -> dict[tuple[int, int], int]:
    return {(c[0], c[1]): c[2] for c in data["reach"]}


def test_tokens_a_character_cannot_see_leave_no_hole_in_its_reach() -> None:
    encounter = crypt()
    encounter.tokens["saint"].position = (7, 12)  # marked hidden, two squares from Bram
    encounter.tokens["ghoul"].position = (12, 7)  # in the corridor: explored, out of sight
    data = character_view(encounter, "bram", moves=True, budget=10).data
    assert [t["id"] for t in data["tokens"] if t["id"] in ("saint", "ghoul")] == []
    alone = crypt()
    for gone in ("saint", "ghoul"):
        alone.remove_token(gone)
    nobody = _reach(character_view(alone, "bram", moves=True, budget=10).data)
    reach = _reach(data)
    assert reach == nobody  # Bram cannot know who stands where it does not see
    assert reach[(7, 12)] == 2 and reach[(12, 7)] == 9 and reach[(13, 7)] == 10
    assert not leaks(json.dumps(data))


def test_a_handler_that_fails_is_logged_and_the_phone_reads_one_plain_line(
    caplog: pytest.LogCaptureFixture,
) -> None:
    encounter = crypt()
    links = links_for(encounter)
    server = ShareServer(links, "127.0.0.1", 0)

    def handler(_link: Link, data: dict[str, Any]) -> str | None:
        raise RuntimeError(f"The Hollow Saint waits at {data.get('col')}")

    server.on_move = handler
    bram = link_named(server, "Bram")
    links.set_moves(bram.token, True)
    server.start()
    server.publish(builder_for(encounter))
    url = server.url(bram).replace("http", "ws") + "/ws"

    async def ask() -> list[str]:
        frames: list[str] = []
        async with (
            aiohttp.ClientSession(timeout=TIMEOUT) as session,
            session.ws_connect(url) as socket,
        ):
            await socket.send_str(json.dumps({"type": "move", "token": "bram", "col": 21}))
            while not any('"moved"' in f for f in frames):
                message = await socket.receive(timeout=5)
                assert message.type == aiohttp.WSMsgType.TEXT, message
                frames.append(message.data)
        return frames

    try:
        frames = asyncio.run(asyncio.wait_for(ask(), 10))
    finally:
        server.stop()
    reply = json.loads(frames[-1])
    assert reply == {"type": "moved", "ok": False, "reason": "The move could not be made."}
    assert not leaks("".join(frames))
    assert "The Hollow Saint waits at 21" in caplog.text  # the GM's log says why
