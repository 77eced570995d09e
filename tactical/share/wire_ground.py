"""A grid's ground on the wire: written whole once, then only what changed (a delta).

The ground is a grid map's heights, terrain, walls and wall lines as one update's views carry
them (:func:`tactical.share.view._ground`: already cut to the squares the players may see,
zero elsewhere). Every page of one update holds the same ground, so each ground is one
:class:`Ground` here: its version, its text written whole when a page needs it, and its delta
from an earlier ground, each made once for every page that needs it. The version is a number,
not a digest: an older ground made again (an undo) is a new version, a delta away from it.

A delta says how to turn the ground it names (``from``, a version) into this one:

- ``spans``: the squares whose height or terrain differ, in the map's row-major order, as
  ``[skip, take, skip, take, ...]`` from square 0;
- ``elevation`` / ``terrain`` (base64) or ``elevation_runs`` / ``terrain_runs`` (runs): the new
  values of those squares, one after the other (zero where a square was hidden);
- ``walls_drop``, ``walls_add``, ``lines_drop``, ``lines_add``: the walls and wall lines gone
  and new, each as the whole ground writes it (a page keeps them as a set).

A delta holds only values of the new ground, and only where they differ from the old: it
carries nothing that the whole new ground would not.
"""

from __future__ import annotations

import base64
import itertools
import secrets
import threading
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from tactical.share import wire_text
from tactical.share.give_way import checkpoint
from tactical.share.wire_text import Plain, base64_bytes, base64_text, listed

GROUND = ("elevation", "terrain", "walls", "lines")
"""The grid map's keys a page keeps while their version does not change (the ground)."""
ARRAYS: dict[str, npt.DTypeLike] = {"light": np.uint8, "elevation": "<i2", "terrain": np.uint8}
"""The grid map's arrays sent as runs when shorter, and their types."""
KEPT = 2
"""Grounds remembered (their arrays, texts and deltas): the newest and the one before, which
every page holds that did not miss an update (about 3 bytes a square each)."""
_RUN = secrets.token_hex(4)
_VERSIONS = itertools.count(1)
"""A ground's version is this run's and a number: each ground seen (with other squares
allowed, or the map edited) is a new one, never one a page held from another run."""


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
    return listed(out)


_ENCODED: dict[int, tuple[str, bytes]] = {}
"""Base64 texts :func:`encoded` made to be remembered (by ``id``) and their bytes, until the
wire reads them: it takes the bytes back instead of decoding the text it was just given."""
ENCODED_KEPT = 8


def encoded(array: npt.NDArray[Any], remember: bool = False) -> str:
    """``array``'s bytes as base64, as a view carries an array; ``remember``: for the wire,
    which reads the bytes back (a page's light, a ground's arrays, read right after)."""
    raw = np.ascontiguousarray(array).tobytes()
    written = base64_text(raw)
    if remember:
        if len(_ENCODED) >= ENCODED_KEPT:
            _ENCODED.clear()
        _ENCODED[id(written)] = (written, raw)
    return written


def decoded(written: str) -> bytes:
    """The bytes of a base64 text (taken back from :func:`encoded` when it remembered them)."""
    return decoded_plain(written)[0]


def decoded_plain(written: str) -> tuple[bytes, bool]:
    """:func:`decoded`, and whether the text is base64 as :func:`encoded` writes it (then its
    JSON is itself in quotes: :class:`.wire_text.Plain`)."""
    hit = _ENCODED.pop(id(written), None)
    if hit is not None and hit[0] is written:
        return hit[1], True
    raw = base64_bytes(written)
    return (raw, True) if raw is not None else (base64.b64decode(written), False)


def packed(
    name: str, array: npt.NDArray[Any], written: str | None = None, plain: bool = True
) -> dict[str, Any]:
    """``{name: base64}`` or ``{name + "_runs": runs}``, whichever is shorter (about);
    ``written``: ``array``'s base64 when it is already written, ``plain``: written as
    :func:`encoded` writes it. The base64 comes as :class:`.wire_text.Plain` (for
    :func:`.wire_text.text`) unless ``written`` is given and not ``plain``."""
    starts = int(np.count_nonzero(array[1:] != array[:-1])) + 1 if array.size else 0
    length = (array.nbytes + 2) // 3 * 4
    if starts * 8 < length:  # more than about 4 characters a number: not worth it
        return {name + "_runs": runs(array)}
    if written is None:
        return {name: Plain(encoded(array))}
    return {name: Plain(written) if plain else written}


def _rows(items: object) -> list[list[Any]]:
    return [list(row) for row in items] if isinstance(items, list) else []


