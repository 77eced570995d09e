"""The procedure's steps as an indented tree: the current one bold and highlighted."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush
from PySide6.QtWidgets import QAbstractItemView, QTreeWidget, QTreeWidgetItem, QWidget

from tactical.app.panel.style import ACTING, bold, dim_brush
from tactical.rules import StepLine

STEP_ID = Qt.ItemDataRole.UserRole


class StepOutline(QTreeWidget):
    """Read-only: the GM moves through steps with actions, never by clicking here."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setHeaderHidden(True)
        self.setColumnCount(1)
        self.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setIndentation(14)
        self.setUniformRowHeights(True)
        self._steps: tuple[StepLine, ...] = ()

    def set_steps(self, steps: Sequence[StepLine]) -> None:
        steps = tuple(steps)
        if steps == self._steps:
            return
        self._steps = steps
        self.clear()
        parents: list[QTreeWidgetItem] = []
        current: QTreeWidgetItem | None = None
        for step in steps:
            depth = min(step.depth, len(parents))
            del parents[depth:]
            item = QTreeWidgetItem([step.title])
            item.setData(0, STEP_ID, step.id)
            if step.status == "current":
                item.setFont(0, bold(item.font(0)))
                item.setBackground(0, QBrush(ACTING))
                item.setText(0, f"\N{BLACK RIGHT-POINTING TRIANGLE} {step.title}")
                current = item
            elif step.status == "done":
                item.setForeground(0, dim_brush(self))
            if parents:
                parents[-1].addChild(item)
            else:
                self.addTopLevelItem(item)
            parents.append(item)
        self.expandAll()
        if current is not None:
            self.scrollToItem(current)

    def full_height(self) -> int:
        """The height that shows every step at once."""
        lines = len(self._steps)
        line = self.sizeHintForRow(0) if self.topLevelItemCount() else 0
        line = max(line, self.fontMetrics().lineSpacing() + 2)
        return lines * line + 2 * self.frameWidth()

    def current_steps(self) -> list[str]:
        """The ids of the highlighted steps: a sub-step and the steps it is part of."""
        return [s.id for s in self._steps if s.status == "current"]

    def current_step(self) -> str | None:
        """The innermost highlighted step (for tests and the status bar)."""
        current = self.current_steps()
        return current[-1] if current else None

    def item_for(self, step_id: str) -> QTreeWidgetItem | None:
        pending = [self.topLevelItem(i) for i in range(self.topLevelItemCount())]
        while pending:
            item = pending.pop(0)
            if item is None:
                continue
            if item.data(0, STEP_ID) == step_id:
                return item
            pending.extend(item.child(i) for i in range(item.childCount()))
        return None
