"""Autosave keeps each change in a journal beside a recovery file, never the GM's own file;
after a crash the next start offers the work."""

from __future__ import annotations

import errno
import os
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from shiboken6 import isValid

from tactical.app.encounter.document import EncounterDocument
from tactical.app.storage.autosave import JOURNAL_NAME, Autosave, Recovery, pending_recovery
from tactical.app.window.startup import choice_question, recovery_question, start
from tactical.core.changes import GM
from tactical.core.commands import MoveToken
from tactical.core.encounter import Encounter
from tactical.core.pictures import Background, Picture, picture_id
from tactical.persistence import encounter_bytes, load_encounter, save_encounter

from .conftest import MAPS, small_grid

AutosaveFactory = Callable[..., Autosave]


@pytest.fixture
def make_autosave() -> Iterator[AutosaveFactory]:
    """Autosaves on documents of their own, stopped at the end of the test.

    Left running, an autosave's timer went on writing (and starting workers) in the
    tests after it, until Python collected its document.
    """
    made: list[Autosave] = []

    def make(document: EncounterDocument, directory: Path, **kwargs: Any) -> Autosave:
        autosave = Autosave(document, directory, **kwargs)
        made.append(autosave)
        return autosave

    yield make
    for autosave in made:
        if isValid(autosave):
            autosave.stop()


def test_autosave_keeps_only_unsaved_work_and_never_writes_the_users_file(
    make_autosave: AutosaveFactory, qtbot: Any, tmp_path: Path
) -> None:
    user_file = tmp_path / "mine.tactical.json"
    save_encounter(small_grid(), user_file)
    before = user_file.read_bytes()
    document = EncounterDocument(load_encounter(user_file), user_file)
    autosave = make_autosave(document, tmp_path / "data")
    assert not autosave.tick()
    assert pending_recovery(tmp_path / "data") is None  # nothing unsaved: nothing offered
    document.push(MoveToken("hero", (2, 1)), GM)
    assert autosave.tick()
    recovery = pending_recovery(tmp_path / "data")
    assert recovery is not None and recovery.original == user_file
    assert recovery.load().tokens["hero"].position == (2, 1)
    assert user_file.read_bytes() == before
    autosave.discard()
    autosave.wait()
    assert pending_recovery(tmp_path / "data") is None


def test_each_change_reaches_the_disk_as_it_is_made(
    make_autosave: AutosaveFactory, qtbot: Any, tmp_path: Path
) -> None:
    """No timer to wait for: the writer appends each change set as soon as it gets it."""
    document = EncounterDocument(small_grid())
    autosave = make_autosave(document, tmp_path)
    for column in range(2, 6):
        document.push(MoveToken("hero", (column, 1)), GM)
    recovery_of = pending_recovery
    qtbot.waitUntil(
        lambda: (
            (r := recovery_of(tmp_path)) is not None and r.load().tokens["hero"].position == (5, 1)
        ),
        timeout=5000,
    )
    assert autosave.writer.records == 4


def test_a_document_that_would_not_reopen_is_said_once_and_not_written(
    make_autosave: AutosaveFactory, qtbot: Any, tmp_path: Path
) -> None:
    encounter = small_grid()
    encounter.tokens["hero"].name = "H" * 300  # longer than the format allows
    document = EncounterDocument(encounter)
    autosave = make_autosave(document, tmp_path)
    failures: list[str] = []
    autosave.failed.connect(failures.append)
    document.push(MoveToken("hero", (2, 1)), GM)
    assert not autosave.tick()
    assert len(failures) == 1
    assert "tokens[0].name: may be at most 200 characters long" in failures[0]
    assert pending_recovery(tmp_path) is None


def test_after_a_crash_the_next_start_offers_recovery(qtbot, tmp_path: Path, settings) -> None:  # type: ignore[no-untyped-def]
    user_file = tmp_path / "mine.tactical.json"
    save_encounter(small_grid(), user_file)
    data = tmp_path / "data"
    first = start(user_file, settings=settings, recovery_dir=data, ask=lambda r: False)
    qtbot.addWidget(first)
    first.files.ask_unsaved = lambda: "discard"
    first.document.push(MoveToken("hero", (2, 1)), GM)
    assert first.autosave.tick()
    first.autosave.stop()  # the "crash": no clean close, the recovery file stays
    offered = []
    second = start(
        None, settings=settings, recovery_dir=data, ask=lambda r: offered.append(r) or True
    )
    qtbot.addWidget(second)
    second.files.ask_unsaved = lambda: "discard"
    assert offered and offered[0].original == user_file
    assert second.document.encounter.tokens["hero"].position == (2, 1)
    assert second.document.path == user_file
    assert second.document.modified
    assert load_encounter(user_file).tokens["hero"].position == (1, 1)
    second.close()
    assert pending_recovery(data) is None  # a clean close removes it


