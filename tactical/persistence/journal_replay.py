"""Recovery after a crash: the base file, then the journal's records in order.

The base is read and parsed as an encounter file is; each record changes that
JSON document as the writer found the encounter changed
(:mod:`tactical.persistence.journal_state`); the document that results is then
loaded with every check of an encounter file. So a record that the base cannot
take (a square off the map, a token that is not there) refuses the recovery
naming its line, and whatever the records build is held to the file format.
The same pass rebuilds the undo history (:mod:`tactical.persistence.journal_history`):
before a record of a step is applied, the values it replaces are read from the
document (:meth:`JournalDocument.inverse`), and both turned into core values.
Nothing here writes: a refused recovery leaves its files as they were.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from tactical.core.changes import Change
from tactical.core.encounter import Encounter
from tactical.core.evening import Evening, Scene, evening_of
from tactical.persistence.convert import to_document
from tactical.persistence.files import MAX_FILE_BYTES, encounter_from_document, parse_document
from tactical.persistence.journal_document import JournalDocument, Misfit
from tactical.persistence.journal_format import (
    JOURNAL_VERSION,
    MAX_JOURNAL_BYTES,
    JournalRecord,
    journal_lines,
    read_header,
    read_record,
)
from tactical.persistence.journal_history import HistoryBuilder, RecoveredHistory
from tactical.persistence.journal_patch import patch_of
from tactical.persistence.loading import error_problem
from tactical.persistence.problems import ROOT, LoadError, Problem
from tactical.persistence.safe_read import ReadRefused, read_regular_file
from tactical.persistence.schema import SCENE_VERSION


@dataclass(frozen=True)
class Recovered:
    """A recovered encounter, with how many records of the journal it took."""

    encounter: Encounter
    """The scene that was on the GM's screen (an encounter alone: the encounter)."""
    records: int
    last_time: float | None
    """When the last record was written (None: the base alone)."""
    history: RecoveredHistory = field(default_factory=lambda: RecoveredHistory([], 0))
    """The undo history the records rebuild (none from a journal before version 3)."""
    follows: int | None = None
    """The bytes of the journal's whole lines, when the app may go on with it (append
    records after them): a journal of this version of an evening's base."""


def recover(base: Path, journal: Path, where: str = "recovery.journal") -> Recovered:
    """The encounter of ``base`` with ``journal``'s records; LoadError naming what is wrong.

    ``where`` names the journal in problems (``recovery.journal line 7: ...``).
    """
    data = _read(base, MAX_FILE_BYTES)
    raw = parse_document(data)
    scene_id, records, kept = _journal_kept(journal, hashlib.sha256(data).hexdigest(), where)
    if _is_evening(raw):
        recovered = _recover_evening(raw, records, where, scene_id)
        return replace(recovered, follows=kept)
    if records and raw.get("schema_version") == SCENE_VERSION:
        raw = _as_written(raw)
    replay = _Replay(where)
    for number, record in records:
        replay.record(number, record, None, replay.document(None, raw))
    replay.flush()
    last = records[-1][1].time if records else None
    return Recovered(encounter_from_document(raw), len(records), last, replay.built.history())


def _as_written(raw: dict[str, Any]) -> dict[str, Any]:
    """One map's file as the app writes it (every key of the format, in its order), so the
    records apply to it as to the document they were made against: the base may be the GM's
    own file, copied as it was opened, which may leave out what has a default (no walls,
    no dice rolls). The loader's problems, if any, are the base's."""
    return to_document(encounter_from_document(raw), with_evening=False)


class _Replay:
    """The records applied in order to the documents of their scenes, the history built."""

    def __init__(self, where: str) -> None:
        self.where = where
        self.documents: dict[str | None, JournalDocument] = {}
        self.built = HistoryBuilder()

    def document(self, scene: str | None, raw: dict[str, Any]) -> JournalDocument:
        if scene not in self.documents:
            self.documents[scene] = JournalDocument(raw)
        return self.documents[scene]

    def record(
        self, number: int, record: JournalRecord, scene: str | None, document: JournalDocument
    ) -> None:
        """Apply ``record`` to ``document``; LoadError naming its line when it does not fit."""
        here = f"{self.where} line {number}"
        try:
            step = self.built.move(scene, record.step)
            if step is not None:
                before = document.inverse(record)
                after = patch_of(record)  # now: later records change the values it holds
                self.built.add(step, after, patch_of(_as_record(record.n, before)))
            document.apply(record)
        except Misfit as error:
            raise LoadError([Problem(here, str(error))]) from None
        except ValidationError as error:
            problem = error_problem(error.errors()[0])
            raise LoadError([Problem(here, f"{problem.path}: {problem.message}")]) from None
        except (KeyError, IndexError, TypeError, ValueError, AttributeError):
            raise LoadError([Problem(here, "does not fit the encounter before it")]) from None

    def flush(self) -> None:
        try:
            for document in self.documents.values():
                document.flush()
        except (Misfit, KeyError, IndexError, TypeError, ValueError, AttributeError):
            raise LoadError(
                [Problem(self.where, "does not fit the encounter it follows")]
            ) from None


