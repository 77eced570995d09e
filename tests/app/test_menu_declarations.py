"""Menus come from declarations: installing the features in another order gives the same
menus, toolbars and right-click menus, and a right-click entry is added in one place; the
File menu's entries of several features in their places; features that meet in the window
(the token's Edit from the map and the palette, a double-click that edits or pings)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, QSettings, Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QMenu, QWidget

from tactical.app.encounter.document import EncounterDocument
from tactical.app.map.geometry import CELL
from tactical.app.snapshot.render import SnapshotOptions
from tactical.app.window.feature_order import Feature, install_order
from tactical.app.window.main_window import FEATURES, MainWindow
from tactical.app.window.toolbar_rows import toolbar_rows
from tactical.persistence import load_encounter

from .conftest import MAPS, small_grid

THRUM = MAPS / "thrum.tactical.json"


def entries(menu: QWidget) -> list[object]:
    """A menu's entries in order: titles, "---" for a separator, a submenu as a list."""
    found: list[object] = []
    for action in menu.actions():
        if action.isSeparator():
            found.append("---")
        elif action.menu() is not None:
            found.append([action.text(), entries(action.menu())])  # type: ignore[arg-type]
        else:
            found.append(action.text())
    return found


def built_menus(window: MainWindow) -> dict[str, object]:
    """Everything a feature declares: the menu bar, the toolbar rows, right-click menus."""
    window.ensure_panel()
    seen: dict[str, object] = {"menu bar": entries(window.menuBar())}
    seen["toolbars"] = [
        [(bar.objectName(), entries(bar)) for bar in row] for row in toolbar_rows(window)
    ]
    for token_id in ("hero", "spy", "ogre"):
        point = window.scene.token_items[token_id].sceneBoundingRect().center()
        seen[token_id] = entries(window.context_menu_at(point))
    seen["empty square"] = entries(window.context_menu_at(QPointF(4.5 * CELL, 6.5 * CELL)))
    return seen


def build(qtbot, tmp_path: Path, features: list[Feature[MainWindow]]) -> MainWindow:  # type: ignore[no-untyped-def]
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    document = EncounterDocument(small_grid())
    window = MainWindow(
        document, settings=settings, recovery_dir=tmp_path / "recovery", features=features
    )
    qtbot.addWidget(window)
    return window


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_features_installed_in_another_order_give_the_same_menus(
    qtbot, tmp_path: Path, seed: int
) -> None:  # type: ignore[no-untyped-def]
    shuffled = list(FEATURES)
    random.Random(seed).shuffle(shuffled)
    order = [feature.name for feature in install_order(shuffled)]
    assert order != [feature.name for feature in FEATURES]  # really another order
    usual = built_menus(build(qtbot, tmp_path / "usual", list(FEATURES)))
    other = built_menus(build(qtbot, tmp_path / "other", shuffled))
    assert other == usual
    assert [entry[0] for entry in usual["menu bar"]] == [  # type: ignore[attr-defined]
        "&File", "&Edit", "&View", "&Map", "&Scenes", "&Tools", "Fo&g", "&Player view", "&Help"
    ]  # fmt: skip


def test_a_feature_waits_for_the_features_it_comes_after() -> None:
    def nothing(_: object) -> None:
        return None

    first, second = Feature("first", nothing), Feature("second", nothing, after=("first",))
    assert [f.name for f in install_order([second, first])] == ["first", "second"]
    with pytest.raises(ValueError, match="unknown"):
        install_order([second])


def test_a_right_click_entry_is_declared_in_one_place(make_window) -> None:  # type: ignore[no-untyped-def]
    """A "Prone" toggle for the token under the pointer: one declaration, and it shows
    among the token's entries, after Add status…, and does its edit."""
    window = make_window()
    edits = window.token_edits
    toggled: list[list[str]] = []

    def prone(menu: QMenu, point: QPointF) -> None:
        ids = edits.token_ids_at(point)
        if ids:
            menu.addAction("Prone", lambda: toggled.append(ids))

    window.action_registry.add_context_entries(prone, "1_token", 25)
    hero = window.scene.token_items["hero"].sceneBoundingRect().center()
    texts = [a.text() for a in window.context_menu_at(hero).actions()]
    assert texts[:5] == ["Hero", "Edit token…", "Add status…", "Prone", "Hide from players"]
    next(a for a in window.context_menu_at(hero).actions() if a.text() == "Prone").trigger()
    assert toggled == [["hero"]]
    empty = [a.text() for a in window.context_menu_at(QPointF(4.5 * CELL, 6.5 * CELL)).actions()]
    assert empty == ["Add token here…"]


