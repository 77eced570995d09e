"""The combatants in the current order, with their figures and statuses, editable.

The table never writes the model itself: an edited cell emits a signal
(queued, so the editor has closed before the table is rebuilt) and the panel
turns it into an undoable command.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from PySide6.QtCore import (
    QAbstractItemModel,
    QModelIndex,
    QPersistentModelIndex,
    QPoint,
    Qt,
    Signal,
)
from PySide6.QtGui import QBrush, QColor, QIcon, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QInputDialog,
    QLineEdit,
    QMenu,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableWidget,
    QTableWidgetItem,
    QToolButton,
    QWidget,
)

from tactical.app.limits import MAX_FIGURE_TEXT
from tactical.app.panel.keys import keep_return
from tactical.app.panel.style import ACTING, LOCK, bold, dim_brush
from tactical.app.panel.values import figure_text, statuses_text
from tactical.app.plain_text import menu_text, set_tooltip
from tactical.app.token_names import gm_name
from tactical.core.encounter import Encounter
from tactical.rules import Action, Combatant

TOKEN_ID = Qt.ItemDataRole.UserRole
RAW_TEXT = Qt.ItemDataRole.UserRole + 1
"""What the cell editor starts with: the raw figure, not the procedure's formatting."""
COLUMN_KEY = Qt.ItemDataRole.UserRole + 2

FIGURE_PREFIX = "figure:"
MAX_COLUMN = 220
"""Pixels; a longer cell (a declaration) is elided and shown whole in its tooltip."""
ROW_BUTTON = "\N{HORIZONTAL ELLIPSIS}"
"""The row's menu of its combatant's actions."""
STATUSES = "statuses"

AnyIndex = QModelIndex | QPersistentModelIndex


@dataclass(frozen=True)
class _Shown:
    """Everything a rebuild depends on: equal means the table is already right."""

    rows: tuple[Combatant, ...]
    figure_labels: tuple[tuple[str, str], ...]
    raw: tuple[object, ...]
    actions: tuple[Action, ...]


class _CellDelegate(QStyledItemDelegate):
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


def two_lines(label: str) -> str:
    """A header of two words or more on two lines, split nearest the middle: the column
    is as wide as its longer half, so whole words fit a narrow panel."""
    spaces = [i for i, c in enumerate(label) if c == " "]
    if not spaces:
        return label
    cut = min(spaces, key=lambda i: abs(len(label) - 2 * i - 1))
    return label[:cut] + "\n" + label[cut + 1 :]


@cache
def _swatch(color: str) -> QIcon:
    """A side's colour as a small square (one per colour, shared by its rows)."""
    pixmap = QPixmap(12, 12)
    pixmap.fill(QColor(color))
    return QIcon(pixmap)


