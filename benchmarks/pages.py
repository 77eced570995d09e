"""Phone pages for the benchmarks: WebSocket clients of the share server in their own thread.

Each page counts the messages it counts (:meth:`Pages.counted`) and stamps when each arrived
(``perf_counter``), so a benchmark can time a change from the GM's thread until the pages
concerned have it. ``benchmarks.phones``, ``.show_scene`` and ``.session`` use them as they
are; ``benchmarks.phone_hands`` counts views only and sends a phone's frames from page 0.
"""

from __future__ import annotations

import asyncio
import threading
import time

import aiohttp


class Pages:
    """``urls`` as pages in their own thread and loop; each counts what it receives."""

    #: how long a page waits for a message before it looks at ``stop`` (and its outbox) again
    poll = 0.2

    def __init__(self, urls: list[str]) -> None:
        self.urls = [u.replace("http", "ws") + "/ws" for u in urls]
        self.seen = [0] * len(urls)
        self.stamps: list[list[float]] = [[] for _ in urls]
        self.ready = threading.Event()
        self.stop = threading.Event()
        self.thread = threading.Thread(target=lambda: asyncio.run(self._run()), daemon=True)
        self.thread.start()
        if not self.ready.wait(20):
            raise RuntimeError("the pages did not connect")

    def counted(self, text: str) -> bool:
        """Whether a text message counts as one of the page's views: here every one does."""
        return True

    async def send(self, socket: aiohttp.ClientWebSocketResponse, index: int) -> None:
        """What page ``index`` sends before it waits for a message: here nothing."""

    async def _page(self, session: aiohttp.ClientSession, index: int) -> None:
        async with session.ws_connect(self.urls[index], max_msg_size=0) as socket:
            while not self.stop.is_set():
                await self.send(socket, index)
                try:
                    message = await socket.receive(timeout=self.poll)
                except TimeoutError:
                    continue
                if message.type != aiohttp.WSMsgType.TEXT:
                    return
                if self.counted(message.data):
                    self.seen[index] += 1
                    self.stamps[index].append(time.perf_counter())
                    if all(self.seen):
                        self.ready.set()

    async def _run(self) -> None:
        timeout = aiohttp.ClientTimeout(total=None)
        async with aiohttp.ClientSession(timeout=timeout) as session:
            await asyncio.gather(*(self._page(session, i) for i in range(len(self.urls))))

    def wait_for(self, counts: list[int], pages: list[int], seconds: float = 10.0) -> float:
        """When each of ``pages`` had more views than ``counts`` (perf_counter), or raise."""
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline:
            if all(self.seen[i] > counts[i] for i in pages):
                return max(self.stamps[i][counts[i]] for i in pages)
            time.sleep(0.0005)
        raise RuntimeError("a page missed an update")

    def close(self) -> None:
        self.stop.set()
        self.thread.join(5)
