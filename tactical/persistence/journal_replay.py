"""Recovery after a crash: the base file, then the journal's records in order.

The base is read and parsed as an encounter file is; each record changes that
JSON document as the writer found the encounter changed
(:mod:`tactical.persistence.journal_state`); the document that results is then
loaded with every check of an encounter file. So a record that the base cannot
take (a square off the map, a token that is not there) refuses the recovery
naming its line, and whatever the records build is held to the file format.
Nothing here writes: a refused recovery leaves its files as they were.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tactical.core.changes import Change
from tactical.core.encounter import Encounter
from tactical.core.evening import Evening, Scene, evening_of
from tactical.persistence.convert import to_document
from tactical.persistence.files import MAX_FILE_BYTES, encounter_from_document, parse_document
from tactical.persistence.fog_bits import FogBitsError, decode_mask, encode_mask
from tactical.persistence.journal_format import (
    MAX_JOURNAL_BYTES,
    JournalRecord,
    Splice,
    journal_lines,
    read_header,
    read_record,
)
from tactical.persistence.problems import ROOT, LoadError, Problem
from tactical.persistence.safe_read import ReadRefused, read_regular_file
from tactical.persistence.schema import SCENE_VERSION


@dataclass(frozen=True)
class Recovered:
    """A recovered encounter, with how many records of the journal it took."""

    encounter: Encounter
    records: int
    last_time: float | None
    """When the last record was written (None: the base alone)."""


class _Misfit(ValueError):
    """A record the document before it cannot take; the message says why."""


def recover(base: Path, journal: Path, where: str = "recovery.journal") -> Recovered:
    """The encounter of ``base`` with ``journal``'s records; LoadError naming what is wrong.

    ``where`` names the journal in problems (``recovery.journal line 7: ...``).
    """
    data = _read(base, MAX_FILE_BYTES)
    raw = parse_document(data)
    scene_id, records = _journal(journal, hashlib.sha256(data).hexdigest(), where)
    if _is_evening(raw):
        return _recover_evening(raw, records, where, scene_id)
    _replay(raw, records, where)
    last = records[-1][1].time if records else None
    return Recovered(encounter_from_document(raw), len(records), last)


def _replay(raw: dict[str, Any], records: list[tuple[int, JournalRecord]], where: str) -> None:
    """Change the JSON document ``raw`` by each record in turn; LoadError naming a misfit."""
    document = _Document(raw)
    for number, record in records:
        try:
            document.apply(record)
        except _Misfit as error:
            raise LoadError([Problem(f"{where} line {number}", str(error))]) from None
        except (KeyError, IndexError, TypeError, ValueError, AttributeError):
            raise LoadError(
                [Problem(f"{where} line {number}", "does not fit the encounter before it")]
            ) from None
    try:
        document.flush()
    except (_Misfit, KeyError, IndexError, TypeError, ValueError, AttributeError):
        raise LoadError([Problem(where, "does not fit the encounter it follows")]) from None


def _is_evening(raw: dict[str, Any]) -> bool:
    """Whether the base is an evening's file (format 6 on): several scenes, the records of one."""
    version = raw.get("schema_version")
    return isinstance(version, int) and not isinstance(version, bool) and version > SCENE_VERSION


def _recover_evening(
    raw: dict[str, Any],
    records: list[tuple[int, JournalRecord]],
    where: str,
    scene_id: str | None = None,
) -> Recovered:
    """An evening's base with the records of the scene that was on the GM's screen.

    The journal records one scene: the one its header names (the GM's when the base
    was written; a switch of scene or an edit of another scene starts a new base), else
    the one an evening's file opens on (its shown scene); every other scene, the roster
    and the scene list come from the base, the whole evening's file. The scene is read,
    its records applied to its own document (with every check again), and the result put
    back in its place in the evening, its characters' fields handed on to the roster and
    the other scenes as an edit would. The recovered encounter is that scene's.
    """
    shown = encounter_from_document(raw)  # the evening, every scene judged; its shown scene
    evening = evening_of(shown)
    if evening is None:  # pragma: no cover - an evening's file opens on a scene
        raise LoadError([Problem(ROOT, "holds no scene to recover")])
    if scene_id is not None:
        named = next((s for s in evening.scenes if s.id == scene_id), None)
        if named is None:
            raise LoadError([Problem(f"{where} line 1", f"names no scene '{scene_id}'")])
        shown = named.encounter
    if not records:
        return Recovered(shown, 0, None)
    scene = evening.scene_of(shown)
    if scene is None:  # pragma: no cover - an evening's file opens on a scene
        raise LoadError([Problem(ROOT, "holds no scene to recover")])
    scene_raw = to_document(shown, with_evening=False)
    _replay(scene_raw, records, where)
    recovered = encounter_from_document(scene_raw)
    _put_back(evening, scene, recovered)
    return Recovered(recovered, len(records), records[-1][1].time)


