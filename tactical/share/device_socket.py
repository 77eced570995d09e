"""A device's WebSocket, whose every close frame gives a reason.

Apart from :mod:`tactical.share.frames` (what a message may be), which the app reads as it
opens a map: aiohttp is imported only when the GM shares (about 0.3 s and 10 MB less at
start-up).
"""

from __future__ import annotations

from aiohttp import web

REASONS = {
    1001: b"going away",
    1002: b"protocol error",
    1003: b"text messages only",
    1007: b"not UTF-8 text",
    1008: b"refused",
    1009: b"message too big",
    1011: b"server error",
}
"""The reason a close frame gives when aiohttp closes on a bad frame without one."""


class Socket(web.WebSocketResponse):
    """A device's WebSocket, whose every close frame gives a reason (aiohttp's own closes
    on a bad frame, too big or not UTF-8, give none)."""

    async def close(self, *, code: int = 1000, message: bytes = b"", drain: bool = True) -> bool:
        if not message and code != 1000:
            message = REASONS.get(code, b"closed")
        return await super().close(code=code, message=message, drain=drain)
