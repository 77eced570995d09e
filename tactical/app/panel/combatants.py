"""The combatants in the current order, with their figures and statuses, editable.

The table never writes the model itself: an edited cell emits a signal
(queued, so the editor has closed before the table changes) and the panel
turns it into an undoable command.

It fits the panel's width without scrolling sideways: figure columns that do
not fit fold into a detail line under each combatant (:mod:`.fold`), edited
from the row's menu or by double-clicking that line.

A view over :class:`~.combatant_model.CombatantModel`: rows are made when
painted, so 5,000 tokens cost next to nothing before the first frame; a
change to some combatants (the document's change sets say which tokens
changed) repaints their rows only, and lays the table out again only when the
order, the columns or a column's width must change.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSize, QTimer
from PySide6.QtGui import QFontMetricsF, QResizeEvent
from PySide6.QtWidgets import QAbstractItemView, QToolButton, QWidget

from tactical.app.panel import row_menu
from tactical.app.panel.cells import COLUMN_KEY, RAW_TEXT, TOKEN_ID, columns_of, two_lines
from tactical.app.panel.column_widths import MAX_COLUMN, ColumnWidth, cell_width, measure
from tactical.app.panel.combatant_model import DETAIL, detail_height, detail_text
from tactical.app.panel.combatant_view import CombatantView, row_height
from tactical.app.panel.fold import ELIDED, columns_to_fold, elided_width
from tactical.app.panel.style import dim_brush
from tactical.core.changes import ChangeSet
from tactical.core.encounter import Encounter
from tactical.rules import Action, Combatant

__all__ = [
    "COLUMN_KEY",
    "DETAIL",
    "MAX_COLUMN",
    "RAW_TEXT",
    "TOKEN_ID",
    "CombatantTable",
    "row_height",
    "two_lines",
]

SHOWN_AT_LEAST = 4
"""The combatants (with their detail lines) the table asks room for: a GM reads it every turn."""
LEAST_HEIGHT = 110
"""The table's least height while it has no rows to measure."""
FEW_CHANGED = 64
"""More changed combatants than this at once: the table is laid out again instead."""


