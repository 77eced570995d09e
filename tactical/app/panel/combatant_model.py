"""The combatant table's rows as a Qt model: each cell made when the view asks for it.

A big map's 5,000 tokens used to cost 40,000 table items (and their flags,
fonts and brushes) before the first frame; now the view asks for the rows it
paints, and a change to one combatant repaints its row only
(:meth:`CombatantModel.rows_changed`). One row per combatant: the figures that
do not matter now show for the selected one under the table (:mod:`.details`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QFont

from tactical.app.panel.cells import (
    COLUMN_KEY,
    RAW_TEXT,
    SECRET,
    STATUSES,
    TOKEN_ID,
    cell_text,
    cell_tooltip,
    header_tooltip,
    raw_text,
    swatch,
    two_lines,
)
from tactical.app.panel.row_columns import FIGURE_PREFIX
from tactical.app.panel.style import ACTING
from tactical.app.window.plain_text import tooltip
from tactical.core.encounter import Encounter
from tactical.rules import Combatant

AnyIndex = QModelIndex | QPersistentModelIndex
_ROLE = Qt.ItemDataRole
_ACTING = QBrush(ACTING)


class CombatantModel(QAbstractTableModel):
    """The combatants in order, by column key."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.encounter: Encounter | None = None
        self.rows: tuple[Combatant, ...] = ()
        self.columns: list[tuple[str, str]] = []
        self.labels: dict[str, str] = {}
        """Every tracked figure's label, by key (the name's tooltip lists them all)."""
        self.font = QFont()
        """The view's font: the acting row's is its bold, an out row's struck through."""
        self.dim = QBrush()
        """The text colour of done, out and secret cells (the palette's disabled text)."""
        self.split_headers = False
        """Headers of two words or more on two lines (the table is short of width)."""
        self._index: dict[str, int] = {}

    # -- filling ------------------------------------------------------------------

    def reset(
        self,
        encounter: Encounter,
        rows: tuple[Combatant, ...],
        labels: dict[str, str],
        columns: list[tuple[str, str]],
    ) -> None:
        """Show ``rows`` with ``columns``."""
        self.beginResetModel()
        self.encounter, self.rows, self.labels, self.columns = encounter, rows, labels, columns
        self._index = {}
        self.endResetModel()

    def rows_changed(self, indexes: Sequence[int], rows: tuple[Combatant, ...]) -> None:
        """Take ``rows`` (same tokens, same order) and repaint the combatants at ``indexes``."""
        self.rows = rows
        last = len(self.columns) - 1
        for index in indexes:
            self.dataChanged.emit(self.index(index, 0), self.index(index, last))

    def index_of(self, token_id: str) -> int:
        """A combatant's place in the order (ValueError when it has no row)."""
        if not self._index:
            self._index = {row.token_id: i for i, row in enumerate(self.rows)}
        if token_id not in self._index:
            raise ValueError(f"{token_id!r} has no row")
        return self._index[token_id]

    def key_of(self, column: int) -> str:
        return self.columns[column][0] if 0 <= column < len(self.columns) else ""

    def column_of(self, key: str) -> int:
        return next((c for c, (k, _label) in enumerate(self.columns) if k == key), -1)

    # -- the model's questions ----------------------------------------------------------

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.columns)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(self.columns):
            return None
        key, label = self.columns[section]
        if role == _ROLE.DisplayRole:
            return two_lines(label) if self.split_headers else label
        if role == _ROLE.ToolTipRole:
            return tooltip(header_tooltip(key, label, self.labels)) if label else None
        if role == COLUMN_KEY:
            return key
        return None

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        if not index.isValid() or self.encounter is None:
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        key = self.key_of(index.column())
        editable = key.startswith(FIGURE_PREFIX) or key == STATUSES
        if editable and self.rows[index.row()].token_id in self.encounter.tokens:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def data(self, index: AnyIndex, role: int = 0) -> Any:
        encounter = self.encounter
        if encounter is None or not index.isValid() or index.row() >= len(self.rows):
            return None
        row = self.rows[index.row()]
        key = self.key_of(index.column())
        answer = _STYLE.get(role)
        if answer is not None:
            return answer(self, row, key)
        if role in (_ROLE.DisplayRole, _ROLE.EditRole):
            return cell_text(encounter, row, key) if key != "actions" else None
        if role == TOKEN_ID:
            return row.token_id
        if role == COLUMN_KEY:
            return key
        if role == RAW_TEXT:
            return raw_text(encounter, row, key)
        if role == _ROLE.ToolTipRole:
            text = cell_tooltip(encounter, row, key, self.labels)
            return tooltip(text) if text else None
        if role == _ROLE.DecorationRole and key == "name":
            side = encounter.sides.get(row.side)
            return swatch(side.color) if side is not None else None
        if role == _ROLE.AccessibleDescriptionRole and key == "name":
            side = encounter.sides.get(row.side)
            return side.name if side else row.side
        if role == SECRET and key == "declared" and row.secret:
            return "secret"
        return None

    # -- styles ------------------------------------------------------------------------

    def _font(self, row: Combatant, key: str) -> QFont | None:
        """The acting row bold, an out row struck through."""
        if not (row.acting or row.out):
            return None
        font = QFont(self.font)
        font.setBold(row.acting)
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
