"""The combatant table's view: its model, its cells read back, and the GM's edits.

The base of :class:`~tactical.app.panel.combatants.CombatantTable`, which
fills and lays out the rows; here the table is read (the tests and the status
bar ask for cells as a table widget's items), edited from the rows' menus, and
tells which combatant is selected (its details show under the table).
The view never writes the model: an edit is reported by a signal.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPoint, QRect, Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QInputDialog,
    QMenu,
    QTableView,
    QWidget,
)

from tactical.app.panel import row_menu
from tactical.app.panel.cells import STATUSES, CellDelegate, raw_figure, shown_figure
from tactical.app.panel.combatant_model import CombatantModel
from tactical.app.panel.row_columns import FIGURE_PREFIX
from tactical.app.panel.table_items import CellItem, HeaderItem
from tactical.app.panel.values import statuses_text
from tactical.core.encounter import Encounter
from tactical.rules import Action, Combatant


class CombatantView(QTableView):
    """The combatants' model in a table: reading its cells, editing from its menus."""

    figure_edited = Signal(str, str, str)
    """token id, figure name, text typed"""
    statuses_edited = Signal(str, str)
    """token id, the statuses cell as typed (``prone, bleeding 2``)"""
    status_set = Signal(str, str, object)
    """token id, status, stacks (None removes it)"""
    action_requested = Signal(object)
    """an :class:`Action` of the row's combatant"""
    selected = Signal(str)
    """the token id of the combatant the GM selected ("": none)"""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rows_model = CombatantModel(self)
        self.setModel(self.rows_model)
        self.encounter: Encounter | None = None
        self._rows: tuple[Combatant, ...] = ()
        self._labels: dict[str, str] = {}
        self._actions: dict[str, tuple[Action, ...]] = {}
        """The actions bound to a token, by token id."""
        self.folded: tuple[str, ...] = ()
        """The figure columns the width has no room for (``figure:`` keys)."""
        self.rest: list[tuple[str, str]] = []
        """The tracked figures no column shows (key, label): the selected row's details."""
        self.delegate = CellDelegate(self)
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
        self.verticalHeader().setMinimumSectionSize(1)
        self.verticalHeader().setDefaultSectionSize(row_height(self))
        self.setWordWrap(False)
        # Each column as wide as its content and header, set by the table when laid out;
        # not stretched: a stretched last column gets what is left of a narrow panel.
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.horizontalHeader().setStretchLastSection(False)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.customContextMenuRequested.connect(self._context_menu)
        self.selectionModel().currentRowChanged.connect(self._current_changed)

    def _current_changed(self, _current: QModelIndex, _previous: QModelIndex) -> None:
        self.selected.emit(self.selected_token())

    def selected_token(self) -> str:
        """The token id of the selected combatant ("" when none is).

        (Read from the model's rows: while new rows are being shown, the selection is
        still on the old ones, and is carried over to the same combatant.)"""
        rows = self.rows_model.rows
        row = self.currentIndex().row()
        return rows[row].token_id if 0 <= row < len(rows) else ""

    def _request(self, entry: QAction) -> None:
        if isinstance(action := entry.data(), Action):
            self.action_requested.emit(action)

    def _row_actions(self, row: Combatant) -> list[Action]:
        """A row's buttons: not for whoever acts now, whose actions are in the action bar."""
        return [] if row.acting else list(self._actions.get(row.token_id, ()))

    # -- reading (tests, the status bar) -------------------------------------

    def combatants(self) -> tuple[Combatant, ...]:
        """The rows shown, in order."""
        return self._rows

    def token_order(self) -> list[str]:
        return [row.token_id for row in self._rows]

    def row_of(self, token_id: str) -> int:
        """The table row of a combatant."""
        return self.rows_model.index_of(token_id)

    def column_of(self, key: str) -> int:
        return self.rows_model.column_of(key)

    def cell_text(self, token_id: str, key: str) -> str:
        """A cell's text (empty for a column the table does not show)."""
        col = self.column_of(key)
        item = self.item(self.row_of(token_id), col) if col >= 0 else None
        return item.text() if item is not None else ""

    def rowCount(self) -> int:
        """The table's rows: one per combatant."""
        return self.rows_model.rowCount()

    def columnCount(self) -> int:
        return self.rows_model.columnCount()

    def item(self, row: int, column: int) -> CellItem | None:
        """The cell at ``row``, ``column`` read as a table widget's item (None outside)."""
        index = self.rows_model.index(row, column)
        return CellItem(index, self.font()) if index.isValid() else None

    def horizontalHeaderItem(self, column: int) -> HeaderItem | None:
        """The header of ``column`` read as a table widget's item (None outside)."""
        inside = 0 <= column < self.rows_model.columnCount()
        return HeaderItem(self.rows_model, column) if inside else None

    def editItem(self, item: CellItem) -> None:
        """Open the editor of ``item``'s cell, as a double-click does."""
        self.setCurrentIndex(item.index)
        self.edit(item.index)

    def visualItemRect(self, item: CellItem) -> QRect:
        return self.visualRect(item.index)

    def acting_rows(self) -> list[int]:
        return [self.row_of(row.token_id) for row in self._rows if row.acting]

    # -- editing ----------------------------------------------------------------

    def _committed(self, token_id: str, key: str, text: str) -> None:
        if key.startswith(FIGURE_PREFIX):
            self.figure_edited.emit(token_id, key.removeprefix(FIGURE_PREFIX), text)
        elif key == STATUSES:
            self.statuses_edited.emit(token_id, text)

    def row_menu(self, table_row: int) -> QMenu:
        """A row's context menu: its combatant's actions, its figures no column shows,
        then statuses."""
        menu = QMenu(self)
        row = self._rows[table_row]
        for action in self._actions.get(row.token_id, ()):
            row_menu.add_action(menu, action, self.action_requested.emit)
        if not menu.isEmpty():
            menu.addSeparator()
        token = self.encounter.tokens.get(row.token_id) if self.encounter else None
        if token is None:
            return menu
        if self.rest:
            row_menu.add_figure_edits(
                menu, self._rest_figures(row), lambda key: self.edit_folded(token.id, key)
            )
            menu.addSeparator()
        row_menu.add_statuses(menu, token, self.status_set.emit, self._add_status)
        return menu

    def _rest_figures(self, row: Combatant) -> list[tuple[str, str, str]]:
        """(figure name, label, shown value) of each figure of ``row`` no column shows."""
        assert self.encounter is not None
        return [(n, label, shown_figure(self.encounter, row, n)) for n, label in self.rest]

    def edit_folded(self, token_id: str, name: str) -> None:
        """Ask for a figure no column shows, starting from its raw value; report a change."""
        if self.encounter is None:
            return
        raw = raw_figure(self.encounter, token_id, name)
        who = self._rows[self.rows_model.index_of(token_id)].name
        text = row_menu.ask_figure(self, f"{who}: {self._labels.get(name, name)}", raw)
        if text is not None and text != raw:
            self.figure_edited.emit(token_id, name, text)

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
        table_row = self.rowAt(pos.y())
        if 0 <= table_row < self.rows_model.rowCount():
            self.row_menu(table_row).exec(self.viewport().mapToGlobal(pos))


def row_height(table: QTableView) -> int:
    """A combatant's row: one line of text and a little padding (not the style's taller
    default: ten combatants fit a laptop screen); a row's menu button is made as tall."""
    return table.fontMetrics().lineSpacing() + row_menu.ROW_PADDING
