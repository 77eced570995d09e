"""After a crash, the recovery is dropped only once the file asked for has really opened.

QA: kill the app with unsaved changes, start `tactical ballroom.uvtt` (an import that is
refused: its picture is only a path), choose "Open ..., discard the changes": the GM was left
on an empty Untitled map and the recovery was gone. And an imported map's unsaved work was
called "an untitled encounter" where the title calls it "cave.dd2vtt (imported)".
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from tactical.app.storage.files import FileController
from tactical.app.storage.import_export import open_foreign_file
from tactical.app.storage.recovery_files import Recovery, pending_recovery
from tactical.app.window.main_window import MainWindow
from tactical.app.window.startup import choice_question, recovery_box, recovery_question, start
from tactical.core.changes import GM
from tactical.core.commands import MoveToken
from tactical.persistence import save_encounter
from tests.realdata import RealData

from .conftest import small_grid

Errors = list[tuple[str, str]]


@pytest.fixture
def errors(monkeypatch: pytest.MonkeyPatch) -> Errors:
    """The error boxes the windows built by ``start`` would show, in order (none pops up)."""
    shown: Errors = []

    def record(self: FileController, title: str, text: str) -> None:
        shown.append((title, text))

    monkeypatch.setattr(FileController, "_dialog_error", record)
    return shown


def started(qtbot: QtBot, window: MainWindow) -> MainWindow:
    qtbot.addWidget(window)
    window.files.ask_unsaved = lambda: "discard"
    return window


def crash_on_crypt(tmp_path: Path, qtbot: QtBot, settings: QSettings) -> tuple[Path, Path]:
    """crypt.tactical.json opened, the hero moved to (2, 1), autosaved, then a "kill -9"."""
    crypt, data = tmp_path / "crypt.tactical.json", tmp_path / "data"
    save_encounter(small_grid(), crypt)
    first = started(qtbot, start(crypt, settings=settings, recovery_dir=data, ask=lambda r: False))
    first.document.push(MoveToken("hero", (2, 1)), GM)
    assert first.autosave.tick()
    first.autosave.stop()  # no clean close: the recovery stays
    return crypt, data


def test_a_refused_import_keeps_the_recovery_and_opens_it_instead(
    real_data: RealData, qtbot: QtBot, tmp_path: Path, settings: QSettings, errors: Errors
) -> None:
    ballroom = real_data("uvtt/edge-foundry2uvtt-prismatic-ballroom.uvtt")
    crypt, data = crash_on_crypt(tmp_path, qtbot, settings)
    asked: list[Path] = []

    def discard_and_open(recovery: Recovery, path: Path) -> str:
        asked.append(path)
        return "open"

    window = started(
        qtbot,
        start(ballroom, settings=settings, recovery_dir=data, choose=discard_and_open),  # type: ignore[arg-type]
    )
    assert asked == [ballroom]
    assert [title for title, _ in errors] == ["Could not import the map"]
    assert "image: the picture is missing" in errors[0][1]
    assert window.document.path == crypt and window.document.modified
    assert window.document.encounter.tokens["hero"].position == (2, 1)
    assert window.windowTitle() == "crypt[*] — tactical"
    assert window.statusBar().currentMessage() == (
        "edge-foundry2uvtt-prismatic-ballroom.uvtt could not be opened, so the unsaved "
        "changes to crypt are open instead; nothing was discarded."
    )
    recovery = pending_recovery(data)
    assert recovery is not None and recovery.original == crypt
    window.close()  # a clean close (the changes discarded): now the recovery goes
    assert pending_recovery(data) is None


def test_a_broken_file_of_its_own_keeps_the_recovery(
    qtbot: QtBot, tmp_path: Path, settings: QSettings, errors: Errors
) -> None:
    """`tactical crypt`, Discard the changes, and crypt on disk no longer loads."""
    crypt, data = crash_on_crypt(tmp_path, qtbot, settings)
    crypt.write_text('{"format": "tactical-encounter", "version": 1, "map": 3}')
    asked: list[Recovery] = []
    window = started(
        qtbot,
        start(crypt, settings=settings, recovery_dir=data, ask=lambda r: bool(asked.append(r))),
    )
    assert len(asked) == 1
    assert [title for title, _ in errors] == ["Could not open the file"]
    assert window.document.path == crypt and window.document.modified
    assert window.document.encounter.tokens["hero"].position == (2, 1)
    assert pending_recovery(data) is not None


def test_discarding_for_a_file_that_opens_drops_the_recovery(
    qtbot: QtBot, tmp_path: Path, settings: QSettings, errors: Errors
) -> None:
    _crypt, data = crash_on_crypt(tmp_path, qtbot, settings)
    bridge = tmp_path / "bridge.tactical.json"
    save_encounter(small_grid(), bridge)
    window = started(
        qtbot, start(bridge, settings=settings, recovery_dir=data, choose=lambda r, p: "open")
    )
    assert errors == []
    assert window.document.path == bridge and not window.document.modified
    window.autosave.wait()  # the files go on the writer's thread
    assert pending_recovery(data) is None


def test_an_unsaved_import_is_recovered_under_its_sources_name(
    real_data: RealData, qtbot: QtBot, tmp_path: Path, settings: QSettings, errors: Errors
) -> None:
    cave = real_data("uvtt/dd-oganm-cave-test.dd2vtt")
    data = tmp_path / "data"
    first = started(qtbot, start(None, settings=settings, recovery_dir=data, ask=lambda r: False))
    assert open_foreign_file(first, cave, ask_unsaved=False)
    assert first.windowTitle() == "dd-oganm-cave-test.dd2vtt (imported)[*] — tactical"
    assert first.autosave.tick()
    first.autosave.stop()
    recovery = pending_recovery(data)
    assert recovery is not None
    assert recovery.original is None and recovery.imported_from == cave
    name = "dd-oganm-cave-test.dd2vtt (imported)"
    assert f"Unsaved changes to {name} were kept at" in recovery_question(recovery)
    assert "an untitled encounter" not in recovery_question(recovery)
    box, _restore = recovery_box(recovery)
    qtbot.addWidget(box)
    assert [b.text() for b in box.buttons()] == [
        f"Restore changes to {name}",
        f"Discard the changes to {name}",
    ]
    bridge = tmp_path / "bridge.tactical.json"
    assert f"unsaved changes to {name} at" in choice_question(recovery, bridge)
    window = started(qtbot, start(None, settings=settings, recovery_dir=data, ask=lambda r: True))
    assert window.windowTitle() == f"{name}[*] — tactical"
    assert window.document.path is None and window.document.modified
    assert window.files.suggested == cave.with_name("dd-oganm-cave-test.tactical.json")
    assert errors == []


def test_a_refused_import_after_an_imports_crash_names_both(
    real_data: RealData, qtbot: QtBot, tmp_path: Path, settings: QSettings, errors: Errors
) -> None:
    """The QA case with an imported map's work kept: the dialog and the status bar name it."""
    cave = real_data("uvtt/dd-oganm-cave-test.dd2vtt")
    ballroom = real_data("uvtt/edge-foundry2uvtt-prismatic-ballroom.uvtt")
    data = tmp_path / "data"
    first = started(qtbot, start(None, settings=settings, recovery_dir=data, ask=lambda r: False))
    assert open_foreign_file(first, cave, ask_unsaved=False)
    assert first.autosave.tick()
    first.autosave.stop()
    questions: list[str] = []

    def choose(recovery: Recovery, path: Path) -> str:
        questions.append(choice_question(recovery, path))
        return "open"

    window = started(
        qtbot,
        start(ballroom, settings=settings, recovery_dir=data, choose=choose),  # type: ignore[arg-type]
    )
    assert "It kept unsaved changes to dd-oganm-cave-test.dd2vtt (imported) at" in questions[0]
    assert [title for title, _ in errors] == ["Could not import the map"]
    assert window.windowTitle() == "dd-oganm-cave-test.dd2vtt (imported)[*] — tactical"
    said = window.statusBar().currentMessage()
    assert said == (
        "edge-foundry2uvtt-prismatic-ballroom.uvtt could not be opened, so the unsaved changes "
        "to dd-oganm-cave-test.dd2vtt (imported) are open instead; nothing was discarded."
    )
    assert pending_recovery(data) is not None


