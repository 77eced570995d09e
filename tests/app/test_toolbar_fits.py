"""The main window's toolbars fit a 1280 px window (and a 1366 px laptop): no tool hides behind ».

At 1400 px "Reveal what the party sees" (and at 1280 also "Fog tool") used to
sit in the Tools bar's extension, pushed out by the template controls. Now the
template controls show on the tool options row under the Tools bar while
Templates is the tool (the fog tool's controls or a tool's hint the rest of the
time), and every other toolbar at the top starts its own row.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QToolBar, QToolButton

from tactical.app.window.main_window import MainWindow
from tactical.app.window.tool_options import HintLabel
from tactical.app.window.toolbar_rows import top_toolbars
from tactical.persistence import load_encounter

from .conftest import MAPS, WindowFactory, small_grid
from .test_backgrounds import halves, on_picture
from .test_drag_view import screen

WIDTHS = [1280, 1366, 1400]


def settle() -> None:
    """Let the window lay its toolbars out (a row shown or hidden asks for a new layout)."""
    for _ in range(3):
        QApplication.processEvents()


def chevron_shown(bar: QToolBar) -> bool:
    """True when the bar's » extension button is visible (some action did not fit)."""
    return any(
        button.isVisible()
        for button in bar.findChildren(QToolButton)
        if button.objectName() == "qt_toolbar_ext_button"
    )


def hidden_actions(window: MainWindow) -> dict[str, list[str]]:
    """Per shown top toolbar, the shown actions whose button or field is not whole in the bar."""
    settle()
    hidden: dict[str, list[str]] = {}
    for bar in top_toolbars(window):
        if not bar.isVisible():
            continue
        missing = []
        for action in bar.actions():
            if action.isSeparator() or not action.isVisible():
                continue
            widget = bar.widgetForAction(action)
            inside = widget is not None and bar.rect().contains(widget.geometry())
            inside = inside and window.rect().contains(bar.geometry())
            if isinstance(widget, HintLabel) and widget.text() != widget.words:
                inside = False  # the tool's hint ends in "…"
            if widget is None or not widget.isVisible() or not inside:
                missing.append(action.text() or type(widget).__name__)
        if missing or chevron_shown(bar):
            hidden[bar.windowTitle()] = missing or ["»"]
    return hidden


def shown_bars(window: MainWindow) -> list[str]:
    """The shown top toolbars as they stand on screen, row by row."""
    settle()
    shown = [bar for bar in top_toolbars(window) if bar.isVisible()]
    shown.sort(key=lambda bar: (bar.geometry().top(), bar.geometry().left()))
    return [bar.windowTitle() for bar in shown]


def every_mode(window: MainWindow) -> dict[str, dict[str, list[str]]]:
    """What hides in each tool or mode: every tool in play, and every tool in Edit map.

    The tool options row shows each tool's options or its hint; the hints of
    the editing tools are their tooltips, the longest words on that row.
    """
    found = {"select": hidden_actions(window)}
    window.map_tools.ruler_action.trigger()
    found["ruler"] = hidden_actions(window)
    window.map_tools.template_action.trigger()
    found["templates"] = hidden_actions(window)
    window.fog_controls.tool_action.trigger()
    found["fog"] = hidden_actions(window)
    window.map_editing.edit_action.trigger()
    found["edit"] = hidden_actions(window)
    for action in window.map_tools.tool_group.actions():
        if action.isVisible():
            action.trigger()
            found[f"edit, {action.text()}"] = hidden_actions(window)
    window.map_editing.edit_action.trigger()
    window.map_tools.select_action.trigger()
    return {mode: hidden for mode, hidden in found.items() if hidden}


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize(
    "name", ["hillside-ruin", "crypt-fog", "approximated-fray"], ids=lambda n: n
)
def test_no_tool_hides_behind_the_chevron_on_the_example_maps(
    make_window: WindowFactory, width: int, name: str
) -> None:
    path = MAPS / f"{name}.tactical.json"
    window = make_window(load_encounter(path), path)
    window.resize(width, 800 if width == 1280 else 900)
    assert window.width() == width
    assert every_mode(window) == {}


@pytest.mark.parametrize("width", WIDTHS)
def test_the_background_bar_and_map_editing_fit_together(
    make_window: WindowFactory, width: int
) -> None:
    """Map editing and the Background bar once shared a row; "Align background…" hid."""
    window = make_window(on_picture(halves(), overlay=0.5))
    window.resize(width, 800)
    window.map_editing.edit_action.trigger()
    assert shown_bars(window) == ["Tools", "Tool options", "Map editing", "Background"]
    assert hidden_actions(window) == {}
    assert every_mode(window) == {}


