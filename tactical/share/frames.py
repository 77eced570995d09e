"""What a device's WebSocket message may be, and the reason it is closed when it is not.

A page sends small flat JSON objects (a move: its type and a square; a choice or
a roll: :func:`hand_frame`). Anything else is refused with a close frame saying
why, never an error escaping the handler: JSON nested hundreds deep would make
Python's parser raise ``RecursionError`` (issue 30), so nesting is measured
before parsing.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

MAX_DEPTH = 8
"""Arrays and objects nested deeper than this are refused before parsing."""
POLICY = 1008
"""The close code for a message the server refuses (RFC 6455: policy violation)."""
_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")


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


# -- a player's choices and rolls (issue 31) ------------------------------------------------

MAX_VALUES = 8
"""Fields in one choice (a card, a target, an area, a phase...)."""
MAX_TEXT = 200
"""Characters in one chosen value or ask (a card's name, a token's or an area's id: the
file format's longest name)."""
MAX_DICE = 20
"""Dice in one typed roll."""
MAX_DIE = 1000
"""The highest number one die may show (a d1000 at most)."""
_NAME = re.compile(r"[a-z][a-z0-9_]{0,31}")
_NONCE = re.compile(r"[A-Za-z0-9_-]{1,32}")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
HAND_TYPES = ("choose", "roll")

Value = str | int | bool | None


@dataclass(frozen=True)
class HandFrame:
    """A phone's choice or roll, validated: which ask it answers and with what.

    ``nonce`` is the page's own name for this answer: a page that lost its connection
    sends it again under the same nonce, and the server answers it once."""

    kind: str
    """``choose`` (a choice or a declaration) or ``roll`` (dice)."""
    nonce: str
    ask: str
    """The id of the ask it answers, as the page was sent it."""
    values: dict[str, Value] = field(default_factory=dict)
    dice: tuple[int, ...] = ()
    """The numbers the dice rolled on the table show (``roll``), one a die."""
    for_me: bool = False
    """``roll``: roll them on the GM's computer instead."""


def _value(value: object) -> Value:
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int):
        if abs(value) > MAX_DIE:
            raise Refused("number out of range")
        return value
    if isinstance(value, str):
        if len(value) > MAX_TEXT or _CONTROL.search(value):
            raise Refused("bad text")
        return value
    raise Refused("bad value")


def hand_frame(data: dict[str, Any]) -> HandFrame:
    """``data`` (a ``choose`` or ``roll`` message) as a :class:`HandFrame`.

    Raises :class:`Refused` for anything a page never sends: unknown keys, an id or a
    name of the wrong shape, too many values, a nested value, a die out of range."""
    kind, nonce, ask = data.get("type"), data.get("id"), data.get("ask")
    allowed = {"type", "id", "ask", "values"} if kind == "choose" else {"type", "id", "ask"}
    if kind == "roll":
        allowed |= {"dice", "for_me"}
    if kind not in HAND_TYPES or not set(data) <= allowed:
        raise Refused("unknown fields")
    if not isinstance(nonce, str) or not _NONCE.fullmatch(nonce):
        raise Refused("bad id")
    if not isinstance(ask, str) or not ask or len(ask) > MAX_TEXT or _CONTROL.search(ask):
        raise Refused("bad ask")
    if kind == "choose":
        values = data.get("values", {})
        if not isinstance(values, dict) or len(values) > MAX_VALUES:
            raise Refused("bad values")
        checked: dict[str, Value] = {}
        for name, value in values.items():
            if not _NAME.fullmatch(name):
                raise Refused("bad value name")
            checked[name] = _value(value)
        return HandFrame("choose", nonce, ask, values=checked)
    dice, for_me = data.get("dice", []), data.get("for_me", False)
    if not isinstance(for_me, bool) or not isinstance(dice, list) or len(dice) > MAX_DICE:
        raise Refused("bad dice")
    if any(type(d) is not int or not 1 <= d <= MAX_DIE for d in dice):
        raise Refused("bad die")
    if not for_me and not dice:
        raise Refused("no dice")
    return HandFrame("roll", nonce, ask, dice=tuple(dice), for_me=for_me)
