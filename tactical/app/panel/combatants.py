"""The combatants in the current order, with their figures and statuses, editable.

The table never writes the model itself: an edited cell emits a signal
(queued, so the editor has closed before the table is rebuilt) and the panel
turns it into an undoable command.

It fits the panel's width without scrolling sideways: figure columns that do
not fit fold into a detail line under each combatant (:mod:`.fold`), edited
from the row's menu or by double-clicking that line.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QPoint, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QCursor, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QInputDialog,
    QMenu,
    QTableWidget,
    QTableWidgetItem,
    QToolButton,
    QWidget,
)

from tactical.app.panel import row_menu
from tactical.app.panel.cells import (
    COLUMN_KEY,
    RAW_TEXT,
    STATUSES,
    TOKEN_ID,
    CellDelegate,
    columns_of,
    detail_item,
    make_cell,
    mark,
    raw_figure,
    shown_figure,
    style,
    token_raw,
    two_lines,
)
from tactical.app.panel.fold import ELIDED, FIGURE_PREFIX, columns_to_fold, elided_width, pair
from tactical.app.panel.style import bold, dim_brush
from tactical.app.panel.values import statuses_text
from tactical.app.plain_text import set_tooltip
from tactical.core.encounter import Encounter
from tactical.rules import Action, Combatant

__all__ = ["COLUMN_KEY", "DETAIL", "RAW_TEXT", "TOKEN_ID", "CombatantTable", "two_lines"]

MAX_COLUMN = 220
"""Pixels; a longer cell (a declaration) is elided and shown whole in its tooltip."""
SHOWN_AT_LEAST = 4
"""The combatants (with their detail lines) the table asks room for: a GM reads it every turn."""
LEAST_HEIGHT = 110
"""The table's least height while it has no rows to measure."""
DETAIL = "detail"
"""The column key of a combatant's detail line (its folded figures)."""


@dataclass(frozen=True)
class _Shown:
    """Everything a rebuild depends on: equal means the table is already right."""

    rows: tuple[Combatant, ...]
    figure_labels: tuple[tuple[str, str], ...]
    raw: tuple[object, ...]
    actions: tuple[Action, ...]


