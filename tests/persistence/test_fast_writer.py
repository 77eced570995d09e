"""The JSON writer's quick paths write exactly what its plain rules write.

``plain_dumps`` below is the writer as it was before it was made faster (every scalar
through ``json.dumps``, every list and dict judged item by item); the file's bytes must
not change with the speed-up, or every saved file would change on its next save.
"""

from __future__ import annotations

import json
import numbers
from typing import Any

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from tactical.persistence.jsonfmt import HeightRows, RowsText, dumps, dumps_parts

INDENT = "  "
ONE_LINE = 100


def _scalar(value: Any) -> bool:
    return value is None or isinstance(value, str | numbers.Real)


def _flat(value: Any) -> bool:
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
    return json.dumps(value, ensure_ascii=False, allow_nan=False)


def _inline(value: Any) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_atom(str(k))}: {_inline(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list | tuple):
        if all(type(v) is int for v in value):
            return "[" + ", ".join(map(str, value)) + "]"
        return "[" + ", ".join(_inline(v) for v in value) + "]"
    return _atom(value)


def _write(value: Any, depth: int, out: list[str]) -> None:
    if isinstance(value, dict | list | tuple):
        if not value:
            out.append("{}" if isinstance(value, dict) else "[]")
            return
        numbers_only = isinstance(value, list | tuple) and all(
            v is None or isinstance(v, numbers.Real) for v in value
        )
        if numbers_only or _flat(value):
            line = _inline(value)
            if numbers_only or len(line) <= ONE_LINE:
                out.append(line)
                return
        pad = INDENT * (depth + 1)
        opening, closing = ("{", "}") if isinstance(value, dict) else ("[", "]")
        out.append(opening + "\n")
        items = list(value.items()) if isinstance(value, dict) else list(value)
        for index, item in enumerate(items):
            out.append(pad)
            if isinstance(value, dict):
                out.append(f"{_atom(str(item[0]))}: ")
                item = item[1]
            _write(item, depth + 1, out)
            out.append(",\n" if index < len(items) - 1 else "\n")
        out.append(INDENT * depth + closing)
        return
    out.append(_atom(value))


def plain_dumps(value: Any) -> str:
    out: list[str] = []
    _write(value, 0, out)
    return "".join(out) + "\n"


scalars = (
    st.none()
    | st.booleans()
    | st.integers(-(2**60), 2**60)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=30)
)
values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=12) | st.dictionaries(st.text(max_size=12), inner, max_size=12)
    ),
    max_leaves=60,
)


@settings(max_examples=400, deadline=None)
@given(values)
def test_the_quick_writer_writes_what_the_plain_rules_write(value: Any) -> None:
    assert dumps(value) == plain_dumps(value)


@settings(max_examples=50, deadline=None)
@given(
    st.integers(1, 40),
    st.integers(1, 40),
    st.integers(-1000, 1000),
    st.integers(0, 60),
    st.integers(0, 3),
)
def test_heights_written_from_their_array_are_the_rows_written_plainly(
    width: int, height: int, low: int, spread: int, depth: int
) -> None:
    rng = np.random.default_rng(width * 1000 + height)
    array = rng.integers(low, low + spread + 1, (height, width)).astype(np.int16)
    document: Any = {"elevation": HeightRows.of(array)}
    for _ in range(depth):
        document = {"map": document}
    parts = dumps_parts(document)
    assert "".join(parts) == plain_dumps(document)
    rows = [part for part in parts if isinstance(part, RowsText)]
    if width <= 2:  # short rows may share a line: written by the plain rules
        assert rows == []
        return
    assert rows and all(piece.array is array for piece in rows)
    assert [piece.first for piece in rows] == [True] + [False] * (len(rows) - 1)
    assert json.loads("".join(rows)) == array.tolist()


def test_a_tall_grid_s_heights_are_written_in_pieces_of_64_rows() -> None:
    """The text of 1024 rows made in one piece (3.5 MB) held Python's lock 3-5 ms on the
    save's worker (issue 32): it is made, and handed on, 64 rows at a time."""
    array = (np.arange(200 * 50).reshape(200, 50) % 9 - 3).astype(np.int16)
    parts = dumps_parts({"elevation": HeightRows.of(array)})
    rows = [part for part in parts if isinstance(part, RowsText)]
    assert [piece.count("\n") for piece in rows] == [64, 64, 64, 9]  # rows, and the last "]"
    assert json.loads("".join(parts)) == {"elevation": array.tolist()}


def test_a_long_run_of_text_is_handed_on_in_pieces() -> None:
    """10,000 tokens' text (3.5 MB) joined into one string held Python's lock 2-3 ms on the
    save's worker (issue 32): the writer hands it on as runs of a few thousand pieces."""
    document = {"tokens": [{"id": f"t{n}", "name": f"Goblin {n}", "size": 1} for n in range(6000)]}
    parts = dumps_parts(document)
    assert "".join(parts) == plain_dumps(document)
    assert len(parts) > 3
    assert max(map(len, parts)) < len("".join(parts)) / 3
