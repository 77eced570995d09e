"""The panel docked in the main window: the advance key works from the map, and on a laptop
screen the GM sees the whole order while pressing the step's button."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QApplication, QWidget

from tactical.app.panel import CombatPanel, PublicTracker
from tactical.app.panel.row_columns import column_key
from tactical.app.window.main_window import TITLE_BAR_PX
from tactical.rules import available
from tests.app.panel.ten_combatants import MAPS, TEN, ten_combatants


def test_the_panel_is_docked_and_enter_on_the_map_advances(
    qtbot: Any, make_window: Any, toy: Any
) -> None:
    window = make_window()
    panel = window.ensure_panel()  # docked after the first paint, or now
    assert isinstance(panel, CombatPanel)
    assert window.dockWidgetArea(panel) == Qt.DockWidgetArea.RightDockWidgetArea
    panel.start("toy")
    panel.actions_bar.typed.setText("3, 1, 2, 6, 4")  # Hero, Ally, Orc, Ogre, Spy
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_Return)
    assert panel.outline.current_step() == "declare"
    assert panel.table.token_order() == ["ogre", "spy", "hero", "orc", "ally"]
    qtbot.keyClick(window.view, Qt.Key.Key_Return)  # reveal
    assert window.document.acting == {"ogre"}
    assert panel.header.instruction.text() == "Ogre acts now."
    qtbot.keyClick(window.view, Qt.Key.Key_Space)  # space stays the map's
    assert panel.outline.current_step() == "act"
    assert panel.table.acting_rows() == [0]
    window.document.undo_stack.undo()  # Ctrl+Z's undo: the panel follows
    assert panel.outline.current_step() == "declare"


def test_the_public_tracker_fits_in_a_window(qtbot: Any, make_window: Any, toy: Any) -> None:
    window = make_window()
    tracker = PublicTracker(window.document, window)
    assert not tracker.isVisibleTo(window)  # no fight: no room taken
    window.ensure_panel().start("toy")
    assert tracker.isVisibleTo(window)
    assert "Spy" not in tracker.lines()


# Issue 34: on a laptop screen the GM sees the whole order while pressing the step's button.
#
# At 1366 x 768 the Thrum panel used to show about two of ten combatants: every row
# was followed by lines of figures, and the steps and notes took the rest. Now each
# combatant is one line with the figures that matter at the step, the order sits
# under the button, and the notes, the steps and the dice give way to it. Each of
# the five procedures, with ten combatants, pressed through its first steps with
# the mouse, a row clicked at each, at 1366 x 768 and at 1920 x 1080.

EXAMPLES = sorted(p for p in available() if (MAPS / f"{p}.tactical.json").exists())
SCREENS = [(1366, 768), (1920, 1080)]
PRESSES = 14


def wholly_shown(widget: QWidget, rect: QRect | None = None) -> bool:
    """Whether ``rect`` of ``widget`` (all of it by default) is on screen, not scrolled or
    clipped away by the panel's scroll area."""
    rect = widget.rect() if rect is None else rect
    return widget.isVisible() and widget.visibleRegion().contains(rect)


def order_and_button_in_view(panel: CombatPanel) -> None:
    table = panel.table
    assert table.rowCount() == TEN
    assert table.verticalScrollBar().maximum() == 0, "the table scrolls"
    assert panel.widgets.scroll.verticalScrollBar().maximum() == 0, "the panel scrolls"
    viewport = table.viewport()
    for row in range(TEN):
        assert wholly_shown(viewport, table.visualRect(table.model().index(row, 0))), row
    assert wholly_shown(panel.actions_bar.primary_button)
    # The figure that matters most at this step is a column, not under the table.
    assert panel.presenter.present().figures
    first = panel.presenter.present().figures[0]
    assert table.column_of(column_key(first)) >= 0, first
    assert table.horizontalScrollBar().maximum() == 0


@pytest.mark.parametrize("screen", SCREENS, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", EXAMPLES)
def test_ten_combatants_and_the_button_stay_in_view_step_after_step(
    make_window: Any, qtbot: Any, name: str, screen: tuple[int, int]
) -> None:
    width, height = screen
    window = make_window(ten_combatants(name))
    window.resize(width, height - TITLE_BAR_PX)  # as the app opens on that screen
    panel = window.ensure_panel()
    assert isinstance(panel, CombatPanel)
    stack = panel.document.undo_stack
    table = panel.table
    for press in range(PRESSES):
        qtbot.waitUntil(lambda: order_and_button_in_view(panel))
        # The GM clicks a row: its other figures show under the table, the order stays whole.
        row = table.visualRect(table.model().index(press % TEN, 0))
        qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=row.center())
        qtbot.waitUntil(lambda: panel.details.token_id == table.selected_token() != "")
        qtbot.waitUntil(lambda: order_and_button_in_view(panel))
        before = stack.index()
        qtbot.mouseClick(panel.actions_bar.primary_button, Qt.MouseButton.LeftButton)
        if panel.form is not None:  # the action asks for inputs: its defaults will do
            qtbot.mouseClick(panel.form.ok_button, Qt.MouseButton.LeftButton)
        if stack.index() == before:
            break
    qtbot.waitUntil(lambda: order_and_button_in_view(panel))
    assert stack.index() > 0
