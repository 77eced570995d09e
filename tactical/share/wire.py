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

from typing import Any

import numpy as np

from tactical.share.wire_ground import ARRAYS, GROUND, Ground, decoded, dumps, ground_of, packed


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


def _compact(grid: dict[str, Any]) -> dict[str, Any]:
    """The grid map without its ground, each array as runs where they are shorter."""
    out = {k: v for k, v in grid.items() if k not in GROUND}
    for key, dtype in ARRAYS.items():
        text = out.get(key)
        if isinstance(text, str):
            del out[key]
            out.update(packed(key, np.frombuffer(decoded(text), dtype=dtype), text))
    return out


def wire(data: dict[str, Any], before: Wire | None = None) -> Wire:
    """The message texts of the view ``data`` (see the module's docstring); ``before``: the
    same link's last, from whose ground the delta is made now (for every page that shares it)."""
    grid = data.get("map")
    if not isinstance(grid, dict) or grid.get("kind") != "grid":
        return Wire(dumps(data))
    ground = ground_of(grid)
    kept = dumps({**data, "map": {**_compact(grid), "ground": ground.version}})
    assert kept.endswith("}")
    # what this link's pages will need is made here, in the builder's thread, not the loop's:
    # the delta from the ground they hold, else the whole ground
    holds = before.ground if before is not None else ""
    if holds != ground.version and (not holds or ground.delta_from(holds) is None):
        ground.text()
    return Wire(kept, ground)
