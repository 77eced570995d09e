"""Another program rewrites the GM's file while it is open: the recovery still gives back
what is on screen, not that program's version (``persistence/file_stamp``)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from tactical.app.storage.autosave import pending_recovery
from tactical.core.changes import GM
from tactical.core.commands import MoveToken
from tactical.persistence import encounter_bytes, save_encounter

from .conftest import small_grid


def rewrite_in_place(path: Path) -> None:
    """Another version of the same size written into the same file, a moment later."""
    data = path.read_bytes()
    other = data.replace(b'"hero"', b'"hera"')
    assert other != data and len(other) == len(data)
    later = path.stat().st_mtime_ns + 1_000_000_000
    with path.open("r+b") as file:
        file.write(other)
    os.utime(path, ns=(later, later))


def test_undone_back_to_the_opened_file_after_it_was_rewritten_recovers_the_screen(
    make_window: Any, tmp_path: Path
) -> None:
    path = tmp_path / "cellar.tactical.json"
    save_encounter(small_grid(), path)
    window = make_window()
    assert window.files.load_path(path)
    assert window.document.file_stamp is not None  # read from the file: its version noted
    window.document.push(MoveToken("hero", (2, 1)), GM)
    assert window.autosave.tick()
    rewrite_in_place(path)  # a sync client, say, while the GM plays on
    window.document.undo_stack.undo()  # back to what was opened: the file "equals" it again
    assert not window.document.modified
    window.document.push(MoveToken("hero", (3, 1)), GM)
    assert window.autosave.tick()
    window.autosave.wait()
    recovery = pending_recovery(window.autosave.directory)
    assert recovery is not None
    assert encounter_bytes(recovery.load()) == encounter_bytes(window.document.encounter)


def test_a_save_notes_the_version_it_wrote_and_a_later_undo_back_copies_it(
    make_window: Any, tmp_path: Path
) -> None:
    path = tmp_path / "cellar.tactical.json"
    window = make_window(small_grid(), path)
    window.document.push(MoveToken("hero", (2, 1)), GM)
    assert window.files.start_save()
    window.files.background.wait()
    assert not window.document.modified
    assert window.document.file_stamp is not None
    window.document.push(MoveToken("hero", (3, 1)), GM)
    assert window.autosave.tick()
    window.autosave.wait()
    base = window.autosave.directory / "recovery.tactical.json"
    assert base.read_bytes() == path.read_bytes()  # the saved file, copied as it was
    recovery = pending_recovery(window.autosave.directory)
    assert recovery is not None
    assert encounter_bytes(recovery.load()) == encounter_bytes(window.document.encounter)


def test_undone_back_past_a_save_that_was_edited_meanwhile_recovers_the_screen(
    make_window: Any, tmp_path: Path
) -> None:
    """The save wrote a later version than the one the history's clean point equals: undoing
    back to that point must not take the saved file as the recovery's base."""
    path = tmp_path / "cellar.tactical.json"
    save_encounter(small_grid(), path)
    window = make_window()
    assert window.files.load_path(path)
    document = window.document
    document.push(MoveToken("orc", (6, 6)), GM)
    assert window.files.start_save()
    document.push(MoveToken("hero", (2, 1)), GM)  # while it is written
    window.files.background.wait()
    assert document.modified  # the file holds the orc's move only
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert not document.modified  # back to what was opened, which the file no longer is
    document.push(MoveToken("hero", (3, 1)), GM)
    assert window.autosave.tick()
    window.autosave.wait()
    recovery = pending_recovery(window.autosave.directory)
    assert recovery is not None
    assert encounter_bytes(recovery.load()) == encounter_bytes(document.encounter)
