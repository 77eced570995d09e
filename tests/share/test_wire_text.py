"""The wire's texts written a slice at a time say exactly what one call of json or base64 said,
and no single call of either is given more than a slice."""

from __future__ import annotations

import base64
import binascii
import json
import math
import sys
import threading
from typing import Any

import numpy as np
import pytest

from tactical.core.fog import Fog
from tactical.share import give_way, wire_text
from tactical.share.give_way import GiveWay
from tactical.share.view import character_view, table_view
from tactical.share.wire import wire
from tactical.share.wire_text import Plain, base64_bytes, base64_text, listed, text
from tests.share.conftest import crypt

_DUMPS = json.dumps


def _old(data: object) -> str:
    return _DUMPS(data, ensure_ascii=False, separators=(",", ":"))


@pytest.fixture
def small_slices(monkeypatch: pytest.MonkeyPatch) -> None:
    """Slices of a few bytes, characters and items: every boundary falls somewhere."""
    monkeypatch.setattr(wire_text, "BASE64_SLICE", 6)
    monkeypatch.setattr(wire_text, "STRING_SLICE", 5)
    monkeypatch.setattr(wire_text, "ITEMS_SLICE", 3)


@pytest.mark.parametrize("size", [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 13, 100])
def test_base64_in_slices_is_the_text_of_one_call(small_slices: None, size: int) -> None:
    raw = bytes(range(256)) * 2
    raw = raw[:size]
    assert base64_text(raw) == base64.b64encode(raw).decode("ascii")
    assert base64_bytes(base64_text(raw)) == raw


def test_base64_of_a_big_array_is_the_text_of_one_call() -> None:
    raw = np.random.default_rng(3).integers(0, 256, 2 * 1024 * 1024 + 5, dtype=np.uint8)
    written = base64_text(raw.tobytes())
    assert written == base64.b64encode(raw.tobytes()).decode("ascii")
    assert base64_bytes(written) == raw.tobytes()


@pytest.mark.parametrize(
    "junk", ["QUJD\nREVG", "QUJDRA", "QU=JDREVG", "QUJD REVG", "QUJDé", "QQ==QQ==", "QUJ=QUJD"]
)
def test_text_that_is_not_plain_base64_is_not_taken_for_it(small_slices: None, junk: str) -> None:
    assert base64_bytes(junk) is None


VALUES: list[object] = [
    [],
    {},
    "",
    "a",
    'quotes " and \\ backslashes, \n\t\x00 controls, é, 漢字, \U0001f409 and \ud800 alone',
    list(range(-5, 20)),
    [1.5, math.inf, -0.0, True, False, None, 10**30],
    [[1, 2, "wall"], [3, 4, "door"], [5, 6, "open"], [7, 8, "wall"], [9, 10, "door"]],
    ("a", ("b", "c"), ["d" * 40, "e"], {"f": [1, 2, 3, 4, 5]}),
    {"x": 1, "y": "two", "z": list(range(10)), "w": {"v": ["é" * 33, 2]}, "u": None},
    {1: "a number's key", "b": 2},  # keys json turns into text itself
    [{"id": f"t{i}", "name": f"Token {i}", "col": i, "row": -i} for i in range(9)],
    ["a string first", 1, 2, 3, 4, 5, 6, [7, 8, 9, 10]],
]


@pytest.mark.parametrize("value", VALUES)
def test_a_value_in_slices_is_the_text_of_one_call(small_slices: None, value: object) -> None:
    assert text(value) == _old(value)


def test_a_long_list_and_string_are_the_text_of_one_call() -> None:
    numbers = np.random.default_rng(5).integers(0, 2**20, 100_003).tolist()
    assert text(numbers) == _old(numbers)
    string = "".join(chr(c) for c in range(0x20, 0x3000)) * 30 + '"\\\n'
    assert text(string) == _old(string)
    assert text({"runs": numbers, "name": string}) == _old({"runs": numbers, "name": string})


def test_plain_base64_goes_in_quotes_as_json_writes_it(small_slices: None) -> None:
    written = base64_text(bytes(range(200)))
    members = {"light": Plain(written), "kind": "grid", "runs": [1, 2, 3, 4]}
    assert text(members) == _old({**members, "light": written})


