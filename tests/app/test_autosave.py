"""Autosave goes to a separate recovery file; after a crash the next start offers it."""

from __future__ import annotations

import errno
import os
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from shiboken6 import isValid

from tactical.app.encounter.document import EncounterDocument
from tactical.app.storage.autosave import Autosave, Recovery, pending_recovery
from tactical.app.window.startup import choice_question, recovery_question, start
from tactical.core.changes import GM
from tactical.core.commands import MoveToken
from tactical.core.encounter import Encounter
from tactical.core.pictures import Background, Picture, picture_id
from tactical.persistence import encounter_bytes, files, load_encounter, save_encounter
from tactical.persistence import save_child as save_child_module

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


def test_autosave_writes_only_when_modified_and_never_the_users_file(
    make_autosave: AutosaveFactory, qtbot: Any, tmp_path: Path
) -> None:
    user_file = tmp_path / "mine.tactical.json"
    save_encounter(small_grid(), user_file)
    before = user_file.read_bytes()
    document = EncounterDocument(load_encounter(user_file), user_file)
    autosave = make_autosave(document, tmp_path / "data")
    assert autosave.timer.interval() == 60_000
    assert not autosave.tick()
    assert not autosave.recovery_path.exists()
    document.push(MoveToken("hero", (2, 1)), GM)
    assert autosave.tick()
    assert load_encounter(autosave.recovery_path).tokens["hero"].position == (2, 1)
    assert user_file.read_bytes() == before
    recovery = pending_recovery(tmp_path / "data")
    assert recovery is not None and recovery.original == user_file
    autosave.discard()
    assert pending_recovery(tmp_path / "data") is None


def test_the_timer_autosaves(make_autosave: AutosaveFactory, qtbot: Any, tmp_path: Path) -> None:
    document = EncounterDocument(small_grid())
    autosave = make_autosave(document, tmp_path, interval_ms=20)
    document.push(MoveToken("hero", (2, 1)), GM)
    qtbot.waitUntil(lambda: autosave.writes > 0, timeout=2000)
    assert (tmp_path / "recovery.tactical.json").is_file()


def test_a_big_maps_autosave_is_made_by_a_child_and_refused_when_it_would_not_reopen(
    make_autosave: AutosaveFactory, qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*_args: object, **_kwargs: object) -> Any:
        raise AssertionError("made in the app's process, not by the child")

    monkeypatch.setattr(save_child_module, "CHILD_FROM", 0)  # every map counts as big
    monkeypatch.setattr(save_child_module, "document_parts", refuse)
    document = EncounterDocument(small_grid())
    autosave = make_autosave(document, tmp_path)
    failures: list[str] = []
    autosave.failed.connect(failures.append)
    document.push(MoveToken("hero", (2, 1)), GM)
    assert autosave.tick_in_background()
    qtbot.waitUntil(lambda: autosave.writes == 1, timeout=30_000)
    recovered = autosave.recovery_path.read_bytes()
    assert load_encounter(autosave.recovery_path) == document.encounter
    document.encounter.tokens["hero"].name = "H" * 300  # longer than the format allows
    document.mark_modified()
    assert autosave.tick_in_background()
    qtbot.waitUntil(lambda: bool(failures), timeout=30_000)
    assert "tokens[0].name: may be at most 200 characters long" in failures[0]
    assert autosave.recovery_path.read_bytes() == recovered


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
    assert pending_recovery(data) is None
    assert not window.document.modified


