"""The combatant table's rows as a Qt model: each cell made when the view asks for it.

A big map's 5,000 tokens used to cost 40,000 table items (and their flags,
fonts and brushes) before the first frame; now the view asks for the rows it
paints, and a change to one combatant repaints its rows only
(:meth:`CombatantModel.rows_changed`). With figures folded (:mod:`.fold`),
each combatant has two model rows: its cells, then its detail line.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, QSize, Qt
from PySide6.QtGui import QBrush, QFont, QFontMetricsF

from tactical.app.panel.cells import (
    COLUMN_KEY,
    RAW_TEXT,
    SECRET,
    STATUSES,
    TOKEN_ID,
    cell_text,
    cell_tooltip,
    raw_text,
    shown_figure,
    swatch,
    two_lines,
)
from tactical.app.panel.fold import FIGURE_PREFIX, pack, pair
from tactical.app.panel.style import ACTING
from tactical.app.plain_text import tooltip
from tactical.core.encounter import Encounter
from tactical.rules import Combatant

DETAIL = "detail"
"""The column key of a combatant's detail line (its folded figures)."""
DETAIL_TIP = "Double-click or right-click to edit these figures"
DETAIL_PADDING = 8
"""Pixels above and below a detail line's text (as a row's)."""

AnyIndex = QModelIndex | QPersistentModelIndex
_ROLE = Qt.ItemDataRole
_ACTING = QBrush(ACTING)