class CombatantTable(CombatantView):
    """One row per combatant: name, side, order, the procedure's figures, statuses;
    under each, a detail line with the figures the width has no columns for."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._layout_key: tuple[object, ...] | None = None
        """The order and the columns the table was laid out for."""
        self._all_columns: list[tuple[str, str]] = []
        """Every column, the folded figures' too."""
        self._widths: dict[str, ColumnWidth] = {}
        self._dirty: set[str] | None = set()
        """Tokens changed since they were last shown (None: all of them)."""
        self._buttons: dict[int, QToolButton] = {}
        """The row menu buttons made so far, by combatant (made for the rows in view)."""
        self._room = -1
        self._detail_room = 0.0
        self._advances: dict[str, float] = {}
        self._scroll_pending = False
        self._refit = _soon(self, self._rebuild)
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
    ) -> None:
        """Show ``rows`` in order; ``actions`` bound to a token become buttons on its row."""
        rows = tuple(rows)
        by_token: dict[str, list[Action]] = {}
        for action in actions:
            if action.token_id is not None:
                by_token.setdefault(action.token_id, []).append(action)
        before_rows, before_actions, before = self._rows, self._actions, self.encounter
        self.encounter, self._rows, self._labels = encounter, rows, dict(figure_labels)
        self._actions = {token: tuple(found) for token, found in by_token.items()}
        dirty, self._dirty = self._dirty, set()
        columns = self._columns()
        key = (tuple(row.token_id for row in rows), tuple(columns))
        turn = [r.token_id for r in before_rows if r.acting] != [
            r.token_id for r in rows if r.acting
        ]
        if encounter is not before or key != self._layout_key:
            self._layout_key, self._all_columns = key, columns
            self._rebuild(scroll=True)
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
        return columns_of(self._rows, self._labels, buttons)

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

    def _rebuild(self, scroll: bool = False) -> None:
        """Measure every column, and fold the figure columns the room has no space for.

        ``scroll``: bring whoever acts into view; else the rows in view stay in view."""
        if self.encounter is None:
            return
        kept_place = self.verticalScrollBar().value()
        model = self.rows_model
        self._room = self.room()
        self._buttons.clear()  # a reset deletes the view's index widgets
        self._advances = {}
        self.clearSpans()
        model.font, model.dim = self.font(), dim_brush(self)
        columns = self._all_columns
        model.reset(self.encounter, self._rows, self._labels, columns)
        self._widths = measure(self, model)
        widths = [(key, self._widths[key].width) for key, _label in columns]
        folded = columns_to_fold(widths, self._room)
        widths = [(key, w) for key, w in widths if key not in folded]
        elided = elided_width(widths, self._room)
        self.folded = folded
        if folded:
            kept = sum(w for key, w in widths if key != ELIDED) + (elided or 0)
            self._detail_room = room = min(self._room, kept) - 16
            details = [self._detail(row, room) for row in self._rows]
            kept_columns = [c for c in columns if c[0] not in folded]
            model.reset(self.encounter, self._rows, self._labels, kept_columns, folded, details)
            self._lay_details(range(len(self._rows)))
        for col, (key, w) in enumerate(widths):
            self.horizontalHeader().resizeSection(col, elided if key == ELIDED and elided else w)
        self._scroll_pending = scroll  # done once the rebuilt rows are laid out
        self.updateGeometries()
        if not scroll:
            self.verticalScrollBar().setValue(kept_place)
        self.updateGeometry()  # its least height follows its rows (:meth:`minimumSizeHint`)
        self._place.start()

    def _detail(self, row: Combatant, room: float) -> str:
        assert self.encounter is not None
        return detail_text(self.encounter, row, self.folded, self._labels, room, self._advance)

    def _advance(self, text: str) -> float:
        """A text's width in the table's font, remembered (detail lines repeat their pairs)."""
        width = self._advances.get(text)
        if width is None:
            width = self._advances[text] = QFontMetricsF(self.font()).horizontalAdvance(text)
        return width

    def _lay_details(self, indexes: Sequence[int]) -> None:
        """Span the detail lines of ``indexes`` and give them their heights."""
        model = self.rows_model
        spacing = QFontMetricsF(self.font()).lineSpacing()
        columns = model.columnCount()
        for index in indexes:
            line = model.line_of(index) + 1
            if self.columnSpan(line, 0) != columns:
                self.setSpan(line, 0, 1, columns)
            height = detail_height(model.details[index], spacing)
            if height != self.rowHeight(line):  # a one-line detail keeps the default height
                self.verticalHeader().resizeSection(line, height)

    def _update(self, indexes: list[int], scroll: bool) -> None:
        """Repaint the combatants at ``indexes``; lay out again if a column must change width."""
        model = self.rows_model
        if self.folded:
            for index in indexes:
                model.details[index] = self._detail(self._rows[index], self._detail_room)
        model.rows_changed(indexes, self._rows)
        if self.folded:
            self._lay_details(indexes)
        if self._widths_changed(indexes):
            self._rebuild(scroll)
            return
        col = model.column_of("actions")
        for index in indexes:
            button = self._buttons.pop(index, None)
            if button is not None and col >= 0:
                at = model.index(model.line_of(index), col)
                self.setIndexWidget(at, None)  # type: ignore[arg-type]  # Qt takes none: removed
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
                width = min(cell_width(self, model, index, col), MAX_COLUMN)
                if width > known.width or (index in known.widest and width < known.width):
                    return True
        return False

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
        for line in range(first, (last if last >= 0 else lines - 1) + 1):
            index, detail = self.rows_model.combatant_at(line)
            if not detail:
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
        self.setIndexWidget(self.rows_model.index(self.rows_model.line_of(index), col), button)
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


def least_height(table: CombatantTable) -> int:
    """Room for the first :data:`SHOWN_AT_LEAST` combatants and their detail lines, so a
    short panel squeezes the other sections (or scrolls) before the table."""
    model = table.rows_model
    lines = min(model.rowCount(), model.line_of(SHOWN_AT_LEAST))
    rows = sum(table.rowHeight(line) for line in range(lines))
    header = table.horizontalHeader().sizeHint().height()
    return max(LEAST_HEIGHT, rows + header + 2 * table.frameWidth())