# The File menu: entries of the window and of the features (import and export, printing).


def file_menu_texts(window: object) -> list[str]:
    bar = window.menuBar()  # type: ignore[attr-defined]
    menu = bar.actions()[0].menu()
    return [a.text() for a in menu.actions() if not a.isSeparator()]


def test_the_file_menu_offers_import_and_export_before_the_snapshot(make_window) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    texts = file_menu_texts(window)
    snapshot = texts.index("&Export snapshot…")
    assert texts[snapshot - 2 : snapshot] == ["&Import…", "Export as &Universal VTT…"]


def test_the_file_menu_offers_print_and_preview_after_the_export(make_window) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    file_menu = window.menuBar().actions()[0].menu()
    texts = [a.text() for a in file_menu.actions()]
    at = texts.index("&Export snapshot…")
    assert texts[at + 1 : at + 3] == ["&Print…", "Print pre&view…"]
    print_action, preview_action = window.printing.actions
    assert print_action.shortcut() == QKeySequence(QKeySequence.StandardKey.Print)
    assert preview_action in file_menu.actions()


def test_the_file_menu_entry_writes_a_pdf_and_says_so(make_window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    window = make_window(load_encounter(THRUM), THRUM)
    action = window.file_menu.snapshot_action
    assert action.text() == "&Export snapshot…"
    assert action.shortcut() == QKeySequence("Ctrl+E")
    file_menu = window.menuBar().actions()[0].menu()
    assert action in file_menu.actions()
    exporter = window.file_menu.snapshots
    exporter.ask_options = lambda: SnapshotOptions(mode="gm")
    asked: list[SnapshotOptions] = []
    exporter.ask_path = lambda options: asked.append(options) or str(tmp_path / "round")
    action.trigger()
    written = tmp_path / "round.pdf"
    assert written.read_bytes().startswith(b"%PDF")
    assert asked == [SnapshotOptions(mode="gm")]
    assert window.statusBar().currentMessage() == "Snapshot saved: round.pdf (GM's view)"
    assert exporter.last == SnapshotOptions(mode="players")  # next time: the players' again
    assert exporter.suggested_name(SnapshotOptions()) == str(tmp_path / "thrum-snapshot.pdf")


# Edit token… from the right-click menu and the palette, and a double-click that edits a token
# and does not ping the TV: features that meet in the window.


def _at(window: MainWindow, x: float, y: float) -> QPoint:
    return window.view.mapFromScene(QPointF(x * CELL, y * CELL))


def test_the_right_click_menu_and_the_palette_offer_edit(make_window) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    asked: list[str] = []
    window.token_edits.editor.ask = lambda form: asked.append(form.name.text())  # type: ignore[func-returns-value]
    menu = window.context_menu_at(QPointF(1.5 * CELL, 1.5 * CELL))
    entry = next(a for a in menu.actions() if a.text() == "Edit token…")
    entry.trigger()
    assert asked == ["Hero"]
    window.token_palette.dock.show()
    window.token_palette.select_only(["ally"])
    window.token_palette.dock.edit_button.click()
    assert asked == ["Hero", "Ally"]
    window.token_palette.select_only(["hero", "ally"])
    menu = window.context_menu_at(QPointF(1.5 * CELL, 1.5 * CELL))
    assert "Edit 2 tokens…" in [a.text() for a in menu.actions()]


def test_a_double_click_on_a_token_edits_it(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    asked: list[str] = []
    window.token_edits.editor.ask = lambda form: asked.append(form.name.text())  # type: ignore[func-returns-value]
    pings: list[object] = []
    window.table_screen.ping = pings.append  # type: ignore[method-assign]
    qtbot.mouseDClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=_at(window, 1.5, 4.5))
    assert asked == ["Orc"] and pings == []
    qtbot.mouseDClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=_at(window, 4.5, 6.5))
    assert asked == ["Orc"] and len(pings) == 1  # nothing there: the ping, as before
