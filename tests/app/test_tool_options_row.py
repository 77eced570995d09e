"""The map stays still on screen when the GM switches tools (T, G, V, R).

QA: pressing G or T showed a row under the Tools bar, the map view got
shorter and the whole map moved about 30 px under the mouse; the next drag
grabbed the wrong token. Now one tool options row is always there and shows
the active tool's options (or a plain hint), so no key moves the map.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from PySide6.QtCore import QPoint, QPointF, QRect, Qt
from PySide6.QtWidgets import QApplication

from tactical.app.window.main_window import MainWindow
from tactical.persistence import load_encounter

from .conftest import MAPS, WindowFactory, small_areas
from .test_toolbar_fits import shown_bars

HILLSIDE = MAPS / "hillside-ruin.tactical.json"
KEYS = [
    Qt.Key.Key_T,
    Qt.Key.Key_G,
    Qt.Key.Key_V,
    Qt.Key.Key_R,
    Qt.Key.Key_T,
    Qt.Key.Key_R,
    Qt.Key.Key_G,
    Qt.Key.Key_V,
]


def settle() -> None:
    for _ in range(3):
        QApplication.processEvents()


@dataclass(frozen=True)
class OnScreen:
    """Where the map is on the screen: what a GM's next click would land on."""

    viewport: QRect
    """The map view's viewport in screen coordinates."""
    centre: QPointF
    """The scene point under the window's centre."""
    tokens: dict[str, QPoint]
    """Each token's centre in screen coordinates."""
    grabbed: dict[str, str | None]
    """The token under each of those screen points."""


def on_screen(window: MainWindow) -> OnScreen:
    settle()
    view = window.view
    viewport = view.viewport()
    centre = viewport.mapFrom(window, window.rect().center())
    tokens = {
        token_id: viewport.mapToGlobal(view.mapFromScene(item.centre()))
        for token_id, item in window.scene.token_items.items()
    }
    grabbed = {}
    for token_id, point in tokens.items():
        item = window.scene.token_item_at(view.mapToScene(viewport.mapFromGlobal(point)))
        grabbed[token_id] = item.token_id if item is not None else None
    return OnScreen(
        QRect(viewport.mapToGlobal(QPoint(0, 0)), viewport.size()),
        view.mapToScene(centre),
        tokens,
        grabbed,
    )


def checked_tool(window: MainWindow) -> str:
    action = window.map_tools.tool_group.checkedAction()
    return action.text() if action is not None else ""


@pytest.mark.parametrize("zoom", ["fit", "zoomed"])
@pytest.mark.parametrize("editing", [False, True], ids=["play", "edit-map"])
@pytest.mark.parametrize("name", ["hillside-ruin", "tavern-brawl"])
def test_no_tool_key_moves_the_map_under_the_pointer(
    make_window: WindowFactory, qtbot, zoom: str, editing: bool, name: str
) -> None:  # type: ignore[no-untyped-def]
    path = MAPS / f"{name}.tactical.json"
    window = make_window(load_encounter(path), path)
    window.resize(1280, 800)
    settle()
    if editing:
        qtbot.keyClick(window.view, Qt.Key.Key_E)
        assert window.map_editing.editing
    window.view.fit_map()
    if zoom == "zoomed":
        for _ in range(3):
            window.view_menu.zoom_in_action.trigger()
        first = next(iter(window.scene.token_items.values()))
        window.view.centerOn(first.centre())
        assert not window.view.fitted
    before = on_screen(window)
    assert before.grabbed == {token_id: token_id for token_id in before.tokens} or zoom == "zoomed"
    expected = {
        Qt.Key.Key_T: "&Templates",
        Qt.Key.Key_G: "Fog &tool",
        Qt.Key.Key_V: "&Select and move",
        Qt.Key.Key_R: "&Ruler",
    }
    for key in KEYS:
        qtbot.keyClick(window.view, key)
        assert checked_tool(window) == expected[key]
        assert on_screen(window) == before, key.name
    assert window.map_editing.editing == editing


