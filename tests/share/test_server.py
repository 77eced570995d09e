"""The phones' server on 127.0.0.1: capability links, limits, live updates, stop (issue 25).

Every loop is bounded by a timeout; nothing leaves the loopback address.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import time
from collections.abc import Iterator
from importlib import resources

import aiohttp
import pytest

from tactical.core.encounter import Encounter
from tactical.share import devices
from tactical.share.limits import Limits
from tactical.share.links import links_for
from tactical.share.publish import builder_for
from tactical.share.server import STATIC, ShareServer
from tests.share.conftest import (
    PICTURE_WORDS,
    crypt,
    leaks,
    link_named,
    picture_key,
    solid_art,
)

TIMEOUT = aiohttp.ClientTimeout(total=5)
PROBES = (
    "/",
    "/s/",
    "/s/nope",
    "/s/nope/ws",
    "/static/",
    "/static/../pyproject.toml",
    "/static/index.html",
    "/s/nope/art/x.png",
    "/static/tokens.js/",
)


def _run(coroutine: object) -> object:
    return asyncio.run(asyncio.wait_for(coroutine, 10))  # type: ignore[arg-type]


def test_links_carry_at_least_128_random_bits(shared: tuple[ShareServer, Encounter]) -> None:
    server, _ = shared
    labels = sorted(x.label for x in server.links.all())
    assert labels == ["Bram", "Ilse", "Oda", "Table"]
    for link in server.links.all():
        assert len(link.token) * 6 >= 128
    assert len({x.token for x in server.links.all()}) == 4


def test_a_wrong_or_missing_token_gets_a_short_404(shared: tuple[ShareServer, Encounter]) -> None:
    server, _ = shared
    base = f"http://127.0.0.1:{server.port}"

    async def fetch() -> list[tuple[int, str]]:
        out = []
        async with aiohttp.ClientSession(timeout=TIMEOUT) as session:
            for path in PROBES:
                async with session.get(base + path) as response:
                    out.append((response.status, await response.text()))
        return out

    for status, text in _run(fetch()):  # type: ignore[attr-defined]
        assert status == 404
        assert len(text) < 40 and not leaks(text) and "Ilse" not in text


def test_the_page_has_a_strict_policy_and_no_map_data(
    shared: tuple[ShareServer, Encounter],
) -> None:
    server, _ = shared

    async def fetch() -> tuple[int, dict[str, str], str]:
        async with (
            aiohttp.ClientSession(timeout=TIMEOUT) as session,
            session.get(server.url(link_named(server, "Table"))) as response,
        ):
            return response.status, dict(response.headers), await response.text()

    status, headers, text = _run(fetch())  # type: ignore[misc]
    assert status == 200
    assert "default-src 'none'" in headers["Content-Security-Policy"]
    assert "connect-src 'self'" in headers["Content-Security-Policy"]
    images = [x for x in headers["Content-Security-Policy"].split(";") if "img-src" in x]
    assert [x.strip() for x in images] == ["img-src 'self'"]  # token pictures: this origin only
    assert headers["Referrer-Policy"] == "no-referrer"
    assert "Ilse" not in text and "http" not in text.split("<body>")[1]


async def _next_view(socket: aiohttp.ClientWebSocketResponse) -> dict[str, object]:
    message = await socket.receive(timeout=5)
    assert message.type == aiohttp.WSMsgType.TEXT
    data: dict[str, object] = json.loads(message.data)
    return data


def test_a_page_gets_its_view_then_each_change(shared: tuple[ShareServer, Encounter]) -> None:
    server, encounter = shared
    url = server.url(link_named(server, "Ilse")).replace("http", "ws") + "/ws"

    async def watch() -> tuple[dict[str, object], dict[str, object], float]:
        async with (
            aiohttp.ClientSession(timeout=TIMEOUT) as session,
            session.ws_connect(url) as socket,
        ):
            first = await _next_view(socket)
            encounter.tokens["ilse"].position = (4, 11)
            start = time.perf_counter()
            server.publish(builder_for(encounter))
            second = await _next_view(socket)
            return first, second, time.perf_counter() - start

    first, second, _latency = _run(watch())  # type: ignore[misc]
    assert first["character"] == "Ilse"
    ilse = [t for t in second["tokens"] if t["mine"]]  # type: ignore[union-attr,index]
    assert ilse[0]["col"] == 4  # type: ignore[index]


def test_revoking_a_link_cuts_its_device_off_and_its_page_is_gone(
    shared: tuple[ShareServer, Encounter],
) -> None:
    server, _ = shared
    link = link_named(server, "Bram")
    url = server.url(link)

    async def watch() -> tuple[int | None, int]:
        async with aiohttp.ClientSession(timeout=TIMEOUT) as session:
            async with session.ws_connect(url.replace("http", "ws") + "/ws") as socket:
                await _next_view(socket)
                server.revoke(link.token)
                closing = await socket.receive(timeout=5)
                code = closing.data if closing.type == aiohttp.WSMsgType.CLOSE else None
            async with session.get(url) as response:
                return code, response.status

    code, status = _run(watch())  # type: ignore[misc]
    assert code == 4403 and status == 404


def test_a_new_link_for_one_character_leaves_the_others_watching(
    shared: tuple[ShareServer, Encounter],
) -> None:
    server, encounter = shared
    bram, ilse = link_named(server, "Bram"), link_named(server, "Ilse")
    server.links.set_moves(ilse.token, True)
    old_url, ilse_url = server.url(bram), server.url(ilse)
    labels = [x.label for x in server.links.all()]

    async def watch() -> tuple[int | None, int, str, str]:
        async with aiohttp.ClientSession(timeout=TIMEOUT) as session:
            ws = old_url.replace("http", "ws") + "/ws"
            async with (
                session.ws_connect(ws) as old,
                session.ws_connect(ilse_url.replace("http", "ws") + "/ws") as other,
            ):
                await _next_view(old)
                await _next_view(other)
                renewed = server.renew(bram.token)
                assert renewed is not None
                closing = await old.receive(timeout=5)
                code = closing.data if closing.type == aiohttp.WSMsgType.CLOSE else None
                async with session.get(old_url) as gone:
                    status = gone.status
                new_ws = server.url(renewed).replace("http", "ws") + "/ws"
                async with session.ws_connect(new_ws) as new:
                    fresh = await _next_view(new)
                encounter.tokens["ilse"].position = (4, 2)
                server.publish(builder_for(encounter))
                still = await _next_view(other)
                return code, status, str(fresh["character"]), str(still["character"])

    code, status, fresh, still = _run(watch())  # type: ignore[misc]
    assert code == 4403 and status == 404  # the old link: cut off, and it opens nothing
    assert fresh == "Bram" and still == "Ilse"  # the new link works; Ilse never noticed
    assert link_named(server, "Ilse").moves and not link_named(server, "Bram").revoked
    assert [x.label for x in server.links.all()] == labels  # the same links, in order


def test_a_device_breaking_the_limits_is_cut_off_and_others_carry_on() -> None:
    encounter = crypt()
    server = ShareServer(links_for(encounter), "127.0.0.1", 0, Limits(table_devices=2))
    server.start()
    server.publish(builder_for(encounter))
    url = server.url(link_named(server, "Table")).replace("http", "ws") + "/ws"

    async def abuse() -> list[object]:
        out: list[object] = []
        async with aiohttp.ClientSession(timeout=TIMEOUT) as session:
            big = await session.ws_connect(url)
            await _next_view(big)
            await big.send_str(json.dumps({"type": "x", "pad": "x" * 10_000}))
            out.append((await big.receive(timeout=5)).type)
            chatty = await session.ws_connect(url)
            await _next_view(chatty)
            for _ in range(devices.MAX_MESSAGES_PER_SECOND + 5):
                if chatty.closed:
                    break
                await chatty.send_str('{"type": "hello"}')
            out.append((await chatty.receive(timeout=5)).type)
            one, two = await session.ws_connect(url), await session.ws_connect(url)
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await session.ws_connect(url)
            out.append(refused.value.status)
            out.append((await _next_view(one))["kind"])
            await one.close()
            await two.close()
        return out

    try:
        big, chatty, refused, still = _run(abuse())  # type: ignore[misc]
    finally:
        server.stop()
    assert big in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR)
    assert chatty in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
    assert refused == 503
    assert still == "table"


def test_stop_cuts_devices_off_and_frees_the_port_within_two_seconds(
    shared: tuple[ShareServer, Encounter],
) -> None:
    server, _ = shared
    start = time.perf_counter()
    server.stop()
    assert time.perf_counter() - start < 2.0
    assert not server.running

    async def fetch() -> None:
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=2)) as session:
            await session.get(server.url(link_named(server, "Table")))

    with pytest.raises(aiohttp.ClientConnectionError):
        _run(fetch())


def test_the_page_loads_nothing_from_elsewhere() -> None:
    """No CDN, no web font: every resource the page names is served by the app itself."""
    page = resources.files("tactical.share").joinpath("page")
    for name in ("index.html", *STATIC):
        text = page.joinpath(name).read_text(encoding="utf-8")
        assert re.search(r"https?://[a-z0-9]", text) is None, name
        assert "@import" not in text and "url(" not in text, name
        assert ".innerHTML" not in text, name  # text from the GM's side is set as text


def test_the_server_serves_every_script_of_the_page_and_the_page_loads_them_all(
    shared: tuple[ShareServer, Encounter],
) -> None:
    """A script split off page.js is served from the fixed list, under the page's policy,
    and the page loads it before page.js."""
    server, _ = shared
    page = resources.files("tactical.share").joinpath("page")
    scripts = sorted(p.name for p in page.iterdir() if p.name.endswith(".js"))
    assert sorted(name for name in STATIC if name.endswith(".js")) == scripts
    html = page.joinpath("index.html").read_text(encoding="utf-8")
    loaded = re.findall(r'<script src="/static/([a-z]+\.js)"></script>', html)
    assert sorted(loaded) == scripts and loaded[-1] == "page.js"
    base = server.url(link_named(server, "Table")).split("/s/")[0]

    async def fetch(name: str) -> tuple[int, dict[str, str], str]:
        async with (
            aiohttp.ClientSession(timeout=TIMEOUT) as session,
            session.get(f"{base}/static/{name}") as response,
        ):
            return response.status, dict(response.headers), await response.text()

    for name in loaded:
        status, headers, text = _run(fetch(name))  # type: ignore[misc]
        assert status == 200 and headers["Content-Type"].startswith("application/javascript")
        assert "script-src 'self'" in headers["Content-Security-Policy"]
        assert text == page.joinpath(name).read_text(encoding="utf-8")


@pytest.fixture
def pictured() -> Iterator[tuple[ShareServer, Encounter]]:
    """crypt-fog shared with its token pictures (solid colours, as the app would send them)."""
    encounter = crypt()
    server = ShareServer(links_for(encounter), "127.0.0.1", 0)
    server.start()
    server.publish(builder_for(encounter, token_art=solid_art(encounter)))
    try:
        yield server, encounter
    finally:
        server.stop()


async def _get(session: aiohttp.ClientSession, url: str) -> tuple[int, str, bytes]:
    async with session.get(url) as response:
        return response.status, response.content_type, await response.read()


def test_a_link_serves_the_pictures_in_its_view_and_a_short_404_for_any_other_key(
    pictured: tuple[ShareServer, Encounter],
) -> None:
    server, encounter = pictured
    table, bram = link_named(server, "Table"), link_named(server, "Bram")
    sword = picture_key(encounter, "ilse")
    secret = [picture_key(encounter, "ghoul"), picture_key(encounter, "saint")]
    saint_image = encounter.tokens["saint"].image
    guesses = [*secret, "0" * 32, sword[:-1] + "0", str(saint_image), "Skull", "skull"]

    async def fetch() -> tuple[dict[str, object], list[tuple[int, str, bytes]], tuple[int, ...]]:
        async with aiohttp.ClientSession(timeout=TIMEOUT) as session:
            async with session.ws_connect(server.url(table).replace("http", "ws") + "/ws") as ws:
                view = await _next_view(ws)
                base = server.url(table) + "/art/"
                answers = [await _get(session, base + key + ".png") for key in [sword, *guesses]]
            # a link no device watches now serves no picture at all (not even one it could see)
            elsewhere = ((await _get(session, server.url(bram) + "/art/" + sword + ".png"))[0],)
            return view, answers, elsewhere

    view, answers, elsewhere = _run(fetch())  # type: ignore[misc]
    shown = {t["id"]: t.get("picture") for t in view["tokens"]}  # type: ignore[attr-defined]
    assert shown == {"ilse": sword, "bram": picture_key(encounter, "bram"), "oda": None}
    text = json.dumps(view)
    assert [w for w in PICTURE_WORDS if w in text] == [] and not any(k in text for k in secret)
    status, kind, body = answers[0]
    assert (status, kind) == (200, "image/png") and body.startswith(b"\x89PNG")
    for status, _kind, body in answers[1:]:
        assert status == 404 and len(body) < 40 and b"PNG" not in body
    assert elsewhere == (404,)


def test_a_token_walking_into_fog_takes_its_picture_off_the_link(
    pictured: tuple[ShareServer, Encounter],
) -> None:
    server, encounter = pictured
    table = link_named(server, "Table")
    sword = picture_key(encounter, "ilse")
    url = server.url(table) + "/art/" + sword + ".png"

    async def watch() -> tuple[int, dict[str, object], int]:
        async with (
            aiohttp.ClientSession(timeout=TIMEOUT) as session,
            session.ws_connect(server.url(table).replace("http", "ws") + "/ws") as ws,
        ):
            await _next_view(ws)
            before = (await _get(session, url))[0]
            encounter.tokens["ilse"].position = (20, 3)  # the burial chamber, under fog
            server.publish(builder_for(encounter, token_art=solid_art(encounter)))
            after = await _next_view(ws)
            return before, after, (await _get(session, url))[0]

    before, after, later = _run(watch())  # type: ignore[misc]
    assert before == 200
    assert "ilse" not in [t["id"] for t in after["tokens"]]  # type: ignore[attr-defined]
    assert sword not in json.dumps(after)
    assert later == 404


def test_a_link_whose_device_left_serves_no_picture_that_walked_into_fog_since(
    pictured: tuple[ShareServer, Encounter],
) -> None:
    server, encounter = pictured
    bram = link_named(server, "Bram")
    sword = picture_key(encounter, "ilse")
    url = server.url(bram) + "/art/" + sword + ".png"

    async def watch_then_leave() -> tuple[int, int]:
        async with aiohttp.ClientSession(timeout=TIMEOUT) as session:
            async with session.ws_connect(server.url(bram).replace("http", "ws") + "/ws") as ws:
                await _next_view(ws)
                before = (await _get(session, url))[0]
            encounter.tokens["ilse"].position = (20, 3)  # under fog, while nobody watches Bram
            server.publish(builder_for(encounter, token_art=solid_art(encounter)))
            deadline = time.monotonic() + 5
            after = 200
            while after == 200 and time.monotonic() < deadline:  # kept: polls until a deadline
                await asyncio.sleep(0.05)
                after = (await _get(session, url))[0]
            return before, after

    assert _run(watch_then_leave()) == (200, 404)


def test_an_error_building_the_views_is_logged_once_and_the_pages_keep_their_view(
    shared: tuple[ShareServer, Encounter], caplog: pytest.LogCaptureFixture
) -> None:
    """Not swallowed, and not once per change either: one line per kind and interval, the
    rest counted when sharing stops."""
    server, encounter = shared
    url = server.url(link_named(server, "Ilse")).replace("http", "ws") + "/ws"

    tried: list[object] = []

    def broken(link: object) -> object:
        tried.append(link)
        raise RuntimeError("the views cannot be built")

    def failures() -> list[logging.LogRecord]:
        return [r for r in caplog.records if "could not be updated" in r.getMessage()]

    async def watch() -> dict[str, object]:
        async with (
            aiohttp.ClientSession(timeout=TIMEOUT) as session,
            session.ws_connect(url) as socket,
        ):
            await _next_view(socket)
            for count in range(1, 5):  # four changes, each failing on its own
                server.publish(broken)  # type: ignore[arg-type]
                for _ in range(100):  # kept: bounded polling, the condition checked each turn
                    if len(tried) == count:
                        break
                    await asyncio.sleep(0.05)
            encounter.tokens["ilse"].position = (4, 11)
            server.publish(builder_for(encounter))
            return await _next_view(socket)

    with caplog.at_level(logging.WARNING):
        view = _run(watch())
        logged = failures()
        server.stop()
    assert len(logged) == 1 and logged[0].exc_info is not None
    assert logged[0].exc_info[0] is RuntimeError
    assert [t["col"] for t in view["tokens"] if t["mine"]] == [4]  # type: ignore[index]
    later = [r.getMessage() for r in caplog.records if "more like this not shown" in r.getMessage()]
    assert len(later) == 1 and later[0].startswith("3 more like this not shown: the phones'")


def test_stopping_tells_each_page_that_the_gm_stopped_sharing(
    shared: tuple[ShareServer, Encounter],
) -> None:
    server, _ = shared
    url = server.url(link_named(server, "Oda")).replace("http", "ws") + "/ws"

    async def watch() -> tuple[object, object]:
        async with (
            aiohttp.ClientSession(timeout=TIMEOUT) as session,
            session.ws_connect(url) as socket,
        ):
            await _next_view(socket)
            stopping = asyncio.get_running_loop().run_in_executor(None, server.stop)
            closing = await socket.receive(timeout=5)
            await stopping
            return closing.data, closing.extra

    assert _run(watch()) == (4410, "sharing stopped")
