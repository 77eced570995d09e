"""The combatants in the current order, one line each, editable.

A row shows the figures that matter at the procedure's step (:mod:`.row_columns`)
and the statuses; the other figures show for the selected combatant under the
table (:mod:`.details`). The table never writes the model itself: an edited
cell emits a signal (queued, so the editor has closed before the table
changes) and the panel turns it into an undoable command.

It fits the panel's width without scrolling sideways: a figure column that
does not fit folds into the details (:mod:`.fold`).

A view over :class:`~.combatant_model.CombatantModel`: rows are made when
painted, so 5,000 tokens cost next to nothing before the first frame; a
change to some combatants (the document's change sets say which tokens
changed) repaints their rows only, and lays the table out again only when the
order, the columns or a column's width must change.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QModelIndex, QSize, QTimer, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QAbstractItemView, QToolButton, QWidget

from tactical.app.panel import row_menu
from tactical.app.panel.cells import COLUMN_KEY, RAW_TEXT, TOKEN_ID, columns_of, two_lines
from tactical.app.panel.column_widths import (
    MAX_COLUMN,
    ColumnWidth,
    bounded,
    cell_width,
    cell_widths,
    measure,
)
from tactical.app.panel.combatant_view import CombatantView, row_height
from tactical.app.panel.fold import ELIDED, columns_to_fold, elided_width
from tactical.app.panel.row_columns import rest
from tactical.app.panel.style import dim_brush
from tactical.core.changes import ChangeSet
from tactical.core.encounter import Encounter
from tactical.rules import Action, Combatant, RowFigure

__all__ = [
    "COLUMN_KEY",
    "MAX_COLUMN",
    "RAW_TEXT",
    "TOKEN_ID",
    "CombatantTable",
    "row_height",
    "two_lines",
]

SHOWN_AT_LEAST = 10
"""The combatants the table asks room for: the GM reads the whole order at a glance."""
LEAST_HEIGHT = 110
"""The table's least height while it has no rows to measure."""
FEW_CHANGED = 64
"""More changed combatants than this at once: the table is laid out again instead."""


