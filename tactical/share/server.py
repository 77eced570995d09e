"""The small web server the phones talk to: aiohttp in its own thread, with its own asyncio loop.

Nothing listens until :meth:`ShareServer.start`; it binds to the address given
(the LAN address by default: :func:`tactical.share.address.lan_address`).

* ``GET /s/<token>``: the page (static: it holds no map data);
* ``GET /s/<token>/ws``: the device's WebSocket; views come as JSON messages;
* ``GET /s/<token>/art/<key>.png``: the art cut for that link, and the pictures of the
  tokens in its view now, each by an opaque key (a digest of the PNG); a key not in
  the link's current view (a hidden or fogged token's picture, one that left the
  view, a guess) gets a short 404;
* ``GET /static/page.js``, ``tokens.js`` and ``page.css``: the page's scripts and style, from a
  fixed list (no file path is ever taken from a request; no directory listing).

A wrong or missing token gets a short 404 and nothing else. Every answer carries
a Content-Security-Policy allowing only the page's own origin, and asks the
browser to send no referrer (the link's token is in the URL).

Updates are coalesced: :meth:`ShareServer.publish` only hands over the newest
view builder and wakes the loop; the views are built in a worker thread (never
the GM's GUI thread) and sent to each device only when its view changed.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from typing import Any

from aiohttp import WSMsgType, web

from tactical.share.devices import MAX_MESSAGE_BYTES, Device, DeviceRow, Devices
from tactical.share.links import Link, Links
from tactical.share.view import LinkView

Builder = Callable[[Link], LinkView]
"""Builds one link's view from the newest state (called in a worker thread)."""
MoveHandler = Callable[[Link, dict[str, Any]], str | None]
"""Tries a move a device asked for; returns None when made, else the reason it was refused."""

STATIC = {
    "page.js": "application/javascript",
    "tokens.js": "application/javascript",
    "page.css": "text/css",
}
HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
        "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
}
STOP_SECONDS = 2.0


def _page_file(name: str) -> bytes:
    return resources.files("tactical.share").joinpath("page", name).read_bytes()


@dataclass
class _Watcher:
    device: Device
    socket: web.WebSocketResponse
    last: str = ""