def test_the_tools_bar_keeps_every_tool_it_had(make_window: WindowFactory) -> None:
    window = make_window()
    texts = [a.text() for a in window.map_tools.toolbar.actions() if not a.isSeparator()]
    assert texts == [
        "&Select and move",
        "&Ruler",
        "&Templates",
        "&Cover from the selected token",
        "Open &player view",
        "&Hide secrets on this screen",
        "&Edit map",
        "Fog &tool",
        "Reveal &what the party sees",
    ]


def test_every_tools_bar_tooltip_names_its_key(make_window: WindowFactory) -> None:
    window = make_window()
    for action in window.map_tools.toolbar.actions():
        key = action.shortcut().toString()
        assert action.isSeparator() or (key and f"({key})" in action.toolTip()), action.text()


def test_the_template_row_shows_on_the_tool_options_row_while_templates_is_the_tool(
    make_window: WindowFactory, qtbot
) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    assert shown_bars(window) == ["Tools", "Tool options"]
    assert not window.template_options.kind.isVisible()
    assert not window.template_options.bar.toggleViewAction().isVisible()  # not a switch of its own
    legend = window.view_menu.legend.geometry()
    qtbot.keyClick(window.view, Qt.Key.Key_T)
    assert window.map_tools.template_action.isChecked()
    assert shown_bars(window) == ["Tools", "Template"]
    bar = window.template_options.bar
    widgets = [bar.widgetForAction(a) for a in bar.actions()]
    assert widgets[1:] == [
        window.template_options.kind,
        window.template_options.size,
        window.template_options.range,
        window.template_options.label,
        window.terrain_effect_choice.box,
    ]
    assert all(w is not None and w.isVisible() for w in widgets)
    assert (
        window.view_menu.legend.geometry() == legend
    )  # the view kept its size: the legend stayed put
    qtbot.keyClick(window.view, Qt.Key.Key_R)
    assert shown_bars(window) == ["Tools", "Tool options"]
    window.map_tools.template_action.trigger()
    window.fog_controls.tool_action.trigger()  # G: the fog tool's row replaces it
    assert shown_bars(window) == ["Tools", "Fog"]
    window.map_tools.template_action.trigger()
    window.document.replace_encounter(small_grid(), None)  # a file opened: back to Select
    assert shown_bars(window) == ["Tools", "Tool options"]


def test_the_template_rows_values_drive_the_template_placed(
    make_window: WindowFactory, qtbot
) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    viewport = window.view.viewport()
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=screen(window, 1, 1))  # the hero
    qtbot.keyClick(window.view, Qt.Key.Key_T)
    settle()
    window.view.fit_map()
    window.template_options.kind.setCurrentText("Area")
    qtbot.keyClick(window.template_options.size, Qt.Key.Key_Up)  # X = 2 -> 3
    for _ in range(2):
        qtbot.keyClick(window.template_options.range, Qt.Key.Key_Down)  # range 6 -> 4
    qtbot.keyClicks(window.template_options.label, "Fire")
    assert window.template_options.size.value() == 3 and window.template_options.range.value() == 4
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=screen(window, 2, 4))
    placed = window.document.encounter.templates["template-1"]
    assert (placed.kind, placed.size, placed.origin, placed.label) == ("area", 3, (1, 3), "Fire")
    assert placed.token_id == "hero"
    assert window.scene.affected_by_templates() == {"orc"}
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=screen(window, 2, 7))
    assert "Refused" in window.statusBar().currentMessage()  # 6 rows away: beyond range 4
    assert list(window.document.encounter.templates) == ["template-1"]
    window.template_options.kind.setCurrentText("Aura")
    assert not window.template_options.range.isEnabled()  # an aura has no range
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=screen(window, 7, 5))  # the ogre
    aura = window.document.encounter.templates["template-2"]
    assert (aura.kind, aura.size, aura.token_id, aura.label) == ("aura", 3, "ogre", "Fire")


def test_the_window_opens_no_larger_than_the_screen(qtbot, settings, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from tactical.app.encounter.document import EncounterDocument

    window = MainWindow(
        EncounterDocument(small_grid()), settings=settings, recovery_dir=tmp_path / "r"
    )
    qtbot.addWidget(window)
    window.files.ask_unsaved = lambda: "discard"
    room = window.screen().availableGeometry()  # 800 x 800 on the offscreen platform
    assert room.width() < 1400
    assert window.width() == room.width()
    assert window.height() == min(900, room.height() - 40)  # its title bar fits too
