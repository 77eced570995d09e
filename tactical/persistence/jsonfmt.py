"""Deterministic, diff-friendly JSON text.

Objects are written one key per line in the order given; a list of numbers
(a grid row, a point, a position) always stays on one line, so a 256 x 256 map
is 256 readable lines of elevation; a small object or list of scalars (a wall,
a side, a short polygon) goes on one line when it fits. Output is UTF-8 text
with a trailing newline and no NaN or infinity.

An embedded picture's base64 (tens of MB for a battle map) is a :class:`Base64Text`:
it needs no escaping, so it is written between quotes as it is, without passing
through ``json.dumps``, and :func:`dumps_parts` hands it back as a part of its own
so a caller can set it aside (the save's check) or write it without copying.
"""

from __future__ import annotations

import binascii
import json
import numbers
from typing import Any

INDENT = "  "
ONE_LINE = 100
"""An object or list of scalars is put on one line when that line is this short."""


class Base64Text(str):
    """Base64 text of :attr:`data`, made only by :meth:`of`: its JSON is itself in quotes.

    The base64 alphabet (``A-Z a-z 0-9 + / =``) holds nothing JSON escapes, so the
    text is the JSON string's inside as it is, whatever ``ensure_ascii`` says.
    """

    data: bytes
    """The bytes this text encodes (strict base64 decoding gives them back)."""

    @classmethod
    def of(cls, data: bytes) -> Base64Text:
        """``base64.b64encode(data)`` as text, encoded a slice at a time.

        Whole 3-byte groups per slice give the same text as one call, and no
        call holds Python's lock for long (autosave encodes on a worker thread).
        """
        view = memoryview(data)
        text = cls(
            "".join(
                binascii.b2a_base64(view[start : start + _SLICE], newline=False).decode("ascii")
                for start in range(0, len(view), _SLICE)
            )
        )
        text.data = data
        return text


_SLICE = 3 * 256 * 1024
"""Bytes encoded per call by :meth:`Base64Text.of` (a multiple of 3: no padding inside)."""


def _scalar(value: Any) -> bool:
    return value is None or isinstance(value, str | numbers.Real)


def _flat(value: Any) -> bool:
    """Scalars, or containers holding only scalars and points (pairs of scalars).

    A list of longer lists (the rows of a grid) is never flat: one row per line.
    """
    if _scalar(value):
        return True
    items = value.values() if isinstance(value, dict) else value
    return all(
        _scalar(v)
        or (
            isinstance(v, list)
            and all(map(_scalar, v))
            and (len(v) <= 2 or isinstance(value, dict))
        )
        for v in items
    )


def _atom(value: Any) -> str:
    if isinstance(value, Base64Text):
        return f'"{value}"'
    return json.dumps(_plain(value), ensure_ascii=False, allow_nan=False)


def _inline(value: Any) -> str:
    if isinstance(value, dict):
        inner = ", ".join(f"{_atom(str(k))}: {_inline(v)}" for k, v in value.items())
        return "{" + inner + "}"
    if isinstance(value, list | tuple):
        if all(type(v) is int for v in value):  # a grid row: str() is the JSON, and fast
            return "[" + ", ".join(map(str, value)) + "]"
        return "[" + ", ".join(_inline(v) for v in value) + "]"
    return _atom(value)


def _plain(value: Any) -> Any:
    """numpy and other number types as the plain int or float JSON can write."""
    if isinstance(value, bool | int | float | str) or value is None:
        return value
    if isinstance(value, numbers.Integral):
        return int(value)
    if isinstance(value, numbers.Real):
        return float(value)
    return value


def _write(value: Any, depth: int, out: list[str]) -> None:
    value = _plain(value)
    if isinstance(value, dict | list | tuple):
        if not value:
            out.append("{}" if isinstance(value, dict) else "[]")
            return
        numbers_only = isinstance(value, list | tuple) and all(
            v is None or isinstance(v, numbers.Real) for v in value
        )
        if numbers_only or (_flat(value) and not _holds_long_base64(value)):
            line = _inline(value)
            if numbers_only or len(line) <= ONE_LINE:
                out.append(line)
                return
        pad = INDENT * (depth + 1)
        if isinstance(value, dict):
            out.append("{\n")
            for index, (key, item) in enumerate(value.items()):
                out.append(f"{pad}{_atom(str(key))}: ")
                _write(item, depth + 1, out)
                out.append(",\n" if index < len(value) - 1 else "\n")
            out.append(INDENT * depth + "}")
        else:
            out.append("[\n")
            for index, item in enumerate(value):
                out.append(pad)
                _write(item, depth + 1, out)
                out.append(",\n" if index < len(value) - 1 else "\n")
            out.append(INDENT * depth + "]")
        return
    if isinstance(value, Base64Text):
        out += ('"', value, '"')
        return
    out.append(_atom(value))


def _holds_long_base64(value: dict[Any, Any] | list[Any] | tuple[Any, ...]) -> bool:
    """True when a base64 item alone is too long for one line (so no line is built to see it)."""
    items = value.values() if isinstance(value, dict) else value
    return any(isinstance(v, Base64Text) and len(v) > ONE_LINE for v in items)


def dumps_parts(value: Any) -> list[str]:
    """The text of :func:`dumps` in parts: runs of plain text and each long Base64Text alone.

    ``"".join(dumps_parts(value)) == dumps(value)``; a Base64Text written on a
    line of its own is one part (the very object given), never copied into a run.
    """
    parts = nested_parts(value, 0)
    parts[-1] += "\n"
    return parts


def nested_parts(value: Any, depth: int) -> list[str]:
    """:func:`dumps_parts` of ``value`` written ``depth`` levels deep, without the newline
    (an evening writes each scene into its list of scenes)."""
    out: list[str] = []
    _write(value, depth, out)
    parts: list[str] = []
    run: list[str] = []
    for piece in out:
        if isinstance(piece, Base64Text):
            parts += ("".join(run), piece)
            run = []
        else:
            run.append(piece)
    parts.append("".join(run))
    return parts


def dumps(value: Any) -> str:
    """``value`` as deterministic JSON text ending in a newline.

    Raises ValueError for NaN or infinity (the format allows finite numbers only)
    and TypeError for values JSON cannot hold.
    """
    return "".join(dumps_parts(value))