def test_saving_drops_the_recovery(make_window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    window.document.push(MoveToken("hero", (2, 1)), GM)
    assert window.autosave.tick()
    window.files.ask_save_path = lambda: str(tmp_path / "x.tactical.json")
    assert window.files.save()
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
    autosave = make_autosave(document, folder)
    failures: list[str] = []
    autosave.failed.connect(failures.append)
    recovered: list[bool] = []
    autosave.recovered.connect(lambda: recovered.append(True))
    document.push(MoveToken("hero", (2, 1)), GM)

    def refuse(*args: object, **kwargs: object) -> int:
        raise OSError(code, reason)

    with monkeypatch.context() as patch:
        patch.setattr(os, call, refuse)
        assert not autosave.tick()  # no exception out of the timer's slot
        assert not autosave.tick()
        assert not autosave.tick()
    assert failures == [
        f"Autosave failed: it cannot write to {folder}: {reason}. Your changes are still open "
        "here but not backed up; save them with File > Save As. Autosave tries again every minute."
    ]
    assert autosave.failures == 3
    assert list(folder.iterdir()) == []  # no recovery, no temporary file left behind
    assert autosave.tick()  # retried on the next tick, and it works again
    assert recovered == [True]
    assert load_encounter(folder / "recovery.tactical.json").tokens["hero"].position == (2, 1)


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


def test_the_timers_write_runs_on_a_worker_from_a_snapshot_taken_at_the_tick(
    make_autosave: AutosaveFactory, qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    document = EncounterDocument(picture_grid())
    autosave = make_autosave(document, tmp_path / "data")
    document.push(MoveToken("hero", (2, 1)), GM)
    release = threading.Event()
    writers: list[str] = []
    write = files.write_atomic

    def held_write(path: Path, data: Any) -> None:
        writers.append(threading.current_thread().name)
        release.wait(5)
        write(path, data)

    monkeypatch.setattr(files, "write_atomic", held_write)
    assert autosave.tick_in_background()
    document.push(MoveToken("hero", (3, 1)), GM)  # after the snapshot: in the next autosave
    assert not autosave.tick_in_background()  # one write at a time
    release.set()
    qtbot.waitUntil(lambda: autosave.writes == 1, timeout=5000)
    assert writers == ["autosave", "autosave"]  # the recovery and its note, off the GUI thread
    recovered = load_encounter(autosave.recovery_path)
    assert recovered.tokens["hero"].position == (2, 1)
    assert recovered.pictures == document.encounter.pictures
    assert autosave.recovery_path.read_bytes() == encounter_bytes(recovered)
    assert autosave.tick_in_background()
    qtbot.waitUntil(lambda: autosave.writes == 2, timeout=5000)
    assert load_encounter(autosave.recovery_path).tokens["hero"].position == (3, 1)


def test_a_save_during_a_background_write_leaves_no_recovery(
    make_autosave: AutosaveFactory, qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    document = EncounterDocument(picture_grid())
    autosave = make_autosave(document, tmp_path / "data")
    document.push(MoveToken("hero", (2, 1)), GM)
    write = files.write_atomic
    writing = threading.Event()

    def slow_write(path: Path, data: Any) -> None:
        writing.set()
        time.sleep(0.2)  # kept: a slow disk (the write lasts), not a wait for something
        write(path, data)

    monkeypatch.setattr(files, "write_atomic", slow_write)
    assert autosave.tick_in_background()
    worker = autosave.worker
    assert worker is not None
    assert writing.wait(5)  # the write under way when the save comes
    autosave.discard()  # what a save or a clean close does: it waits for the write first
    worker.join()
    assert pending_recovery(tmp_path / "data") is None
    assert sorted(p.name for p in (tmp_path / "data").iterdir()) == []


def test_a_background_write_that_fails_is_said_once(
    make_autosave: AutosaveFactory, qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "data"
    document = EncounterDocument(picture_grid())
    autosave = make_autosave(document, folder)
    failures: list[str] = []
    autosave.failed.connect(failures.append)
    document.push(MoveToken("hero", (2, 1)), GM)

    def refuse(*args: object, **kwargs: object) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    with monkeypatch.context() as patch:
        patch.setattr(os, "write", refuse)
        for expected in (1, 2):
            assert autosave.tick_in_background()
            qtbot.waitUntil(lambda n=expected: autosave.failures == n, timeout=5000)
    assert failures == [
        f"Autosave failed: it cannot write to {folder}: No space left on device. Your changes "
        "are still open here but not backed up; save them with File > Save As. Autosave tries "
        "again every minute."
    ]
    assert autosave.tick_in_background()
    qtbot.waitUntil(lambda: autosave.writes == 1, timeout=5000)
    assert not autosave.failing


class _LingeringThread(threading.Thread):
    """A worker that stays alive a moment after its write is reported (a loaded machine)."""

    def run(self) -> None:
        super().run()
        time.sleep(0.3)  # kept: the loaded machine it stands for, not a wait for something


def test_once_a_background_write_is_counted_the_next_tick_starts_one(
    make_autosave: AutosaveFactory, qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Under load the worker could still be alive when its outcome was counted: the next
    # tick then started nothing ("one write at a time"), and the tests that waited for the
    # count and ticked again failed now and then.
    import tactical.app.storage.autosave as autosave_module

    class Threads:
        Thread = _LingeringThread
        current_thread = staticmethod(threading.current_thread)

    monkeypatch.setattr(autosave_module, "threading", Threads)
    document = EncounterDocument(small_grid())
    autosave = make_autosave(document, tmp_path / "data")
    document.push(MoveToken("hero", (2, 1)), GM)
    assert autosave.tick_in_background()
    qtbot.waitUntil(lambda: autosave.writes == 1, timeout=5000)
    assert autosave.worker is None  # counted: no write runs any more
    document.push(MoveToken("hero", (3, 1)), GM)
    assert autosave.tick_in_background()
    qtbot.waitUntil(lambda: autosave.writes == 2, timeout=5000)
    assert load_encounter(autosave.recovery_path).tokens["hero"].position == (3, 1)
    autosave.stop()
