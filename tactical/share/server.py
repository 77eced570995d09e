"""The small web server the phones talk to: aiohttp in its own thread, with its own asyncio loop.

Nothing listens until :meth:`ShareServer.start`; it binds to the address given
(the LAN address by default: :func:`tactical.share.address.lan_address`).

* ``GET /s/<token>``: the page (static: it holds no map data);
* ``GET /s/<token>/ws``: the device's WebSocket; views come as JSON messages;
* ``GET /s/<token>/art/<key>.png``: the art cut for that link, and the pictures of the
  tokens in its view now, each by an opaque key (a digest of the PNG); a key not in
  the link's current view (a hidden or fogged token's picture, one that left the
  view, a guess) gets a short 404;
* ``GET /static/page.js``, ``tokens.js``, ``paint.js``, ``gestures.js``, ``hand.js`` and
  ``page.css``: the page's scripts and style, from a fixed list (no file path is ever
  taken from a request; no directory listing).

A wrong or missing token gets a short 404 and nothing else; what every request and
answer must be (the ``Host``, a WebSocket's ``Origin``, the headers) is
:mod:`tactical.share.http_guard`'s. The server assumes a hostile network (issue 30):
the connections are guarded (:mod:`.guard`: caps overall and per address, a deadline
on request heads), each link has its own cap on devices, every bad message is a close
frame with a reason (:mod:`.frames`) and errors are logged at a bounded rate
(:mod:`.quiet_log`).

Updates are coalesced: :meth:`ShareServer.publish` only hands over the newest
view builder and wakes the loop; the views are built in a worker thread (never
the GM's GUI thread) and sent to each device only when its view changed.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from typing import Any

from aiohttp import WSMsgType, web

from tactical.share import frames, give_way, http_guard, quiet_log
from tactical.share.answers import Answers, HandHandler
from tactical.share.device_socket import Socket
from tactical.share.devices import (
    MAX_MESSAGE_BYTES,
    Device,
    DeviceRow,
    Devices,
    device_kind,
)
from tactical.share.limits import Limits
from tactical.share.links import Link, Links
from tactical.share.listener import Listener
from tactical.share.quiet_log import log
from tactical.share.view import LinkView
from tactical.share.wire import Wire, wire

Builder = Callable[[Link], LinkView]
"""Builds one link's view from the newest state (called in a worker thread)."""
MoveHandler = Callable[[Link, dict[str, Any]], str | None]
"""Tries a move a device asked for; returns None when made, else the reason it was refused."""

STATIC = {
    "page.js": "application/javascript",
    "tokens.js": "application/javascript",
    "paint.js": "application/javascript",
    "gestures.js": "application/javascript",
    "hand.js": "application/javascript",
    "page.css": "text/css",
}
STOP_SECONDS = 2.0
GOODBYE_SECONDS = 1.0
"""How long stopping waits for the devices to answer the close frame."""
SEND_SECONDS = 2.0
"""A device whose view has not gone out by then (it reads nothing) is cut off."""
STOPPED = 4410
"""The close code telling a page that the GM stopped sharing (the page stops trying)."""
REVOKED = 4403
"""The close code telling a page that its link was revoked."""


def _page_file(name: str) -> bytes:
    return resources.files("tactical.share").joinpath("page", name).read_bytes()


@dataclass
class _Watcher:
    device: Device
    socket: web.WebSocketResponse
    transport: asyncio.Transport | None
    last: str = ""
    """The last view sent, as its text without the ground (:attr:`.wire.Wire.kept`)."""
    ground: str = ""
    """The version of the map's ground this socket holds (:mod:`.wire`): a view whose
    ground is another gets a delta from it, or the whole ground."""


async def _say_goodbye(watchers: list[_Watcher]) -> None:
    """Tell every device that sharing stopped; a device that does not answer (or reads
    nothing) holds the stop up for :data:`GOODBYE_SECONDS` at most."""
    closing = [
        asyncio.ensure_future(w.socket.close(code=STOPPED, message=b"sharing stopped"))
        for w in watchers
    ]
    if closing:
        await asyncio.wait(closing, timeout=GOODBYE_SECONDS)
        for task in closing:
            task.cancel()


