"""The phones' pages are built in threads nicer than the GM's GUI thread: on a busy machine the
GUI gets a core first (issue 32). On 127.0.0.1, every wait bounded."""

from __future__ import annotations

import asyncio
import json
import os
import sys
import threading

import aiohttp
import pytest

from tactical.share.links import Link, links_for
from tactical.share.publish import builder_for
from tactical.share.server import ShareServer
from tactical.share.view import LinkView
from tests.share.conftest import crypt, link_named

TIMEOUT = aiohttp.ClientTimeout(total=5)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a nice value per thread")
def test_the_pages_are_built_in_threads_nicer_than_the_gui() -> None:
    here = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
    if here >= 19:
        pytest.skip("already as nice as a thread may be")
    encounter = crypt()
    build = builder_for(encounter)
    niceness: list[int] = []

    def builder(link: Link) -> LinkView:
        niceness.append(os.getpriority(os.PRIO_PROCESS, threading.get_native_id()))
        return build(link)

    server = ShareServer(links_for(encounter), "127.0.0.1", 0)
    server.start()
    try:
        server.publish(builder)
        url = server.url(link_named(server, "Ilse")).replace("http", "ws") + "/ws"

        async def watch() -> dict[str, object]:
            async with (
                aiohttp.ClientSession(timeout=TIMEOUT) as session,
                session.ws_connect(url) as socket,
            ):
                message = await socket.receive(timeout=5)
                data: dict[str, object] = json.loads(message.data)
                return data

        view = asyncio.run(asyncio.wait_for(watch(), 10))
    finally:
        server.stop()
    assert view["character"] == "Ilse"  # the page got its view, built behind the GUI
    assert niceness and all(nice > here for nice in niceness)
    assert os.getpriority(os.PRIO_PROCESS, threading.get_native_id()) == here
