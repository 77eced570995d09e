"""A link's view as it goes on the wire: squares in runs, and what a page already holds left out.

A view (:mod:`tactical.share.view`) carries each square of a grid map three times: its light,
height and terrain, base64 of whole arrays. On 1024 x 1024 that is about 5 MB of text a page
for every change, although most squares are dark (zero in all three) and the heights, terrain
and walls seen change far less often than the tokens. Here:

- an array goes as runs (``[value, count, value, count, ...]``) whenever that is shorter
  than its base64;
- the heights, terrain, walls and wall lines (the map's *ground*, :mod:`.wire_ground`) are
  versioned: ``map.ground`` names the ground the message draws with. A page whose socket
  holds that ground gets the message without it (no top-level ``ground``); one that holds the
  ground before (the fog moved, a door opened) gets only what changed (a top-level ``delta``
  naming the ground it applies to, ``delta.from``); a page that connects, reconnects, holds
  another or missed an update gets the whole ground (top-level ``ground``).

Nothing new is sent by any of this: the ground left out is what the same socket received
before, a delta holds only values of the new ground, and the runs say exactly what the base64
said (the view is already cut to what the link may see, :mod:`tactical.share.players`).
"""

from __future__ import annotations

import threading
from typing import Any

import numpy as np

from tactical.share.give_way import checkpoint
from tactical.share.wire_ground import ARRAYS, GROUND, Ground, decoded_plain, ground_of, packed
from tactical.share.wire_text import dumps, text


class Wire:
    """One link's message: :attr:`kept` (without the ground) for a socket that holds
    :attr:`ground` (the version of the map's ground, empty when there is none), a delta or
    :attr:`full` for one that does not (see the module's docstring)."""

    __slots__ = ("_full", "_ground", "kept")

    def __init__(self, kept: str, ground: Ground | None = None) -> None:
        self.kept = kept
        self._ground = ground
        self._full: str | None = None if ground is not None else kept

    @property
    def ground(self) -> str:
        return self._ground.version if self._ground is not None else ""

    @property
    def full(self) -> str:
        """The message with the whole ground (written when first asked)."""
        if self._full is None:
            assert self._ground is not None
            self._full = self.kept[:-1] + ',"ground":' + self._ground.text() + "}"
        return self._full

    def for_socket(self, holds: str) -> str:
        """The text to send a socket that last received the ground ``holds``."""
        ground = self._ground
        if ground is None or holds == ground.version:
            return self.kept
        delta = ground.delta_from(holds) if holds else None
        if delta is None:
            return self.full
        return self.kept[:-1] + ',"delta":' + delta + "}"


_ARRAY_TEXTS: list[tuple[str, bytes, str]] = []
"""The arrays last written or asked for (a key, the array's bytes, its member's text), the
newest last: a page whose light did not change since the last update (a character who did not
move, the fog not moved) is not packed and written again (2-7 ms a page on 1024 x 1024)."""
ARRAY_TEXTS_KEPT = 16
"""The pages of two updates of 8 (on 1024 x 1024 their bytes hold 16 MB)."""
_ARRAY_TEXTS_LOCK = threading.Lock()


def _array_member(key: str, written: str) -> str:
    """The member ``"key":base64`` or ``"key_runs":[...]`` (whichever is shorter) of the array
    whose base64 is ``written``."""
    raw, plain = decoded_plain(written)
    with _ARRAY_TEXTS_LOCK:
        for i, (kept_key, kept_raw, member) in enumerate(_ARRAY_TEXTS):
            if kept_key == key and kept_raw == raw:
                _ARRAY_TEXTS.append(_ARRAY_TEXTS.pop(i))  # the newest again: kept the longest
                return member
    array = np.frombuffer(raw, dtype=ARRAYS[key])
    ((name, value),) = packed(key, array, written, plain).items()
    member = dumps(name) + ":" + text(value)
    with _ARRAY_TEXTS_LOCK:
        _ARRAY_TEXTS[:] = [*_ARRAY_TEXTS[-(ARRAY_TEXTS_KEPT - 1) :], (key, raw, member)]
    return member


def _object(members: list[str]) -> str:
    return "{" + ",".join(members) + "}"


def _map_text(grid: dict[str, Any], version: str) -> str:
    """The grid map without its ground, each array as runs where they are shorter, and the
    version of its ground: the text ``dumps`` makes of that object."""
    members = [
        dumps(k) + ":" + dumps(v)
        for k, v in grid.items()
        if k not in GROUND and not (k in ARRAYS and isinstance(v, str))
    ]
    for key in ARRAYS:
        written = grid.get(key)
        if key not in GROUND and isinstance(written, str):
            members.append(_array_member(key, written))
            checkpoint()
    members.append('"ground":' + dumps(version))
    return _object(members)


def wire(data: dict[str, Any], before: Wire | None = None) -> Wire:
    """The message texts of the view ``data`` (see the module's docstring); ``before``: the
    same link's last, from whose ground the delta is made now (for every page that shares it)."""
    grid = data.get("map")
    if not isinstance(grid, dict) or grid.get("kind") != "grid":
        return Wire(text(data))
    ground = ground_of(grid)
    checkpoint()  # between the pieces of a page's texts: each a few ms on 1024 x 1024
    shown_map = _map_text(grid, ground.version)
    # each member on its own, the map's as written: the text dumps makes of the whole
    kept = _object(
        [dumps(k) + ":" + (shown_map if k == "map" else text(v)) for k, v in data.items()]
    )
    checkpoint()
    # what this link's pages will need is made here, in the builder's thread, not the loop's:
    # the delta from the ground they hold, else the whole ground
    holds = before.ground if before is not None else ""
    if holds != ground.version and (not holds or ground.delta_from(holds) is None):
        ground.text()
    return Wire(kept, ground)
