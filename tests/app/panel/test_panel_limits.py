"""The panel's inputs are bounded by the file format: what it accepts can be saved (issue 14)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit

from tactical.app.panel import CombatPanel
from tactical.app.panel.details import STATUSES
from tactical.persistence import encounter_bytes


def start(qtbot: Any, panel: CombatPanel) -> None:
    panel.chooser.combo.setCurrentIndex(panel.chooser.combo.findData("toy"))
    qtbot.mouseClick(panel.chooser.start_button, Qt.MouseButton.LeftButton)


def type_into_cell(qtbot: Any, panel: CombatPanel, token_id: str, key: str, text: str) -> QLineEdit:
    table = panel.table
    table.editItem(table.item(table.token_order().index(token_id), table.column_of(key)))
    editor = table.findChild(QLineEdit)
    assert editor is not None
    editor.selectAll()
    editor.insert(text)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    return editor


def test_a_figure_of_2_to_the_70_is_refused_and_said(qtbot: Any, panel: CombatPanel) -> None:
    start(qtbot, panel)
    type_into_cell(qtbot, panel, "orc", "figure:hp", str(2**70))
    qtbot.waitUntil(lambda: panel.header.is_error)
    assert panel.header.message.text() == "Orc: a number must lie between -2^53 and 2^53"
    assert panel.document.encounter.tokens["orc"].figures["hp"] == 6


def test_a_figure_cell_takes_at_most_1000_characters(qtbot: Any, panel: CombatPanel) -> None:
    start(qtbot, panel)
    editor = type_into_cell(qtbot, panel, "orc", "figure:hp", "x" * 1500)
    assert editor.maxLength() == 1000
    qtbot.waitUntil(lambda: panel.document.encounter.tokens["orc"].figures["hp"] != 6)
    assert panel.document.encounter.tokens["orc"].figures["hp"] == "x" * 1000
    encounter_bytes(panel.document.encounter)  # saves, and would load again


def test_5000000_stacks_are_refused(qtbot: Any, panel: CombatPanel) -> None:
    """No one has a status yet: the statuses are typed under the table, for the selected row."""
    start(qtbot, panel)
    assert panel.table.column_of("statuses") == -1
    table = panel.table
    table.setCurrentIndex(table.rows_model.index(table.row_of("orc"), 0))
    field = panel.details.fields[STATUSES]
    assert field.maxLength() == 1000
    field.setFocus()
    field.insert("Slowed 5000000")
    qtbot.keyClick(field, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: panel.header.is_error)
    assert panel.header.message.text() == "Orc: 'Slowed': at most 1,000,000 stacks"
    assert panel.document.encounter.tokens["orc"].statuses == {}


def test_the_roll_box_takes_what_a_roll_in_the_file_holds(panel: CombatPanel) -> None:
    assert panel.roll_box.expression.maxLength() == 200
    assert panel.roll_box.reason.maxLength() == 200
