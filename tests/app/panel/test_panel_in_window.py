"""The panel docked in the main window: the advance key works from the map."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tactical.app.panel import CombatPanel, PublicTracker


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
