"""The Combatants table, read every turn, takes the panel's spare height before the other sections.

On a laptop screen the Steps list and the Dice log used to keep their share of the
splitter while the table showed one or two combatants; now Steps and the Dice log
start small and the table gets the rest (the GM can still drag them bigger).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

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