@pytest.mark.parametrize("zoom", ["fit", "zoomed"])
def test_a_click_after_leaving_templates_lands_on_the_token_seen_there(
    make_window: WindowFactory, qtbot, zoom: str
) -> None:  # type: ignore[no-untyped-def]
    """QA's case: the GM sees a token while placing templates, presses V and clicks it."""
    window = make_window(load_encounter(HILLSIDE), HILLSIDE)
    window.resize(1280, 800)
    settle()
    window.view.fit_map()
    if zoom == "zoomed":
        for _ in range(3):
            window.view_menu.zoom_in_action.trigger()
    viewport = window.view.viewport()
    clicked = {}
    for token_id in ("aldric", "mira", "grak", "archer-1", "spear-1", "brug"):
        qtbot.keyClick(window.view, Qt.Key.Key_T)
        seen = on_screen(window).tokens[token_id]
        qtbot.keyClick(window.view, Qt.Key.Key_V)
        settle()
        qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=viewport.mapFromGlobal(seen))
        clicked[token_id] = window.token_edits.selected()
    assert clicked == {token_id: [token_id] for token_id in clicked}


def test_the_options_row_follows_the_tool(make_window: WindowFactory, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    options = window.tool_options
    hint = options.hint
    assert shown_bars(window) == ["Tools", "Tool options"]
    assert hint.textFormat() == Qt.TextFormat.PlainText
    assert hint.words == (
        " Select and move (V): click a token to select it, drag it to move it, double-click it to "
        "edit it, right-click for its menu; double-click a door (or D over it) opens or closes it"
    )
    qtbot.keyClick(window.view, Qt.Key.Key_T)
    assert shown_bars(window) == ["Tools", "Template"]
    assert window.template_options.kind.isVisible() and not hint.isVisible()
    qtbot.keyClick(window.view, Qt.Key.Key_G)
    assert shown_bars(window) == ["Tools", "Fog"]
    assert [a.text() for a in window.fog_controls.toolbar.actions()][1:4] == ["1", "3", "5"]
    qtbot.keyClick(window.view, Qt.Key.Key_R)
    assert shown_bars(window) == ["Tools", "Tool options"]
    assert hint.words == (
        " Ruler (R): click to start, click again for each waypoint; right-click or Escape "
        "puts it away"
    )
    qtbot.keyClick(window.view, Qt.Key.Key_E)  # Edit map: a mode, with a row of its own
    assert shown_bars(window) == ["Tools", "Tool options", "Map editing"]
    assert hint.words == " Raise +1: raise the squares under the brush by 1"
    window.map_editing.wall_action.trigger()
    assert hint.words.startswith(" Wall: click an edge to put or take away a wall")
    qtbot.keyClick(window.view, Qt.Key.Key_T)  # templates while editing: the editing row stays
    assert shown_bars(window) == ["Tools", "Template", "Map editing"]
    qtbot.keyClick(window.view, Qt.Key.Key_E)
    assert shown_bars(window) == ["Tools", "Template"]
    window.document.replace_encounter(small_areas(), None)  # a file opened: back to Select
    assert shown_bars(window) == ["Tools", "Tool options"]
    assert hint.words.startswith(" Select and move (V): ")


def test_a_long_hint_ends_in_an_ellipsis_and_never_widens_the_window(
    make_window: WindowFactory,
) -> None:
    window = make_window()
    window.resize(1280, 800)
    hint = window.tool_options.hint
    settle()
    assert hint.text() == hint.words  # the whole hint fits at 1280 px
    words = "Draw area: " + "click the corners of a new area; " * 20
    hint.set_words(words)
    settle()
    assert window.width() == 1280
    assert hint.text().endswith("\N{HORIZONTAL ELLIPSIS}") and len(hint.text()) < len(words)
    assert hint.toolTip() == words.strip()  # the whole hint, as plain text
    assert hint.geometry().right() < window.tool_options.hint_bar.width()


def test_the_rows_bars_are_no_switches_in_the_toolbar_menu(make_window: WindowFactory) -> None:
    """Right-clicking the toolbars lists no switch that could hide the options row."""
    window = make_window()
    menu = window.createPopupMenu()
    names = [action.text() for action in menu.actions() if action.isVisible()]
    for name in ("Tool options", "Template", "Fog"):
        assert name not in names
    assert "Tools" in names


def test_the_hint_row_says_cover_is_an_overlay_over_the_tool(make_window: WindowFactory) -> None:
    window = make_window()
    hint = window.tool_options.hint
    window.map_tools.ruler_action.trigger()
    window.map_tools.cover_action.trigger()
    assert hint.words.startswith(" Cover (C) is on, over the tool below:")
    assert hint.words.endswith(
        "| Ruler (R): click to start, click again for each waypoint; "
        "right-click or Escape puts it away"
    )
    assert window.map_tools.ruler_action.isChecked()  # Cover took no tool's place
    window.map_tools.cover_action.trigger()
    assert hint.words.startswith(" Ruler (R):")
    assert (
        "an overlay over whichever tool is active, not a tool"
        in window.map_tools.cover_action.toolTip()
    )
