"""The recovery journal's writer side: what changed since the last record, as a record.

:class:`JournalState` keeps what the journal has written so far (taken from a
:func:`~tactical.persistence.journal_capture.capture_all` when the base file is
written) and turns each later capture into a record holding only what
differs: the squares, walls and wall lines that changed, the fog's changed
squares as the bits of their bounding box, the tokens that changed (and their
order when it is not what adding and removing them gives), the dice rolls from
the first new one, the pictures not written yet, and any other part of the
file whole. :mod:`tactical.persistence.journal_replay` applies records to the
base file's document in order. Everything here runs on the writer thread.
"""

from __future__ import annotations

import copy
from typing import Any

import numpy as np

from tactical.core.dice_log import DiceRoll
from tactical.core.pictures import Picture
from tactical.core.wall_lines import WallLine
from tactical.persistence import evening_hooks
from tactical.persistence.fog_bits import encode_mask
from tactical.persistence.journal_capture import Capture, GridBoxCopy, TokensCapture
from tactical.persistence.snapshot import (
    TERRAIN_CHARS,
    GridCopy,
    MaskCopy,
    dice_document,
    picture_document,
    snapshot_of_parts,
    token_document,
    wall_document,
    wall_line_document,
)

WHOLE_MAP_SHARE = 8
"""When more than one square in this many changed, the record holds the whole map."""


class JournalGap(ValueError):
    """A capture the journal cannot write from what it knows (a token that appeared
    without its fields): the journal must start again from a new base."""


def base_document(capture: Capture) -> dict[str, Any]:
    """The snapshot document (``snapshot.snapshot_document``'s form) of a full capture; a
    scene of an evening carries the rest of it (the base is then the whole evening's file)."""
    parts = capture.parts
    tokens: TokensCapture = parts["tokens"]
    document = snapshot_of_parts(
        {
            **parts,
            "tokens": [token_document(tokens.fields[i]) for i in tokens.order],
            "dice_log": [dice_document(d) for d in parts["dice_log"]],
        }
    )
    if capture.evening is not None:
        document[evening_hooks.EVENING_KEY] = capture.evening
    return document


class JournalState:
    """What the journal wrote so far; :meth:`record` gives what a new capture changed."""

    def __init__(self, full: Capture) -> None:
        self.parts: dict[str, Any] = dict(full.parts)
        self.parts["tokens"] = list(full.parts["tokens"].order)
        self._own_map: GridCopy | None = None
        """The grid copy this state changes in place as boxes of squares come (its own)."""

    def record(self, capture: Capture) -> dict[str, Any]:
        """What ``capture`` changed since the last record (empty when nothing did)."""
        out: dict[str, Any] = {}
        whole: dict[str, Any] = {}
        parts = capture.parts
        for name, new in parts.items():
            old = self.parts[name]
            if name == "head":
                whole.update({k: v for k, v in new.items() if old.get(k, _NONE) != v})
            elif name == "map":
                if isinstance(new, GridBoxCopy):
                    new = self._box(old, new, out, whole)
                else:
                    self._map(old, new, out, whole)
            elif name == "fog":
                self._fog(old, new, out, whole)
            elif name == "tokens":
                self._tokens(old, new, out)
                continue  # the state keeps the order, not the capture
            elif name == "dice_log":
                _dice(old, new, out)
            elif name == "pictures":
                _pictures(old, new, out)
            elif old != new:
                whole[name] = new
            self.parts[name] = new
        if whole:
            out["set"] = whole
        return out

    # -- the map -------------------------------------------------------------------

    def _map(self, old: Any, new: Any, out: dict[str, Any], whole: dict[str, Any]) -> None:
        same_shape = (
            isinstance(old, GridCopy)
            and isinstance(new, GridCopy)
            and (old.width, old.height, old.square_feet) == (new.width, new.height, new.square_feet)
        )
        if not same_shape:
            if old != new:
                whole["map"] = new.document() if isinstance(new, GridCopy) else new
            return
        squares = _squares(old, new)
        if squares is None:
            whole["map"] = new.document()
            return
        if squares:
            out["squares"] = squares
        if old.walls is not new.walls and old.walls != new.walls:
            out["walls"] = {
                "set": [wall_document(e, w) for e, w in new.walls.items() if old.walls.get(e) != w],
                "drop": [[list(a), list(b)] for (a, b) in old.walls if (a, b) not in new.walls],
            }
        if old.wall_lines != new.wall_lines:
            out["wall_lines"] = _splice(old.wall_lines, new.wall_lines, wall_line_document)

    def _box(
        self, old: Any, new: GridBoxCopy, out: dict[str, Any], whole: dict[str, Any]
    ) -> GridCopy:
        """The squares of ``new``'s box that changed, the walls and wall lines as
        :meth:`_map` writes them; the state's grid copy takes the box's values."""
        shape = (new.width, new.height, new.square_feet)
        if not isinstance(old, GridCopy) or (old.width, old.height, old.square_feet) != shape:
            raise JournalGap("squares changed on a map the journal does not know")
        own = self._own_map
        if own is not old:  # the copy came with a capture: this state's own from now on
            own = copy.copy(old)
            own.elevation, own.terrain = old.elevation.copy(), old.terrain.copy()
            self._own_map = own
        r0, r1, c0, c1 = new.box
        heights, kinds = own.elevation[r0:r1, c0:c1], own.terrain[r0:r1, c0:c1]
        changed = (heights != new.elevation) | (kinds != new.terrain)
        heights[...], kinds[...] = new.elevation, new.terrain
        walls, lines = own.walls, own.wall_lines
        own.walls, own.wall_lines = new.walls, new.wall_lines
        count = int(np.count_nonzero(changed))
        if count * WHOLE_MAP_SHARE > new.width * new.height:
            whole["map"] = own.document()
            return own
        if count:
            rows, columns = np.nonzero(changed)
            out["squares"] = _listed(own, rows + r0, columns + c0)
        if walls is not new.walls and walls != new.walls:
            out["walls"] = {
                "set": [wall_document(e, w) for e, w in new.walls.items() if walls.get(e) != w],
                "drop": [[list(a), list(b)] for (a, b) in walls if (a, b) not in new.walls],
            }
        if lines != new.wall_lines:
            out["wall_lines"] = _splice(lines, new.wall_lines, wall_line_document)
        return own

    # -- fog -------------------------------------------------------------------------

    def _fog(self, old: Any, new: Any, out: dict[str, Any], whole: dict[str, Any]) -> None:
        if old is None and new is None:
            return
        if old is None or new is None or _settings(old) != _settings(new):
            whole["fog"] = _finished_fog(new)
            return
        before, after = old["revealed"], new["revealed"]
        if not isinstance(before, MaskCopy) or not isinstance(after, MaskCopy):
            return  # an area map: its revealed areas are among the settings
        a, b = _mask(before), _mask(after)
        if a.shape != b.shape:
            whole["fog"] = _finished_fog(new)
            return
        changed = a != b
        if not changed.any():
            return
        rows = np.flatnonzero(changed.any(axis=1))
        columns = np.flatnonzero(changed.any(axis=0))
        top, bottom = int(rows[0]), int(rows[-1]) + 1
        left, right = int(columns[0]), int(columns[-1]) + 1
        out["fog_box"] = {
            "x": left,
            "y": top,
            "width": right - left,
            "height": bottom - top,
            "bits": encode_mask(b[top:bottom, left:right]),
        }

    # -- tokens ----------------------------------------------------------------------

    def _tokens(self, old: list[str], new: TokensCapture, out: dict[str, Any]) -> None:
        fields = new.fields
        if old == new.order:
            if fields:
                out["tokens"] = {"put": [token_document(f) for f in fields.values()]}
            self.parts["tokens"] = list(new.order)
            return
        before, after = set(old), set(new.order)
        added = [i for i in new.order if i not in before]
        missing = [i for i in added if i not in fields]
        if missing:
            raise JournalGap(f"token '{missing[0]}' appeared without being announced")
        dropped = [i for i in old if i not in after]
        gone = set(dropped)
        expected = [i for i in old if i not in gone] + added
        put = [i for i in fields if i in before] + added
        patch: dict[str, Any] = {"put": [token_document(fields[i]) for i in put]}
        if dropped:
            patch["drop"] = dropped
        if expected != new.order:
            patch["order"] = list(new.order)
        out["tokens"] = patch
        self.parts["tokens"] = list(new.order)


