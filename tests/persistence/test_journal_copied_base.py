"""A map of one scene (format 5) opened clean: the journal's base is the file's own bytes.

Writing the base again (encoded, proven to open) cost a second of CPU on a 1024 x 1024 map
with 5,000 tokens while the window made its first frame. The GM's file may leave out
what has a default (no walls, no dice rolls) and be laid out as another program wrote it:
the recovery still gives back every change made after opening it.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from tactical.core.changes import ChangeGatherer, ChangeSet
from tactical.core.commands import (
    Command,
    LogRoll,
    MoveToken,
    PaintSquares,
    RevealSquares,
    SetFogSetting,
    SetWall,
    SetWallLine,
    UndoStack,
)
from tactical.core.dice_log import DiceRoll
from tactical.core.grid import Terrain, Wall
from tactical.core.wall_lines import WallLine
from tactical.persistence import encounter_bytes, loads_encounter
from tactical.persistence.files import load_stamped, save_encounter
from tactical.persistence.journal_capture import capture, capture_all
from tactical.persistence.journal_replay import recover
from tactical.persistence.journal_writer import JOURNAL_NAME, RECOVERY_NAME, JournalWriter

from ..app.conftest import small_grid


def own_file(folder: Path) -> Path:
    """small_grid as another program might write format 5: keys sorted, on one line, and
    the lists that have a default (walls, wall lines, dice rolls, pictures) left out."""
    document = json.loads(encounter_bytes(small_grid()))
    assert document["schema_version"] == 5
    for key in ("dice_log", "pictures"):
        assert document.pop(key) == []
    for key in ("walls", "wall_lines"):
        assert document["map"].pop(key) == []
    path = folder / "crypt.tactical.json"
    path.write_text(json.dumps(document, sort_keys=True))
    return path


def test_a_format_5_file_opened_clean_is_the_base_and_its_changes_come_back(
    tmp_path: Path,
) -> None:
    path = own_file(tmp_path)
    encounter, stamp = load_stamped(path)
    assert encounter == small_grid()
    failures: list[BaseException] = []
    folder = tmp_path / "recovery"
    writer = JournalWriter(folder, failures.append, lambda: None)
    writer.prepare(capture_all(encounter), path, stamp)  # as autosave prepares a clean document
    writer.wait()
    stack = UndoStack(encounter)
    gatherer = ChangeGatherer(lambda changes: send(changes))

    def send(changes: ChangeSet) -> None:
        writer.record(capture(encounter, changes))

    encounter.subscribe(gatherer.add)
    steps: list[Command] = [
        MoveToken("hero", (2, 1)),
        SetWall((1, 1), (1, 2), Wall(door=True)),
        SetWallLine(0, WallLine((0.5, 0.5), (3.25, 0.5))),
        LogRoll(DiceRoll("GM", "2d6", "", 7, (3, 4))),
        PaintSquares([(0, 0), (9, 7)], elevation=3, terrain=Terrain.DIFFICULT),
        SetFogSetting("enabled", True),
        RevealSquares([(1, 1), (2, 1)]),
    ]
    writer.start({"original": str(path)})  # the first change: the prepared base is the base
    for step in steps:
        with gatherer.operation():
            stack.push(step)
    with gatherer.operation():
        stack.undo()  # the reveal undone
    writer.wait()
    writer.stop()
    assert not failures
    assert (folder / RECOVERY_NAME).read_bytes() == path.read_bytes()  # copied, not encoded
    recovered = recover(folder / RECOVERY_NAME, folder / JOURNAL_NAME)
    assert recovered.records == len(steps) + 1
    saved = encounter_bytes(encounter)
    assert encounter_bytes(recovered.encounter) == saved
    assert recovered.encounter == loads_encounter(saved)
    assert recovered.encounter.grid is not None and recovered.encounter.grid.walls


def rewritten(path: Path, encounter_name: str, *, in_place: bool) -> None:
    """Another program writes another version of ``path`` of the same size: in place (the
    same inode, a later time), or beside it and renamed over it (a new inode)."""
    data = path.read_bytes()
    other = data.replace(b'"name": "', f'"name": "{encounter_name}'.encode(), 1)
    other = other.replace(b" ", b"", len(encounter_name))  # the same size
    assert len(other) == len(data) and other != data
    if in_place:
        before = path.stat().st_mtime_ns
        with path.open("r+b") as file:
            file.write(other)
        later = before + 1_000_000_000  # a coarse clock may not have moved yet in a test
        os.utime(path, ns=(later, later))
    else:
        beside = path.with_name("other.json")
        beside.write_bytes(other)
        beside.replace(path)


def base_after_rewrite(tmp_path: Path, *, in_place: bool, saved: bool) -> tuple[bytes, bytes]:
    """The recovery base the writer makes for a clean document whose file another program
    rewrote after it was opened (or saved): the base's bytes and the document's."""
    path = tmp_path / "crypt.tactical.json"
    if saved:
        encounter = small_grid()
        stamp = save_encounter(encounter, path)
    else:
        encounter, stamp = load_stamped(own_file(tmp_path))
    rewritten(path, "X", in_place=in_place)
    failures: list[BaseException] = []
    folder = tmp_path / "recovery"
    writer = JournalWriter(folder, failures.append, lambda: None)
    writer.prepare(capture_all(encounter), path, stamp)
    writer.start({"original": str(path)})
    writer.wait()
    writer.stop()
    assert not failures
    return (folder / RECOVERY_NAME).read_bytes(), encounter_bytes(encounter)


def test_a_file_rewritten_in_place_after_it_was_opened_is_not_the_base(tmp_path: Path) -> None:
    base, document = base_after_rewrite(tmp_path, in_place=True, saved=False)
    assert base == document  # encoded from the document, not copied from the other version


def test_a_file_renamed_over_after_it_was_saved_is_not_the_base(tmp_path: Path) -> None:
    base, document = base_after_rewrite(tmp_path, in_place=False, saved=True)
    assert loads_encounter(base) == loads_encounter(document) == small_grid()
    assert b'"name": "X' not in base


def test_a_file_as_it_was_saved_is_copied(tmp_path: Path) -> None:
    path = tmp_path / "crypt.tactical.json"
    stamp = save_encounter(small_grid(), path)
    folder = tmp_path / "recovery"
    writer = JournalWriter(folder, lambda error: None, lambda: None)
    writer.prepare(capture_all(small_grid()), path, stamp)
    writer.wait()
    writer.stop()
    assert (folder / "recovery-next.tactical.json").read_bytes() == path.read_bytes()