class ShareServer:
    """The phones' server (see the module's docstring). Start once, stop once."""

    def __init__(
        self, links: Links, host: str, port: int = 0, limits: Limits | None = None
    ) -> None:
        self.links = links
        self.host = host
        self.port = port
        self.limits = limits or Limits()
        self.devices = Devices()
        self.listener: Listener | None = None
        self.on_move: MoveHandler | None = None
        self.on_hand: HandHandler | None = None
        """Makes a phone's choice or roll (issue 31): see :mod:`tactical.share.answers`."""
        self.answers = Answers(self.limits.answers_kept)
        self._builder: Builder | None = None
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._stop: asyncio.Event | None = None
        self._dirty: asyncio.Event | None = None
        self._watchers: dict[int, _Watcher] = {}
        self._art: dict[str, dict[str, bytes]] = {}
        self._views: dict[str, Wire] = {}
        self._page = _page_file("index.html")
        self._static = {name: _page_file(name) for name in STATIC}
        self.sent = 0
        """Messages sent to devices (benchmarks and tests read it)."""

    # -- the GM's side (any thread) ------------------------------------------------------

    def start(self) -> None:
        """Bind and serve in a new thread; raises OSError when the address cannot be bound.

        (The character links' sight loads numba's kernel itself where the map needs it.)"""
        self._thread = threading.Thread(target=self._run, name="tactical-share", daemon=True)
        self._thread.start()
        if not self._ready.wait(10.0):
            raise OSError("the sharing server did not start")
        if self._error is not None:
            raise self._error

    def stop(self) -> None:
        """Cut every device off and stop listening (within :data:`STOP_SECONDS`)."""
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(stop.set)
        if self._thread is not None:
            self._thread.join(STOP_SECONDS)

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def url(self, link: Link) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}/s/{link.token}"

    def publish(self, builder: Builder) -> None:
        """Hand over the newest state; the pages get it soon (coalesced, built off this thread)."""
        with self._lock:
            self._builder = builder
        self._call(lambda: self._dirty.set() if self._dirty is not None else None)

    def revoke(self, token: str) -> None:
        """Forget a link and cut its devices off at once."""
        self.links.revoke(token)
        self._call(lambda: asyncio.ensure_future(self._close_link(token)))

    def renew(self, token: str) -> Link | None:
        """Give one link a new token: its old one's devices are cut off at once, as when
        revoked; the other links and their devices are untouched."""
        link = self.links.renew(token)
        self._call(lambda: asyncio.ensure_future(self._close_link(token)))
        return link

    def rows(self) -> list[DeviceRow]:
        return self.devices.rows()

    def _call(self, job: Callable[[], object]) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop closed since the check
                loop.call_soon_threadsafe(job)

    # -- the server's thread ---------------------------------------------------------------

    def _run(self) -> None:
        quiet_log.install()
        loop = asyncio.SelectorEventLoop()  # the listener watches its socket (add_reader)
        loop.set_exception_handler(quiet_log.loop_errors)
        # the pages are built in the loop's executor at the GUI thread's priority, not nicer as
        # the sight pools (issue 32): the builder runs Python, and a nicer thread holding
        # Python's lock is put off by the other work of a busy machine while the GUI thread
        # waits for that lock (benchmarks.give_way, 4 pairs at load 3-9: the pages built
        # 196-229 ms after the hand-over against 71-218; the GUI's blocked most mixed)
        self._loop = loop
        try:
            loop.run_until_complete(self._serve())
        except BaseException as error:
            if self._ready.is_set():  # after it started: nobody else would hear of it
                log.exception("the phones' server stopped on an error")
            self._error = error
            self._ready.set()
        finally:
            quiet_log.LIMIT.flush()
            loop.close()

    def _app(self) -> web.Application:
        checks = http_guard.middleware(self.host, lambda: self.port)
        app = web.Application(middlewares=[checks], client_max_size=MAX_MESSAGE_BYTES)
        app.on_response_prepare.append(http_guard.add_headers)
        app.router.add_get("/s/{token}", self._page_handler)
        app.router.add_get("/s/{token}/ws", self._socket_handler)
        app.router.add_get("/s/{token}/art/{key}.png", self._art_handler)
        app.router.add_get("/static/{name}", self._static_handler)
        return app

    async def _serve(self) -> None:
        self._stop, self._dirty = asyncio.Event(), asyncio.Event()
        self.listener = listener = Listener(self._app(), self.host, self.port, self.limits)
        self.port = await listener.open()
        self._ready.set()
        updater = asyncio.ensure_future(self._update_loop())
        await self._stop.wait()
        updater.cancel()
        listener.stop_listening()
        await _say_goodbye(list(self._watchers.values()))
        await listener.close()

    async def _update_loop(self) -> None:
        while True:
            try:
                await self._update()
            except asyncio.CancelledError:
                raise
            except Exception:  # the pages keep the last view; the next change tries again
                log.exception("the phones' views could not be updated")

    async def _update(self) -> None:
        """Wait for a change, build the watched links' views and send the new ones."""
        assert self._dirty is not None
        loop = asyncio.get_running_loop()
        await self._dirty.wait()
        self._dirty.clear()
        tokens = {w.device.link_token for w in self._watchers.values()}
        links = [x for x in (self.links.find(t) for t in tokens) if x is not None]
        with self._lock:
            builder = self._builder
        self._forget_unwatched({x.token for x in links})
        if builder is None or not links:
            return
        before = dict(self._views)
        built = await loop.run_in_executor(None, _build_all, builder, links, before)
        for token, (text, pictures) in built.items():
            self._views[token] = text
            self._art[token] = pictures  # the old view's pictures are no longer served
        await self._send_views()

    def _forget_unwatched(self, watched: set[str]) -> None:
        """Drop the views and pictures of links no device watches: they would go stale
        (a token may walk into fog meanwhile), and are built again when one comes back."""
        for token in set(self._views) - watched:
            del self._views[token]
        for token in set(self._art) - watched:
            del self._art[token]

    async def _send_views(self) -> None:
        """Send each device its link's new view, all at once: a device that reads nothing
        holds no other's up, and is cut off after :data:`SEND_SECONDS`."""
        sends = []
        for watcher in list(self._watchers.values()):
            view = self._views.get(watcher.device.link_token)
            if view is None or watcher.socket.closed:
                continue
            if view.kept != watcher.last:  # the kept text names the ground it leaves out
                text = view.for_socket(watcher.ground)
                # a view with no ground (paused, another kind of map) leaves the page's alone
                watcher.last, watcher.ground = view.kept, view.ground or watcher.ground
                sends.append(self._send(watcher, text))
        await asyncio.gather(*sends)

    async def _send(self, watcher: _Watcher, text: str) -> None:
        try:
            await asyncio.wait_for(watcher.socket.send_str(text), SEND_SECONDS)
            self.sent += 1
        except TimeoutError:  # its buffers are full: a close frame would wait as well
            if watcher.transport is not None:
                watcher.transport.abort()
        except (ConnectionError, RuntimeError):
            pass

    async def _close_link(self, token: str) -> None:
        self.answers.forget(token)
        self._views.pop(token, None)
        self._art.pop(token, None)
        for watcher in list(self._watchers.values()):
            if watcher.device.link_token == token:
                await watcher.socket.close(code=REVOKED, message=b"link revoked")

    # -- handlers ----------------------------------------------------------------------------

    def _link(self, request: web.Request) -> Link:
        link = self.links.find(request.match_info.get("token", ""))
        if link is None:
            raise web.HTTPNotFound(text="Not found")
        return link

    async def _page_handler(self, request: web.Request) -> web.Response:
        self._link(request)
        return web.Response(body=self._page, content_type="text/html", charset="utf-8")

    async def _static_handler(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        if name not in STATIC:
            raise web.HTTPNotFound(text="Not found")
        return web.Response(body=self._static[name], content_type=STATIC[name], charset="utf-8")

    async def _art_handler(self, request: web.Request) -> web.Response:
        link = self._link(request)
        png = self._art.get(link.token, {}).get(request.match_info["key"])
        if png is None:
            raise web.HTTPNotFound(text="Not found")
        return web.Response(body=png, content_type="image/png")

    async def _socket_handler(self, request: web.Request) -> web.StreamResponse:
        link = self._link(request)
        cap = self.limits.devices(link.kind)
        agent = device_kind(request.headers.get("User-Agent", ""))
        device = self.devices.join(link.token, link.label, request.remote or "?", cap, agent)
        if device is None:
            raise web.HTTPServiceUnavailable(text="Too many devices")
        socket = Socket(max_msg_size=MAX_MESSAGE_BYTES, heartbeat=10.0, timeout=2.0)
        await socket.prepare(request)
        self._watchers[device.number] = watcher = _Watcher(device, socket, request.transport)
        try:
            if link.token in self._views:
                view = self._views[link.token]
                watcher.last, watcher.ground = view.kept, view.ground
                await socket.send_str(view.full)
                self.sent += 1
            if self._dirty is not None:
                self._dirty.set()  # build this link's view if it was not built yet
            await self._listen(link, watcher)
        finally:
            self._watchers.pop(device.number, None)
            self.devices.leave(device)
        return socket

    async def _listen(self, link: Link, watcher: _Watcher) -> None:
        """Take the device's messages until it leaves; a bad one closes it, with the reason."""
        socket = watcher.socket
        async for message in socket:
            try:
                if message.type != WSMsgType.TEXT:
                    raise frames.Refused("text messages only")
                if not watcher.device.count_message():
                    raise frames.Refused("too many messages")
                data = frames.read(message.data)
                if data is not None and data.get("type") == "move":
                    await self._move(link, watcher, data)
                elif data is not None and data.get("type") in frames.HAND_TYPES:
                    await self._hand(link, watcher, frames.hand_frame(data))
            except frames.Refused as refused:
                await socket.close(code=frames.POLICY, message=str(refused).encode())
                return
            except ConnectionError:  # the device left while it was answered
                return
            except Exception:
                log.exception("a phone's message could not be handled")
                await socket.close(code=1011, message=b"server error")
                return

    async def _move(self, link: Link, watcher: _Watcher, data: dict[str, Any]) -> None:
        handler = self.on_move
        current = self.links.find(link.token)
        if handler is None or current is None or not current.moves:
            reason: str | None = "The GM has not allowed moves from this phone."
        else:
            loop = asyncio.get_running_loop()
            try:
                reason = await loop.run_in_executor(None, handler, current, data)
            except Exception:  # why is the GM's to read (the log), never the phone's
                logging.getLogger(__name__).exception("A move from a phone could not be tried")
                reason = "The move could not be made."
        reply = {"type": "moved", "ok": reason is None, "reason": reason or ""}
        if not watcher.socket.closed:
            await watcher.socket.send_str(json.dumps(reply))

    async def _hand(self, link: Link, watcher: _Watcher, frame: frames.HandFrame) -> None:
        """A choice or a roll: tried once per id, with what the link may do now."""
        current = self.links.find(link.token)
        reply = await self.answers.answer(link, current, frame, self.on_hand)
        if not watcher.socket.closed:
            await watcher.socket.send_str(json.dumps(reply))


def _build_all(
    builder: Builder, links: list[Link], before: dict[str, Wire]
) -> dict[str, tuple[Wire, dict[str, bytes]]]:
    """Each link's message texts and the pictures it may fetch (key -> PNG: its cut art and
    the pictures of the tokens it shows), built in a worker thread (``before``: each link's
    last texts, from whose ground the delta to the new one is made, once for every page)."""
    built: dict[str, tuple[Wire, dict[str, bytes]]] = {}
    with give_way.turn():  # it gives way to the GM's GUI thread at each checkpoint
        for link in links:
            give_way.checkpoint()
            view = builder(link)
            data = dict(view.data)
            data["moves"] = link.moves
            if not data.get("paused"):
                data["may"] = link.permissions()
            pictures = dict(view.pictures)
            if view.art is not None:
                pictures[view.art.key] = view.art.png
            give_way.checkpoint()
            built[link.token] = (wire(data, before.get(link.token)), pictures)
    done = getattr(builder, "done", None)  # the views are texts now: let them go
    if done is not None:
        done()
    return built
