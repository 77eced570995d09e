"""A map of one scene (format 5) opened clean: the journal's base is the file's own bytes.

Writing the base again (encoded, proven to open) cost a second of CPU on a 1024 x 1024 map
with 5,000 tokens while the window made its first frame. The GM's file may leave out
what has a default (no walls, no dice rolls) and be laid out as another program wrote it:
the recovery still gives back every change made after opening it.
"""

from __future__ import annotations

import json
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
from tactical.persistence import encounter_bytes, load_encounter, loads_encounter
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
    encounter = load_encounter(path)
    assert encounter == small_grid()
    failures: list[BaseException] = []
    folder = tmp_path / "recovery"
    writer = JournalWriter(folder, failures.append, lambda: None)
    writer.prepare(capture_all(encounter), path)  # as autosave prepares a clean document
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