def test_declining_recovery_discards_it(
    make_autosave: AutosaveFactory, qtbot: Any, tmp_path: Path, settings: Any
) -> None:
    data = tmp_path / "data"
    document = EncounterDocument(small_grid())
    autosave = make_autosave(document, data)
    document.push(MoveToken("hero", (2, 1)), GM)
    autosave.tick()
    window = start(None, settings=settings, recovery_dir=data, ask=lambda r: False)
    qtbot.addWidget(window)
    window.autosave.wait()  # files go on the writer's thread
    assert pending_recovery(data) is None
    assert not window.document.modified


def test_saving_drops_the_recovery(make_window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    window.document.push(MoveToken("hero", (2, 1)), GM)
    assert window.autosave.tick()
    window.files.ask_save_path = lambda: str(tmp_path / "x.tactical.json")
    assert window.files.save()
    window.autosave.wait()
    assert pending_recovery(window.autosave.directory) is None


def test_a_second_copy_running_meanwhile_leaves_the_first_ones_recovery_alone(
    qtbot, tmp_path: Path, settings
) -> None:  # type: ignore[no-untyped-def]
    """Two windows at once must not take each other's unsaved work for a crash, nor delete it."""
    data = tmp_path / "data"
    first = start(None, settings=settings, recovery_dir=data, ask=lambda r: True)
    qtbot.addWidget(first)
    first.files.ask_unsaved = lambda: "discard"
    first.document.push(MoveToken("mira", (5, 19)), GM)
    assert first.autosave.tick()
    asked: list[object] = []
    second = start(None, settings=settings, recovery_dir=data, ask=lambda r: bool(asked.append(r)))
    qtbot.addWidget(second)
    second.files.ask_unsaved = lambda: "discard"
    assert asked == []  # the first one's autosave is no crash
    assert pending_recovery(data) is not None  # and it is still there
    assert second.autosave.directory != first.autosave.directory
    second.document.push(MoveToken("mira", (6, 19)), GM)
    assert second.autosave.tick()
    first_copy = load_encounter(first.autosave.recovery_path)
    assert first_copy.tokens["mira"].position == (5, 19)  # not written over by the second
    first.autosave.stop()  # the first one "crashes": its folder is free again
    third_asked: list[object] = []
    third = start(
        None, settings=settings, recovery_dir=data, ask=lambda r: bool(third_asked.append(r))
    )
    qtbot.addWidget(third)
    third.files.ask_unsaved = lambda: "discard"
    assert len(third_asked) == 1  # the first one's work is offered
    assert third.autosave.directory == first.autosave.directory


def crash_with_changes_to(path: Path | None, data: Path, qtbot, settings) -> None:  # type: ignore[no-untyped-def]
    """A session on ``path`` moves the hero to (2, 1), autosaves, and "crashes"."""
    first = start(path, settings=settings, recovery_dir=data, ask=lambda r: False)
    qtbot.addWidget(first)
    first.files.ask_unsaved = lambda: "discard"
    first.document.push(MoveToken("hero", (2, 1)), GM)
    assert first.autosave.tick()
    first.autosave.stop()


def two_files(tmp_path: Path) -> tuple[Path, Path]:
    crashed, requested = tmp_path / "crypt.tactical.json", tmp_path / "bridge.tactical.json"
    save_encounter(small_grid(), crashed)
    bridge = small_grid()
    bridge.name = "Bridge"
    save_encounter(bridge, requested)
    return crashed, requested


def test_recovery_of_another_file_asks_which_to_open_naming_both(
    qtbot, tmp_path: Path, settings
) -> None:  # type: ignore[no-untyped-def]
    """Reviewer: `tactical bridge` after a crash on crypt: Yes restored crypt, bridge vanished."""
    crashed, requested = two_files(tmp_path)
    data = tmp_path / "data"
    crash_with_changes_to(crashed, data, qtbot, settings)
    asked: list[object] = []
    chosen: list[tuple[object, Path]] = []

    def choose(recovery, path):  # type: ignore[no-untyped-def]
        chosen.append((recovery.original, path))
        return "restore"

    window = start(
        requested,
        settings=settings,
        recovery_dir=data,
        ask=lambda r: bool(asked.append(r)),
        choose=choose,
    )
    qtbot.addWidget(window)
    window.files.ask_unsaved = lambda: "discard"
    assert asked == [] and chosen == [(crashed, requested)]
    assert window.document.path == crashed and window.document.modified
    assert window.document.encounter.tokens["hero"].position == (2, 1)
    assert window.files.recent_files()[0] == requested.resolve()  # one click away
    assert window.statusBar().currentMessage() == (
        "Recovered unsaved changes to crypt. bridge is not open: it is first in File > Open recent."
    )


def test_choosing_the_requested_file_opens_it_and_drops_the_other_recovery(
    qtbot, tmp_path: Path, settings
) -> None:  # type: ignore[no-untyped-def]
    crashed, requested = two_files(tmp_path)
    data = tmp_path / "data"
    crash_with_changes_to(crashed, data, qtbot, settings)
    window = start(
        requested,
        settings=settings,
        recovery_dir=data,
        ask=lambda r: True,
        choose=lambda r, p: "open",
    )
    qtbot.addWidget(window)
    window.files.ask_unsaved = lambda: "discard"
    assert window.document.path == requested and not window.document.modified
    assert window.document.encounter.name == "Bridge"
    window.autosave.wait()
    assert pending_recovery(data) is None


def test_recovery_of_the_requested_file_is_a_plain_yes_or_no(
    qtbot, tmp_path: Path, settings
) -> None:  # type: ignore[no-untyped-def]
    crashed, _ = two_files(tmp_path)
    data = tmp_path / "data"
    crash_with_changes_to(crashed, data, qtbot, settings)
    chosen: list[object] = []
    window = start(
        crashed,
        settings=settings,
        recovery_dir=data,
        ask=lambda r: True,
        choose=lambda r, p: bool(chosen.append(p)) or "open",
    )
    qtbot.addWidget(window)
    window.files.ask_unsaved = lambda: "discard"
    assert chosen == []
    assert window.document.path == crashed and window.document.modified


def test_the_recovery_questions_name_the_files(tmp_path: Path) -> None:
    crashed, requested = two_files(tmp_path)
    recovery = Recovery(tmp_path / "r.tactical.json", crashed, 0.0)
    assert "Unsaved changes to crypt were kept at" in recovery_question(recovery)
    text = choice_question(recovery, requested)
    assert "unsaved changes to crypt" in text and "You asked to open bridge." in text
    untitled = Recovery(tmp_path / "r.tactical.json", None, 0.0)
    assert "an untitled encounter" in choice_question(untitled, requested)


def test_with_no_file_named_the_buttons_say_what_they_do_and_escape_restores(
    qtbot: Any, tmp_path: Path
) -> None:
    """docs/app.md: Restore changes to the file (Enter or Escape) or Discard the changes."""
    from tactical.app.window.startup import recovery_box

    crashed, _requested = two_files(tmp_path)
    box, restore = recovery_box(Recovery(tmp_path / "r.tactical.json", crashed, 0.0))
    qtbot.addWidget(box)
    assert [b.text() for b in box.buttons()] == [
        "Restore changes to crypt",
        "Discard the changes to crypt",
    ]
    assert box.defaultButton() is restore and box.escapeButton() is restore


@pytest.mark.parametrize(
    ("call", "code", "reason"),
    [
        ("write", errno.ENOSPC, "No space left on device"),
        ("open", errno.EROFS, "Read-only file system"),
    ],
)
def test_autosave_onto_a_full_disk_or_read_only_folder_is_said_once_and_retried(
    make_autosave: AutosaveFactory,
    qtbot: Any,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    call: str,
    code: int,
    reason: str,
) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    document = EncounterDocument(small_grid())
    failures: list[str] = []
    recovered: list[bool] = []

    def refuse(*args: object, **kwargs: object) -> int:
        raise OSError(code, reason)

    with monkeypatch.context() as patch:
        patch.setattr(os, call, refuse)
        autosave = make_autosave(document, folder)
        autosave.failed.connect(failures.append)
        autosave.recovered.connect(lambda: recovered.append(True))
        document.push(MoveToken("hero", (2, 1)), GM)
        assert not autosave.tick()  # no exception out of any slot
        document.push(MoveToken("hero", (3, 1)), GM)  # tries again: a new base
        assert not autosave.tick()
    assert failures == [
        f"Autosave failed: it cannot write to {folder}: {reason}. Your changes are still open "
        "here but not backed up; save them with File > Save As. Autosave tries again with "
        "your next change and every 30 s."
    ]
    assert autosave.failures >= 2
    assert not [p for p in folder.iterdir() if p.name.startswith(".tactical-")]  # no temporary
    document.push(MoveToken("hero", (5, 1)), GM)  # retried with the next change: it works
    assert autosave.tick()
    assert recovered == [True]
    recovery = pending_recovery(folder)
    assert recovery is not None and recovery.load().tokens["hero"].position == (5, 1)


def test_a_failing_journal_is_retried_without_a_change(
    make_autosave: AutosaveFactory, qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    document = EncounterDocument(small_grid())
    autosave = make_autosave(document, tmp_path, retry_ms=50)
    recovered: list[bool] = []
    autosave.recovered.connect(lambda: recovered.append(True))

    def refuse(*args: object, **kwargs: object) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    with monkeypatch.context() as patch:
        patch.setattr(os, "write", refuse)
        document.push(MoveToken("hero", (2, 1)), GM)
        assert not autosave.tick()
    qtbot.waitUntil(lambda: recovered == [True], timeout=5000)
    assert autosave.tick()
    recovery = pending_recovery(tmp_path)
    assert recovery is not None and recovery.load().tokens["hero"].position == (2, 1)


def test_the_window_says_an_autosave_failure_in_the_status_bar_and_one_dialog(make_window) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    dialogs: list[str] = []
    window.autosave_notice.show_dialog = dialogs.append
    window.autosave.failed.emit("Autosave failed: the disk is full.")
    assert window.statusBar().currentMessage() == "Autosave failed: the disk is full."
    assert dialogs == ["Autosave failed: the disk is full."]
    window.autosave.recovered.emit()
    assert window.statusBar().currentMessage() == "Autosave works again."


def picture_grid() -> Encounter:
    """The small grid on a background picture long enough to be set aside by the save's check."""
    encounter = small_grid()
    art = (MAPS.parent / "assets" / "tokens" / "paw.png").read_bytes()
    encounter.pictures[picture_id(art)] = Picture(picture_id(art), data=art)
    encounter.background = Background(picture_id(art))
    return encounter


def test_the_gui_thread_only_copies_the_writer_thread_writes(
    make_autosave: AutosaveFactory, qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    document = EncounterDocument(picture_grid())
    autosave = make_autosave(document, tmp_path / "data")
    autosave.wait()
    writers: set[str] = set()
    write = os.write

    def watched(fd: int, data: Any) -> int:
        writers.add(threading.current_thread().name)
        return write(fd, data)

    monkeypatch.setattr(os, "write", watched)
    document.push(MoveToken("hero", (2, 1)), GM)
    document.push(MoveToken("hero", (3, 1)), GM)
    assert autosave.tick()
    assert writers == {"recovery-journal"}
    recovery = pending_recovery(tmp_path / "data")
    assert recovery is not None
    recovered = recovery.load()
    assert recovered.tokens["hero"].position == (3, 1)
    assert recovered.pictures == document.encounter.pictures
    assert encounter_bytes(recovered) == encounter_bytes(document.encounter)


def test_undoing_back_to_the_saved_state_leaves_nothing_to_recover(
    make_window: Any, tmp_path: Path
) -> None:
    path = tmp_path / "cellar.tactical.json"
    save_encounter(small_grid(), path)
    window = make_window(load_encounter(path), path)
    window.document.push(MoveToken("hero", (2, 1)), GM)
    assert window.autosave.tick()
    window.document.undo_stack.undo()
    assert not window.document.modified
    assert not window.autosave.tick()
    assert pending_recovery(window.autosave.directory) is None
    window.document.undo_stack.redo()  # the same change again: offered again
    assert window.autosave.tick()
    recovery = pending_recovery(window.autosave.directory)
    assert recovery is not None and recovery.load().tokens["hero"].position == (2, 1)


def test_a_full_journal_starts_again_from_a_new_base(
    make_autosave: AutosaveFactory, qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tactical.persistence import journal_writer

    monkeypatch.setattr(journal_writer, "FULL_BYTES", 2000)
    document = EncounterDocument(small_grid())
    autosave = make_autosave(document, tmp_path)
    for step in range(60):
        document.push(MoveToken("hero", (step % 9, 1 + step % 2)), GM)
        autosave.tick()  # and the writer's word that it is full is heard
    journal = (tmp_path / JOURNAL_NAME).read_bytes().splitlines()
    assert len(journal) < 40  # started again from a new base at least once
    recovery = pending_recovery(tmp_path)
    assert recovery is not None
    assert encounter_bytes(recovery.load()) == encounter_bytes(document.encounter)


def test_a_flush_to_the_disk_that_fails_is_said_and_waiting_for_it_ends(
    make_autosave: AutosaveFactory, qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    document = EncounterDocument(small_grid())
    autosave = make_autosave(document, tmp_path)
    document.push(MoveToken("hero", (2, 1)), GM)
    assert autosave.tick()
    failures: list[str] = []
    autosave.failed.connect(failures.append)

    def refuse(fd: int) -> None:
        raise OSError(errno.EIO, "Input/output error")

    with monkeypatch.context() as patch:
        patch.setattr(os, "fsync", refuse)
        document.push(MoveToken("hero", (3, 1)), GM)
        assert not autosave.tick()  # returns: the waiter is let go
    assert len(failures) == 1 and "Input/output error" in failures[0]
    document.push(MoveToken("hero", (4, 1)), GM)
    assert autosave.tick()
    recovery = pending_recovery(tmp_path)
    assert recovery is not None and recovery.load().tokens["hero"].position == (4, 1)