class CombatantModel(QAbstractTableModel):
    """The combatants in order, by column key; a detail line under each when figures fold."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.encounter: Encounter | None = None
        self.rows: tuple[Combatant, ...] = ()
        self.columns: list[tuple[str, str]] = []
        self.labels: dict[str, str] = {}
        self.folded: tuple[str, ...] = ()
        self.details: list[str] = []
        """Per combatant: its detail line, packed (empty list when nothing folds)."""
        self.font = QFont()
        """The view's font: the acting row's is its bold, an out row's struck through."""
        self.dim = QBrush()
        """The text colour of done, out and secret cells (the palette's disabled text)."""
        self._index: dict[str, int] = {}

    # -- filling ------------------------------------------------------------------

    def reset(
        self,
        encounter: Encounter,
        rows: tuple[Combatant, ...],
        labels: dict[str, str],
        columns: list[tuple[str, str]],
        folded: tuple[str, ...] = (),
        details: Sequence[str] = (),
    ) -> None:
        """Show ``rows`` with ``columns``; ``details`` are their detail lines when folded."""
        self.beginResetModel()
        self.encounter, self.rows, self.labels = encounter, rows, labels
        self.columns, self.folded, self.details = columns, folded, list(details)
        self._index = {}
        self.endResetModel()

    def rows_changed(self, indexes: Sequence[int], rows: tuple[Combatant, ...]) -> None:
        """Take ``rows`` (same tokens, same order) and repaint the combatants at ``indexes``."""
        self.rows = rows
        last = len(self.columns) - 1
        for index in indexes:
            first_line = self.line_of(index)
            end_line = first_line + (1 if self.folded else 0)
            self.dataChanged.emit(self.index(first_line, 0), self.index(end_line, last))

    def index_of(self, token_id: str) -> int:
        """A combatant's place in the order (ValueError when it has no row)."""
        if not self._index:
            self._index = {row.token_id: i for i, row in enumerate(self.rows)}
        if token_id not in self._index:
            raise ValueError(f"{token_id!r} has no row")
        return self._index[token_id]

    # -- lines ----------------------------------------------------------------------

    def line_of(self, index: int) -> int:
        """The model row of the combatant at ``index`` (its detail line is the next)."""
        return 2 * index if self.folded else index

    def combatant_at(self, line: int) -> tuple[int, bool]:
        """The combatant's index of a model row, and whether that row is its detail line."""
        if self.folded:
            return line // 2, line % 2 == 1
        return line, False

    def key_of(self, column: int) -> str:
        return self.columns[column][0] if 0 <= column < len(self.columns) else ""

    def column_of(self, key: str) -> int:
        return next((c for c, (k, _label) in enumerate(self.columns) if k == key), -1)

    # -- the model's questions ----------------------------------------------------------

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        if parent.isValid():
            return 0
        return len(self.rows) * (2 if self.folded else 1)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.columns)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(self.columns):
            return None
        key, label = self.columns[section]
        if role == _ROLE.DisplayRole:
            return two_lines(label)
        if role == _ROLE.ToolTipRole:
            return tooltip(label) if label else None
        if role == COLUMN_KEY:
            return key
        return None

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        if not index.isValid() or self.encounter is None:
            return Qt.ItemFlag.NoItemFlags
        row_index, detail = self.combatant_at(index.row())
        if detail:  # a click keeps its name row in view; its figures are edited from the menu
            return Qt.ItemFlag.ItemIsEnabled
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        key = self.key_of(index.column())
        editable = key.startswith(FIGURE_PREFIX) or key == STATUSES
        if editable and self.rows[row_index].token_id in self.encounter.tokens:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def data(self, index: AnyIndex, role: int = 0) -> Any:
        encounter = self.encounter
        if encounter is None or not index.isValid():
            return None
        row_index, detail = self.combatant_at(index.row())
        if row_index >= len(self.rows):
            return None
        row = self.rows[row_index]
        key = DETAIL if detail else self.key_of(index.column())
        if detail and index.column() != 0:
            return None  # under the span of column 0
        answer = _STYLE.get(role)
        if answer is not None:
            return answer(self, row, key)
        if role in (_ROLE.DisplayRole, _ROLE.EditRole):
            if detail:
                return self.details[row_index] if row_index < len(self.details) else ""
            return cell_text(encounter, row, key) if key not in ("side", "actions") else None
        if role == TOKEN_ID:
            return row.token_id
        if role == COLUMN_KEY:
            return key
        if role == RAW_TEXT:
            return raw_text(encounter, row, key)
        if role == _ROLE.ToolTipRole:
            text = DETAIL_TIP if detail else cell_tooltip(encounter, row, key)
            return tooltip(text) if text else None
        if role == _ROLE.DecorationRole and key == "side":
            side = encounter.sides.get(row.side)
            return swatch(side.color) if side is not None else None
        if role == _ROLE.AccessibleTextRole and key == "side":
            side = encounter.sides.get(row.side)
            return side.name if side else row.side
        if role == SECRET and key == "declared" and row.secret:
            return "secret"
        if role == _ROLE.SizeHintRole and detail:
            return QSize(1, detail_height(self.details[row_index], self._line_spacing()))
        if role == _ROLE.TextAlignmentRole and detail:
            return int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        return None

    def _line_spacing(self) -> float:
        return QFontMetricsF(self.font).lineSpacing()

    # -- styles ------------------------------------------------------------------------

    def _font(self, row: Combatant, key: str) -> QFont | None:
        """The acting row bold, an out row struck through; a detail line never bold."""
        if not (row.acting or row.out):
            return None
        font = QFont(self.font)
        font.setBold(row.acting and key != DETAIL)
        font.setStrikeOut(row.out)
        return font

    def _foreground(self, row: Combatant, key: str) -> QBrush | None:
        """Out and done rows dim, and a declaration only the GM sees."""
        if row.out or row.done or (key == "declared" and row.secret):
            return self.dim
        return None

    def _background(self, row: Combatant, key: str) -> QBrush | None:
        return _ACTING if row.acting else None


_STYLE: dict[int, Callable[[CombatantModel, Combatant, str], Any]] = {
    _ROLE.FontRole: CombatantModel._font,
    _ROLE.ForegroundRole: CombatantModel._foreground,
    _ROLE.BackgroundRole: CombatantModel._background,
}


def detail_height(text: str, line_spacing: float) -> int:
    """The height of a detail line of ``text`` (its packed lines, and the row's padding)."""
    return round((text.count("\n") + 1) * line_spacing) + DETAIL_PADDING


def detail_text(
    encounter: Encounter,
    row: Combatant,
    folded: Sequence[str],
    labels: dict[str, str],
    room: float,
    advance: Callable[[str], float],
) -> str:
    """A combatant's folded figures as whole pairs, on as many lines as ``room`` needs."""
    names = [key.removeprefix(FIGURE_PREFIX) for key in folded]
    pairs = [pair(labels[n], shown_figure(encounter, row, n)) for n in names]
    return "\n".join(pack(pairs, room, advance))
