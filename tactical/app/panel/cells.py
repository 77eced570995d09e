"""The combatant table's cells: what each column shows, and the editor that starts raw.

Split from :mod:`tactical.app.panel.combatants` so the table class keeps to
laying out rows; every text here is a user's or a procedure's, shown as plain
text (an item view's cells are; tooltips are escaped by the model).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QColor, QIcon, QPixmap
from PySide6.QtWidgets import QLineEdit, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from tactical.app.encounter.limits import MAX_FIGURE_TEXT
from tactical.app.panel.keys import keep_return
from tactical.app.panel.row_columns import (
    EMPTY,
    FIGURE_PREFIX,
    JOIN,
    column_key,
    figures_of,
    hover_lines,
    joined,
)
from tactical.app.panel.style import LOCK
from tactical.app.panel.values import figure_text, statuses_text
from tactical.app.tokens.token_names import gm_name
from tactical.core.encounter import Encounter
from tactical.rules import Combatant, RowFigure

TOKEN_ID = Qt.ItemDataRole.UserRole
RAW_TEXT = Qt.ItemDataRole.UserRole + 1
"""What the cell editor starts with: the raw figure, not the procedure's formatting."""
COLUMN_KEY = Qt.ItemDataRole.UserRole + 2
SECRET = Qt.ItemDataRole.UserRole + 3
"""Set on a declaration only the GM sees (shown dim)."""

STATUSES = "statuses"

AnyIndex = QModelIndex | QPersistentModelIndex


class CellDelegate(QStyledItemDelegate):
    """Edits start from the raw value; a commit is reported, not written into the item."""

    committed = Signal(str, str, str)
    """token id, column key, text typed"""

    def createEditor(
        self, parent: QWidget, option: QStyleOptionViewItem, index: AnyIndex
    ) -> QWidget:
        editor = super().createEditor(parent, option, index)
        keep_return(editor)
        if isinstance(editor, QLineEdit) and index.data(COLUMN_KEY) != STATUSES:
            editor.setMaxLength(MAX_FIGURE_TEXT)  # a figure; longer text cannot be saved
        return editor

    def setEditorData(self, editor: QWidget, index: AnyIndex) -> None:
        if isinstance(editor, QLineEdit):
            editor.setText(str(index.data(RAW_TEXT) or ""))
        else:
            super().setEditorData(editor, index)

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: AnyIndex) -> None:
        if isinstance(editor, QLineEdit):
            text = editor.text()
            if text != str(index.data(RAW_TEXT) or ""):
                self.committed.emit(str(index.data(TOKEN_ID)), str(index.data(COLUMN_KEY)), text)


def columns_of(
    rows: Sequence[Combatant], figures: Sequence[RowFigure], buttons: bool
) -> list[tuple[str, str]]:
    """The table's columns, by key and header: the name (its side's colour beside it),
    ``buttons`` when a row has its actions, the order, a declaration when one is made,
    the figures that matter now, the statuses when someone has one (else the selected
    combatant's details hold them)."""
    columns = [("name", "Name")]
    if buttons:
        columns.append(("actions", ""))
    columns.append(("order", "Order"))
    if any(row.secret or row.revealed for row in rows):
        columns.append(("declared", "Declared"))
    columns += [(column_key(figure), figure.label) for figure in figures]
    if any(row.statuses for row in rows):
        columns.append((STATUSES, "Statuses"))
    return columns


def two_lines(label: str) -> str:
    """A header of two words or more on two lines, split nearest the middle: the column
    is as wide as its longer half, so whole words fit a narrow panel."""
    spaces = [i for i, c in enumerate(label) if c == " "]
    if not spaces:
        return label
    cut = min(spaces, key=lambda i: abs(len(label) - 2 * i - 1))
    return label[:cut] + "\n" + label[cut + 1 :]


@cache
def swatch(color: str) -> QIcon:
    """A side's colour as a small square (one per colour, shared by its rows)."""
    pixmap = QPixmap(12, 12)
    pixmap.fill(QColor(color))
    return QIcon(pixmap)


def raw_figure(encounter: Encounter, token_id: str, name: str) -> str:
    """The figure as the GM typed it (empty when the token has none)."""
    token = encounter.tokens.get(token_id)
    return figure_text(token.figures.get(name)) if token is not None else ""


def shown_figure(encounter: Encounter, row: Combatant, name: str) -> str:
    """The figure as the procedure formats it, else as typed."""
    return row.figures.get(name, raw_figure(encounter, row.token_id, name))


def shown_figures(encounter: Encounter, row: Combatant, key: str) -> str:
    """A figure column's text: its figures read together (``1/4``)."""
    return joined([shown_figure(encounter, row, name) for name in figures_of(key)])


def cell_text(encounter: Encounter, row: Combatant, key: str) -> str:
    """What the cell of ``row`` in the column ``key`` reads."""
    if key == "name":
        text = row.name
        if row.acting:
            text = f"\N{BLACK RIGHT-POINTING TRIANGLE} {text}"
        token = encounter.tokens.get(row.token_id)
        return gm_name(token, encounter, text) if token is not None else text
    if key == "order":
        return row.order
    if key.startswith(FIGURE_PREFIX):
        return shown_figures(encounter, row, key)
    if key == STATUSES:
        return statuses_text(row.statuses)
    if key == "declared":
        return f"{LOCK} {row.secret}" if row.secret else row.revealed
    return ""


def raw_text(encounter: Encounter, row: Combatant, key: str) -> str | None:
    """What the cell editor starts with: the figure or the statuses as typed."""
    if key.startswith(FIGURE_PREFIX):
        return joined([raw_figure(encounter, row.token_id, n) for n in figures_of(key)])
    if key == STATUSES:
        token = encounter.tokens.get(row.token_id)
        return statuses_text(token.statuses if token is not None else row.statuses)
    return None


def cell_tooltip(encounter: Encounter, row: Combatant, key: str, labels: dict[str, str]) -> str:
    """A cell's tooltip as plain text (the caller escapes it): on the name, its side and
    every tracked figure (the row shows a few); on figures read together, each by its
    label; the declaration whole (its column may be elided); empty for the others."""
    if key == "name":
        side = encounter.sides.get(row.side)
        lines = [f"{row.name} ({side.name if side else row.side})"]
        return "\n".join(lines + hover_lines(labels, lambda n: shown_figure(encounter, row, n)))
    names = figures_of(key)
    if len(names) > 1:
        return "\n".join(
            f"{labels.get(n, n)} {shown_figure(encounter, row, n) or EMPTY}" for n in names
        )
    if key == "declared":
        if row.secret:
            return f"{row.secret}\n(secret: only you see this until it is revealed)"
        return row.revealed
    return ""


def header_tooltip(key: str, label: str, labels: dict[str, str]) -> str:
    """A column header's tooltip: the whole labels of the figures it reads."""
    names = figures_of(key)
    if names:
        return f" {JOIN} ".join(labels.get(n, n) for n in names)
    return label
