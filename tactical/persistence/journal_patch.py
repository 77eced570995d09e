"""A journal record in the core's terms: what a recovered undo step puts on a scene.

A record (:mod:`tactical.persistence.journal_format`) names the after-values of the
parts a change set changed; :meth:`JournalDocument.inverse
<tactical.persistence.journal_document.JournalDocument.inverse>` gives the record of
their before-values. :func:`patch_of` turns either into a :class:`Patch` of core values
(tokens, squares, walls, the fog's bits of a box, ...), checked piece by piece as the
file's models check them; :meth:`Patch.apply` puts them on a scene's live encounter and
announces each change as the edit that made it did. :class:`Parts` is what an undo
step made of such patches holds: its undo applies the before-values, its redo the after-values.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, fields
from typing import Any

import numpy as np
import numpy.typing as npt

from tactical.core.changes import Change
from tactical.core.dice_log import DiceRoll
from tactical.core.encounter import Encounter
from tactical.core.grid import GridMap, Terrain, Wall, edge
from tactical.core.pictures import Picture
from tactical.core.tokens import Token
from tactical.core.wall_lines import WallLine
from tactical.persistence.convert import (
    background_of,
    dice_of,
    fog_of,
    map_of,
    picture_of,
    side_of,
    template_of,
    token_of,
)
from tactical.persistence.fog_bits import decode_mask
from tactical.persistence.journal_format import JournalRecord, Splice
from tactical.persistence.schema import (
    AreaMapModel,
    BackgroundModel,
    DiceRollModel,
    FogModel,
    GridMapModel,
    PictureModel,
    ProcedureModel,
    SideModel,
    TemplateModel,
    TokenModel,
    WallLineModel,
)

TOKEN_FIELDS = tuple(f.name for f in fields(Token) if f.name not in ("id", "character"))
HEAD = {"name": str, "notes": str, "metric": str, "show_name_to_players": bool}
_TERRAIN = {".": int(Terrain.OPEN), "d": int(Terrain.DIFFICULT), "x": int(Terrain.IMPASSABLE)}
Edge = tuple[tuple[int, int], tuple[int, int]]
ITEM_BYTES = 256
"""What a wall, a line or a roll a step keeps costs, roughly."""
TOKEN_BYTES = 1024
"""What a token a step keeps costs, roughly."""


@dataclass
class Patch:
    """One record's values as the core holds them, to put on a scene's encounter."""

    head: dict[str, Any] = field(default_factory=dict)
    whole: dict[str, Any] = field(default_factory=dict)
    """Parts replaced whole: ``map``, ``background``, ``fog`` (its model), ``sides``,
    ``templates``, ``procedure`` (``(id, state)`` or None)."""
    squares: tuple[npt.NDArray[Any], ...] | None = None
    """Columns, rows, elevations and terrains of the squares set."""
    walls: dict[Edge, Wall | None] = field(default_factory=dict)
    wall_lines: tuple[int, int, list[WallLine]] | None = None
    fog_box: tuple[int, int, npt.NDArray[np.bool_]] | None = None
    tokens: tuple[list[Token], list[str], list[str] | None] | None = None
    dice: tuple[int, int, list[DiceRoll]] | None = None
    pictures: tuple[list[str], list[Picture]] | None = None

    def held_bytes(self) -> int:
        """Roughly the bytes these values keep (arrays by their data, items by a guess)."""
        size = ITEM_BYTES * (1 + len(self.head) + len(self.walls))
        arrays = [*(self.squares or ()), *(() if self.fog_box is None else (self.fog_box[2],))]
        grid = self.whole.get("map")
        if isinstance(grid, GridMap):
            arrays += [grid.elevation, grid.terrain]
        size += sum(int(a.nbytes) for a in arrays)
        fog = self.whole.get("fog")
        size += len(fog.revealed) if isinstance(fog, FogModel) else 0
        for items in (self.wall_lines, self.dice):
            size += 0 if items is None else ITEM_BYTES * len(items[2])
        if self.tokens is not None:
            size += TOKEN_BYTES * (len(self.tokens[0]) + len(self.tokens[1]))
            size += 64 * len(self.tokens[2] or ())
        if self.pictures is not None:
            size += sum(len(p.data or b"") for p in self.pictures[1])
        return size

    def apply(self, encounter: Encounter) -> None:
        """Put these values on ``encounter``, announcing what changed."""
        changes: list[Change] = []
        if self.head:
            for key, value in self.head.items():
                setattr(encounter, key, value)
            changes.append(Change("meta"))
        if self.whole:
            changes += self._whole(encounter)
        if self.squares is not None:
            columns, rows, heights, kinds = self.squares
            grid = grid_of(encounter)
            grid.set_squares(
                {
                    (c, r): (h, Terrain(k))
                    for c, r, h, k in zip(
                        columns.tolist(),
                        rows.tolist(),
                        heights.tolist(),
                        kinds.tolist(),
                        strict=True,
                    )
                }
            )
            squares = frozenset(zip(columns.tolist(), rows.tolist(), strict=True))
            changes.append(Change("terrain", squares=squares))
        if self.walls:
            grid = grid_of(encounter)
            for (a, b), wall in self.walls.items():
                grid.set_wall(a, b, wall)
            changes.append(Change("walls", squares=frozenset(s for e in self.walls for s in e)))
        if self.wall_lines is not None:
            changes.append(_splice_lines(encounter, *self.wall_lines))
        if self.fog_box is not None:
            x, y, bits = self.fog_box
            grid = grid_of(encounter)
            mask = encounter.fog.mask(grid).copy()
            mask[y : y + bits.shape[0], x : x + bits.shape[1]] = bits
            encounter.fog.set_mask(mask)
            changes.append(Change("fog"))
        if self.tokens is not None:
            changes.append(self._tokens(encounter, *self.tokens))
        if self.dice is not None:
            at, drop, add = self.dice
            encounter.dice_log[at : at + drop] = add
            changes.append(Change("dice"))
        if self.pictures is not None:
            order, pictures = self.pictures
            known = {**encounter.pictures, **{p.id: p for p in pictures}}
            encounter.pictures = {i: known[i] for i in order}
            changes.append(Change("pictures"))
        for change in changes:
            encounter.notify(change)

    def _whole(self, encounter: Encounter) -> list[Change]:
        changes: list[Change] = []
        whole = self.whole
        if "map" in whole:
            encounter.map = copy.deepcopy(whole["map"])
            changes += [Change("terrain"), Change("walls"), Change("areas")]
        if "background" in whole:
            encounter.background = whole["background"]
            changes.append(Change("background"))
        if "fog" in whole:
            encounter.fog = fog_of(whole["fog"], encounter.map)
            changes.append(Change("fog"))
        if "sides" in whole:
            encounter.sides = {s.id: copy.deepcopy(s) for s in whole["sides"]}
            changes.append(Change("sides"))
        if "templates" in whole:
            encounter.templates = {t.id: copy.deepcopy(t) for t in whole["templates"]}
            changes.append(Change("templates"))
        if "procedure" in whole:
            procedure = whole["procedure"]
            encounter.procedure = None if procedure is None else procedure[0]
            encounter.procedure_state = {} if procedure is None else copy.deepcopy(procedure[1])
            changes.append(Change("procedure"))
        return changes

    @staticmethod
    def _tokens(
        encounter: Encounter, put: list[Token], drop: list[str], order: list[str] | None
    ) -> Change:
        tokens = encounter.tokens
        for token in put:
            before = tokens.get(token.id)
            if before is None:
                tokens[token.id] = copy.deepcopy(token)
                continue
            for name in TOKEN_FIELDS:  # in place, as an edit changes it (not its character:
                setattr(before, name, copy.deepcopy(getattr(token, name)))  # the roster's)
        for token_id in drop:
            tokens.pop(token_id, None)
        if order is not None:
            encounter.tokens = {i: tokens[i] for i in order if i in tokens}
        return Change("tokens", frozenset([t.id for t in put] + list(drop)))


def _splice_lines(encounter: Encounter, at: int, drop: int, add: list[WallLine]) -> Change:
    """A stretch of the wall lines replaced, each line's neighbourhood announced."""
    grid = grid_of(encounter)
    for _ in range(drop):
        grid.set_wall_line(at, None)
    for offset, line in enumerate(add):
        grid.wall_lines.insert(at + offset, line)
        grid.set_wall_line(at + offset, line)  # in place: announces the squares near it
    return Change("walls")


