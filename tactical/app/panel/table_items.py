"""Read a model's cell as a table widget's item reads: ``text()``, ``font()``, ``toolTip()``.

The combatant table was a QTableWidget; its callers (the status bar, the
tests that check what the GM reads) kept asking for ``item(row, col)`` and
``horizontalHeaderItem(col)``. These small read-only views answer from the
model, the same data the view paints.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QBrush, QFont, QIcon

_ROLE = Qt.ItemDataRole


class CellItem:
    """One cell of a model, read like a QTableWidgetItem (never written)."""

    def __init__(self, index: QModelIndex, font: QFont) -> None:
        self.index = index
        self._font = font

    def data(self, role: int) -> Any:
        return self.index.data(role)

    def text(self) -> str:
        text = self.index.data(_ROLE.DisplayRole)
        return "" if text is None else str(text)

    def toolTip(self) -> str:
        return str(self.index.data(_ROLE.ToolTipRole) or "")

    def font(self) -> QFont:
        font = self.index.data(_ROLE.FontRole)
        return font if isinstance(font, QFont) else QFont(self._font)

    def foreground(self) -> QBrush:
        brush = self.index.data(_ROLE.ForegroundRole)
        return brush if isinstance(brush, QBrush) else QBrush()

    def background(self) -> QBrush:
        brush = self.index.data(_ROLE.BackgroundRole)
        return brush if isinstance(brush, QBrush) else QBrush()

    def icon(self) -> QIcon:
        icon = self.index.data(_ROLE.DecorationRole)
        return icon if isinstance(icon, QIcon) else QIcon()

    def flags(self) -> Qt.ItemFlag:
        return self.index.flags()

    def row(self) -> int:
        return self.index.row()

    def column(self) -> int:
        return self.index.column()


class HeaderItem:
    """One horizontal header section of a model, read like a QTableWidgetItem."""

    def __init__(self, model: Any, section: int) -> None:
        self._model = model
        self._section = section

    def data(self, role: int) -> Any:
        return self._model.headerData(self._section, Qt.Orientation.Horizontal, role)

    def text(self) -> str:
        return str(self.data(_ROLE.DisplayRole) or "")

    def toolTip(self) -> str:
        return str(self.data(_ROLE.ToolTipRole) or "")
