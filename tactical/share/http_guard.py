"""The rules every request and answer of the phones' server follows (issues 25 and 30).

* A request whose ``Host`` is not this server's address and port is refused: a
  web page elsewhere cannot reach the server through a name of its own that it
  points at this computer (DNS rebinding).
* A WebSocket whose ``Origin`` is not this server's own is refused: another
  site's page open on a phone cannot watch a link. (A client that sends no
  ``Origin`` is not a browser page; the link's key still decides.)
* Every answer carries a Content-Security-Policy allowing only the page's own
  origin, asks for no referrer (the link's key is in the URL) and names the
  server ``tactical``, without versions.
* A refused or missing thing is a short plain text, never a stack or a path.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Awaitable, Callable
from http import HTTPStatus
from typing import Any

from aiohttp import hdrs, web
from aiohttp.http_exceptions import HttpProcessingError

SERVER_NAME = "tactical"
HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
        "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
    "Server": SERVER_NAME,
}
WILDCARDS = ("", "0.0.0.0", "::")
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def _split(host: str) -> tuple[str, int | None] | None:
    """``host[:port]`` or ``[v6][:port]`` as (host, port), None when malformed."""
    if host.startswith("["):
        name, _, rest = host[1:].partition("]")
        port = rest[1:] if rest.startswith(":") else None
        if rest and port is None:
            return None
    else:
        name, colon, port_text = host.rpartition(":")
        name, port = (name, port_text) if colon else (port_text, None)
    if port is not None and not (port.isascii() and port.isdigit()):
        return None
    return name.lower(), None if port is None else int(port)


def _ip(name: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(name)
    except ValueError:
        return None


def host_allowed(header: str, bound: str, port: int) -> bool:
    """Whether a request's ``Host`` names this server: its address (any address of this
    computer's when it listens on all) or ``localhost`` on the loopback, and its port."""
    split = _split(header)
    if split is None:
        return False
    name, asked = split
    if (asked or 80) != port:
        return False
    address, listening = _ip(name), _ip(bound.strip("[]"))
    if bound in WILDCARDS:
        return address is not None
    if name == "localhost":
        return listening is not None and listening.is_loopback
    return address is not None and address == listening


def origin_allowed(origin: str | None, host: str) -> bool:
    """Whether a WebSocket's ``Origin`` is the page this server served (``http://`` and the
    request's own ``Host``, which :func:`host_allowed` checked); no ``Origin`` at all is not
    a browser's page."""
    return origin is None or origin.lower() == f"http://{host.lower()}"


def middleware(bound: str, port: Callable[[], int]) -> Callable[..., Awaitable[web.StreamResponse]]:
    """The app's middleware: refuses foreign hosts and origins, and turns every refusal
    into a short plain text."""

    @web.middleware
    async def checked(request: web.Request, handler: Handler) -> web.StreamResponse:
        host = request.headers.get(hdrs.HOST, "")
        try:
            if not host_allowed(host, bound, port()):
                raise web.HTTPMisdirectedRequest(text="Wrong address")
            origin = request.headers.get(hdrs.ORIGIN)
            if request.headers.get(hdrs.UPGRADE, "").lower() == "websocket" and (
                not origin_allowed(origin, host)
            ):
                raise web.HTTPForbidden(text="Forbidden")
            return await handler(request)
        except web.HTTPException as error:
            return web.Response(status=error.status, text=error.text or error.reason)

    return checked


async def add_headers(_request: web.Request, response: web.StreamResponse) -> None:
    """``on_response_prepare``: the headers every answer carries (the WebSocket's too)."""
    for name, value in HEADERS.items():
        response.headers[name] = value


class HttpProtocol(web.RequestHandler):
    """aiohttp's protocol, whose own answers to a malformed request are a short text naming
    no version, and which logs a device's malformed request as the device's fault (debug),
    keeping errors for the server's own."""

    def handle_error(
        self,
        request: web.BaseRequest,
        status: int = 500,
        exc: BaseException | None = None,
        message: str | None = None,
    ) -> web.StreamResponse:
        response = super().handle_error(request, status, exc, _phrase(status))
        for name, value in HEADERS.items():
            response.headers[name] = value
        return response

    def log_exception(self, *args: Any, **kw: Any) -> None:
        error = kw.get("exc_info")
        if isinstance(error, HttpProcessingError) and 400 <= (error.code or 0) < 500:
            self.logger.debug(*args, **kw)
        else:
            super().log_exception(*args, **kw)


def _phrase(status: int) -> str:
    try:
        return HTTPStatus(status).phrase
    except ValueError:
        return "Error"