class CombatantTable(CombatantView):
    """One row per combatant: its side's colour and name, order, the figures that matter
    now, statuses."""

    laid_out = Signal()
    """The columns were measured again (the figures no column shows may have changed)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._layout_key: tuple[object, ...] | None = None
        """The order and the columns the table was laid out for."""
        self._all_columns: list[tuple[str, str]] = []
        """Every column, the folded figures' too."""
        self._figures: tuple[RowFigure, ...] = ()
        self._widths: dict[str, ColumnWidth] = {}
        self._cells: tuple[str, dict[str, ColumnWidth]] | None = None
        """The cells' widths measured last and the font they were measured in: a new width
        of the table (the panel docked and shown, the GM resizing it) measures no cell."""
        self._dirty: set[str] | None = set()
        """Tokens changed since they were last shown (None: all of them)."""
        self._buttons: dict[int, QToolButton] = {}
        """The row menu buttons made so far, by combatant (made for the rows in view)."""
        self._room = -1
        self._scroll_pending = False
        self._refit = _soon(self, lambda: self._rebuild(cells_kept=True))
        self._place = _soon(self, self._place_buttons)
        self.verticalScrollBar().valueChanged.connect(lambda _v: self._place.start())

    # -- filling --------------------------------------------------------------

    def note_changes(self, changes: ChangeSet) -> None:
        """Remember which tokens ``changes`` touched: their rows are repainted when next shown."""
        tokens = changes.get("tokens")
        if changes.get("sides") is not None or (tokens is not None and not tokens.ids):
            self._dirty = None
        elif tokens is not None and self._dirty is not None:
            self._dirty |= tokens.ids
            if len(self._dirty) > FEW_CHANGED:
                self._dirty = None

    def show_combatants(
        self,
        encounter: Encounter,
        rows: Sequence[Combatant],
        figure_labels: dict[str, str],
        actions: Sequence[Action] = (),
        figures: Sequence[RowFigure] | None = None,
    ) -> None:
        """Show ``rows`` in order with the columns of ``figures`` (None: every tracked
        figure of ``figure_labels``); ``actions`` bound to a token become buttons on its row."""
        rows = tuple(rows)
        if figures is None:
            figures = [RowFigure(label, (key,)) for key, label in figure_labels.items()]
        self._figures = tuple(figures)
        by_token: dict[str, list[Action]] = {}
        for action in actions:
            if action.token_id is not None:
                by_token.setdefault(action.token_id, []).append(action)
        before_rows, before_actions, before = self._rows, self._actions, self.encounter
        self.encounter, self._rows, self._labels = encounter, rows, dict(figure_labels)
        self._actions = {token: tuple(found) for token, found in by_token.items()}
        dirty, self._dirty = self._dirty, set()
        columns = self._columns()
        key = (tuple(row.token_id for row in rows), tuple(columns), tuple(self._labels))
        turn = [r.token_id for r in before_rows if r.acting] != [
            r.token_id for r in rows if r.acting
        ]
        if turn:
            self.setCurrentIndex(QModelIndex())  # the details follow whoever acts now
        if encounter is not before or key != self._layout_key:
            # A new order brings whoever acts into view; a column come or gone (the first
            # status given) leaves the GM's place.
            same_order = self._layout_key is not None and self._layout_key[0] == key[0]
            self._layout_key, self._all_columns = key, columns
            self._rebuild(scroll=turn or encounter is not before or not same_order)
            return
        if dirty is None:
            self._rebuild(scroll=turn)
            return
        changed = [
            i
            for i, (old, new) in enumerate(zip(before_rows, rows, strict=True))
            if old != new
            or new.token_id in dirty
            or before_actions.get(new.token_id) != self._actions.get(new.token_id)
        ]
        if len(changed) > FEW_CHANGED:
            self._rebuild(scroll=turn)
        elif changed:
            self._update(changed, scroll=turn)

    def _columns(self) -> list[tuple[str, str]]:
        """The columns for the rows now (a menu button's column when a row has actions)."""
        actions = self._actions
        buttons = bool(actions) and any(
            not row.acting and row.token_id in actions for row in self._rows
        )
        return columns_of(self._rows, self._figures, buttons)

    def updateGeometries(self) -> None:
        super().updateGeometries()
        if self._scroll_pending and self.verticalScrollBar().maximum() > 0:
            self._scroll_pending = False
            self.scroll_to_acting()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.encounter is not None and self.room() != self._room:
            self._refit.start()  # another width folds other columns, once the resizing is over
        self._place.start()

    def settled(self) -> bool:
        """Whether the columns are laid out for the table's width now (none is pending)."""
        return not self._refit.isActive() and self._room == self.room()

    def room(self) -> int:
        """The width the columns may take: inside the frame, beside a vertical scrollbar
        (counted always, so showing one never changes what folds)."""
        return self.width() - 2 * self.frameWidth() - self.verticalScrollBar().sizeHint().width()

    def scroll_to_acting(self) -> None:
        """Bring whoever acts now into view (a long list scrolled elsewhere follows the turn)."""
        acting = self.acting_rows()
        if acting:
            index = self.rows_model.index(acting[0], 0)
            self.scrollTo(index, QAbstractItemView.ScrollHint.EnsureVisible)

    def _rebuild(self, scroll: bool = False, cells_kept: bool = False) -> None:
        """Measure every column, and fold the figure columns the room has no space for.

        ``scroll``: bring whoever acts into view; else the rows in view stay in view.
        ``cells_kept``: only the room changed, the cells are as wide as last measured."""
        if self.encounter is None:
            return
        kept_place = self.verticalScrollBar().value()
        chosen = self.selected_token()
        model = self.rows_model
        self._room = self.room()
        self._buttons.clear()  # a reset deletes the view's index widgets
        model.font, model.dim = self.font(), dim_brush(self)
        columns = self._all_columns
        # Headers on one line (the rows lower), two when the width is short of room.
        model.split_headers = False
        model.reset(self.encounter, self._rows, self._labels, columns)
        kept = self._cells
        if cells_kept and kept is not None and kept[0] == model.font.key():
            cells = kept[1]
        else:
            cells = cell_widths(self, model)
            self._cells = (model.font.key(), cells)
        self._widths = measure(self, model, cells)
        widths = [(key, self._widths[key].width) for key, _label in columns]
        if sum(width for _key, width in widths) > self._room:
            model.split_headers = True
            model.reset(self.encounter, self._rows, self._labels, columns)
            self._widths = measure(self, model, cells)  # the same cells: only headers change
            widths = [(key, self._widths[key].width) for key, _label in columns]
        folded = columns_to_fold(widths, self._room)
        widths = [(key, w) for key, w in widths if key not in folded]
        elided = elided_width(widths, self._room)
        self.folded = folded
        shown = [c for c in columns if c[0] not in folded]
        self.rest = rest(self._labels, [key for key, _label in shown])
        if folded:
            model.reset(self.encounter, self._rows, self._labels, shown)
        for col, (key, w) in enumerate(widths):
            self.horizontalHeader().resizeSection(col, elided if key == ELIDED and elided else w)
        if chosen and chosen in self.token_order():  # a reset forgets the selection
            self.setCurrentIndex(model.index(model.index_of(chosen), 0))
        self._scroll_pending = scroll  # done once the rebuilt rows are laid out
        self.updateGeometries()
        if not scroll:
            self.verticalScrollBar().setValue(kept_place)
        self.updateGeometry()  # its least height follows its rows (:meth:`minimumSizeHint`)
        self._place.start()
        self.laid_out.emit()

    def _update(self, indexes: list[int], scroll: bool) -> None:
        """Repaint the combatants at ``indexes``; lay out again if a column must change width."""
        model = self.rows_model
        model.rows_changed(indexes, self._rows)
        self._cells = None  # their texts changed: measured again when the room changes
        if self._widths_changed(indexes):
            self._rebuild(scroll)
            return
        col = model.column_of("actions")
        for index in indexes:
            button = self._buttons.pop(index, None)
            if button is not None and col >= 0:
                at = model.index(index, col)
                self.setIndexWidget(at, None)  # type: ignore[arg-type]  # Qt takes none: removed
                button.hide()  # Qt forgets it but leaves it on screen until it is deleted
                button.deleteLater()
        self._place.start()
        if scroll:
            self._scroll_pending = True
            self.updateGeometries()

    def _widths_changed(self, indexes: Sequence[int]) -> bool:
        """Whether a cell of ``indexes`` is wider than its column, or was its widest and shrank."""
        model = self.rows_model
        for col, (key, _label) in enumerate(model.columns):
            known = self._widths.get(key)
            if known is None or key in ("side", "actions"):
                continue
            for index in indexes:
                width = bounded(key, cell_width(self, model, index, col))
                if width > known.width or (index in known.widest and width < known.width):
                    return True
        return False

    def sizeHint(self) -> QSize:
        """Room for every combatant (a short panel gives it less: it scrolls)."""
        return QSize(super().sizeHint().width(), least_height(self, self.rows_model.rowCount()))

    def minimumSizeHint(self) -> QSize:
        """Room for the first :data:`SHOWN_AT_LEAST` combatants (see :func:`least_height`)."""
        return QSize(super().minimumSizeHint().width(), least_height(self))

    # -- the row menu buttons ---------------------------------------------------

    def _place_buttons(self) -> None:
        """The menu buttons of the rows in view (a long list's other rows have none yet)."""
        lines = self.rows_model.rowCount()
        if self.rows_model.column_of("actions") < 0 or not lines:
            return
        first = max(self.rowAt(0), 0)
        last = self.rowAt(self.viewport().height() - 1)
        for index in range(first, (last if last >= 0 else lines - 1) + 1):
            self._button(index)

    def _button(self, index: int) -> QToolButton | None:
        """The menu button of the combatant at ``index`` (made when first needed)."""
        col = self.rows_model.column_of("actions")
        if col < 0:
            return None
        if index in self._buttons:
            return self._buttons[index]
        actions = self._row_actions(self._rows[index])
        if not actions:
            return None
        button = row_menu.actions_button(actions, self._request)
        self.setIndexWidget(self.rows_model.index(index, col), button)
        self._buttons[index] = button
        return button

    def row_actions_button(self, token_id: str) -> QToolButton | None:
        if token_id not in self.token_order():
            return None
        return self._button(self.rows_model.index_of(token_id))


def _soon(parent: QWidget, slot: object) -> QTimer:
    """A single-shot timer that runs ``slot`` on the event loop's next turn."""
    timer = QTimer(parent)
    timer.setSingleShot(True)
    timer.setInterval(0)
    timer.timeout.connect(slot)
    return timer


def least_height(table: CombatantTable, shown: int = SHOWN_AT_LEAST) -> int:
    """Room for the first ``shown`` combatants, so a short panel folds the other sections
    (or scrolls) before the table does."""
    lines = min(table.rows_model.rowCount(), shown)
    rows = lines * table.verticalHeader().defaultSectionSize()  # every row is one line
    header = table.horizontalHeader().sizeHint().height()
    return max(LEAST_HEIGHT, rows + header + 2 * table.frameWidth())
