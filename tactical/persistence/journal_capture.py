"""What one change set changed, copied on the GUI thread for the recovery journal's writer.

The journal (:mod:`tactical.persistence.journal_state`) writes, after each
change set, what changed since the last record. Finding that out and writing
it is the writer thread's work; this module only copies, for the kinds of
change in the set, the parts of the encounter they may have changed: a copy
(the grid's arrays, the fog's squares) or immutable values (walls, pictures,
dice rolls, tuples of a token's fields), so the GM may go on editing while the
writer reads them. Copying a part costs about what its kind costs to draw:
a token's fields, or one memory copy of a 1024 x 1024 map's arrays; a change that names
the squares it touched (a brush's dab, a wall) copies only their box
(:class:`GridBoxCopy`): the copies waiting for the writer no longer take 3 MB a dab on
1024 x 1024 (a fast brush stroke queued 80-100 MB while the writer caught up).
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from tactical.core.changes import Change
from tactical.core.encounter import Encounter
from tactical.core.evening import evening_of
from tactical.core.grid import GridMap
from tactical.core.wall_lines import WallLine
from tactical.persistence import evening_hooks
from tactical.persistence.snapshot import (
    PARTS,
    background_document,
    fog_snapshot,
    head_document,
    map_snapshot,
    procedure_document,
    sides_document,
    templates_document,
    token_fields,
)

SECTIONS_OF: dict[str, tuple[str, ...]] = {
    "tokens": ("tokens",),
    "terrain": ("map", "fog"),  # a resized map changes the fog's size too
    "walls": ("map",),
    "areas": ("map", "fog"),
    "templates": ("templates",),
    "sides": ("sides",),
    "procedure": ("procedure",),
    "dice": ("dice_log",),
    "meta": ("head",),
    "pictures": ("pictures",),
    "background": ("background",),
    "fog": ("fog",),
    "scenes": (),  # the roster kept in step (the scene list starts a new base)
}
"""The parts of the file each kind of change may change."""

SECTIONS = ("head", *PARTS)
"""Every part of the file the journal writes on its own."""


@dataclass(frozen=True)
class TokensCapture:
    """The tokens' order, and the fields (``snapshot.token_fields``) of those that changed."""

    order: list[str]
    fields: dict[str, tuple[Any, ...]]


BOX_SHARE = 4
"""A box of more than one square in this many of the map is copied whole instead."""


class GridBoxCopy:
    """What a change naming its squares may have changed of a grid: the heights and terrain
    of the squares' box (rows ``r0 .. r1 - 1``, columns ``c0 .. c1 - 1``), copied, and the
    walls and wall lines as they are (immutable values)."""

    def __init__(self, grid: GridMap, box: tuple[int, int, int, int]) -> None:
        self.width, self.height, self.square_feet = grid.width, grid.height, grid.square_feet
        self.box = box
        r0, r1, c0, c1 = box
        self.elevation = grid.elevation[r0:r1, c0:c1].copy()
        self.terrain = grid.terrain[r0:r1, c0:c1].copy()
        self.walls = dict(grid.walls)
        self.wall_lines: tuple[WallLine, ...] = tuple(grid.wall_lines)


def _map_box(encounter: Encounter, changes: Iterable[Change]) -> tuple[int, int, int, int] | None:
    """The box of the squares the changes of the map name, when each names its squares and
    the box is small (None: the grid is copied whole)."""
    grid = encounter.grid
    if grid is None:
        return None
    cols: list[int] = []
    rows: list[int] = []
    for change in changes:
        if "map" not in SECTIONS_OF.get(change.kind, SECTIONS):
            continue
        if change.kind not in ("terrain", "walls") or not change.squares:
            return None  # a resize, an area map, a kind this journal does not know
        for col, row in change.squares:
            if 0 <= col < grid.width and 0 <= row < grid.height:
                cols.append(col)
                rows.append(row)
    if not cols:
        return None
    box = (min(rows), max(rows) + 1, min(cols), max(cols) + 1)
    if (box[1] - box[0]) * (box[3] - box[2]) * BOX_SHARE > grid.width * grid.height:
        return None
    return box


@dataclass(frozen=True)
class Capture:
    """What one change set may have changed: one value per part of the file (:data:`SECTIONS`)."""

    parts: dict[str, Any] = field(default_factory=dict)
    time: float = field(default_factory=time.time)
    evening: Any = None
    """With :func:`capture_all` of a scene of an evening: the rest of the evening
    (``evening_hooks.evening_frame``), so a base made from it is the whole evening's file."""
    scene: str | None = None
    """The id of the evening's scene captured."""
    steps: tuple[dict[str, Any], ...] = ()
    """The undo history's moves the change made (``journal_format.Step``'s fields)."""


def capture(
    encounter: Encounter,
    changes: Iterable[Change],
    steps: tuple[dict[str, Any], ...] = (),
) -> Capture:
    """The parts of ``encounter`` that ``changes`` may have changed, copied (GUI thread),
    with the undo history's ``steps`` they made."""
    changes = list(changes)
    sections: set[str] = set()
    token_ids: set[str] = set()
    every_token = False
    for change in changes:
        sections.update(SECTIONS_OF.get(change.kind, SECTIONS))
        if change.kind == "tokens":
            if change.ids:
                token_ids |= change.ids
            else:
                every_token = True
        elif change.kind not in SECTIONS_OF:  # a kind this journal does not know: every part
            every_token = True
    grid = encounter.grid
    box = _map_box(encounter, changes) if "map" in sections else None
    parts = {
        name: GridBoxCopy(grid, box)
        if name == "map" and box is not None and grid is not None
        else _part(encounter, name, token_ids, every_token)
        for name in sections
    }
    return Capture(parts, scene=scene_id(encounter), steps=steps)


def capture_all(encounter: Encounter, *, whole: bool = True) -> Capture:
    """Every part of ``encounter`` (a test's reference, the journal's base, or a scene the
    journal learns of); for a scene of an evening, with ``whole``, the rest of the evening
    too (its frame), so a base made from it is the whole evening's file."""
    evening = None
    if whole and encounter.evening is not None and evening_hooks.evening_frame:
        evening = evening_hooks.evening_frame[0](encounter)
    parts = {name: _part(encounter, name, set(), True) for name in SECTIONS}
    return Capture(parts, evening=evening, scene=scene_id(encounter))


def scene_id(encounter: Encounter) -> str | None:
    """The id of the evening's scene ``encounter`` is (None: no evening's)."""
    evening = evening_of(encounter)
    scene = None if evening is None else evening.scene_of(encounter)
    return None if scene is None else scene.id


def _part(encounter: Encounter, name: str, token_ids: set[str], every_token: bool) -> Any:
    if name == "head":
        return head_document(encounter)
    if name == "map":
        return map_snapshot(encounter)  # a grid's arrays copied (snapshot.GridCopy)
    if name == "background":
        return background_document(encounter)
    if name == "fog":
        return fog_snapshot(encounter)
    if name == "sides":
        return sides_document(encounter)
    if name == "tokens":
        tokens = encounter.tokens
        ids = tokens.keys() if every_token else token_ids
        return TokensCapture(list(tokens), {i: token_fields(tokens[i]) for i in ids if i in tokens})
    if name == "templates":
        return templates_document(encounter)
    if name == "procedure":
        return procedure_document(encounter)
    if name == "dice_log":
        return tuple(encounter.dice_log)
    if name == "pictures":
        return tuple(encounter.pictures.values())
    raise ValueError(f"no part of the file is called {name!r}")  # pragma: no cover