def _put_back(evening: Evening, scene: Scene, encounter: Encounter) -> None:
    """``encounter`` in ``scene``'s place (same id, exits and groups), the roster kept in step.

    A token's roster character is the evening file's business, not the scene document's the
    records changed: each token keeps the character it had in the base."""
    for token_id, token in encounter.tokens.items():
        before = scene.encounter.tokens.get(token_id)
        if before is not None and token.character is None:
            token.character = before.character
    replacement = Scene(
        evening.new_scene_id(), encounter, list(scene.exits), scene.groups, scene.edits
    )
    evening.insert(replacement, evening.index(scene.id))
    evening.remove(scene.id)
    replacement.id = scene.id
    evening.token_changed(replacement, Change("tokens"))


def read_journal(path: Path, base_sha256: str, where: str) -> list[tuple[int, JournalRecord]]:
    """The journal's records with their line numbers; none when there is no journal, or
    when it follows another base than the one whose SHA-256 is ``base_sha256``."""
    return _journal(path, base_sha256, where)[1]


def _journal(
    path: Path, base_sha256: str, where: str
) -> tuple[str | None, list[tuple[int, JournalRecord]]]:
    """:func:`read_journal`, with the scene its header names (None: the shown scene)."""
    if not path.exists() and not path.is_symlink():
        return None, []
    data = _read(path, MAX_JOURNAL_BYTES, where)
    lines = journal_lines(data)
    first = next(lines, None)
    if first is None:
        return None, []
    header = read_header(first[1], where)
    if header.base_sha256 != base_sha256:
        return None, []  # written before the base was last replaced: the base holds it all
    records: list[tuple[int, JournalRecord]] = []
    for number, line in lines:
        record = read_record(number, line, where)
        expected = records[-1][1].n + 1 if records else 1
        if record.n != expected:
            raise LoadError(
                [Problem(f"{where} line {number}", f"is record {record.n}, not {expected}")]
            )
        records.append((number, record))
    return header.scene, records


def _read(path: Path, limit: int, where: str | None = None) -> bytes:
    try:
        return read_regular_file(path, limit)
    except ReadRefused as error:
        raise LoadError([Problem(where or ROOT, str(error))]) from None
    except OSError as error:
        raise LoadError([Problem(where or ROOT, f"cannot be read: {error.strerror}")]) from None