@dataclass
class Parts:
    """What a recovered undo step changed: each of its records' after- and before-values
    (the app's ``RestoreParts`` command does and undoes them)."""

    after: list[Patch] = field(default_factory=list)
    before: list[Patch] = field(default_factory=list)

    def add(self, after: Patch, before: Patch) -> None:
        """One more record of this step (a merged one): its after- and before-values."""
        self.after.append(after)
        self.before.append(before)

    def held_bytes(self) -> int:
        """Roughly the bytes the step keeps."""
        return sum(p.held_bytes() for p in (*self.after, *self.before))

    def redo(self, encounter: Encounter) -> None:
        for patch in self.after:
            patch.apply(encounter)

    def undo(self, encounter: Encounter) -> None:
        for patch in reversed(self.before):
            patch.apply(encounter)


def grid_of(encounter: Encounter) -> GridMap:
    grid = encounter.grid
    if grid is None:
        raise TypeError("a recovered step changes a grid, and the map is no grid")
    return grid


def patch_of(record: JournalRecord) -> Patch:
    """``record``'s values in the core's terms; ValueError (pydantic's) when one is no
    value of its kind."""
    patch = Patch()
    for key, value in record.set.items():
        _set(patch, key, value)
    if record.squares:
        columns, rows, heights, kinds = zip(*record.squares, strict=True)
        patch.squares = (
            np.array(columns, dtype=np.int32),
            np.array(rows, dtype=np.int32),
            np.array(heights, dtype=np.int64),
            np.array([_TERRAIN[k] for k in kinds], dtype=np.uint8),
        )
    if record.walls is not None:
        for wall in record.walls.set:
            patch.walls[edge((wall.a[0], wall.a[1]), (wall.b[0], wall.b[1]))] = Wall(
                door=wall.door, open=wall.open
            )
        for a, b in record.walls.drop:
            patch.walls[edge((a[0], a[1]), (b[0], b[1]))] = None
    if record.wall_lines is not None:
        patch.wall_lines = _spliced(record.wall_lines, _wall_line)
    if record.fog_box is not None:
        box = record.fog_box
        patch.fog_box = (box.x, box.y, decode_mask(box.bits, box.width, box.height))
    if record.tokens is not None:
        tokens = record.tokens
        put = [token_of(TokenModel.model_validate(t)) for t in tokens.put]
        patch.tokens = (put, list(tokens.drop), tokens.order)
    if record.dice_log is not None:
        patch.dice = _spliced(record.dice_log, lambda d: dice_of(DiceRollModel.model_validate(d)))
    if record.pictures is not None:
        add = [picture_of(PictureModel.model_validate(p)) for p in record.pictures.add]
        patch.pictures = (list(record.pictures.order), add)
    return patch