def _as_record(n: int, body: dict[str, Any]) -> JournalRecord:
    return JournalRecord.model_validate({"n": n, "time": 0.0, **body})


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
    """An evening's base with the records of its scenes.

    Each record names the scene it changes (before version 3: the scene the header
    names, else the one an evening's file opens on, its shown scene); the roster and the
    scene list come from the base, the whole evening's file. Each scene a record changes
    is read, its records applied to its own document in the journal's order (with every
    check again), and the result put back in its place in the evening; then each token
    the records put hands its character's fields on to the roster and the other scenes,
    in the order the records put them, as the edits did. The recovered encounter is the
    scene that was on the GM's screen (the header's, or the last a record switched to).
    """
    shown = encounter_from_document(raw)  # the evening, every scene judged; its shown scene
    evening = evening_of(shown)
    if evening is None:  # pragma: no cover - an evening's file opens on a scene
        raise LoadError([Problem(ROOT, "holds no scene to recover")])
    scenes = {s.id: s for s in evening.scenes}
    view = scene_id if scene_id is not None else evening.scene_of(shown).id  # type: ignore[union-attr]
    if view not in scenes:
        raise LoadError([Problem(f"{where} line 1", f"names no scene '{view}'")])
    replay = _Replay(where)
    put: dict[tuple[str, str], int] = {}
    for number, record in records:
        named = record.scene or view
        for name in {named, record.view or named}:
            if name not in scenes:
                raise LoadError([Problem(f"{where} line {number}", f"names no scene '{name}'")])
        view = record.view or view
        if record.view is not None and not _changes(record):
            continue
        scene = scenes[named]
        if named not in replay.documents:
            replay.document(named, to_document(scene.encounter, with_evening=False))
        replay.record(number, record, named, replay.documents[named])
        for token in record.tokens.put if record.tokens is not None else ():
            if isinstance(token.get("id"), str):
                put[(named, token["id"])] = number
    replay.flush()
    for name, document in replay.documents.items():
        assert name is not None
        recovered = encounter_from_document(document.raw)
        _put_back(evening, scenes[name], recovered)
    for name, token_id in sorted(put, key=put.__getitem__):  # the characters, edit by edit
        evening.token_changed(evening.scene(name), Change("tokens", frozenset({token_id})))
    last = records[-1][1].time if records else None
    on_screen = evening.scene(view).encounter
    return Recovered(on_screen, len(records), last, replay.built.history())


def _changes(record: JournalRecord) -> bool:
    """Whether ``record`` changes a scene or the history (not only the GM's view)."""
    return bool(record.model_dump(exclude={"n", "time", "scene", "view"}, exclude_defaults=True))


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


def read_journal(path: Path, base_sha256: str, where: str) -> list[tuple[int, JournalRecord]]:
    """The journal's records with their line numbers; none when there is no journal, or
    when it follows another base than the one whose SHA-256 is ``base_sha256``."""
    return _journal(path, base_sha256, where)[1]


def _journal(
    path: Path, base_sha256: str, where: str
) -> tuple[str | None, list[tuple[int, JournalRecord]]]:
    """:func:`read_journal`, with the scene its header names (None: the shown scene)."""
    scene, records, _kept = _journal_kept(path, base_sha256, where)
    return scene, records


def _journal_kept(
    path: Path, base_sha256: str, where: str
) -> tuple[str | None, list[tuple[int, JournalRecord]], int | None]:
    """:func:`_journal`, with the bytes of its whole lines when a new record may follow
    them (a journal of this version, of this base), else None."""
    if not path.exists() and not path.is_symlink():
        return None, [], None
    data = _read(path, MAX_JOURNAL_BYTES, where)
    lines = journal_lines(data)
    first = next(lines, None)
    if first is None:
        return None, [], None
    header = read_header(first[1], where)
    if header.base_sha256 != base_sha256:
        return None, [], None  # written before the base was last replaced: the base holds it all
    kept = len(first[1]) + 1
    records: list[tuple[int, JournalRecord]] = []
    for number, line in lines:
        record = read_record(number, line, where)
        expected = records[-1][1].n + 1 if records else 1
        if record.n != expected:
            raise LoadError(
                [Problem(f"{where} line {number}", f"is record {record.n}, not {expected}")]
            )
        records.append((number, record))
        kept += len(line) + 1
    return header.scene, records, kept if header.version == JOURNAL_VERSION else None


def _read(path: Path, limit: int, where: str | None = None) -> bytes:
    try:
        return read_regular_file(path, limit)
    except ReadRefused as error:
        raise LoadError([Problem(where or ROOT, str(error))]) from None
    except OSError as error:
        raise LoadError([Problem(where or ROOT, f"cannot be read: {error.strerror}")]) from None