_NONE = object()


def _squares(old: GridCopy, new: GridCopy) -> list[list[Any]] | None:
    """The squares that changed as ``[column, row, elevation, terrain]``; None for too many."""
    changed = (old.elevation != new.elevation) | (old.terrain != new.terrain)
    count = int(np.count_nonzero(changed))
    if count * WHOLE_MAP_SHARE > new.width * new.height:
        return None
    rows, columns = np.nonzero(changed)
    return _listed(new, rows, columns)


def _listed(grid: GridCopy, rows: Any, columns: Any) -> list[list[Any]]:
    """The squares at ``rows``, ``columns`` as ``[column, row, elevation, terrain]``."""
    heights = grid.elevation[rows, columns].tolist()
    kinds = TERRAIN_CHARS[grid.terrain[rows, columns]].tobytes().decode("ascii")
    return [
        [c, r, h, k]
        for c, r, h, k in zip(columns.tolist(), rows.tolist(), heights, kinds, strict=True)
    ]


def _splice(
    old: tuple[WallLine, ...] | tuple[DiceRoll, ...],
    new: tuple[WallLine, ...] | tuple[DiceRoll, ...],
    document: Any,
) -> dict[str, Any]:
    """The one stretch of ``old`` that ``new`` replaces: ``at``, how many ``drop``, ``add``."""
    start = 0
    most = min(len(old), len(new))
    while start < most and old[start] is new[start]:
        start += 1
    end = 0
    while end < most - start and old[len(old) - 1 - end] is new[len(new) - 1 - end]:
        end += 1
    return {
        "at": start,
        "drop": len(old) - start - end,
        "add": [document(item) for item in new[start : len(new) - end]],
    }


def _dice(old: tuple[DiceRoll, ...], new: tuple[DiceRoll, ...], out: dict[str, Any]) -> None:
    if old != new:
        out["dice_log"] = _splice(old, new, dice_document)


def _pictures(old: tuple[Picture, ...], new: tuple[Picture, ...], out: dict[str, Any]) -> None:
    if len(old) == len(new) and all(a is b for a, b in zip(old, new, strict=True)):
        return
    known = {p.id: p for p in old}
    out["pictures"] = {
        "order": [p.id for p in new],
        "add": [picture_document(p) for p in new if known.get(p.id) is not p],
    }


def _settings(fog: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in fog.items() if k != "revealed"}


def _mask(copy: MaskCopy) -> np.ndarray[Any, np.dtype[np.bool_]]:
    mask = copy.mask
    assert mask is not None  # a grid's snapshot always copies an array
    return mask


def _finished_fog(fog: dict[str, Any] | None) -> dict[str, Any] | None:
    if fog is None:
        return None
    revealed = fog["revealed"]
    return {**fog, "revealed": revealed.text() if isinstance(revealed, MaskCopy) else revealed}
