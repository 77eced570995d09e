"""Menus come from declarations: installing the features in another order gives the same
menus, toolbars and right-click menus, and a right-click entry is added in one place."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, QSettings
from PySide6.QtWidgets import QMenu, QWidget

from tactical.app.encounter.document import EncounterDocument
from tactical.app.map.geometry import CELL
from tactical.app.window.feature_order import Feature, install_order
from tactical.app.window.main_window import FEATURES, MainWindow
from tactical.app.window.toolbar_rows import toolbar_rows

from .conftest import small_grid


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