def _set(patch: Patch, key: str, value: Any) -> None:
    if key in HEAD:
        if not isinstance(value, HEAD[key]):
            raise ValueError(f"{key} is no {HEAD[key].__name__}")
        patch.head[key] = value
    elif key == "map":
        kind = value.get("kind") if isinstance(value, dict) else None
        model = GridMapModel if kind == "grid" else AreaMapModel
        patch.whole["map"] = map_of(model.model_validate(value))
    elif key == "background":
        model_ = None if value is None else BackgroundModel.model_validate(value)
        patch.whole["background"] = background_of(model_)
    elif key == "fog":
        patch.whole["fog"] = None if value is None else FogModel.model_validate(value)
    elif key == "sides":
        patch.whole["sides"] = [side_of(SideModel.model_validate(s)) for s in value]
    elif key == "templates":
        patch.whole["templates"] = [template_of(TemplateModel.model_validate(t)) for t in value]
    elif key == "procedure":
        procedure = None if value is None else ProcedureModel.model_validate(value)
        patch.whole["procedure"] = None if procedure is None else (procedure.id, procedure.state)


def _wall_line(value: dict[str, Any]) -> WallLine:
    w = WallLineModel.model_validate(value)
    return WallLine((w.a[0], w.a[1]), (w.b[0], w.b[1]), w.kind, w.open)


def _spliced(splice: Splice, convert: Any) -> tuple[int, int, list[Any]]:
    return splice.at, splice.drop, [convert(item) for item in splice.add]
