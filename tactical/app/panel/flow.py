"""A layout that sets its widgets left to right and wraps them onto as many lines as needed.

The selected combatant's figures (:mod:`.details`) and the secondary buttons
(:mod:`.actions`) take one line in a wide panel and two in a narrow one, each as
wide as its text; Qt has no such layout of its own. Its height follows its width
(:meth:`FlowLayout.heightForWidth`), so the panel asks for no more room than it uses.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QLayout, QLayoutItem, QWidget, QWidgetItem


class FlowLayout(QLayout):
    """Items in reading order, wrapped at the layout's width."""

    def __init__(self, parent: QWidget | None = None, spacing: int = 6) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._gap = spacing
        self.setContentsMargins(0, 0, 0, 0)

    def addItem(self, item: QLayoutItem) -> None:
        self._items.append(item)

    def insert(self, index: int, widget: QWidget) -> None:
        """Put ``widget`` at ``index`` in the reading order."""
        self.addChildWidget(widget)
        self._items.insert(index, QWidgetItem(widget))
        self.invalidate()

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._place(QRect(0, 0, width, 0), move=False)

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._place(rect, move=True)

    def sizeHint(self) -> QSize:
        """One line's height at the width laid out last (the least before that)."""
        least = self.minimumSize()
        width = self.geometry().width()
        return QSize(least.width(), self.heightForWidth(width)) if width > 0 else least

    def minimumSize(self) -> QSize:
        size = QSize()
        for item in self._items:
            size = size.expandedTo(item.minimumSize())
        margins = self.contentsMargins()
        return size + QSize(margins.left() + margins.right(), margins.top() + margins.bottom())

    def _place(self, rect: QRect, move: bool) -> int:
        """Lay the visible items out in ``rect`` (when ``move``); the height they take."""
        margins = self.contentsMargins()
        area = rect.adjusted(margins.left(), margins.top(), -margins.right(), -margins.bottom())
        x, y, line = area.x(), area.y(), 0
        for item in self._items:
            widget = item.widget()
            if widget is not None and widget.isHidden():
                continue
            # The widget's own hint: a layout item's ignores it for an Ignored size policy.
            hint = item.sizeHint()
            if widget is not None:  # within a fixed width, if it has one
                hint = widget.sizeHint().expandedTo(widget.minimumSize())
                hint = hint.boundedTo(widget.maximumSize())
            hint = hint.boundedTo(QSize(area.width(), 16_777_215))  # a long one elides
            if x > area.x() and x + hint.width() > area.right() + 1:
                x, y, line = area.x(), y + line + self._gap, 0
            if move:
                item.setGeometry(QRect(QPoint(x, y), hint))
            x += hint.width() + self._gap
            line = max(line, hint.height())
        return y + line - rect.y() + margins.bottom()