class _Document:
    """The base's JSON document as the records change it.

    The parts records change square by square or token by token are held in a
    handier form while records apply (rows of terrain as bytes, tokens by id,
    the fog's squares as an array) and written back by :meth:`flush`.
    """

    def __init__(self, raw: dict[str, Any]) -> None:
        self.raw = raw
        self._terrain: list[bytearray] | None = None
        self._walls: dict[tuple[tuple[int, int], tuple[int, int]], dict[str, Any]] | None = None
        self._mask: Any = None
        self._tokens: dict[str, dict[str, Any]] | None = None
        self._pictures: dict[str, dict[str, Any]] | None = None

    def apply(self, record: JournalRecord) -> None:
        if record.set:
            self.flush()  # a part replaced whole replaces what is held of it
            self.raw.update(record.set)
        if record.squares:
            self._squares(record.squares)
        if record.walls is not None:
            walls = self._wall_table()
            for wall in record.walls.set:
                walls[_key(wall.a, wall.b)] = wall.model_dump()
            for a, b in record.walls.drop:
                if walls.pop(_key(a, b), None) is None:
                    raise _Misfit("removes a wall that is not there")
        if record.wall_lines is not None:
            _splice(self._grid()["wall_lines"], record.wall_lines, "wall lines")
        if record.fog_box is not None:
            self._fog_box(record)
        if record.tokens is not None:
            self._token_patch(record)
        if record.dice_log is not None:
            _splice(self.raw["dice_log"], record.dice_log, "dice rolls")
        if record.pictures is not None:
            self._picture_patch(record)

    def flush(self) -> None:
        grid = self.raw.get("map")
        if self._terrain is not None:
            grid["terrain"] = [row.decode("ascii") for row in self._terrain]  # type: ignore[index]
        if self._walls is not None:
            grid["walls"] = list(self._walls.values())  # type: ignore[index]
        if self._mask is not None:
            self.raw["fog"]["revealed"] = encode_mask(self._mask)
        if self._tokens is not None:
            self.raw["tokens"] = list(self._tokens.values())
        if self._pictures is not None:
            self.raw["pictures"] = list(self._pictures.values())
        self._terrain = self._walls = self._mask = self._tokens = self._pictures = None

    # -- the grid --------------------------------------------------------------------

    def _grid(self) -> dict[str, Any]:
        grid = self.raw.get("map")
        if not isinstance(grid, dict) or grid.get("kind") != "grid":
            raise _Misfit("changes a grid, and the map is no grid")
        return grid

    def _squares(self, squares: list[list[Any]]) -> None:
        grid = self._grid()
        width, height = grid["width"], grid["height"]
        elevation = grid["elevation"]
        if self._terrain is None:
            self._terrain = [bytearray(row.encode("ascii")) for row in grid["terrain"]]
        terrain = self._terrain
        for column, row, height_, kind in squares:
            if column >= width or row >= height:
                raise _Misfit(f"square ({column}, {row}) is off the {width} x {height} map")
            elevation[row][column] = height_
            terrain[row][column] = ord(kind)

    def _wall_table(self) -> dict[tuple[tuple[int, int], tuple[int, int]], dict[str, Any]]:
        if self._walls is None:
            self._walls = {_key(w["a"], w["b"]): w for w in self._grid()["walls"]}
        return self._walls

    def _fog_box(self, record: JournalRecord) -> None:
        box = record.fog_box
        assert box is not None
        grid = self._grid()
        width, height = grid["width"], grid["height"]
        fog = self.raw.get("fog")
        if not isinstance(fog, dict):
            raise _Misfit("changes the fog of a map without fog")
        if box.x + box.width > width or box.y + box.height > height:
            raise _Misfit(f"its fog box is off the {width} x {height} map")
        try:
            if self._mask is None:
                self._mask = decode_mask(fog["revealed"], width, height)
            bits = decode_mask(box.bits, box.width, box.height)
        except FogBitsError as error:
            raise _Misfit(f"fog: {error}") from None
        self._mask[box.y : box.y + box.height, box.x : box.x + box.width] = bits

    # -- tokens and pictures ---------------------------------------------------------

    def _token_patch(self, record: JournalRecord) -> None:
        patch = record.tokens
        assert patch is not None
        if self._tokens is None:
            self._tokens = {_id(t, "token"): t for t in self.raw["tokens"]}
        tokens = self._tokens
        for token in patch.put:
            tokens[_id(token, "token")] = token
        for token_id in patch.drop:
            if tokens.pop(token_id, None) is None:
                raise _Misfit(f"removes token '{token_id}', which is not there")
        if patch.order is not None:
            if sorted(patch.order) != sorted(tokens):
                raise _Misfit("orders other tokens than there are")
            self._tokens = {i: tokens[i] for i in patch.order}

    def _picture_patch(self, record: JournalRecord) -> None:
        patch = record.pictures
        assert patch is not None
        if self._pictures is None:
            self._pictures = {_id(p, "picture"): p for p in self.raw["pictures"]}
        pictures = self._pictures
        for picture in patch.add:
            pictures[_id(picture, "picture")] = picture
        missing = [i for i in patch.order if i not in pictures]
        if missing:
            raise _Misfit(f"names picture '{missing[0]}', which is not there")
        self._pictures = {i: pictures[i] for i in patch.order}


def _key(a: list[int], b: list[int]) -> tuple[tuple[int, int], tuple[int, int]]:
    """A wall's edge as the map keeps it (``grid.edge``: the smaller square first)."""
    first, second = (a[0], a[1]), (b[0], b[1])
    return (first, second) if first <= second else (second, first)


def _id(item: Any, what: str) -> str:
    found = item.get("id") if isinstance(item, dict) else None
    if isinstance(found, str):
        return found
    raise _Misfit(f"holds a {what} without an id")


def _splice(items: Any, splice: Splice, what: str) -> None:
    if not isinstance(items, list) or splice.at + splice.drop > len(items):
        raise _Misfit(f"changes {what} that are not there")
    items[splice.at : splice.at + splice.drop] = splice.add