class CombatantTable(QTableWidget):
    """One row per combatant: name, side, order, the procedure's figures, statuses;
    under each, a detail line with the figures the width has no columns for."""

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
        self._labels: dict[str, str] = {}
        self._lines: list[tuple[int, bool]] = []
        """Per table row: the combatant's index, and whether it is its detail line."""
        self.folded: tuple[str, ...] = ()
        """The figure columns shown on the detail lines instead (``figure:`` keys)."""
        self._room = -1
        self._refit = QTimer(self)
        self._refit.setSingleShot(True)
        self._refit.setInterval(0)
        self._refit.timeout.connect(self._rebuild)
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
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        # Not stretched: a stretched last column gets what is left of a narrow panel, and
        # "Statuses" was cut to "Stat"; every column is as wide as its content and header.
        self.horizontalHeader().setStretchLastSection(False)
        self.horizontalHeader().setMaximumSectionSize(MAX_COLUMN)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.customContextMenuRequested.connect(self._context_menu)
        self.itemDoubleClicked.connect(self._double_clicked)

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
        raw = tuple((row.token_id, *token_raw(encounter, row.token_id)) for row in rows)
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
        self._labels = dict(figure_labels)
        self._rebuild()
        self._scroll_pending = True  # done once the rebuilt rows are laid out
        self.updateGeometries()

    def updateGeometries(self) -> None:
        super().updateGeometries()
        if getattr(self, "_scroll_pending", False) and self.verticalScrollBar().maximum() > 0:
            self._scroll_pending = False
            self.scroll_to_acting()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self._shown is not None and self.room() != self._room:
            self._refit.start()  # another width folds other columns, once the resizing is over

    def room(self) -> int:
        """The width the columns may take: inside the frame, beside a vertical scrollbar
        (counted always, so showing one never changes what folds)."""
        return self.width() - 2 * self.frameWidth() - self.verticalScrollBar().sizeHint().width()

    def scroll_to_acting(self) -> None:
        """Bring whoever acts now into view (a long list scrolled elsewhere follows the turn)."""
        acting = self.acting_rows()
        item = self.item(acting[0], 0) if acting else None
        if item is not None:
            self.scrollToItem(item, QAbstractItemView.ScrollHint.EnsureVisible)

    def _columns(self) -> list[tuple[str, str]]:
        buttons = any(self._row_actions(row) for row in self._rows)
        return columns_of(self._rows, self._labels, buttons)

    def _rebuild(self) -> None:
        """Fill every column, measure, and fold the figure columns the room has no space for."""
        self._room = self.room()
        columns = self._columns()
        self._fill(columns, ())
        widths = [(key, self._column_width(col)) for col, (key, _label) in enumerate(columns)]
        folded = columns_to_fold(widths, self._room)
        widths = [(key, w) for key, w in widths if key not in folded]
        elided = elided_width(widths, self._room)
        if folded:
            kept = sum(w for key, w in widths if key != ELIDED) + (elided or 0)
            self._fill([c for c in columns if c[0] not in folded], folded, min(self._room, kept))
        self._put_buttons()
        if elided is not None:  # the declaration gives the others room; its tooltip is whole
            col = self.column_of(ELIDED)
            self.horizontalHeader().setSectionResizeMode(col, QHeaderView.ResizeMode.Fixed)
            self.horizontalHeader().resizeSection(col, elided)
        self.updateGeometry()  # its least height follows its rows (:meth:`minimumSizeHint`)

    def minimumSizeHint(self) -> QSize:
        """Room for the first :data:`SHOWN_AT_LEAST` combatants (see :func:`least_height`)."""
        return QSize(super().minimumSizeHint().width(), least_height(self, self._lines))

    def _column_width(self, col: int) -> int:
        hint = max(self.sizeHintForColumn(col), self.horizontalHeader().sectionSizeHint(col))
        if col == self.column_of("actions"):  # measured before its buttons are made
            hint = max(hint, self.fontMetrics().horizontalAdvance(row_menu.ROW_BUTTON) + 24)
        return min(hint, MAX_COLUMN)

    def _fill(self, columns: list[tuple[str, str]], folded: tuple[str, ...], span: int = 0) -> None:
        """Lay out ``columns``; with ``folded`` figures, a detail line ``span`` pixels wide."""
        assert self.encounter is not None
        self.folded = folded
        self._lines = [(i, detail) for i in range(len(self._rows)) for detail in (False, True)]
        self._lines = [(i, detail) for i, detail in self._lines if folded or not detail]
        self.clear()
        self.clearSpans()
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.setColumnCount(len(columns))
        self.setRowCount(len(self._lines))
        for col, (key, label) in enumerate(columns):
            header = QTableWidgetItem(two_lines(label))
            header.setData(COLUMN_KEY, key)
            set_tooltip(header, label)
            self.setHorizontalHeaderItem(col, header)
        for table_row, (index, detail) in enumerate(self._lines):
            row = self._rows[index]
            if detail:
                self._put_detail(table_row, row, len(columns), span)
                continue
            token = self.encounter.tokens.get(row.token_id)
            for col, (key, _label) in enumerate(columns):
                if key == "actions":
                    continue  # its buttons come once the columns are settled
                item = make_cell(self.encounter, row, key)
                editable = token is not None and (key.startswith(FIGURE_PREFIX) or key == STATUSES)
                self._place(table_row, col, item, row, key, editable)

    def _request(self, entry: QAction) -> None:
        if isinstance(action := entry.data(), Action):
            self.action_requested.emit(action)

    def _put_buttons(self) -> None:
        """Each row's menu button of its actions, made once per rebuild."""
        col = self.column_of("actions")
        for table_row, (index, detail) in enumerate(self._lines):
            if col >= 0 and not detail and (actions := self._row_actions(self._rows[index])):
                button = row_menu.actions_button(actions, self._request)
                self.setCellWidget(table_row, col, button)

    def _place(
        self, table_row: int, col: int, item: QTableWidgetItem, row: Combatant, key: str, edit: bool
    ) -> None:
        mark(item, row.token_id, key, edit)
        style(item, row, dim_brush(self))
        self.setItem(table_row, col, item)

    def _put_detail(self, table_row: int, row: Combatant, span: int, width: int) -> None:
        """The folded figures as whole pairs, on as many lines as the width needs."""
        assert self.encounter is not None
        pairs = [pair(label, value) for _key, label, value in self._folded_figures(row)]
        item, height = detail_item(pairs, width, self.font())
        self._place(table_row, 0, item, row, DETAIL, False)
        item.setFont(bold(item.font(), False))  # under the acting name, not as loud as it
        item.setFlags(Qt.ItemFlag.ItemIsEnabled)  # a click keeps its name row in view
        self.setSpan(table_row, 0, 1, span)
        self.setRowHeight(table_row, height)

    def _folded_figures(self, row: Combatant) -> list[tuple[str, str, str]]:
        """(figure name, label, shown value) of each folded figure of ``row``."""
        assert self.encounter is not None
        names = [key.removeprefix(FIGURE_PREFIX) for key in self.folded]
        return [(n, self._labels[n], shown_figure(self.encounter, row, n)) for n in names]

    def _row_actions(self, row: Combatant) -> list[Action]:
        """A row's buttons: not for whoever acts now, whose actions are in the action bar."""
        return [] if row.acting else [a for a in self._actions if a.token_id == row.token_id]

    # -- reading (tests, the status bar) -------------------------------------

    def token_order(self) -> list[str]:
        return [row.token_id for row in self._rows]

    def row_of(self, token_id: str) -> int:
        """The table row of a combatant's cells (its detail line is the next row)."""
        index = self.token_order().index(token_id)
        return self._lines.index((index, False))

    def column_of(self, key: str) -> int:
        for col in range(self.columnCount()):
            header = self.horizontalHeaderItem(col)
            if header is not None and header.data(COLUMN_KEY) == key:
                return col
        return -1

    def cell_text(self, token_id: str, key: str) -> str:
        """A cell's text; ``detail`` is the combatant's detail line (empty when none)."""
        if key == DETAIL:
            row, col = self.row_of(token_id) + 1, 0
            if row >= self.rowCount() or self._lines[row][1] is False:
                return ""
        else:
            row, col = self.row_of(token_id), self.column_of(key)
        item = self.item(row, col) if col >= 0 else None
        return item.text() if item is not None else ""

    def acting_rows(self) -> list[int]:
        return [self.row_of(row.token_id) for row in self._rows if row.acting]

    def row_actions_button(self, token_id: str) -> QToolButton | None:
        col = self.column_of("actions")
        if col < 0 or token_id not in self.token_order():
            return None
        widget = self.cellWidget(self.row_of(token_id), col)
        return widget if isinstance(widget, QToolButton) else None

    # -- editing ----------------------------------------------------------------

    def _committed(self, token_id: str, key: str, text: str) -> None:
        if key.startswith(FIGURE_PREFIX):
            self.figure_edited.emit(token_id, key.removeprefix(FIGURE_PREFIX), text)
        elif key == STATUSES:
            self.statuses_edited.emit(token_id, text)

    def row_menu(self, table_row: int) -> QMenu:
        """A row's context menu: its combatant's actions, folded figures, then statuses."""
        menu = QMenu(self)
        row = self._rows[self._lines[table_row][0]]
        for action in (a for a in self._actions if a.token_id == row.token_id):
            row_menu.add_action(menu, action, self.action_requested.emit)
        if not menu.isEmpty():
            menu.addSeparator()
        token = self.encounter.tokens.get(row.token_id) if self.encounter else None
        if token is None:
            return menu
        if self.folded:
            row_menu.add_figure_edits(
                menu, self._folded_figures(row), lambda key: self.edit_folded(token.id, key)
            )
            menu.addSeparator()
        row_menu.add_statuses(menu, token, self.status_set.emit, self._add_status)
        return menu

    def edit_folded(self, token_id: str, name: str) -> None:
        """Ask for a folded figure, starting from its raw value; report a change."""
        if self.encounter is None:
            return
        raw = raw_figure(self.encounter, token_id, name)
        who = self._rows[self.token_order().index(token_id)].name
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

    def _double_clicked(self, item: QTableWidgetItem) -> None:
        if item.data(COLUMN_KEY) == DETAIL:  # its figures are edited from the row's menu
            self.row_menu(item.row()).exec(QCursor.pos())

    def _context_menu(self, pos: QPoint) -> None:
        table_row = self.rowAt(pos.y())
        if 0 <= table_row < len(self._lines):
            self.row_menu(table_row).exec(self.viewport().mapToGlobal(pos))


def row_height(table: QTableWidget) -> int:
    """A combatant's row: one line of text and its padding, or a row's menu button
    (not the style's taller default: the table shows more combatants)."""
    probe = QToolButton()
    probe.setText(row_menu.ROW_BUTTON)
    button = probe.sizeHint().height()
    probe.deleteLater()
    return max(table.fontMetrics().lineSpacing() + 8, button)


def least_height(table: QTableWidget, lines: Sequence[tuple[int, bool]]) -> int:
    """Room for the first :data:`SHOWN_AT_LEAST` combatants and their detail lines, so a
    short panel squeezes the other sections (or scrolls) before the table."""
    rows = sum(table.rowHeight(r) for r, (index, _d) in enumerate(lines) if index < SHOWN_AT_LEAST)
    header = table.horizontalHeader().sizeHint().height()
    return max(LEAST_HEIGHT, rows + header + 2 * table.frameWidth())
