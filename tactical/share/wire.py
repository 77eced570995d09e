"""A link's view as it goes on the wire: squares in runs, and what a page already holds left out.

A view (:mod:`tactical.share.view`) carries each square of a grid map three times: its light,
height and terrain, base64 of whole arrays. On 1024 x 1024 that is about 5 MB of text a page
for every change, although most squares are dark (zero in all three) and the heights, terrain
and walls seen change far less often than the tokens. Here:

- an array goes as runs (``[value, count, value, count, ...]``) whenever that is shorter
  than its base64;
- the heights, terrain, walls and wall lines (the map's *ground*) are fingerprinted; a page
  whose socket last received the same ground gets the message without it
  (only ``map.ground``, the fingerprint, and no top-level ``ground``) and draws with what it
  holds. A page that connects, reconnects, or
  follows the GM to another scene gets the whole message.

Nothing new is sent by any of this: the ground left out is byte for byte what the same
socket received before, and the runs say exactly what the base64 said (the view is already
cut to what the link may see, :mod:`tactical.share.players`).
"""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

GROUND = ("elevation", "terrain", "walls", "lines")
"""The grid map's keys a page keeps while their fingerprint does not change."""
ARRAYS: dict[str, npt.DTypeLike] = {"light": np.uint8, "elevation": "<i2", "terrain": np.uint8}
"""The grid map's arrays sent as runs when shorter, and their types."""


@dataclass(frozen=True)
class Wire:
    """One link's message: ``full`` for a socket that does not hold ``ground`` (the
    fingerprint of the map's ground, empty when there is none), ``kept`` for one that does."""

    full: str
    kept: str
    ground: str = ""

    def for_socket(self, holds: str) -> str:
        """The text to send a socket that last received the ground ``holds``."""
        return self.kept if self.ground and holds == self.ground else self.full


def runs(array: npt.NDArray[Any]) -> list[int]:
    """``array`` flattened, as ``[value, count, value, count, ...]``."""
    flat = array.ravel()
    if flat.size == 0:
        return []
    starts = np.flatnonzero(np.concatenate(([True], flat[1:] != flat[:-1])))
    counts = np.diff(np.append(starts, flat.size))
    out = np.empty(starts.size * 2, dtype=np.int64)
    out[0::2] = flat[starts]
    out[1::2] = counts
    values: list[int] = out.tolist()
    return values


_ENCODED: dict[int, tuple[str, bytes]] = {}
"""Base64 texts :func:`encoded` made to be remembered (by ``id``) and their bytes, until the
wire reads them: it takes the bytes back instead of decoding the text it was just given."""
ENCODED_KEPT = 8


def encoded(array: npt.NDArray[Any], remember: bool = False) -> str:
    """``array``'s bytes as base64, as a view carries an array; ``remember``: for
    :func:`wire`, which reads the bytes back (a page's light, read right after)."""
    raw = np.ascontiguousarray(array).tobytes()
    text = base64.b64encode(raw).decode("ascii")
    if remember:
        if len(_ENCODED) >= ENCODED_KEPT:
            _ENCODED.clear()
        _ENCODED[id(text)] = (text, raw)
    return text


def _decoded(text: str) -> bytes:
    hit = _ENCODED.pop(id(text), None)
    return hit[1] if hit is not None and hit[0] is text else base64.b64decode(text)


def _compact(grid: dict[str, Any], keys: Collection[str]) -> dict[str, Any]:
    """The grid map's ``keys``, each array as runs where they are shorter than its base64."""
    out = {k: grid[k] for k in keys if k in grid}
    for key, dtype in ARRAYS.items():
        text = out.get(key)
        if not isinstance(text, str):
            continue
        array = np.frombuffer(_decoded(text), dtype=dtype)
        starts = int(np.count_nonzero(array[1:] != array[:-1])) + 1 if array.size else 0
        if starts * 8 >= len(text):  # more than about 4 characters a number: not worth it
            continue
        del out[key]
        out[key + "_runs"] = runs(array)
    return out


def _dumps(data: object) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _ground(key: str) -> bool:
    return key.removesuffix("_runs") in GROUND


def _fingerprint(grid: dict[str, Any]) -> str:
    digest = hashlib.blake2b(digest_size=16)
    digest.update(f"{grid.get('width')}x{grid.get('height')}".encode())
    for key in GROUND:
        value = grid.get(key)
        text = value if isinstance(value, str) else _dumps(value)
        digest.update(b"\0" + text.encode())
    return digest.hexdigest()


def wire(data: dict[str, Any], before: Wire | None = None) -> Wire:
    """The message texts of the view ``data`` (see the module's docstring); ``before``: the
    same link's last, whose ground is not cut into runs and written again if unchanged."""
    grid = data.get("map")
    if not isinstance(grid, dict) or grid.get("kind") != "grid":
        text = _dumps(data)
        return Wire(text, text)
    fingerprint, ground_text = _ground_texts(grid)
    rest = _compact(grid, [k for k in grid if k not in GROUND])
    kept = _dumps({**data, "map": {**rest, "ground": fingerprint}})
    assert kept.endswith("}")
    if before is not None and before.ground == fingerprint:  # its tail: ',"ground":{...}}'
        return Wire(kept[:-1] + before.full[len(before.kept) - 1 :], kept, fingerprint)
    return Wire(kept[:-1] + ',"ground":' + ground_text() + "}", kept, fingerprint)


_LAST: list[tuple[tuple[object, ...], str, list[str]]] = []
"""The last ground seen: its values, fingerprint and text once written.
The views of one update share their ground's objects (:func:`tactical.share.view._ground`),
so it is fingerprinted and written once, not once a page."""


def _ground_texts(grid: dict[str, Any]) -> tuple[str, Callable[[], str]]:
    """The fingerprint of ``grid``'s ground, and its text (written when first asked)."""
    values = (grid.get("width"), grid.get("height"), *(grid.get(key) for key in GROUND))
    entry = next((e for e in _LAST[-1:] if _same(e[0], values)), None)
    if entry is None:
        entry = (values, _fingerprint(grid), [])
        _LAST[:] = [entry]
    text = entry[2]

    def ground_text() -> str:
        if not text:
            text.append(_dumps(_compact(grid, GROUND)))
        return text[0]

    return entry[1], ground_text


def _same(kept: tuple[object, ...], values: tuple[object, ...]) -> bool:
    """The same values (mostly the very same objects: then no text is compared)."""
    return all(a is b or a == b for a, b in zip(kept, values, strict=True))
