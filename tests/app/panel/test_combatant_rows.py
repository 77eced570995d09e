"""Issue 22: the combatant table with thousands of tokens, as the GM sees and edits it.

The table is a model and a view: a row is made when it is painted, and a change to
one token repaints that token's row without laying out the other thousands again
(no model reset). What the GM reads and edits is as before.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import Qt as GuiQt
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QApplication, QLineEdit, QToolButton

from tactical.app.encounter.document import EncounterDocument
from tactical.app.panel import CombatPanel
from tactical.app.panel.combatants import CombatantTable
from tactical.core import Encounter, GridMap, Side, Token
from tactical.core.changes import GM
from tactical.core.commands import SetTokenField
from tactical.rules import Action, Combatant

COUNT = 5000


def crowd() -> Encounter:
    """5,000 goblins on a 100 x 100 grid, one of them hidden, the first one stunned."""
    tokens = [
        Token(f"g{i}", f"Goblin {i}", "npcs", (i % 100, i // 100), hidden=(i == 7))
        for i in range(COUNT)
    ]
    tokens[0].statuses = {"prone": 1, "bleeding": 2, "stunned": 3}
    return Encounter(GridMap(100, 100), tokens, name="Crowd")


class Watch:
    """Counts the model's resets and the rows its dataChanged signals name."""

    def __init__(self, table: CombatantTable) -> None:
        self.resets = 0
        self.rows: set[int] = set()
        model = table.model()
        model.modelReset.connect(self._reset)
        model.dataChanged.connect(self._changed)

    def _reset(self) -> None:
        self.resets += 1

    def _changed(self, first: QModelIndex, last: QModelIndex, _roles: Any = None) -> None:
        self.rows |= set(range(first.row(), last.row() + 1))


@pytest.fixture()
def crowded(qtbot: Any) -> CombatPanel:
    panel = CombatPanel(EncounterDocument(crowd()))
    qtbot.addWidget(panel)
    panel.resize(460, 900)
    panel.show()
    qtbot.waitExposed(panel)
    qtbot.waitUntil(panel.table.settled)  # laid out for its width, once
    return panel


def test_every_token_is_listed_in_order_and_reads_as_before(crowded: CombatPanel) -> None:
    table = crowded.table
    assert table.token_order() == [f"g{i}" for i in range(COUNT)]
    assert table.rowCount() == COUNT
    assert table.cell_text("g4999", "name") == "Goblin 4999"
    assert table.cell_text("g7", "name") == "Goblin 7 (hidden)"
    # The side is the colour beside the name (and its name for a screen reader).
    name = table.item(table.row_of("g12"), table.column_of("name"))
    assert name is not None and not name.icon().isNull()
    assert name.data(Qt.ItemDataRole.AccessibleDescriptionRole) == "Non-player characters"
    assert table.column_of("side") == -1
    # The name column is as wide as the widest name, not cut short.
    name = table.column_of("name")
    widest = table.fontMetrics().horizontalAdvance("Goblin 7 (hidden)")
    assert table.horizontalHeader().sectionSize(name) > widest


def test_a_token_renamed_elsewhere_shows_in_its_row_only(qtbot: Any, crowded: CombatPanel) -> None:
    table = crowded.table
    watch = Watch(table)
    crowded.document.push(SetTokenField("g4321", "name", "Grask"), GM)  # the token's own dialog
    assert table.cell_text("g4321", "name") == "Grask"
    assert watch.resets == 0  # the other 4,999 rows were not made again
    assert watch.rows == {table.row_of("g4321")}
    crowded.document.undo_stack.undo()
    assert table.cell_text("g4321", "name") == "Goblin 4321"
    assert watch.resets == 0


def test_a_status_typed_in_a_far_row_is_one_undo_step(qtbot: Any, crowded: CombatPanel) -> None:
    table = crowded.table
    watch = Watch(table)
    row, col = table.row_of("g3210"), table.column_of("statuses")
    cell = table.item(row, col)
    assert cell is not None and cell.flags() & Qt.ItemFlag.ItemIsEditable
    table.scrollTo(cell.index)
    steps = crowded.document.undo_stack.index()
    table.setFocus()
    table.editItem(cell)
    editor = table.findChild(QLineEdit)
    assert editor is not None
    qtbot.keyClicks(editor, "prone, bleeding 2")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    token = crowded.document.encounter.token("g3210")
    qtbot.waitUntil(lambda: token.statuses == {"prone": 1, "bleeding": 2})
    assert crowded.document.undo_stack.index() == steps + 1
    assert table.cell_text("g3210", "statuses") == "prone, bleeding 2"
    assert table.viewport().rect().intersects(table.visualRect(cell.index))  # still in view
    crowded.document.undo_stack.undo()
    assert table.cell_text("g3210", "statuses") == ""
    assert token.statuses == {}
    assert watch.resets == 0  # the column was wide enough: by row, both ways
    assert watch.rows == {row}