def test_an_array_listed_in_slices_is_its_list(small_slices: None) -> None:
    array = np.arange(-7, 11, dtype=np.int64)
    assert listed(array) == array.tolist()
    assert listed(array[:0]) == []


class _Calls:
    """The sizes given to json's and base64's single C calls."""

    def __init__(self) -> None:
        self.items = 0
        self.characters = 0
        self.bytes = 0


def _watched(monkeypatch: pytest.MonkeyPatch) -> _Calls:
    calls = _Calls()
    real_dumps, real_b64 = json.dumps, binascii.b2a_base64

    def dumps(data: Any, **kwargs: Any) -> str:
        if isinstance(data, (list, dict)):
            calls.items = max(calls.items, len(data))
        if isinstance(data, str):
            calls.characters = max(calls.characters, len(data))
        written: str = real_dumps(data, **kwargs)
        return written

    def b2a(data: Any, **kwargs: Any) -> bytes:
        calls.bytes = max(calls.bytes, len(data))
        written: bytes = real_b64(data, **kwargs)
        return written

    monkeypatch.setattr(json, "dumps", dumps)  # the modules the wire's writer calls
    monkeypatch.setattr(binascii, "b2a_base64", b2a)
    return calls


def test_no_single_call_writes_more_than_a_slice_of_a_page(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The crypt's pages in slices of 16 bytes and 4 items: every call of json and base64 on
    the wire is given a slice at most (the GM's GUI thread waits for one call at most), and the
    pages say what one call said."""
    monkeypatch.setattr(wire_text, "BASE64_SLICE", 15)
    monkeypatch.setattr(wire_text, "STRING_SLICE", 64)
    monkeypatch.setattr(wire_text, "ITEMS_SLICE", 4)
    encounter = crypt()
    grid = encounter.grid
    assert grid is not None
    pages = [table_view(encounter).data, character_view(encounter, "ilse").data]
    encounter.fog = Fog(True)
    revealed = np.zeros((grid.height, grid.width), dtype=np.bool_)
    revealed[:6, :9] = True
    encounter.fog.set_mask(revealed)
    calls = _watched(monkeypatch)
    before = wire(table_view(encounter).data)
    revealed[6:12, :9] = True
    encounter.fog.set_mask(revealed)
    after = wire(table_view(encounter).data, before)
    messages = [after.for_socket(before.ground), after.full, before.full]
    for data in pages:
        sent = wire(data)
        messages += [sent.kept, sent.full]
    assert "delta" in json.loads(messages[0])
    for message in messages:
        assert message == _old(json.loads(message))
    assert 0 < calls.bytes <= 15
    assert 0 < calls.items <= 4 and 0 < calls.characters <= 64


def test_the_loop_gets_a_delta_while_the_builder_gives_way_writing_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The builder gives way (the GUI busy) in the middle of a delta: meanwhile the server's
    loop thread asking for that delta is answered, not held until the GUI rests."""
    monkeypatch.setattr(wire_text, "ITEMS_SLICE", 3)  # the delta's spans in slices
    encounter = crypt()
    grid = encounter.grid
    assert grid is not None
    encounter.fog = Fog(True)
    revealed = np.zeros((grid.height, grid.width), dtype=np.bool_)
    revealed[:6, :9] = True
    encounter.fog.set_mask(revealed)
    before = wire(table_view(encounter).data)
    revealed[6:12, :9] = True
    encounter.fog.set_mask(revealed)
    data = table_view(encounter).data
    answered: list[bool] = []

    def wait(timeout: float) -> bool:
        frame: Any = sys._getframe()
        while frame is not None and frame.f_code.co_name != "_delta":
            frame = frame.f_back
        if frame is not None and not answered:  # in the delta: the loop asks for it
            ground = frame.f_locals["self"]
            loop = threading.Thread(target=ground.delta_from, args=(before.ground,))
            loop.start()
            loop.join(5)
            answered.append(not loop.is_alive())
        return True  # the GUI stays busy: the builder waits at every checkpoint

    gate = GiveWay(budget=10.0, wait=wait)
    monkeypatch.setattr(give_way, "GATE", gate)
    with gate.turn():
        gate.busy()
        after = wire(data, before)
    assert answered == [True]
    assert json.loads(after.for_socket(before.ground))["delta"]["from"] == before.ground
