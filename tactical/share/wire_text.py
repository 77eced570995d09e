"""The wire's texts written a piece at a time: no single C call of the builder holds Python's lock
for long.

json's writer and base64 are each one C call that never lets go of the interpreter lock: on
1024 x 1024 one ``json.dumps`` of a ground took 14 ms, one ``b64encode`` of its heights 2-6 ms,
and the GM's GUI thread, wanting the lock back for its next handler, waited for all of it.
Here the same texts are written in slices of a fraction of a millisecond each (:data:`BASE64_SLICE`
bytes, :data:`STRING_SLICE` characters, :data:`ITEMS_SLICE` list items), a checkpoint between
two slices (:mod:`tactical.share.give_way`: the builder waits there while the GUI is busy):

- :func:`base64_text` gives the text ``base64.b64encode`` gives (slices of whole 3-byte
  groups encode to no padding inside, so they join to the same text);
- :func:`text` gives the text :func:`dumps` gives (a list is its items' texts joined by
  commas, an object its members', a string its slices' insides in one pair of quotes);
- :class:`Plain` marks base64 text this package made: its JSON is itself in quotes (the
  base64 alphabet holds nothing JSON escapes), so it is not scanned at all.
"""

from __future__ import annotations

import binascii
import json
from typing import Any

import numpy.typing as npt

from tactical.share.give_way import checkpoint

BASE64_SLICE = 3 * 64 * 1024
"""Bytes encoded in one call (a multiple of 3): about 0.2 ms, up to 1-2 ms on a busy machine."""
STRING_SLICE = 64 * 1024
"""Characters of a string written by json in one call (about 0.25 ms)."""
ITEMS_SLICE = 4096
"""List items (or members) written by json in one call: numbers, about 0.2 ms. A string
counts one and a sixteenth of its length, a list or object one and its length."""


def dumps(data: object) -> str:
    """The wire's JSON: compact, not escaped to ASCII."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def base64_text(raw: bytes) -> str:
    """``base64.b64encode(raw)`` as text, encoded a slice at a time."""
    if len(raw) <= BASE64_SLICE:
        return binascii.b2a_base64(raw, newline=False).decode("ascii")
    view = memoryview(raw)
    pieces = []
    for start in range(0, len(raw), BASE64_SLICE):
        pieces.append(binascii.b2a_base64(view[start : start + BASE64_SLICE], newline=False))
        checkpoint()
    return b"".join(pieces).decode("ascii")


def listed(array: npt.NDArray[Any]) -> list[Any]:
    """``array.tolist()`` of a flat array, a slice at a time (100,000 numbers: 2.5 ms in one)."""
    if array.size <= ITEMS_SLICE:
        values: list[Any] = array.tolist()
        return values
    values = []
    for start in range(0, array.size, ITEMS_SLICE):
        values.extend(array[start : start + ITEMS_SLICE].tolist())
        checkpoint()
    return values


def base64_bytes(text: str) -> bytes | None:
    """The bytes of the base64 ``text``, decoded a slice at a time; None unless it is base64
    as :func:`base64_text` writes it (only its alphabet, padding only at the end)."""
    if not text.isascii() or text.find("=", 0, len(text) - 2) >= 0:  # padding at the end only
        return None
    step = BASE64_SLICE // 3 * 4
    pieces = []
    try:
        for start in range(0, len(text), step):
            pieces.append(binascii.a2b_base64(text[start : start + step], strict_mode=True))
            checkpoint()
    except binascii.Error:
        return None
    return b"".join(pieces)


class Plain:
    """Base64 text made here (:func:`base64_text`, ``base64.b64encode``): :func:`text` writes it
    in quotes as it is. Never given to json itself."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text


_NUMBERS = (int, float, bool, type(None))


def _weight(value: object) -> int:
    if type(value) is str:
        return 1 + (len(value) >> 4)
    if type(value) is list or type(value) is tuple or type(value) is dict:
        return 1 + len(value)
    if isinstance(value, Plain):
        return ITEMS_SLICE + 1  # always written on its own
    return 1


def text(value: object) -> str:
    """``dumps(value)``, written a slice at a time with a checkpoint between two slices (and
    :class:`Plain` texts in quotes). A list whose first item is a number is taken as a list of
    numbers: sliced by count, its items not looked at one by one (the text is the same either
    way; only how long one call takes depends on it)."""
    if isinstance(value, Plain):
        return '"' + value.text + '"'
    if type(value) is str:
        return _string(value)
    if type(value) is list or type(value) is tuple:
        return _list(value)
    if type(value) is dict and all(type(key) is str for key in value):
        return _object(value)
    return dumps(value)


def _inner_slices(value: str | list[Any] | tuple[Any, ...], size: int) -> list[str]:
    """``dumps`` of ``value`` ``size`` items (or characters) at a time, each without its
    quotes or brackets, a checkpoint after each."""
    pieces = []
    for start in range(0, len(value), size):
        pieces.append(dumps(value[start : start + size])[1:-1])
        checkpoint()
    return pieces


def _string(value: str) -> str:
    if len(value) <= STRING_SLICE:
        return dumps(value)
    return '"' + "".join(_inner_slices(value, STRING_SLICE)) + '"'


def _list(values: list[Any] | tuple[Any, ...]) -> str:
    if not values:
        return "[]"
    if type(values[0]) in _NUMBERS:  # numbers: by count
        if len(values) <= ITEMS_SLICE:
            return dumps(values)
        return "[" + ",".join(_inner_slices(values, ITEMS_SLICE)) + "]"
    pieces, start, weight = [], 0, 0
    for i, item in enumerate(values):
        each = _weight(item)
        if each > ITEMS_SLICE or weight + each > ITEMS_SLICE:
            if start < i:
                pieces.append(dumps(values[start:i])[1:-1])
                checkpoint()
            start, weight = i, 0
        if each > ITEMS_SLICE:
            pieces.append(text(item))
            start = i + 1
        else:
            weight += each
    if start < len(values):
        pieces.append(dumps(values[start:])[1:-1])
    return "[" + ",".join(pieces) + "]"


def _object(members: dict[str, Any]) -> str:
    pieces: list[str] = []
    batch: dict[str, Any] = {}
    weight = 0
    for key, value in members.items():
        each = _weight(value)
        if batch and (each > ITEMS_SLICE or weight + each > ITEMS_SLICE):
            pieces.append(dumps(batch)[1:-1])
            checkpoint()
            batch, weight = {}, 0
        if each > ITEMS_SLICE:
            pieces.append(dumps(key) + ":" + text(value))
        else:
            batch[key] = value
            weight += each
    if batch:
        pieces.append(dumps(batch)[1:-1])
    return "{" + ",".join(pieces) + "}"
