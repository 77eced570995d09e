"""After a fog change the pages are sent only the ground that changed (a delta), never a
square the players' projection hides: a page that follows the deltas holds, square by square,
the whole ground the projection gives now; one that missed an update gets the whole ground."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import aiohttp
import numpy as np
import pytest

from tactical.core.commands.base import UndoStack
from tactical.core.commands.fog import RevealSquares
from tactical.core.commands.terrain import PaintSquares, SetWall
from tactical.core.commands.wall_lines import SetWallLine
from tactical.core.encounter import Encounter
from tactical.core.fog import brush_squares
from tactical.core.grid import Terrain, Wall
from tactical.core.wall_lines import WallLine
from tactical.persistence import load_encounter
from tactical.share.links import links_for
from tactical.share.players import cut_wall_lines, cut_walls, shown_squares
from tactical.share.publish import builder_for
from tactical.share.server import ShareServer
from tactical.share.view import character_view, table_view
from tactical.share.wire import Wire, wire
from tests.share.conftest import CRYPT, leaks, link_named
from tests.share.held_ground import HeldGround, cells, take_in

BENCHMARK_256 = CRYPT.parent / "benchmark-256.tactical.json"
TIMEOUT = aiohttp.ClientTimeout(total=5)


def _projected(encounter: Encounter) -> tuple[Any, Any, set[Any], set[Any]]:
    """The ground the players' projection lets through now, built fresh from the map."""
    grid = encounter.grid
    assert grid is not None
    shown = shown_squares(encounter)
    assert shown is not None
    walls = {
        (a[0], a[1], b[0], b[1], "wall" if not w.door else ("open" if w.open else "door"))
        for (a, b), w in cut_walls(grid, shown).items()
    }
    lines = {
        (round(x.a[0], 4), round(x.a[1], 4), round(x.b[0], 4), round(x.b[1], 4), x.kind, x.open)
        for x in cut_wall_lines(grid, shown)
    }
    elevation = np.where(shown, grid.elevation, 0).ravel()
    terrain = np.where(shown, grid.terrain, 0).ravel()
    return elevation, terrain, walls, lines


def _follow(encounter: Encounter, pages: dict[str, tuple[Wire, HeldGround]]) -> float:
    """Each page (the table, Ilse) takes in its next message as the server sends it to a socket
    holding its last ground. Each then holds exactly the projection's ground, and no delta
    names a value under fog. The largest delta's length over the whole ground's."""
    grid = encounter.grid
    assert grid is not None
    shown = shown_squares(encounter)
    assert shown is not None
    elevation, terrain, walls, lines = _projected(encounter)
    share = 0.0
    for label, data in (
        ("table", table_view(encounter).data),
        ("ilse", character_view(encounter, "ilse").data if "ilse" in encounter.tokens else None),
    ):
        if data is None:
            continue
        last, held = pages[label]
        now = wire(data, last)
        text = now.for_socket(last.ground)
        share = max(share, (len(text) - len(now.kept)) / (len(now.full) - len(now.kept)))
        message = json.loads(text)
        assert "ground" not in message, "a page holding the ground before gets only the change"
        if now.ground != last.ground:
            delta = message["delta"]
            assert delta["from"] == last.ground
            _nothing_hidden(delta, shown)
        assert not leaks(text, ("The Hollow Saint", "saint"))  # marked hidden
        got = take_in(held, message)
        assert got is not None
        assert np.array_equal(got.elevation, elevation), "heights square by square"
        assert np.array_equal(got.terrain, terrain), "terrain square by square"
        assert (got.walls, got.lines) == (walls, lines)
        assert got == take_in(None, json.loads(now.full))  # and the whole ground, as sent
        pages[label] = (now, got)
    return share


def _nothing_hidden(delta: dict[str, Any], shown: Any) -> None:
    """Every height or terrain a delta sets on a square under fog is zero (it hides it)."""
    where: list[int] = []
    at = 0
    for skip, take in zip(delta["spans"][0::2], delta["spans"][1::2], strict=True):
        where.extend(range(at + skip, at + skip + take))
        at += skip + take
    flat = shown.ravel()
    for name in ("elevation", "terrain"):
        values = cells(delta, name, len(where))
        assert not any(values[i] and not flat[w] for i, w in enumerate(where)), name


def _start(encounter: Encounter) -> dict[str, tuple[Wire, HeldGround]]:
    pages: dict[str, tuple[Wire, HeldGround]] = {}
    for label, data in (
        ("table", table_view(encounter).data),
        ("ilse", character_view(encounter, "ilse").data if "ilse" in encounter.tokens else None),
    ):
        if data is not None:
            first = wire(data)
            held = take_in(None, json.loads(first.for_socket("")))
            assert held is not None
            pages[label] = (first, held)
    return pages


