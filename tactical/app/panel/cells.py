"""The combatant table's cells: what each column shows, and the editor that starts raw.

Split from :mod:`tactical.app.panel.combatants` so the table class keeps to
laying out rows; every text here is a user's or a procedure's, set as plain text.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from PySide6.QtCore import (
    QAbstractItemModel,
    QModelIndex,
    QPersistentModelIndex,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QIcon, QPixmap
from PySide6.QtWidgets import (
    QLineEdit,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableWidgetItem,
    QWidget,
)

from tactical.app.limits import MAX_FIGURE_TEXT
from tactical.app.panel.fold import FIGURE_PREFIX, pack
from tactical.app.panel.keys import keep_return
from tactical.app.panel.style import ACTING, LOCK, bold
from tactical.app.panel.values import figure_text, statuses_text
from tactical.app.plain_text import set_tooltip
from tactical.app.token_names import gm_name
from tactical.core.encounter import Encounter
from tactical.rules import Combatant

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
    rows: Sequence[Combatant], labels: dict[str, str], buttons: bool
) -> list[tuple[str, str]]:
    """The table's columns, by key and header: ``buttons`` when a row has its actions."""
    columns = [("name", "Name")]
    if buttons:
        columns.append(("actions", ""))
    columns += [("side", "Side"), ("order", "Order")]
    if any(row.secret or row.revealed for row in rows):
        columns.append(("declared", "Declared"))
    columns += [(FIGURE_PREFIX + key, label) for key, label in labels.items()]
    columns.append((STATUSES, "Statuses"))
    return columns


def mark(item: QTableWidgetItem, token_id: str, key: str, editable: bool) -> None:
    """Tag a cell with its combatant and column; only figures and statuses are editable."""
    item.setData(TOKEN_ID, token_id)
    item.setData(COLUMN_KEY, key)
    flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
    if editable:
        flags |= Qt.ItemFlag.ItemIsEditable
    item.setFlags(flags)


def detail_item(pairs: Sequence[str], width: int, font: QFont) -> tuple[QTableWidgetItem, int]:
    """A detail line's cell, its pairs packed into ``width`` pixels, and its height."""
    metrics = QFontMetricsF(font)
    lines = pack(pairs, width - 16, metrics.horizontalAdvance)
    item = QTableWidgetItem("\n".join(lines))
    height = round(len(lines) * metrics.lineSpacing()) + 8
    item.setData(Qt.ItemDataRole.SizeHintRole, QSize(1, height))  # never widens column 0
    item.setTextAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
    set_tooltip(item, "Double-click or right-click to edit these figures")
    return item, height


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


def token_raw(encounter: Encounter, token_id: str) -> tuple[object, ...]:
    """What a rebuild depends on in a token (its figures, as typed; its statuses)."""
    token = encounter.tokens.get(token_id)
    if token is None:
        return ()
    side = encounter.sides.get(token.side)
    return (
        token.hidden,
        side.color if side else "",
        tuple(sorted((k, figure_text(v)) for k, v in token.figures.items())),
        statuses_text(token.statuses),
    )


def style(item: QTableWidgetItem, row: Combatant, dim: QBrush) -> None:
    """The acting row bold on green, an out row struck through, done rows dim."""
    if row.acting:
        item.setBackground(QBrush(ACTING))
        item.setFont(bold(item.font()))
    if row.out:
        font = item.font()
        font.setStrikeOut(True)
        item.setFont(font)
        item.setForeground(dim)
    elif row.done or item.data(SECRET) == "secret":
        item.setForeground(dim)


def make_cell(encounter: Encounter, row: Combatant, key: str) -> QTableWidgetItem:
    """The cell of ``row`` in the column ``key`` (not the actions column: a widget)."""
    token = encounter.tokens.get(row.token_id)
    if key == "name":
        text = row.name
        if row.acting:
            text = f"\N{BLACK RIGHT-POINTING TRIANGLE} {text}"
        if token is not None:
            text = gm_name(token, encounter, text)
        return QTableWidgetItem(text)
    if key == "side":
        side = encounter.sides.get(row.side)
        item = QTableWidgetItem()
        set_tooltip(item, side.name if side else row.side)
        item.setData(Qt.ItemDataRole.AccessibleTextRole, side.name if side else row.side)
        if side is not None:
            item.setIcon(swatch(side.color))
        return item
    if key == "order":
        return QTableWidgetItem(row.order)
    if key.startswith(FIGURE_PREFIX):
        name = key.removeprefix(FIGURE_PREFIX)
        item = QTableWidgetItem(shown_figure(encounter, row, name))
        item.setData(RAW_TEXT, raw_figure(encounter, row.token_id, name))
        return item
    if key == STATUSES:
        item = QTableWidgetItem(statuses_text(row.statuses))
        raw_statuses = token.statuses if token is not None else row.statuses
        item.setData(RAW_TEXT, statuses_text(raw_statuses))
        return item
    # declared
    if row.secret:
        item = QTableWidgetItem(f"{LOCK} {row.secret}")
        set_tooltip(item, f"{row.secret}\n(secret: only you see this until it is revealed)")
        item.setData(SECRET, "secret")
        return item
    item = QTableWidgetItem(row.revealed)
    set_tooltip(item, row.revealed)
    return item
