"""What goes on the wire: runs that say what the view says, the ground sent once a socket.

The server tests run on 127.0.0.1, every wait bounded.
"""

from __future__ import annotations

import asyncio
import base64
import json
from typing import Any

import aiohttp
import numpy as np
import numpy.typing as npt
import pytest

from tactical.core.fog import Fog
from tactical.share import wire_text
from tactical.share.links import links_for
from tactical.share.publish import builder_for
from tactical.share.server import ShareServer
from tactical.share.view import character_view, table_view
from tactical.share.wire import wire
from tactical.share.wire_ground import ARRAYS, runs
from tests.share.conftest import SECRET_WORDS, crypt, leaks, link_named
from tests.share.held_ground import take_in

TIMEOUT = aiohttp.ClientTimeout(total=5)


def _cells(source: dict[str, Any], name: str, size: int) -> npt.NDArray[Any]:
    """An array as the page reads it: runs, base64, or (absent) all zero."""
    if name + "_runs" in source:
        pairs = source[name + "_runs"]
        out = np.repeat(np.array(pairs[0::2]), np.array(pairs[1::2]))
        assert out.size == size
        return out
    if name not in source:
        return np.zeros(size, dtype=int)
    return np.frombuffer(base64.b64decode(source[name]), dtype=ARRAYS[name])


def _view_arrays(data: dict[str, Any]) -> dict[str, npt.NDArray[Any]]:
    grid = data["map"]
    size = grid["width"] * grid["height"]
    return {name: _cells(grid, name, size) for name in ARRAYS}


def _page_arrays(message: dict[str, Any], held: dict[str, Any]) -> dict[str, npt.NDArray[Any]]:
    grid = message["map"]
    size = grid["width"] * grid["height"]
    ground = message.get("ground", held)
    return {
        "light": _cells(grid, "light", size),
        "elevation": _cells(ground, "elevation", size),
        "terrain": _cells(ground, "terrain", size),
    }


def test_runs_spell_the_array() -> None:
    array = np.array([0, 0, 0, 2, 2, 1, 0, 0], dtype=np.uint8)
    assert runs(array) == [0, 3, 2, 2, 1, 1, 0, 2]
    assert runs(np.zeros(0, dtype=np.uint8)) == []


def test_the_wire_says_exactly_what_the_view_says() -> None:
    encounter = crypt()
    for data in (table_view(encounter).data, character_view(encounter, "ilse").data):
        sent = wire(data)
        full, kept = json.loads(sent.full), json.loads(sent.kept)
        assert "ground" not in kept and kept["map"]["ground"] == sent.ground
        assert full["map"]["ground"] == sent.ground
        expected = _view_arrays(data)
        for message in (full, kept):
            got = _page_arrays(message, full["ground"])
            for name in ARRAYS:
                assert (got[name] == expected[name]).all(), name
        assert full["ground"]["walls"] == data["map"]["walls"]
        assert full["ground"]["lines"] == data["map"]["lines"]
        rest = {k: v for k, v in full.items() if k not in ("map", "ground")}
        assert rest == {k: v for k, v in data.items() if k != "map"}


def test_a_socket_holding_the_ground_is_not_sent_it_again() -> None:
    encounter = crypt()
    sent = wire(character_view(encounter, "ilse").data)
    assert sent.for_socket("") == sent.full
    assert sent.for_socket("another scene's ground") == sent.full
    assert sent.for_socket(sent.ground) == sent.kept
    assert len(sent.kept) < len(sent.full)
    encounter.tokens["bram"].position = (3, 11)  # the same ground: its text is taken over
    again = character_view(encounter, "ilse").data
    followed, fresh = wire(again, sent), wire(again)
    assert (followed.kept, followed.full) == (fresh.kept, fresh.full)
    assert followed.for_socket(sent.ground) == followed.kept


def test_a_light_seen_again_or_written_in_pieces_says_what_its_view_says(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(wire_text, "ITEMS_SLICE", 3)  # the crypt's runs in many pieces
    encounter = crypt()
    ilse = encounter.tokens["ilse"]
    assert ilse.square is not None
    there, away = ilse.square, (ilse.square[0], ilse.square[1] + 2)
    for square in (there, away, there, away):  # the same lights again: their texts kept
        ilse.position = square
        for data in (character_view(encounter, "ilse").data, table_view(encounter).data):
            kept = wire(data).kept
            assert json.loads(kept)["map"]["light_runs"] and "light" not in json.loads(kept)
            got = _page_arrays(json.loads(kept), {})["light"]
            assert (got == _view_arrays(data)["light"]).all()
            whole = json.loads(kept)
            assert kept == json.dumps(whole, ensure_ascii=False, separators=(",", ":"))
            assert {k: v for k, v in whole.items() if k != "map"} == {
                k: v for k, v in data.items() if k != "map"
            }


def test_more_fog_lifted_sends_only_the_new_squares_and_no_square_still_fogged() -> None:
    encounter = crypt()
    grid = encounter.grid
    assert grid is not None
    encounter.fog = Fog(True)
    revealed = np.zeros((grid.height, grid.width), dtype=np.bool_)
    revealed[:4, :6] = True
    encounter.fog.set_mask(revealed)
    before = wire(table_view(encounter).data)
    revealed[4:8, :6] = True
    encounter.fog.set_mask(revealed)
    after = wire(table_view(encounter).data, before)
    assert after.ground != before.ground  # a page holding the old ground gets what changed
    message = json.loads(after.for_socket(before.ground))
    assert "ground" not in message and message["delta"]["from"] == before.ground
    assert len(after.for_socket(before.ground)) < len(after.full)
    held = take_in(take_in(None, json.loads(before.full)), message)
    assert held is not None
    assert held == take_in(None, json.loads(after.full))
    light = _cells(message["map"], "light", grid.width * grid.height)
    for found, shown in ((8, light), (8, held.elevation), (8, held.terrain)):
        square = shown.reshape(grid.height, grid.width)
        assert not square[found:, :].any() and not square[:, 6:].any()
    assert not leaks(after.for_socket(before.ground), SECRET_WORDS)


async def _views(url: str, changes: int, server: ShareServer, move: Any) -> list[dict[str, Any]]:
    got: list[dict[str, Any]] = []
    async with (
        aiohttp.ClientSession(timeout=TIMEOUT) as session,
        session.ws_connect(url) as socket,
    ):
        for step in range(changes + 1):
            if step:
                move(step)
            message = await socket.receive(timeout=5)
            assert message.type == aiohttp.WSMsgType.TEXT
            got.append(json.loads(message.data))
    return got


def test_a_page_gets_the_ground_once_then_again_after_it_reconnects() -> None:
    encounter = crypt()
    server = ShareServer(links_for(encounter), "127.0.0.1", 0)
    server.start()
    server.publish(builder_for(encounter))
    url = server.url(link_named(server, "Table")).replace("http", "ws") + "/ws"
    moves = [(2, 11), (3, 11), (2, 11)]

    def move(step: int) -> None:
        encounter.tokens["ilse"].position = moves[step - 1]
        server.publish(builder_for(encounter))

    try:
        first = asyncio.run(asyncio.wait_for(_views(url, 2, server, move), 10))
        again = asyncio.run(asyncio.wait_for(_views(url, 0, server, move), 10))
    finally:
        server.stop()
    assert "ground" in first[0]
    held = first[0]["map"]["ground"]
    assert all(later["map"]["ground"] == held for later in first[1:])  # a token moved
    assert not any("ground" in later for later in first[1:])  # the page draws with its own
    assert "ground" in again[0]  # a new socket holds nothing
