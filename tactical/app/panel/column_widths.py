"""How wide each column of the combatant table must be, without measuring every row.

A column is as wide as its header or its widest cell, at most
:data:`MAX_COLUMN`. With thousands of combatants, measuring each cell's text
costs more than the rest of the table; the cells whose texts are longest (in
characters) are measured instead, which finds the widest one whatever the
font for all but the oddest names. A table of up to :data:`EXACT_ROWS` rows is
measured cell by cell, as before.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field

from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QTableView

from tactical.app.panel import row_menu
from tactical.app.panel.cells import cell_text
from tactical.app.panel.combatant_model import CombatantModel
from tactical.rules import Action

MAX_COLUMN = 220
"""Pixels; a longer cell (a declaration) is elided and shown whole in its tooltip."""
MOST = {"name": 160}
"""Narrower bounds: a long name is elided (whole in its tooltip) before a figure folds."""
EXACT_ROWS = 300
"""Up to this many combatants, every cell is measured."""
LONGEST = 48
"""Beyond :data:`EXACT_ROWS`: how many of a column's longest texts are measured."""
MEASURED = 3
"""How many of the cells whose texts are widest are laid out by the delegate."""
UNIFORM = frozenset({"side", "actions"})
"""Columns whose cells are all as wide (a swatch; a menu button)."""


@dataclass
class ColumnWidth:
    """A column's width, and the combatants whose cells make it (empty when its header does)."""

    width: int
    widest: set[int] = field(default_factory=set)


def measure(
    table: QTableView, model: CombatantModel, cells: dict[str, ColumnWidth] | None = None
) -> dict[str, ColumnWidth]:
    """Every column's width by key, from the model's headers and rows and the view's delegate.

    ``cells``: what :func:`cell_widths` found for the same rows (headers split on two lines
    change no cell), so only the headers are measured again."""
    cells = cell_widths(table, model) if cells is None else cells
    found: dict[str, ColumnWidth] = {}
    header = table.horizontalHeader()
    for col, (key, _label) in enumerate(model.columns):
        head = header.sectionSizeHint(col)
        cell = cells[key]
        widest = cell.widest if cell.width > head else set()
        found[key] = ColumnWidth(bounded(key, min(max(head, cell.width), MAX_COLUMN)), widest)
    return found


def cell_widths(table: QTableView, model: CombatantModel) -> dict[str, ColumnWidth]:
    """Each column's widest cell by key (0 wide without any), its header left out."""
    found: dict[str, ColumnWidth] = {}
    for col, (key, _label) in enumerate(model.columns):
        if key == "actions":  # its buttons are made later, for the rows in view
            found[key] = ColumnWidth(button_width() + (1 if table.showGrid() else 0))
        elif key in UNIFORM:
            found[key] = ColumnWidth(cell_width(table, model, 0, col) if model.rows else 0)
        else:
            found[key] = _text_cells(table, model, col)
    return found


def bounded(key: str, width: int) -> int:
    """A cell's width as its column may be: at most :data:`MAX_COLUMN` (or its :data:`MOST`)."""
    return min(width, MOST.get(key, MAX_COLUMN))


def button_width() -> int:
    """The width of a row's menu button (as :func:`.row_menu.actions_button` makes it)."""
    probe = row_menu.actions_button([Action("probe", "probe")], lambda _entry: None)
    width = probe.sizeHint().width()
    probe.deleteLater()
    return width


def cell_width(table: QTableView, model: CombatantModel, index: int, col: int) -> int:
    """One cell's width as the view's delegate lays it out (a grid line included)."""
    hint = table.sizeHintForIndex(model.index(index, col)).width()
    return hint + (1 if table.showGrid() else 0)


def _text_cells(table: QTableView, model: CombatantModel, col: int) -> ColumnWidth:
    encounter = model.encounter
    assert encounter is not None
    key = model.key_of(col)
    rows = model.rows
    texts = [cell_text(encounter, row, key) for row in rows]
    indexes: list[int] = list(range(len(rows)))
    if len(rows) > EXACT_ROWS:
        indexes = heapq.nlargest(LONGEST, indexes, key=lambda i: len(texts[i]))
    indexes += [i for i, row in enumerate(rows) if (row.acting or row.out) and i not in indexes]
    plain = QFontMetrics(model.font)
    loud = QFontMetrics(_acting_font(model.font))
    advances: dict[int, int] = {}
    for i in indexes:
        if texts[i]:
            metrics = loud if rows[i].acting else plain
            advances[i] = metrics.horizontalAdvance(texts[i])
    if not advances:
        return ColumnWidth(0)
    most = max(advances.values())
    widest = {i for i, advance in advances.items() if advance == most}
    cell = max(cell_width(table, model, i, col) for i in sorted(widest)[:MEASURED])
    return ColumnWidth(cell, widest)


def _acting_font(font: QFont) -> QFont:
    bold = QFont(font)
    bold.setBold(True)
    return bold
