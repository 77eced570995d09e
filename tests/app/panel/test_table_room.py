"""The Combatants table, read every turn, takes the panel's spare height before the other sections.

On a laptop screen the Steps list and the Dice log used to keep their share of the
splitter while the table showed one or two combatants; now Steps and the Dice log
start small and the table gets the rest (the GM can still drag them bigger).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication

from tactical.app.panel import CombatPanel
from tactical.app.panel.combatants import CombatantTable
from tactical.persistence import load_encounter

THRUM = Path(__file__).resolve().parents[3] / "maps" / "thrum.tactical.json"


def fully_visible(table: CombatantTable) -> list[str]:
    """The combatants whose row and detail line lie wholly inside the table's viewport."""
    seen = []
    bottom = table.viewport().height()
    for token_id in table.token_order():
        first = table.row_of(token_id)
        last = first + 1 if table.cell_text(token_id, "detail") else first
        top = table.rowViewportPosition(first)
        end = table.rowViewportPosition(last) + table.rowHeight(last)
        if top >= 0 and end <= bottom:
            seen.append(token_id)
    return seen


def _started(make_window: Any, qtbot: Any) -> CombatPanel:
    window = make_window(load_encounter(THRUM))
    panel = window.ensure_panel()
    assert isinstance(panel, CombatPanel)
    panel.advance()  # NPCs placed: Thrum's first step, as the GM presses it
    QApplication.processEvents()
    qtbot.wait(20)
    return panel


def test_the_default_window_shows_four_combatants_with_thrum_started(
    make_window: Any, qtbot: Any
) -> None:
    panel = _started(make_window, qtbot)
    table = panel.table
    assert len(table.token_order()) >= 4
    assert table.folded  # the rows have detail lines: two table rows per combatant
    assert len(fully_visible(table)) >= 4
    # Steps still shows the current step and a line or two around it.
    assert panel.outline.height() >= 3 * panel.outline.fontMetrics().height()


def test_the_gms_drag_wins_over_the_tables_priority(make_window: Any, qtbot: Any) -> None:
    panel = _started(make_window, qtbot)
    panel.window().resize(1000, 1000)  # room to spare: the table has it all
    QApplication.processEvents()
    qtbot.wait(20)
    splitter = panel.splitter
    steps, table, dice_before = splitter.sizes()
    assert table > steps + dice_before
    assert dice_before == panel.widgets.dice.minimumSizeHint().height()
    dice_before = splitter.sizes()[2]
    handle = splitter.handle(2)
    start = handle.rect().center()
    qtbot.mousePress(handle, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(handle, start - QPoint(0, 60))
    qtbot.mouseRelease(handle, Qt.MouseButton.LeftButton, pos=start - QPoint(0, 60))
    QApplication.processEvents()
    dragged = splitter.sizes()[2]
    assert dragged > dice_before + 10  # the GM enlarged the dice log
    panel.window().resize(1000, 1060)  # a taller window: the table gets the new room...
    QApplication.processEvents()
    qtbot.wait(20)
    assert splitter.sizes()[2] >= dragged - 2  # ...but the GM's dice log keeps its size
