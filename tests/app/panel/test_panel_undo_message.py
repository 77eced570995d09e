"""The panel's result line follows an undo or redo made anywhere, as it follows Back.

QA: on the hillside ruin, Start (Thrum), Enter, then Ctrl+Z twice left the panel
saying "No combat procedure" above the stale "12 combatants take part.". The
window's Undo and Redo now replace the line with what they took back or did
again, as the panel's Back does.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tactical.core.changes import GM
from tactical.core.commands import MoveToken
from tactical.persistence import load_encounter

HILLSIDE = Path(__file__).resolve().parents[3] / "maps" / "hillside-ruin.tactical.json"


def test_ctrl_z_and_ctrl_y_replace_a_stale_result_line(qtbot: Any, make_window: Any) -> None:
    window = make_window(load_encounter(HILLSIDE), HILLSIDE)
    panel = window.ensure_panel()
    panel.start("thrum")
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_Return)
    assert panel.header.message.text() == "12 combatants take part."
    step = window.document.undo_stack.undoText()
    qtbot.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert panel.header.message.text() == f"Undone: {step}"
    start = window.document.undo_stack.undoText()
    qtbot.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert panel.header.title.text() == "No combat procedure"
    assert panel.header.message.text() == f"Undone: {start}"
    assert "combatants take part" not in panel.header.message.text()
    qtbot.keyClick(window.view, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert panel.header.message.text() == f"Redone: {start}"
    assert panel.header.title.text() != "No combat procedure"


def test_a_new_edit_is_not_said_to_be_redone(qtbot: Any, make_window: Any) -> None:
    window = make_window(load_encounter(HILLSIDE), HILLSIDE)
    panel = window.ensure_panel()
    panel.start("thrum")
    panel.advance()
    assert panel.header.message.text() == "12 combatants take part."
    token = next(iter(window.document.encounter.tokens.values()))
    window.document.push(MoveToken(token.id, token.position), GM)  # a new push says nothing
    assert panel.header.message.text() == "12 combatants take part."
