"""File > Import… and File > Export as Universal VTT… on fake services, and open_foreign_file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tactical.app.storage.files import document_name
from tactical.app.storage.import_export import (
    IMPORT_FILTER,
    ImportExport,
    install_import_export,
    is_foreign_file,
    open_foreign_file,
)
from tactical.persistence.foreign import import_map
from tests.realdata import RealData

from ..persistence.uvtt_files import uvtt, write
from .conftest import ServicesFactory, small_areas


def test_import_opens_a_new_unsaved_document_with_the_art_and_walls(
    real_data: RealData, make_services: ServicesFactory, tmp_path: Path
) -> None:
    services = make_services(path=tmp_path / "old.tactical.json")
    import_export = install_import_export(services)
    source = real_data("uvtt/dd-imagix-sampleMap.dd2vtt")
    import_export.ask_import_path = lambda: str(source)
    assert import_export.import_action.trigger() is None
    document = services.document
    assert document.path is None and document.modified
    assert document_name(document).startswith("dd-imagix-sampleMap.dd2vtt (imported)")  # titles
    grid = document.encounter.grid
    assert grid is not None and (grid.width, grid.height) == (10, 10)
    assert len(grid.wall_lines) == 68
    assert document.encounter.background is not None
    assert services.host.statusBar().currentMessage() == (
        "dd-imagix-sampleMap.dd2vtt: imported Universal VTT 0.3, 10 x 10 squares, "
        "7 wall pieces, 59 object lines, 1 door, 1 window; "
        "2 lights were not kept (tactical does not draw lighting yet)"
    )
    assert document.undo_stack.count() == 0


def test_a_refused_import_keeps_the_open_map_and_says_what_is_missing(
    make_services: ServicesFactory, tmp_path: Path
) -> None:
    services = make_services()

    before = services.document.encounter
    bad = write(tmp_path / "bad.uvtt", uvtt(image="elsewhere/map.png"))
    assert not open_foreign_file(services, bad)
    assert services.document.encounter is before
    assert services.errors == [
        (
            "Could not import the map",
            "bad.uvtt could not be imported:\n\nimage: the picture is missing: the file names "
            "'elsewhere/map.png' instead of carrying it, and there is no such picture beside "
            "the file (put the picture there, at that path, and import again)",
        )
    ]


def test_cancelling_the_unsaved_question_imports_nothing(
    make_services: ServicesFactory, tmp_path: Path
) -> None:
    services = make_services()

    services.document.mark_modified()
    services.files.ask_unsaved = lambda: "cancel"
    before = services.document.encounter
    assert not open_foreign_file(services, write(tmp_path / "m.uvtt", uvtt()))
    assert services.document.encounter is before


def with_unsaved_work(make_services: ServicesFactory) -> tuple[Any, ImportExport, list[str]]:
    """Import and export on unsaved changes whose unsaved-work question answers Discard and
    is counted."""
    services = make_services()
    import_export = install_import_export(services)
    services.document.mark_modified()
    asked: list[str] = []

    def discard() -> str:
        asked.append("unsaved")
        return "discard"

    services.files.ask_unsaved = discard  # type: ignore[assignment]
    return services, import_export, asked


def test_the_menu_asks_about_unsaved_work_once(
    make_services: ServicesFactory, tmp_path: Path
) -> None:
    services, import_export, asked = with_unsaved_work(make_services)
    import_export.ask_import_path = lambda: str(write(tmp_path / "m.uvtt", uvtt()))
    assert import_export.import_dialog()
    assert asked == ["unsaved"]
    assert services.document.encounter.grid is not None
    assert services.document.encounter.grid.width == 4


def test_export_writes_a_uvtt_that_reads_back_to_the_same_walls(
    real_data: RealData, make_services: ServicesFactory, tmp_path: Path
) -> None:
    services = make_services()
    import_export = install_import_export(services)
    assert open_foreign_file(services, real_data("uvtt/dd-mbround-headmasters-quarters.dd2vtt"))
    out = tmp_path / "quarters"
    import_export.ask_export_path = lambda: str(out)
    import_export.export_action.trigger()
    written = tmp_path / "quarters.uvtt"
    assert written.is_file()
    assert services.host.statusBar().currentMessage() == (
        "Exported quarters.uvtt: Universal VTT 0.3, 128 pixels per square."
    )
    again, _ = import_map(written)
    grid = services.document.encounter.grid
    assert again.grid is not None and grid is not None
    key = sorted((line.kind, line.a, line.b) for line in grid.wall_lines)
    assert sorted((line.kind, line.a, line.b) for line in again.grid.wall_lines) == key


def test_export_of_an_area_map_says_why_not_and_writes_nothing(
    make_services: ServicesFactory, tmp_path: Path
) -> None:
    services = make_services(small_areas())
    import_export = install_import_export(services)
    action = import_export.export_action
    assert not action.isEnabled()  # greyed out in the File menu, saying why
    assert action.statusTip() == (
        "Only grid maps can be exported to Universal VTT: an area map has no grid"
    )
    import_export.ask_export_path = lambda: str(tmp_path / "x.uvtt")
    assert not import_export.export_dialog()
    assert services.errors == [
        (
            "Cannot export",
            "Only grid maps can be exported to Universal VTT: an area map has no grid.",
        )
    ]
    assert list(tmp_path.glob("*.uvtt")) == []
    from tactical.core.encounter import Encounter
    from tactical.core.grid import GridMap

    services.document.replace_encounter(Encounter(GridMap(4, 4)), None)
    assert action.isEnabled()


def test_foreign_files_are_told_by_their_extension() -> None:
    assert IMPORT_FILTER == "Universal VTT maps (*.dd2vtt *.uvtt *.df2vtt);;All files (*)"
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
    make_services: ServicesFactory, tmp_path: Path
) -> None:
    services = make_services()

    source = tmp_path / "cave.dd2vtt"
    write(source, uvtt())
    assert open_foreign_file(services, source)
    assert services.files.save_start() == str(tmp_path / "cave.tactical.json")
    services.files.ask_save_path = services.files.save_start
    assert services.files.save_as()
    assert services.document.path == tmp_path / "cave.tactical.json"
    assert open_foreign_file(services, source, ask_unsaved=False)
    services.document.replace_encounter(services.document.encounter, None)  # File > New, say
    assert services.files.suggested is None


def test_a_refused_import_asks_nothing_about_unsaved_work(
    make_services: ServicesFactory, tmp_path: Path
) -> None:
    services, import_export, asked = with_unsaved_work(make_services)
    bad = write(tmp_path / "bad.uvtt", uvtt(image="elsewhere/map.png"))
    import_export.ask_import_path = lambda: str(bad)
    assert not import_export.import_dialog()  # File > Import…
    assert not open_foreign_file(services, bad)  # a drop
    assert asked == []  # the GM is told the file is refused, not asked to save first
    assert [title for title, _text in services.errors] == ["Could not import the map"] * 2
    assert services.document.modified
    import_export.ask_import_path = lambda: None  # the file dialog cancelled
    assert not import_export.import_dialog()
    assert asked == []
