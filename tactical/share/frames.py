"""What a device's WebSocket message may be, and the reason it is closed when it is not.

A page sends small flat JSON objects (a move: its type and a square). Anything
else is refused with a close frame saying why, never an error escaping the
handler: JSON nested hundreds deep would make Python's parser raise
``RecursionError`` (issue 30), so nesting is measured before parsing.
"""

from __future__ import annotations

import json
import re
from typing import Any

from aiohttp import web

MAX_DEPTH = 8
"""Arrays and objects nested deeper than this are refused before parsing."""
POLICY = 1008
"""The close code for a message the server refuses (RFC 6455: policy violation)."""
_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")


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


class Refused(Exception):
    """A message the server does not take; ``str()`` is the close frame's reason."""


def depth(text: str) -> int:
    """How deep arrays and objects nest in ``text`` (strings' contents do not count)."""
    deepest = level = 0
    for bracket in _BRACKETS.findall(_STRINGS.sub("", text)):
        level += 1 if bracket in "[{" else -1
        deepest = max(deepest, level)
    return deepest


def read(text: str) -> dict[str, Any] | None:
    """The message's object (None for valid JSON that is not an object: ignored).

    Raises :class:`Refused` for text that is not JSON or nests too deep."""
    if depth(text) > MAX_DEPTH:
        raise Refused("too deeply nested")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise Refused("not JSON") from error
    return data if isinstance(data, dict) else None
