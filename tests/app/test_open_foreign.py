"""`tactical cave.dd2vtt` (a double-click on a Universal VTT file) opens the app on the import."""

from __future__ import annotations

import base64
import json
from pathlib import Path

from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from tactical.app.window.startup import start
from tests.persistence.uvtt_files import png
from tests.realdata import RealData


def test_starting_on_a_universal_vtt_file_imports_it_as_an_unsaved_map(
    qtbot: QtBot, tmp_path: Path
) -> None:
    source = tmp_path / "cellar.dd2vtt"
    picture = png(4 * 50, 3 * 50)

    source.write_text(
        json.dumps(
            {
                "format": 0.3,
                "resolution": {
                    "map_origin": {"x": 0, "y": 0},
                    "map_size": {"x": 4, "y": 3},
                    "pixels_per_grid": 50,
                },
                "line_of_sight": [[{"x": 2, "y": 0}, {"x": 2, "y": 3}]],
                "portals": [],
                "image": base64.b64encode(picture).decode("ascii"),
            }
        )
    )
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = start(source, settings=settings, recovery_dir=tmp_path / "recovery")
    qtbot.addWidget(window)
    encounter = window.document.encounter
    assert encounter.grid is not None
    assert (encounter.grid.width, encounter.grid.height) == (4, 3)
    assert [(w.a, w.b, w.kind) for w in encounter.grid.wall_lines] == [
        ((2.0, 0.0), (2.0, 3.0), "wall")
    ]
    assert encounter.background is not None and encounter.background.square_px == 50
    assert window.document.path is None
    assert window.document.modified
    window.files.ask_unsaved = lambda: "discard"


def test_file_open_and_open_recent_import_a_universal_vtt_file(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """After a crash, `tactical cave.dd2vtt` + Restore puts the .dd2vtt in Open recent: it opens."""
    source = tmp_path / "cellar.dd2vtt"
    source.write_text(
        json.dumps(
            {
                "format": 0.3,
                "resolution": {
                    "map_origin": {"x": 0, "y": 0},
                    "map_size": {"x": 4, "y": 3},
                    "pixels_per_grid": 50,
                },
                "line_of_sight": [],
                "portals": [],
                "image": base64.b64encode(png(4 * 50, 3 * 50)).decode("ascii"),
            }
        )
    )
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = start(None, settings=settings, recovery_dir=tmp_path / "recovery")
    qtbot.addWidget(window)
    window.files.ask_unsaved = lambda: "discard"
    errors: list[tuple[str, str]] = []
    window.files.show_error = lambda title, text: errors.append((title, text))
    window.files.add_recent(source)
    window.files.ask_open_path = lambda: str(source)
    assert window.files.open_dialog()
    grid = window.document.encounter.grid
    assert grid is not None and (grid.width, grid.height) == (4, 3)
    assert window.document.path is None and window.document.modified  # an import: unsaved
    assert window.files.open_path(source)
    assert errors == []


def test_an_imported_map_is_named_by_its_source_until_saved(
    real_data: RealData, qtbot: QtBot, tmp_path: Path
) -> None:
    from tactical.app.storage.files import document_name
    from tactical.app.storage.import_export import open_foreign_file

    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = start(None, settings=settings, recovery_dir=tmp_path / "recovery")
    qtbot.addWidget(window)
    source = real_data("uvtt/dd-mbround-headmasters-quarters.dd2vtt")
    assert open_foreign_file(window, source, ask_unsaved=False)
    name = "dd-mbround-headmasters-quarters.dd2vtt (imported)"
    assert document_name(window.document) == name
    assert window.windowTitle() == f"{name}[*] — tactical"
    saved = tmp_path / "quarters.tactical.json"
    window.files.ask_save_path = lambda: str(saved)
    window.file_menu.save_as_action.trigger()
    window.files.background.wait()  # written on a worker thread
    assert window.windowTitle() == "quarters[*] — tactical"