class ShareServer:
    """The phones' server (see the module's docstring). Start once, stop once."""

    def __init__(self, links: Links, host: str, port: int = 0) -> None:
        self.links = links
        self.host = host
        self.port = port
        self.devices = Devices()
        self.on_move: MoveHandler | None = None
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
        self._views: dict[str, str] = {}
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

    def rows(self) -> list[DeviceRow]:
        return self.devices.rows()

    def _call(self, job: Callable[[], object]) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop closed since the check
                loop.call_soon_threadsafe(job)

    # -- the server's thread ---------------------------------------------------------------

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            loop.run_until_complete(self._serve())
        except BaseException as error:
            self._error = error
            self._ready.set()
        finally:
            loop.close()

    def _app(self) -> web.Application:
        app = web.Application(middlewares=[_headers], client_max_size=MAX_MESSAGE_BYTES)
        app.router.add_get("/s/{token}", self._page_handler)
        app.router.add_get("/s/{token}/ws", self._socket_handler)
        app.router.add_get("/s/{token}/art/{key}.png", self._art_handler)
        app.router.add_get("/static/{name}", self._static_handler)
        return app

    async def _serve(self) -> None:
        self._stop, self._dirty = asyncio.Event(), asyncio.Event()
        runner = web.AppRunner(
            self._app(), handle_signals=False, access_log=None, shutdown_timeout=0.5
        )
        await runner.setup()
        site = web.TCPSite(runner, self.host, self.port)
        try:
            await site.start()
        except BaseException:
            await runner.cleanup()
            raise
        server = site._server
        sockets = getattr(server, "sockets", None) or []
        if sockets:
            self.port = int(sockets[0].getsockname()[1])
        self._ready.set()
        updater = asyncio.ensure_future(self._update_loop())
        await self._stop.wait()
        updater.cancel()
        for watcher in list(self._watchers.values()):
            await watcher.socket.close(code=1001, message=b"sharing stopped")
        await runner.cleanup()

    async def _update_loop(self) -> None:
        assert self._dirty is not None
        loop = asyncio.get_running_loop()
        while True:
            await self._dirty.wait()
            self._dirty.clear()
            tokens = {w.device.link_token for w in self._watchers.values()}
            links = [x for x in (self.links.find(t) for t in tokens) if x is not None]
            with self._lock:
                builder = self._builder
            self._forget_unwatched({x.token for x in links})
            if builder is None or not links:
                continue
            try:
                built = await loop.run_in_executor(None, _build_all, builder, links)
            except Exception:  # a view that cannot be built now: the pages keep the last one
                continue
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
        for watcher in list(self._watchers.values()):
            text = self._views.get(watcher.device.link_token)
            if text is None or text == watcher.last or watcher.socket.closed:
                continue
            watcher.last = text
            try:
                await watcher.socket.send_str(text)
                self.sent += 1
            except (ConnectionError, RuntimeError):
                pass

    async def _close_link(self, token: str) -> None:
        self._views.pop(token, None)
        self._art.pop(token, None)
        for watcher in list(self._watchers.values()):
            if watcher.device.link_token == token:
                await watcher.socket.close(code=4403, message=b"link revoked")

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
        device = self.devices.join(link.token, link.label, request.remote or "?")
        if device is None:
            raise web.HTTPServiceUnavailable(text="Too many devices")
        socket = web.WebSocketResponse(max_msg_size=MAX_MESSAGE_BYTES, heartbeat=10.0)
        await socket.prepare(request)
        self._watchers[device.number] = watcher = _Watcher(device, socket)
        try:
            if link.token in self._views:
                watcher.last = self._views[link.token]
                await socket.send_str(watcher.last)
                self.sent += 1
            if self._dirty is not None:
                self._dirty.set()  # build this link's view if it was not built yet
            await self._listen(link, watcher)
        finally:
            self._watchers.pop(device.number, None)
            self.devices.leave(device)
        return socket

    async def _listen(self, link: Link, watcher: _Watcher) -> None:
        socket = watcher.socket
        async for message in socket:
            if message.type != WSMsgType.TEXT or not watcher.device.count_message():
                await socket.close(code=1008, message=b"limits broken")
                return
            try:
                data = json.loads(message.data)
            except ValueError:
                await socket.close(code=1008, message=b"not JSON")
                return
            if not isinstance(data, dict):
                continue
            if data.get("type") == "move":
                await self._move(link, watcher, data)

    async def _move(self, link: Link, watcher: _Watcher, data: dict[str, Any]) -> None:
        handler = self.on_move
        current = self.links.find(link.token)
        if handler is None or current is None or not current.moves:
            reason: str | None = "The GM has not allowed moves from this phone."
        else:
            loop = asyncio.get_running_loop()
            reason = await loop.run_in_executor(None, handler, current, data)
        reply = {"type": "moved", "ok": reason is None, "reason": reason or ""}
        if not watcher.socket.closed:
            await watcher.socket.send_str(json.dumps(reply))


def _build_all(builder: Builder, links: list[Link]) -> dict[str, tuple[str, dict[str, bytes]]]:
    """Each link's message text and the pictures it may fetch (key -> PNG: its cut art and
    the pictures of the tokens it shows), built in a worker thread."""
    built: dict[str, tuple[str, dict[str, bytes]]] = {}
    for link in links:
        view = builder(link)
        data = dict(view.data)
        data["moves"] = link.moves
        pictures = dict(view.pictures)
        if view.art is not None:
            pictures[view.art.key] = view.art.png
        built[link.token] = (json.dumps(data, ensure_ascii=False, separators=(",", ":")), pictures)
    return built


@web.middleware
async def _headers(
    request: web.Request, handler: Callable[[web.Request], Any]
) -> web.StreamResponse:
    try:
        response: web.StreamResponse = await handler(request)
    except web.HTTPException as error:
        response = web.Response(status=error.status, text=error.text or error.reason)
    for name, value in HEADERS.items():
        if not response.prepared:
            response.headers[name] = value
    return response