def test_names_and_sides_are_plain_text(qtbot: Any) -> None:
    """A name or a side's name that looks like markup reads as typed, its tooltip too."""
    encounter = Encounter(
        GridMap(4, 4),
        [Token("b", "<b>Brute</b>", "reds", (0, 0))],
        sides=[Side("reds", '<i>Reds</i><img src="x">', "#c0392b")],
    )
    table = CombatantTable()
    qtbot.addWidget(table)
    table.show_combatants(encounter, [Combatant("b", "<b>Brute</b>", "reds")], {})
    name = table.item(0, table.column_of("name"))
    assert name is not None and name.text() == "<b>Brute</b>"
    tip = name.toolTip()
    document = QTextDocument()
    if GuiQt.mightBeRichText(tip):
        document.setHtml(tip)
    else:
        document.setPlainText(tip)
    assert document.toPlainText() == '<b>Brute</b> (<i>Reds</i><img src="x">)'


def test_row_menu_buttons_are_made_for_the_rows_in_view(qtbot: Any) -> None:
    encounter = crowd()
    rows = [Combatant(t.id, t.name, t.side) for t in encounter.tokens.values()]
    actions = [Action(f"declare:{r.token_id}", "Declare", token_id=r.token_id) for r in rows]
    table = CombatantTable()
    qtbot.addWidget(table)
    table.resize(440, 300)
    table.show()
    qtbot.waitExposed(table)
    table.show_combatants(encounter, rows, {}, actions)
    qtbot.waitUntil(lambda: bool(table.findChildren(QToolButton)))
    made = len(table.findChildren(QToolButton))
    assert made < 40  # a screenful, not 5,000
    far = table.row_actions_button("g4999")
    assert far is not None and [a.text() for a in far.menu().actions()] == ["Declare"]
    chosen: list[Action] = []
    table.action_requested.connect(chosen.append)
    far.menu().actions()[0].trigger()
    assert [a.id for a in chosen] == ["declare:g4999"]
    table.verticalScrollBar().setValue(table.verticalScrollBar().maximum() // 2)
    QApplication.processEvents()
    middle = table.rowAt(table.viewport().height() // 2)
    index = table.model().index(middle, table.column_of("actions"))
    qtbot.waitUntil(lambda: isinstance(table.indexWidget(index), QToolButton))


def test_an_edit_far_from_whoever_acts_keeps_the_gms_place(qtbot: Any) -> None:
    """The GM scrolled down to a combatant: its change (even one that widens a column)
    leaves the table where it was; the turn passing to another combatant brings it into view."""
    encounter = crowd()
    rows = [
        Combatant(t.id, t.name, t.side, acting=(i == 0))
        for i, t in enumerate(list(encounter.tokens.values())[:300])
    ]
    table = CombatantTable()
    qtbot.addWidget(table)
    table.resize(440, 300)
    table.show()
    qtbot.waitExposed(table)
    table.show_combatants(encounter, rows, {})
    QApplication.processEvents()
    bar = table.verticalScrollBar()
    bar.setValue(bar.maximum())
    place = bar.value()
    assert place > 0
    rows[250] = replace(rows[250], statuses={"poisoned by the marsh ogre's spit": 2})
    table.show_combatants(encounter, rows, {})
    QApplication.processEvents()
    assert table.cell_text("g250", "statuses") == "poisoned by the marsh ogre's spit 2"
    assert bar.value() == place
    rows[0] = replace(rows[0], acting=False)
    rows[120] = replace(rows[120], acting=True)
    table.show_combatants(encounter, rows, {})
    name = table.model().index(table.row_of("g120"), table.column_of("name"))
    qtbot.waitUntil(lambda: table.viewport().rect().contains(table.visualRect(name).center()))
