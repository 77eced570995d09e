"""File > Import… and File > Export as Universal VTT… in the window, and open_foreign_file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tactical.app.storage.import_export import IMPORT_FILTER, is_foreign_file, open_foreign_file
from tactical.persistence.foreign import import_map
from tests.realdata import RealData

from ..persistence.uvtt_files import uvtt, write
from .conftest import WindowFactory, small_areas


def file_menu_texts(window: object) -> list[str]:
    bar = window.menuBar()  # type: ignore[attr-defined]
    menu = bar.actions()[0].menu()
    return [a.text() for a in menu.actions() if not a.isSeparator()]


def test_the_file_menu_offers_import_and_export(make_window: WindowFactory) -> None:
    window = make_window()
    texts = file_menu_texts(window)
    snapshot = texts.index("&Export snapshot…")
    assert texts[snapshot - 2 : snapshot] == ["&Import…", "Export as &Universal VTT…"]
    assert IMPORT_FILTER == "Universal VTT maps (*.dd2vtt *.uvtt *.df2vtt);;All files (*)"


def test_import_opens_a_new_unsaved_document_with_the_art_and_walls(
    real_data: RealData, make_window: WindowFactory, tmp_path: Path
) -> None:
    window = make_window(path=tmp_path / "old.tactical.json")
    source = real_data("uvtt/dd-imagix-sampleMap.dd2vtt")
    window.import_export.ask_import_path = lambda: str(source)
    assert window.import_export.import_action.trigger() is None
    document = window.document
    assert document.path is None and document.modified
    assert window.windowTitle().startswith("dd-imagix-sampleMap.dd2vtt (imported)")
    grid = document.encounter.grid
    assert grid is not None and (grid.width, grid.height) == (10, 10)
    assert len(grid.wall_lines) == 68
    assert document.encounter.background is not None
    assert window.statusBar().currentMessage() == (
        "dd-imagix-sampleMap.dd2vtt: imported Universal VTT 0.3, 10 x 10 squares, "
        "7 wall pieces, 59 object lines, 1 door, 1 window; "
        "2 lights were not kept (tactical does not draw lighting yet)"
    )
    assert document.undo_stack.count() == 0


def test_a_refused_import_keeps_the_open_map_and_says_what_is_missing(
    make_window: WindowFactory, tmp_path: Path
) -> None:
    window = make_window()
    before = window.document.encounter
    bad = write(tmp_path / "bad.uvtt", uvtt(image="elsewhere/map.png"))
    assert not open_foreign_file(window, bad)
    assert window.document.encounter is before
    assert window.errors == [  # type: ignore[attr-defined]
        (
            "Could not import the map",
            "bad.uvtt could not be imported:\n\nimage: the picture is missing: the file names "
            "'elsewhere/map.png' instead of carrying it, and there is no such picture beside "
            "the file (put the picture there, at that path, and import again)",
        )
    ]


def test_cancelling_the_unsaved_question_imports_nothing(
    make_window: WindowFactory, tmp_path: Path
) -> None:
    window = make_window()
    window.document.mark_modified()
    window.files.ask_unsaved = lambda: "cancel"
    before = window.document.encounter
    assert not open_foreign_file(window, write(tmp_path / "m.uvtt", uvtt()))
    assert window.document.encounter is before


def with_unsaved_work(make_window: WindowFactory) -> tuple[Any, list[str]]:
    """A window with unsaved changes whose unsaved-work question answers Discard and is counted."""
    window = make_window()
    window.document.mark_modified()
    asked: list[str] = []

    def discard() -> str:
        asked.append("unsaved")
        return "discard"

    window.files.ask_unsaved = discard  # type: ignore[assignment]
    return window, asked


def test_the_menu_asks_about_unsaved_work_once(make_window: WindowFactory, tmp_path: Path) -> None:
    window, asked = with_unsaved_work(make_window)
    window.import_export.ask_import_path = lambda: str(write(tmp_path / "m.uvtt", uvtt()))
    assert window.import_export.import_dialog()
    assert asked == ["unsaved"]
    assert window.document.encounter.grid is not None
    assert window.document.encounter.grid.width == 4


def test_export_writes_a_uvtt_that_reads_back_to_the_same_walls(
    real_data: RealData, make_window: WindowFactory, tmp_path: Path
) -> None:
    window = make_window()
    assert open_foreign_file(window, real_data("uvtt/dd-mbround-headmasters-quarters.dd2vtt"))
    out = tmp_path / "quarters"
    window.import_export.ask_export_path = lambda: str(out)
    window.import_export.export_action.trigger()
    written = tmp_path / "quarters.uvtt"
    assert written.is_file()
    assert window.statusBar().currentMessage() == (
        "Exported quarters.uvtt: Universal VTT 0.3, 128 pixels per square."
    )
    again, _ = import_map(written)
    grid = window.document.encounter.grid
    assert again.grid is not None and grid is not None
    key = sorted((line.kind, line.a, line.b) for line in grid.wall_lines)
    assert sorted((line.kind, line.a, line.b) for line in again.grid.wall_lines) == key


def test_export_of_an_area_map_says_why_not_and_writes_nothing(
    make_window: WindowFactory, tmp_path: Path
) -> None:
    window = make_window(small_areas())
    action = window.import_export.export_action
    assert not action.isEnabled()  # greyed out in the File menu, saying why
    assert action.statusTip() == (
        "Only grid maps can be exported to Universal VTT: an area map has no grid"
    )
    window.import_export.ask_export_path = lambda: str(tmp_path / "x.uvtt")
    assert not window.import_export.export_dialog()
    assert window.errors == [  # type: ignore[attr-defined]
        (
            "Cannot export",
            "Only grid maps can be exported to Universal VTT: an area map has no grid.",
        )
    ]
    assert list(tmp_path.glob("*.uvtt")) == []
    from tactical.core.encounter import Encounter
    from tactical.core.grid import GridMap

    window.document.replace_encounter(Encounter(GridMap(4, 4)), None)
    assert action.isEnabled()


def test_foreign_files_are_told_by_their_extension() -> None:
    assert is_foreign_file(Path("Cave.DD2VTT"))
    assert is_foreign_file(Path("x.df2vtt")) and is_foreign_file(Path("x.uvtt"))
    assert not is_foreign_file(Path("x.tactical.json")) and not is_foreign_file(Path("x.png"))


def test_an_open_door_is_drawn_closed_in_the_exported_picture(qapp: object) -> None:
    from tactical.app.storage.uvtt_export import render_map_png
    from tactical.core.encounter import Encounter
    from tactical.core.grid import GridMap
    from tactical.core.wall_lines import WallLine

    def drawn(door: WallLine) -> bytes:
        grid = GridMap(4, 4, wall_lines=[WallLine((2, 0), (2, 1.5)), door])
        return render_map_png(Encounter(grid), None, 40)

    closed = drawn(WallLine((2, 1.5), (2, 2.5), "door"))
    # The file says the door is closed (a portal), so its picture must not show it ajar.
    assert drawn(WallLine((2, 1.5), (2, 2.5), "door", open=True)) == closed


def test_saving_an_imported_map_first_proposes_its_name_beside_the_import(
    make_window: WindowFactory, tmp_path: Path
) -> None:
    window = make_window()
    source = tmp_path / "cave.dd2vtt"
    write(source, uvtt())
    assert open_foreign_file(window, source)
    assert window.files.save_start() == str(tmp_path / "cave.tactical.json")
    window.files.ask_save_path = window.files.save_start
    assert window.files.save_as()
    assert window.document.path == tmp_path / "cave.tactical.json"
    assert open_foreign_file(window, source, ask_unsaved=False)
    window.document.replace_encounter(window.document.encounter, None)  # File > New, say
    assert window.files.suggested is None


def test_a_refused_import_asks_nothing_about_unsaved_work(
    make_window: WindowFactory, tmp_path: Path
) -> None:
    window, asked = with_unsaved_work(make_window)
    bad = write(tmp_path / "bad.uvtt", uvtt(image="elsewhere/map.png"))
    window.import_export.ask_import_path = lambda: str(bad)
    assert not window.import_export.import_dialog()  # File > Import…
    assert not open_foreign_file(window, bad)  # a drop
    assert asked == []  # the GM is told the file is refused, not asked to save first
    assert [title for title, _text in window.errors] == ["Could not import the map"] * 2  # type: ignore[attr-defined]
    assert window.document.modified
    window.import_export.ask_import_path = lambda: None  # the file dialog cancelled
    assert not window.import_export.import_dialog()
    assert asked == []