def test_the_buttons_fit_side_by_side_with_long_names(qtbot: QtBot, tmp_path: Path) -> None:
    """Under Xvfb the "Open ..., discard" button was cut off at both ends on a 1920 screen."""
    from tactical.app.window.startup import choice_box

    cave = tmp_path / "dd-oganm-cave-test.dd2vtt"
    ballroom = tmp_path / "edge-foundry2uvtt-prismatic-ballroom.uvtt"
    recovery = Recovery(tmp_path / "r.tactical.json", None, 0.0, cave)
    box, restore = choice_box(recovery, ballroom)
    qtbot.addWidget(box)
    assert [b.text() for b in box.buttons()] == [
        "Restore changes to dd-oganm-cave-test.dd2vtt (imported)",
        "Open edge-foundry2uv…allroom.uvtt, discard the changes",
    ]
    assert box.defaultButton() is restore and box.escapeButton() is restore
    text = choice_question(recovery, ballroom)  # the whole names, above the buttons
    assert "unsaved changes to dd-oganm-cave-test.dd2vtt (imported) at" in text
    assert "You asked to open edge-foundry2uvtt-prismatic-ballroom.uvtt." in text
    box.show()
    qtbot.waitExposed(box)
    for button in box.buttons():
        assert button.width() >= button.sizeHint().width(), button.text()
