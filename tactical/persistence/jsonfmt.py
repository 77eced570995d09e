"""Deterministic, diff-friendly JSON text.

Objects are written one key per line in the order given; a list of numbers
(a grid row, a point, a position) always stays on one line, so a 256 x 256 map
is 256 readable lines of elevation; a small object or list of scalars (a wall,
a side, a short polygon) goes on one line when it fits. Output is UTF-8 text
with a trailing newline and no NaN or infinity.

An embedded picture's base64 (tens of MB for a battle map) is a :class:`Base64Text`:
it needs no escaping, so it is written between quotes as it is, without passing
through ``json.dumps``, and :func:`dumps_parts` hands it back as a part of its own
so a caller can set it aside (the save's check) or write it without copying. A
grid's heights (a million numbers on the biggest map) are :class:`HeightRows`,
written from their array a row at a time and handed back as :class:`RowsText`
parts (64 rows each), for the same reasons.

Writing stops at a checkpoint of the GUI's gate every :data:`_ITEMS` items of a long list
and every :data:`ROWS_A_PIECE` rows of heights (:func:`tactical.core.give_way.checkpoint`):
the save's worker gives way there to a busy GUI thread; anywhere else it goes straight on.
"""

from __future__ import annotations

import binascii
import json
import numbers
from collections.abc import Iterator
from typing import Any

import numpy as np
import numpy.typing as npt

from tactical.core.give_way import checkpoint
from tactical.persistence.free_pieces import free_in_pieces

ROWS_A_PIECE = 64
"""Rows of heights made between two checkpoints (about 2 ms on a 1024-wide map)."""

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
        text = cls("".join(_base64_slices(memoryview(data))))
        text.data = data
        return text


def _base64_slices(view: memoryview) -> Iterator[str]:
    for start in range(0, len(view), _SLICE):
        checkpoint()
        yield binascii.b2a_base64(view[start : start + _SLICE], newline=False).decode("ascii")


_SLICE = 3 * 256 * 1024
"""Bytes encoded per call by :meth:`Base64Text.of` (a multiple of 3: no padding inside)."""


class HeightRows(list[list[int]]):
    """A grid's heights as rows of ints, with the int16 array they were made from
    (:attr:`array`), from which the writer makes their text quickly."""

    array: npt.NDArray[np.int16]

    @classmethod
    def of(cls, array: npt.NDArray[np.int16]) -> HeightRows:
        """The rows of ``array``, made a row at a time (no one long call holds Python's lock)."""
        rows = cls(_int_rows(array))
        rows.array = array
        return rows


def _int_rows(array: npt.NDArray[np.int16]) -> Iterator[list[int]]:
    """Each row of ``array`` as a list of ints, a checkpoint every :data:`ROWS_A_PIECE` rows."""
    for start in range(0, len(array), ROWS_A_PIECE):
        checkpoint()
        yield from array[start : start + ROWS_A_PIECE].astype(int).tolist()


class RowsText(str):
    """A piece of the text of :class:`HeightRows`, with their whole :attr:`array`: the pieces
    in order (:attr:`first` the one that opens the ``[``, the last closing it) are the JSON
    of exactly those ints, each row on a line (made only by :func:`_rows_text`)."""

    array: npt.NDArray[np.int16]
    first: bool


def _whole_rows(rows: HeightRows) -> bool:
    """Rows of more than two heights, as many as the array's: the plain rules write them one
    a line (a list of longer lists is never flat), as :func:`_rows_text` does."""
    return bool(rows) and rows.array.shape == (len(rows), len(rows[0])) and len(rows[0]) > 2


def _rows_text(rows: HeightRows, depth: int) -> list[RowsText]:
    """The generic writer's text of ``rows`` (one row a line), made from their array: each
    number's text is looked up in a table of the few heights the map has, a row at a time,
    instead of a million calls of ``str``. In pieces of :data:`ROWS_A_PIECE` rows: the text
    of 1024 rows (3.5 MB) made in one call held Python's lock 3-5 ms."""
    array = rows.array
    low, high = int(array.min()), int(array.max())
    names = np.array([str(n) for n in range(low, high + 1)], dtype=object)
    pad = INDENT * (depth + 1)
    between = ",\n" + pad
    pieces: list[RowsText] = []
    for start in range(0, len(array), ROWS_A_PIECE):
        checkpoint()
        piece = array[start : start + ROWS_A_PIECE].astype(np.int32) - low
        lines = ["[" + ", ".join(names[row].tolist()) + "]" for row in piece]
        head = "[\n" + pad if start == 0 else between
        tail = "\n" + INDENT * depth + "]" if start + ROWS_A_PIECE >= len(array) else ""
        text = RowsText("".join((head, between.join(lines), tail)))
        text.array, text.first = array, start == 0
        pieces.append(text)
    return pieces


_PLAIN_SCALARS = frozenset({str, int, float, bool, type(None)})
"""Types whose values are scalars without asking ``numbers`` (the common case, quickly)."""
_NUMBER_TYPES = frozenset({int, float, type(None)})


