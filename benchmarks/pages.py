"""Phone pages for the benchmarks: WebSocket clients of the share server in their own thread.

Each page counts the messages it counts (:meth:`Pages.counted`) and stamps when each arrived
(``perf_counter``), so a benchmark can time a change from the GM's thread until the pages
concerned have it. ``benchmarks.phones`` and ``.show_scene`` use them as they are;
``benchmarks.phone_hands`` counts views only and sends a phone's frames from page 0;
``benchmarks.session`` runs them in a process of their own (:class:`PagesElsewhere`).
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


_CHILD = """
import json, sys, threading, time
from benchmarks.pages import Pages
pages = Pages(json.loads(sys.argv[1]))
print("ready", flush=True)
gone = threading.Event()
threading.Thread(target=lambda: (sys.stdin.read(), gone.set()), daemon=True).start()
told = [0] * len(pages.urls)
while not gone.wait(0.001):
    for index, stamps in enumerate(pages.stamps):
        for stamp in stamps[told[index] : pages.seen[index]]:
            print(index, repr(stamp), flush=True)
        told[index] = max(told[index], min(len(stamps), pages.seen[index]))
pages.close()
"""


class PagesElsewhere:
    """:class:`Pages` in a process of their own (phones are other devices: their reading
    takes no turn of the app's interpreter lock); the same ``seen`` and ``stamps``, the
    stamps on the same clock (``perf_counter``: Linux's monotonic clock, one for all)."""

    def __init__(self, urls: list[str]) -> None:
        import json
        import subprocess
        import sys
        from pathlib import Path

        self.seen = [0] * len(urls)
        self.stamps: list[list[float]] = [[] for _ in urls]
        self.child = subprocess.Popen(
            [sys.executable, "-c", _CHILD, json.dumps(urls)],
            cwd=Path(__file__).resolve().parents[1],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.child.stdout is not None
        if self.child.stdout.readline().strip() != "ready":
            raise RuntimeError("the pages did not connect")
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.child.stdout is not None
        for line in self.child.stdout:
            index, stamp = line.split()
            self.stamps[int(index)].append(float(stamp))
            self.seen[int(index)] += 1

    def close(self) -> None:
        assert self.child.stdin is not None
        self.child.stdin.close()
        self.child.wait(10)
        self.reader.join(5)
        if self.child.stdout is not None:
            self.child.stdout.close()
