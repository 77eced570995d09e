"""Open, save, save as, recent files, new from template, unsaved changes, bad files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from tactical.app.storage.files import display_name
from tactical.app.window.startup import start
from tactical.core.changes import GM
from tactical.core.commands import MoveToken, SetStatus
from tactical.persistence import dumps_encounter, load_encounter, save_encounter

from .conftest import small_areas, small_grid
from .test_examples import HILLSIDE, centre_of, drag_to, farthest_reachable, square_point


def test_save_as_then_reopen_gives_the_same_encounter(make_window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    window.document.push(MoveToken("hero", (2, 1)), GM)
    window.document.push(SetStatus("orc", "Slowed", 2), GM)
    target = tmp_path / "fight"
    window.files.ask_save_path = lambda: str(target)
    assert window.files.save()  # no path yet: save as
    saved = tmp_path / "fight.tactical.json"
    assert saved.is_file()
    assert window.document.path == saved
    assert window.windowTitle() == "fight[*] — tactical"
    assert not window.isWindowModified()
    expected = window.document.encounter
    other = make_window(small_areas())
    assert other.files.open_path(saved)
    assert other.document.encounter == expected
    assert other.document.encounter.tokens["hero"].position == (2, 1)


def test_save_writes_to_the_open_file(make_window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "cellar.tactical.json"
    save_encounter(small_grid(), path)
    window = make_window(load_encounter(path), path)
    window.document.push(MoveToken("orc", (2, 5)), GM)
    window.file_menu.save_action.trigger()
    window.files.background.wait()  # written on a worker thread
    assert load_encounter(path).tokens["orc"].position == (2, 5)
    assert not window.document.modified


def test_recent_files_are_remembered_in_the_given_settings(
    make_window, tmp_path: Path, settings: QSettings
) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    for name in ("a", "b", "a"):
        path = tmp_path / f"{name}.tactical.json"
        save_encounter(small_grid(), path)
        assert window.files.open_path(path)
    recent = window.files.recent_files()
    assert recent[:2] == [
        (tmp_path / "a.tactical.json").resolve(),
        (tmp_path / "b.tactical.json").resolve(),
    ]
    assert len(recent) == 2
    labels = [
        a.text() for a in window.file_menu.recent_menu.actions() if a.text() and not a.isSeparator()
    ]
    assert labels[0] == str((tmp_path / "a.tactical.json").resolve())
    assert Path(settings.fileName()).parent == tmp_path


def test_a_bad_file_shows_the_loader_messages_and_keeps_the_open_encounter(
    make_window, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    before = window.document.encounter
    bad = tmp_path / "broken.tactical.json"
    data = json.loads(dumps_encounter(small_grid()))
    data["map"]["width"] = -3
    data["tokens"][0]["speed"] = "fast"
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert not window.files.open_path(bad)
    assert window.document.encounter is before
    assert len(window.errors) == 1
    title, text = window.errors[0]
    assert title == "Could not open the file"
    head, problems = text.split("\n\n", 1)
    assert head == "broken.tactical.json could not be opened:"
    lines = problems.splitlines()
    assert len(lines) >= 2
    assert any(line.startswith("map.width") for line in lines)
    assert any(line.startswith("tokens[0].speed") for line in lines)
    garbage = tmp_path / "garbage.tactical.json"
    garbage.write_bytes(b"\xff\xfe not json")
    assert not window.files.open_path(garbage)
    assert "UTF-8" in window.errors[1][1] or "JSON" in window.errors[1][1]


def test_new_from_template_is_untitled_and_clean_until_edited(make_window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """QA: a map from File > New from template showed * at once. Like File > New in a
    desktop app it is untitled but not modified: closing it asks nothing until the GM edits."""
    template = tmp_path / "ambush.tactical.json"
    save_encounter(small_areas(), template)
    window = make_window()
    assert window.files.new_from_template(template)
    assert window.document.path is None
    assert not window.document.modified and not window.isWindowModified()
    assert window.windowTitle() == "Untitled[*] — tactical"  # Qt shows "Untitled — tactical"
    assert window.document.encounter == load_encounter(template)
    asked: list[str] = []
    window.files.ask_unsaved = lambda: asked.append("asked") or "cancel"
    assert window.files.maybe_save() and asked == []  # closing asks nothing
    token = next(iter(window.document.encounter.tokens.values()))
    window.document.push(SetStatus(token.id, "prone", 1), GM)
    assert window.document.modified and window.isWindowModified()
    assert not window.files.maybe_save() and asked == ["asked"]
    saved_to: list[str] = []
    window.files.ask_save_path = lambda: saved_to.append("asked") or None
    assert not window.files.save()
    assert saved_to == ["asked"]  # never written over the template


def test_unsaved_changes_are_asked_about_on_close(make_window) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    window.document.push(MoveToken("hero", (2, 1)), GM)
    window.files.ask_unsaved = lambda: "cancel"
    assert not window.close()
    assert window.isVisible()
    window.files.ask_unsaved = lambda: "discard"
    assert window.close()


def test_opening_another_file_asks_first(make_window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "other.tactical.json"
    save_encounter(small_areas(), path)
    window = make_window()
    window.document.push(MoveToken("hero", (2, 1)), GM)
    window.files.ask_unsaved = lambda: "cancel"
    assert not window.files.open_path(path)
    assert window.document.encounter.grid is not None


def test_display_names() -> None:
    assert display_name(None) == "Untitled"
    assert display_name(Path("/x/hillside-ruin.tactical.json")) == "hillside-ruin"


def test_a_save_that_would_not_load_is_refused(make_window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """An edit made outside the bounded inputs (a script, a procedure) cannot cost the file."""
    from tactical.core.commands import SetFigure

    path = tmp_path / "cellar.tactical.json"
    save_encounter(small_grid(), path)
    before = path.read_bytes()
    window = make_window(load_encounter(path), path)
    window.document.push(SetFigure("orc", "hp", 2**70), GM)
    assert not window.files.save()
    assert window.errors == [
        (
            "Could not save",
            "cellar.tactical.json could not be saved:\n\nnothing was written, because the file "
            "would not open again:\ntokens[2].figures.hp: a number must lie between -2^53 and 2^53",
        )
    ]
    assert path.read_bytes() == before
    assert window.isWindowModified()


def test_save_quit_and_reopen_to_the_same_state(
    make_window, qtbot, tmp_path: Path, settings
) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    assert window.files.open_path(HILLSIDE), window.errors
    window.view.fit_map()
    goal = farthest_reachable(window, "mira")
    drag_to(qtbot, window, centre_of(window, "mira"), square_point(window, goal))
    window.document.push(SetStatus("grak", "Dazed", 1), GM)
    saved = tmp_path / "session.tactical.json"
    window.files.ask_save_path = lambda: str(saved)
    window.file_menu.save_as_action.trigger()
    window.files.background.wait()  # written on a worker thread
    assert window.document.path == saved
    state = window.document.encounter
    assert window.close()
    again = start(saved, settings=settings, recovery_dir=tmp_path / "recovery", ask=lambda r: False)
    qtbot.addWidget(again)
    again.files.ask_unsaved = lambda: "discard"
    assert again.document.encounter == state
    assert again.document.encounter.tokens["mira"].position == goal
    assert load_encounter(HILLSIDE).tokens["mira"].position == (4, 19)  # the example is untouched
    assert again.windowTitle() == "session[*] — tactical"


def test_saving_the_same_file_again_does_not_write_the_recent_list_again(
    make_window, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    """Qt syncs its settings file to the disk on the GUI thread: only a change is written."""
    window = make_window()
    first, other = tmp_path / "a.tactical.json", tmp_path / "b.tactical.json"
    assert window.files.save_to(first)
    synced: list[object] = []
    monkeypatch.setattr(window.files.settings, "sync", lambda: synced.append(1))
    window.document.push(MoveToken("hero", (2, 1)), GM)
    assert window.files.save_to(first)
    assert window.files.start_save()
    window.files.background.wait()
    assert synced == []
    assert window.files.recent_files()[0] == first.resolve()
    assert window.files.save_to(other)  # a new first entry: written
    assert synced == [1]
    assert window.files.recent_files()[:2] == [other.resolve(), first.resolve()]