def test_on_crypt_fog_every_fog_change_door_and_height_reaches_the_page_as_a_delta() -> None:
    encounter = load_encounter(CRYPT)
    stack = UndoStack(encounter)
    pages = _start(encounter)
    changes = [
        RevealSquares([(c, r) for c in range(17, 25) for r in range(6, 11)]),  # the chamber
        RevealSquares([(c, r) for c in range(17, 21) for r in range(6, 9)], reveal=False),
        PaintSquares([(20, 11)], elevation=7),  # under fog: no page hears of it
        RevealSquares([(20, 11), (21, 11)]),
        SetWall((14, 7), (15, 7), Wall(door=True, open=True)),
        PaintSquares([(2, 11), (3, 11)], terrain=Terrain.DIFFICULT),
    ]
    for change in changes:
        stack.push(change)
        _follow(encounter, pages)
    for _ in changes:
        stack.undo()
        _follow(encounter, pages)


def test_on_256_squares_fog_strokes_reveals_and_hides_reach_the_page_as_deltas() -> None:
    encounter = load_encounter(BENCHMARK_256)
    grid = encounter.grid
    assert grid is not None
    encounter.fog.enabled = True
    stack = UndoStack(encounter)
    stack.push(SetWallLine(0, WallLine((10.5, 10.0), (60.25, 40.75), "door")))
    stack.push(SetWallLine(1, WallLine((100.0, 5.0), (100.0, 200.0))))
    stack.push(RevealSquares([(c, r) for c in range(0, 64) for r in range(0, 64)]))
    pages = _start(encounter)
    pick = random.Random(32)
    for stroke in range(16):
        reveal = stroke % 4 != 3
        centre = (pick.randrange(grid.width), pick.randrange(grid.height))
        dabs: list[tuple[int, int]] = []
        for _ in range(12):  # a stroke: twelve 5 x 5 dabs walking across the map
            centre = (centre[0] + pick.randrange(-3, 4), centre[1] + pick.randrange(-3, 4))
            dabs.extend(brush_squares(centre, 5))
        stack.push(RevealSquares(dabs, reveal=reveal))
        assert _follow(encounter, pages) < 0.25  # a fraction of the whole ground
    stack.push(SetWallLine(0, WallLine((10.5, 10.0), (60.25, 40.75), "door", open=True)))
    _follow(encounter, pages)
    stack.push(RevealSquares(np.ones((grid.height, grid.width), dtype=np.bool_)))
    _follow(encounter, pages)  # the whole map at once: still the projection's ground
    stack.push(RevealSquares(np.ones((grid.height, grid.width), dtype=np.bool_), reveal=False))
    _follow(encounter, pages)


def test_a_page_that_missed_updates_or_holds_another_ground_gets_the_whole_ground() -> None:
    encounter = load_encounter(CRYPT)
    sent = [wire(table_view(encounter).data)]
    for column in range(17, 23):
        RevealSquares([(column, 8)]).do(encounter)
        sent.append(wire(table_view(encounter).data, sent[-1]))
    newest = sent[-1]
    assert newest.for_socket("") == newest.full  # connected or reconnected
    assert newest.for_socket("a ground never sent") == newest.full
    assert newest.for_socket(sent[-3].ground) == newest.full  # it missed an update
    followed = json.loads(newest.for_socket(sent[-2].ground))  # it holds the one before
    assert followed["delta"]["from"] == sent[-2].ground
    held = take_in(None, json.loads(sent[-2].full))
    assert take_in(held, followed) == take_in(None, json.loads(newest.full))


@pytest.mark.parametrize("reconnect", [False, True])
def test_the_server_sends_a_page_the_delta_and_a_reconnected_page_the_whole(
    reconnect: bool,
) -> None:
    encounter = load_encounter(CRYPT)
    server = ShareServer(links_for(encounter), "127.0.0.1", 0)
    server.start()
    server.publish(builder_for(encounter))
    url = server.url(link_named(server, "Bram")).replace("http", "ws") + "/ws"

    async def follow() -> list[dict[str, Any]]:
        got: list[dict[str, Any]] = []
        async with (
            aiohttp.ClientSession(timeout=TIMEOUT) as session,
            session.ws_connect(url) as socket,
        ):
            got.append(json.loads((await socket.receive(timeout=5)).data))
            if not reconnect:
                RevealSquares([(c, r) for c in range(17, 25) for r in range(6, 11)]).do(encounter)
                server.publish(builder_for(encounter))
                got.append(json.loads((await socket.receive(timeout=5)).data))
        return got

    try:
        first = asyncio.run(asyncio.wait_for(follow(), 10))
        again = asyncio.run(asyncio.wait_for(follow(), 10)) if reconnect else []
    finally:
        server.stop()
    assert "ground" in first[0]
    held = take_in(None, first[0])
    if reconnect:
        assert "ground" in again[0] and "delta" not in again[0]
        return
    after = first[1]
    assert "ground" not in after and after["delta"]["from"] == first[0]["map"]["ground"]
    assert after["map"]["ground"] != first[0]["map"]["ground"]
    followed = take_in(held, after)
    assert followed is not None
    elevation, terrain, walls, lines = _projected(encounter)
    assert np.array_equal(followed.terrain, terrain) and np.array_equal(
        followed.elevation, elevation
    )
    assert (followed.walls, followed.lines) == (walls, lines)
