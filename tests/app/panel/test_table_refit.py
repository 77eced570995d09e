"""A new width of the combatant table folds its columns again without measuring a cell.

The panel docked and shown, or the GM resizing it, changes only the room: the cells'
widths are those measured when the rows were last shown. Measured again, they cost a
start-up on 5,000 tokens twice the table's measuring before the first frame.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QModelIndex, QSize

from tactical.app.panel import CombatPanel
from tactical.persistence import load_encounter

MAPS = Path(__file__).resolve().parents[3] / "maps"


def test_a_narrower_table_folds_more_columns_without_measuring_a_cell(
    qtbot: Any, make_window: Any
) -> None:
    window = make_window(load_encounter(MAPS / "thrum.tactical.json"))
    panel = window.ensure_panel()
    assert isinstance(panel, CombatPanel)
    table = panel.table
    qtbot.waitUntil(lambda: table.token_order() != [] and table.settled())
    folded = set(table.folded)
    measured: list[QModelIndex] = []
    real = table.sizeHintForIndex

    def measuring(index: QModelIndex) -> QSize:
        measured.append(index)
        return real(index)

    table.sizeHintForIndex = measuring  # type: ignore[method-assign]
    table.setFixedWidth(table.width() - 150)
    qtbot.waitUntil(lambda: table.settled() and set(table.folded) > folded)
    assert table.horizontalHeader().length() <= table.viewport().width()  # it fits
    assert measured == []