class CombatantTable(QTableWidget):
    """One row per combatant: name, side, order, the procedure's figures, statuses."""

    figure_edited = Signal(str, str, str)
    """token id, figure name, text typed"""
    statuses_edited = Signal(str, str)
    """token id, the statuses cell as typed (``prone, bleeding 2``)"""
    status_set = Signal(str, str, object)
    """token id, status, stacks (None removes it)"""
    action_requested = Signal(object)
    """an :class:`Action` of the row's combatant"""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.encounter: Encounter | None = None
        self._shown: _Shown | None = None
        self._rows: tuple[Combatant, ...] = ()
        self._actions: tuple[Action, ...] = ()
        self.delegate = _CellDelegate(self)
        self.delegate.committed.connect(self._committed, Qt.ConnectionType.QueuedConnection)
        self.setItemDelegate(self.delegate)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
        self.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.SelectedClicked
        )
        self.verticalHeader().hide()
        self.setWordWrap(False)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        # Not stretched: a stretched last column gets what is left of a narrow panel, and
        # "Statuses" was cut to "Stat"; every column is as wide as its content and header.
        self.horizontalHeader().setStretchLastSection(False)
        self.horizontalHeader().setMaximumSectionSize(MAX_COLUMN)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.customContextMenuRequested.connect(self._context_menu)

    # -- filling --------------------------------------------------------------

    def show_combatants(
        self,
        encounter: Encounter,
        rows: Sequence[Combatant],
        figure_labels: dict[str, str],
        actions: Sequence[Action] = (),
    ) -> None:
        """Show ``rows`` in order; ``actions`` bound to a token become buttons on its row."""
        self.encounter = encounter
        raw = tuple(
            (
                row.token_id,
                *self._token_raw(encounter, row.token_id, figure_labels),
            )
            for row in rows
        )
        shown = _Shown(
            tuple(rows),
            tuple(figure_labels.items()),
            raw,
            tuple(a for a in actions if a.token_id is not None),
        )
        if shown == self._shown:
            return
        self._shown = shown
        self._rows = shown.rows
        self._actions = shown.actions
        self._rebuild(encounter, figure_labels)
        self._scroll_pending = True  # done once the rebuilt rows are laid out
        self.updateGeometries()

    def updateGeometries(self) -> None:
        super().updateGeometries()
        if getattr(self, "_scroll_pending", False) and self.verticalScrollBar().maximum() > 0:
            self._scroll_pending = False
            self.scroll_to_acting()

    def scroll_to_acting(self) -> None:
        """Bring whoever acts now into view (a long list scrolled elsewhere follows the turn)."""
        acting = self.acting_rows()
        item = self.item(acting[0], 0) if acting else None
        if item is not None:
            self.scrollToItem(item, QAbstractItemView.ScrollHint.EnsureVisible)

    @staticmethod
    def _token_raw(
        encounter: Encounter, token_id: str, figure_labels: dict[str, str]
    ) -> tuple[str, tuple[tuple[str, str], ...], str]:
        token = encounter.tokens.get(token_id)
        if token is None:
            return ("", (), "")
        figures = tuple((key, figure_text(token.figures.get(key))) for key in figure_labels)
        side = encounter.sides.get(token.side)
        return (
            ("hidden " if token.hidden else "") + (side.color if side else ""),
            figures,
            statuses_text(token.statuses),
        )

    def _columns(self, figure_labels: dict[str, str]) -> list[tuple[str, str]]:
        columns = [("name", "Name")]
        if any(self._row_actions(row) for row in self._rows):
            columns.append(("actions", ""))
        columns += [("side", "Side"), ("order", "Order")]
        if any(row.secret or row.revealed for row in self._rows):
            columns.append(("declared", "Declared"))
        columns += [(FIGURE_PREFIX + key, label) for key, label in figure_labels.items()]
        columns.append((STATUSES, "Statuses"))
        return columns

    def _rebuild(self, encounter: Encounter, figure_labels: dict[str, str]) -> None:
        columns = self._columns(figure_labels)
        self.clear()
        self.setColumnCount(len(columns))
        self.setRowCount(len(self._rows))
        for col, (key, label) in enumerate(columns):
            header = QTableWidgetItem(two_lines(label))
            header.setData(COLUMN_KEY, key)
            set_tooltip(header, label)
            self.setHorizontalHeaderItem(col, header)
        for row_index, row in enumerate(self._rows):
            token = encounter.tokens.get(row.token_id)
            for col, (key, _label) in enumerate(columns):
                if key == "actions":
                    self._put_actions(row_index, col, row.token_id)
                    continue
                item = self._cell(encounter, row, key)
                item.setData(TOKEN_ID, row.token_id)
                item.setData(COLUMN_KEY, key)
                editable = token is not None and (key.startswith(FIGURE_PREFIX) or key == STATUSES)
                flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
                if editable:
                    flags |= Qt.ItemFlag.ItemIsEditable
                item.setFlags(flags)
                self._style(item, row)
                self.setItem(row_index, col, item)

    def _cell(self, encounter: Encounter, row: Combatant, key: str) -> QTableWidgetItem:
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
                item.setIcon(_swatch(side.color))
            return item
        if key == "order":
            return QTableWidgetItem(row.order)
        if key.startswith(FIGURE_PREFIX):
            name = key.removeprefix(FIGURE_PREFIX)
            raw = figure_text(token.figures.get(name)) if token is not None else ""
            item = QTableWidgetItem(row.figures.get(name, raw))
            item.setData(RAW_TEXT, raw)
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
            item.setData(Qt.ItemDataRole.UserRole + 3, "secret")
            return item
        item = QTableWidgetItem(row.revealed)
        set_tooltip(item, row.revealed)
        return item

    def _style(self, item: QTableWidgetItem, row: Combatant) -> None:
        if row.acting:
            item.setBackground(QBrush(ACTING))
            item.setFont(bold(item.font()))
        if row.out:
            font = item.font()
            font.setStrikeOut(True)
            item.setFont(font)
            item.setForeground(dim_brush(self))
        elif row.done or item.data(Qt.ItemDataRole.UserRole + 3) == "secret":
            item.setForeground(dim_brush(self))

    def _row_actions(self, row: Combatant) -> list[Action]:
        """A row's buttons: not for whoever acts now, whose actions are in the action bar."""
        return [] if row.acting else [a for a in self._actions if a.token_id == row.token_id]

    def _put_actions(self, row_index: int, col: int, token_id: str) -> None:
        """A narrow menu button, so the figures stay in view on a narrow dock."""
        actions = self._row_actions(self._rows[row_index])
        if not actions:
            return
        button = QToolButton()
        button.setText(ROW_BUTTON)
        set_tooltip(button, "\n".join(self._label(a) for a in actions))
        menu = QMenu(button)
        for action in actions:
            self._add_action(menu, action)
        button.setMenu(menu)
        button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.setCellWidget(row_index, col, button)

    @staticmethod
    def _label(action: Action) -> str:
        return action.label + ("\N{HORIZONTAL ELLIPSIS}" if action.params else "")

    def _add_action(self, menu: QMenu, action: Action) -> None:
        entry = menu.addAction(menu_text(self._label(action)))
        set_tooltip(entry, action.hint)
        entry.triggered.connect(lambda _=False, a=action: self.action_requested.emit(a))

    # -- reading (tests, the status bar) -------------------------------------

    def token_order(self) -> list[str]:
        return [row.token_id for row in self._rows]

    def column_of(self, key: str) -> int:
        for col in range(self.columnCount()):
            header = self.horizontalHeaderItem(col)
            if header is not None and header.data(COLUMN_KEY) == key:
                return col
        return -1

    def cell_text(self, token_id: str, key: str) -> str:
        row = self.token_order().index(token_id)
        item = self.item(row, self.column_of(key))
        return item.text() if item is not None else ""

    def acting_rows(self) -> list[int]:
        return [i for i, row in enumerate(self._rows) if row.acting]

    def row_actions_button(self, token_id: str) -> QToolButton | None:
        col = self.column_of("actions")
        if col < 0 or token_id not in self.token_order():
            return None
        widget = self.cellWidget(self.token_order().index(token_id), col)
        return widget if isinstance(widget, QToolButton) else None

    # -- editing ----------------------------------------------------------------

    def _committed(self, token_id: str, key: str, text: str) -> None:
        if key.startswith(FIGURE_PREFIX):
            self.figure_edited.emit(token_id, key.removeprefix(FIGURE_PREFIX), text)
        elif key == STATUSES:
            self.statuses_edited.emit(token_id, text)

    def row_menu(self, row_index: int) -> QMenu:
        """The row's context menu: its combatant's actions, then its statuses."""
        menu = QMenu(self)
        row = self._rows[row_index]
        for action in (a for a in self._actions if a.token_id == row.token_id):
            self._add_action(menu, action)
        if not menu.isEmpty():
            menu.addSeparator()
        token = self.encounter.tokens.get(row.token_id) if self.encounter else None
        if token is None:
            return menu
        add = menu.addAction("Add status\N{HORIZONTAL ELLIPSIS}")
        add.triggered.connect(lambda _=False, t=token.id: self._add_status(t))
        for status, stacks in token.statuses.items():
            sub = menu.addMenu(f"{status} ({stacks})" if stacks != 1 else status)
            more = sub.addAction("+1")
            more.triggered.connect(
                lambda _=False, t=token.id, s=status, n=stacks + 1: self.status_set.emit(t, s, n)
            )
            less = sub.addAction("\N{MINUS SIGN}1")
            less.triggered.connect(
                lambda _=False, t=token.id, s=status, n=stacks - 1: self.status_set.emit(
                    t, s, n or None
                )
            )
            remove = sub.addAction("Remove")
            remove.triggered.connect(
                lambda _=False, t=token.id, s=status: self.status_set.emit(t, s, None)
            )
        return menu

    def ask_status(self) -> str | None:
        """Ask the GM for ``name`` or ``name stacks``; None when cancelled."""
        text, ok = QInputDialog.getText(self, "Add status", "Status (and stacks, e.g. bleeding 2)")
        return text if ok and text.strip() else None

    def _add_status(self, token_id: str) -> None:
        text = self.ask_status()
        if text is None or self.encounter is None:
            return
        current = statuses_text(self.encounter.token(token_id).statuses)
        self.statuses_edited.emit(token_id, f"{current}, {text}" if current else text)

    def _context_menu(self, pos: QPoint) -> None:
        row_index = self.rowAt(pos.y())
        if 0 <= row_index < len(self._rows):
            self.row_menu(row_index).exec(self.viewport().mapToGlobal(pos))
