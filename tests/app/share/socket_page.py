"""A phone's page as a bare WebSocket client in its own thread, for the tests on 127.0.0.1.

Every text frame it gets lands in ``texts`` as sent (the tests parse or scan it); whatever a
test puts in ``outbox`` is sent before the next wait. Every wait is bounded.
"""

from __future__ import annotations

import asyncio
import queue
import threading

import aiohttp


class SocketPage:
    """A page's WebSocket on ``url`` (a link's address) in a thread of its own."""

    def __init__(self, url: str, total: float = 30.0, poll: float = 0.05) -> None:
        self.url = url.replace("http", "ws") + "/ws"
        self.total, self.poll = total, poll
        self.texts: queue.Queue[str] = queue.Queue()
        self.outbox: queue.Queue[str] = queue.Queue()
        self.stop = threading.Event()
        self.thread = threading.Thread(target=lambda: asyncio.run(self._run()), daemon=True)
        self.thread.start()

    async def _run(self) -> None:
        timeout = aiohttp.ClientTimeout(total=self.total)
        async with (
            aiohttp.ClientSession(timeout=timeout) as session,
            session.ws_connect(self.url) as socket,
        ):
            while not self.stop.is_set() and not socket.closed:
                while not self.outbox.empty():
                    await socket.send_str(self.outbox.get())
                try:
                    message = await socket.receive(timeout=self.poll)
                except TimeoutError:
                    continue
                if message.type == aiohttp.WSMsgType.TEXT:
                    self.texts.put(message.data)

    def close(self) -> None:
        self.stop.set()
        self.thread.join(5)
