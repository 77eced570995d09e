"""The ground a page holds, taken in as the page's scripts take it (paint.js: ``whole``,
``patch``): the whole ground, or a delta applied onto the one held. For the Qt-free tests."""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from tactical.share.wire_ground import ARRAYS

Row = tuple[Any, ...]


def cells(source: dict[str, Any], name: str, size: int) -> npt.NDArray[Any]:
    """An array as the page reads it: runs, base64, or (absent) all zero."""
    if name + "_runs" in source:
        pairs = source[name + "_runs"]
        out = np.repeat(
            np.array(pairs[0::2], dtype=np.int64), np.array(pairs[1::2], dtype=np.int64)
        )
        assert out.size == size
        return out
    if name not in source:
        return np.zeros(size, dtype=np.int64)
    out = np.frombuffer(base64.b64decode(source[name]), dtype=ARRAYS[name]).astype(np.int64)
    assert out.size == size
    return out


@dataclass(eq=False)
class HeldGround:
    """A page's ground: its version, heights and terrain (row-major), walls and lines."""

    key: str
    elevation: npt.NDArray[np.int64]
    terrain: npt.NDArray[np.int64]
    walls: set[Row]
    lines: set[Row]

    def __eq__(self, other: object) -> bool:
        """The same ground, square by square (and the same walls and lines)."""
        return (
            isinstance(other, HeldGround)
            and self.key == other.key
            and np.array_equal(self.elevation, other.elevation)
            and np.array_equal(self.terrain, other.terrain)
            and (self.walls, self.lines) == (other.walls, other.lines)
        )

    __hash__ = None  # type: ignore[assignment]

    def height_at(self, width: int, square: tuple[int, int]) -> int:
        return int(self.elevation[square[1] * width + square[0]])


def _rows(rows: list[list[Any]]) -> set[Row]:
    return {tuple(json.loads(json.dumps(row))) for row in rows}


def whole(key: str, ground: dict[str, Any], size: int) -> HeldGround:
    return HeldGround(
        key,
        cells(ground, "elevation", size),
        cells(ground, "terrain", size),
        _rows(ground["walls"]),
        _rows(ground["lines"]),
    )


def patched(held: HeldGround, key: str, delta: dict[str, Any]) -> HeldGround:
    """``held`` with ``delta`` applied (a new one: ``held`` is left as it was)."""
    assert delta["from"] == held.key, "a delta applies only to the ground it names"
    spans = delta["spans"]
    where = np.concatenate(
        [np.zeros(0, dtype=np.int64)]
        + [np.arange(start, start + take, dtype=np.int64) for start, take in _starts(spans)]
    )
    elevation, terrain = held.elevation.copy(), held.terrain.copy()
    elevation[where] = cells(delta, "elevation", where.size)
    terrain[where] = cells(delta, "terrain", where.size)
    walls = (held.walls - _rows(delta["walls_drop"])) | _rows(delta["walls_add"])
    lines = (held.lines - _rows(delta["lines_drop"])) | _rows(delta["lines_add"])
    return HeldGround(key, elevation, terrain, walls, lines)


def _starts(spans: list[int]) -> list[tuple[int, int]]:
    out, at = [], 0
    for skip, take in zip(spans[0::2], spans[1::2], strict=True):
        at += skip
        out.append((at, take))
        at += take
    return out


def take_in(held: HeldGround | None, message: dict[str, Any]) -> HeldGround | None:
    """What a page holds after ``message`` (a grid's view): the whole ground when it came,
    a delta applied onto ``held``, else ``held`` itself, which must be the ground it names."""
    grid = message["map"]
    key, size = grid["ground"], grid["width"] * grid["height"]
    if "ground" in message:
        assert "delta" not in message
        return whole(key, message["ground"], size)
    assert held is not None, "a page holding nothing is sent the whole ground"
    if "delta" in message:
        return patched(held, key, message["delta"])
    assert held.key == key, "a page is sent no ground only when it holds it"
    return held