class Ground:
    """One ground (see the module's docstring), made from a grid map's view data."""

    def __init__(self, grid: dict[str, Any], values: tuple[object, ...]) -> None:
        self.values = values
        self.size = (int(grid.get("width") or 0), int(grid.get("height") or 0))
        count = self.size[0] * self.size[1]
        self.arrays: dict[str, npt.NDArray[Any]] = {}
        for name in ("elevation", "terrain"):
            text = grid.get(name)
            if isinstance(text, str):
                self.arrays[name] = np.frombuffer(decoded(text), dtype=ARRAYS[name])
            else:
                self.arrays[name] = np.zeros(count, dtype=ARRAYS[name])
        self.walls = _rows(grid.get("walls"))
        self.lines = _rows(grid.get("lines"))
        self.version = f"{_RUN}-{next(_VERSIONS)}"
        """This ground's version: a page holding it is sent no ground, or a delta from it."""
        self._lock = threading.Lock()
        self._whole: str | None = None
        self._deltas: dict[str, str | None] = {}

    def text(self) -> str:
        """The whole ground's text (written once)."""
        with self._lock:
            if self._whole is not None:
                return self._whole
        # written without the lock (the loop's thread asks for deltas under it), a
        # checkpoint between the pieces: on 1024 x 1024 up to 27 ms of CPU together
        out: dict[str, Any] = {}
        for name, array in self.arrays.items():
            out.update(packed(name, array))
            checkpoint()
        out["walls"], out["lines"] = self.walls, self.lines
        whole = wire_text.text(out)
        with self._lock:
            if self._whole is None:  # another thread may have written the same meanwhile
                self._whole = whole
            return self._whole

    def delta_from(self, version: str) -> str | None:
        """The text of the delta from the ground ``version`` to this one (made once), or
        None when that ground is no longer known, of another size, or the delta would not pay."""
        with self._lock:
            if version in self._deltas:
                return self._deltas[version]
        # made without the lock, as the whole text: it gives way at checkpoints while the
        # loop's thread may ask for a delta (another thread may make the same meanwhile)
        old = next((g for g in _KEPT if g.version == version), None)
        delta = None if old is None else self._delta(old)
        with self._lock:
            return self._deltas.setdefault(version, delta)

    def _delta(self, old: Ground) -> str | None:
        if old.size != self.size:
            return None
        new_e, new_t = self.arrays["elevation"], self.arrays["terrain"]
        changed = (old.arrays["elevation"] != new_e) | (old.arrays["terrain"] != new_t)
        where = np.flatnonzero(changed)
        if where.size:
            breaks = np.flatnonzero(np.diff(where) != 1) + 1
            starts = where[np.concatenate(([0], breaks))]
            ends = where[np.concatenate((breaks - 1, [where.size - 1]))] + 1
            skips = starts - np.concatenate(([0], ends[:-1]))
            spans = np.empty(starts.size * 2, dtype=np.int64)
            spans[0::2], spans[1::2] = skips, ends - starts
        else:
            spans = np.zeros(0, dtype=np.int64)
        if spans.size > changed.size // 4:  # scattered all over: the whole ground is shorter
            return None
        delta: dict[str, Any] = {"from": old.version, "spans": listed(spans)}
        delta.update(packed("elevation", new_e[where]))
        delta.update(packed("terrain", new_t[where]))
        for name in ("walls", "lines"):
            drop, add = _changed(getattr(old, name), getattr(self, name))
            delta[name + "_drop"], delta[name + "_add"] = drop, add
        return wire_text.text(delta)


def _changed(
    before: Sequence[list[Any]], after: Sequence[list[Any]]
) -> tuple[list[Any], list[Any]]:
    """The rows of ``before`` not in ``after``, and those of ``after`` not in ``before``."""
    old = {tuple(row) for row in before}
    new = {tuple(row) for row in after}
    return [row for row in before if tuple(row) not in new], [
        row for row in after if tuple(row) not in old
    ]


_KEPT: list[Ground] = []
"""The grounds last seen, the newest last. The views of one update share their ground's
objects (:func:`tactical.share.view._ground`), so each is read, versioned and written once,
not once a page; only the newest keeps them, to know them again."""
_KEPT_LOCK = threading.Lock()


def ground_of(grid: dict[str, Any]) -> Ground:
    """The :class:`Ground` of a grid map's view data (the one kept when it holds the same)."""
    values = (grid.get("width"), grid.get("height"), *(grid.get(key) for key in GROUND))
    with _KEPT_LOCK:
        if _KEPT and _same(_KEPT[-1].values, values):
            for written in values:  # written again, equal: their bytes are not read now
                _ENCODED.pop(id(written), None)
            return _KEPT[-1]
    ground = Ground(grid, values)
    with _KEPT_LOCK:
        for older in _KEPT:  # let go of the view's texts: a ground made again is a new one
            older.values = ()
        _KEPT[:] = [*_KEPT[-(KEPT - 1) :], ground]
    return ground


def _same(kept: tuple[object, ...], values: tuple[object, ...]) -> bool:
    """The same values (mostly the very same objects: then no text is compared)."""
    if len(kept) != len(values):
        return False
    return all(a is b or a == b for a, b in zip(kept, values, strict=True))