def _scalar(value: Any) -> bool:
    return type(value) in _PLAIN_SCALARS or value is None or isinstance(value, str | numbers.Real)


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
    """One scalar's JSON, as ``json.dumps(value, ensure_ascii=False, allow_nan=False)``
    writes it (the common types without passing through ``json.dumps``)."""
    kind = type(value)
    if kind is str:
        return _encode_string(value)
    if kind is int:
        return int.__repr__(value)
    if kind is bool:
        return "true" if value else "false"
    if value is None:
        return "null"
    if kind is float and value == value and value not in (_INFINITY, -_INFINITY):
        return float.__repr__(value)
    if isinstance(value, Base64Text):
        return f'"{value}"'
    return json.dumps(_plain(value), ensure_ascii=False, allow_nan=False)


_encode_string = json.encoder.encode_basestring  # what json.dumps uses without ensure_ascii
_INFINITY = float("inf")


def _inline(value: Any) -> str:
    if isinstance(value, dict):
        inner = ", ".join(f"{_atom(str(k))}: {_inline(v)}" for k, v in value.items())
        return "{" + inner + "}"
    if isinstance(value, list | tuple):
        if _all_ints(value):  # a grid row: str() is the JSON, and fast
            return "[" + ", ".join(map(str, value)) + "]"
        return "[" + ", ".join(_inline(v) for v in value) + "]"
    return _atom(value)


def _all_ints(values: list[Any] | tuple[Any, ...]) -> bool:
    """Every item is exactly an int (not a bool): one pass in C, a million heights quickly."""
    return not values or set(map(type, values)) == {int}


def _numbers_only(value: list[Any] | tuple[Any, ...]) -> bool:
    """Numbers and nulls only (a grid row, a point): written on one line whatever its length."""
    kinds = set(map(type, value))
    if kinds <= _NUMBER_TYPES:
        return True
    return all(v is None or isinstance(v, numbers.Real) for v in value)


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
    kind = type(value)
    if kind is HeightRows and _whole_rows(value):
        out += _rows_text(value, depth)
        return
    if kind not in _PLAIN_SCALARS and kind is not dict and kind is not list:
        value = _plain(value)
    if isinstance(value, dict | list | tuple):
        if not value:
            out.append("{}" if isinstance(value, dict) else "[]")
            return
        numbers_only = isinstance(value, list | tuple) and _numbers_only(value)
        if numbers_only or (_may_fit(value) and _flat(value) and not _holds_long_base64(value)):
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
                if index % _ITEMS == 0:
                    checkpoint()
                out.append(pad)
                _write(item, depth + 1, out)
                out.append(",\n" if index < len(value) - 1 else "\n")
            out.append(INDENT * depth + "]")
        return
    if isinstance(value, Base64Text):
        out += ('"', value, '"')
        return
    out.append(_atom(value))


def _may_fit(value: dict[Any, Any] | list[Any] | tuple[Any, ...]) -> bool:
    """Whether ``value`` on one line could be :data:`ONE_LINE` long at most: a lower bound of
    its length (each item at least one character, each key at least its quoted self) is not
    over it. A token's ten keys alone are longer, so its line is never built to be thrown away."""
    if isinstance(value, dict):
        shortest = sum(len(str(key)) + 5 for key in value) + 2 * len(value)
    else:
        shortest = 3 * len(value)
    return shortest <= ONE_LINE


def _holds_long_base64(value: dict[Any, Any] | list[Any] | tuple[Any, ...]) -> bool:
    """True when a base64 item alone is too long for one line (so no line is built to see it)."""
    items = value.values() if isinstance(value, dict) else value
    return any(isinstance(v, Base64Text) and len(v) > ONE_LINE for v in items)


def dumps_parts(value: Any) -> list[str]:
    """The text of :func:`dumps` in parts: runs of plain text, each long Base64Text and each
    RowsText (a piece of a grid's heights) alone.

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
    apart: list[int] = []  # where a Base64Text or RowsText is: a part of its own
    for first in range(0, len(out), _PIECES):
        checkpoint()
        apart += [
            index
            for index, piece in enumerate(out[first : first + _PIECES], first)
            if type(piece) is not str and isinstance(piece, Base64Text | RowsText)
        ]
    parts: list[str] = []
    start = 0
    for index in apart:
        if index > start or not parts:  # no empty run between two pieces of heights
            parts += _runs(out, start, index)
        parts.append(out[index])
        start = index + 1
    parts += _runs(out, start, len(out))
    free_in_pieces(out, _PIECES)  # 300,000 pieces freed at once held the lock 5 ms
    return parts


_ITEMS = 64
"""Items of a long list (tokens, walls, rows of terrain) written between two checkpoints."""
_PIECES = 4096
"""Pieces of text looked at, or joined, between two checkpoints (10,000 tokens make 300,000)."""


def _runs(pieces: list[str], start: int, stop: int) -> list[str]:
    """``"".join(pieces[start:stop])`` as runs of :data:`_PIECES` pieces each (one run, maybe
    empty, at least), each joined between two checkpoints: 10,000 tokens' text (3.5 MB)
    joined into one string, and sliced out of the pieces first, held the lock 2-3 ms."""
    if stop - start <= _PIECES:
        return ["".join(pieces[start:stop])]
    runs = []
    for first in range(start, stop, _PIECES):
        checkpoint()
        runs.append("".join(pieces[first : min(first + _PIECES, stop)]))
    return runs


def dumps(value: Any) -> str:
    """``value`` as deterministic JSON text ending in a newline.

    Raises ValueError for NaN or infinity (the format allows finite numbers only)
    and TypeError for values JSON cannot hold.
    """
    return "".join(dumps_parts(value))
