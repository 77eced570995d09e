"""A push button whose label shortens with an ellipsis to fit, keeping the key name whole.

Procedures write long labels ("Resolve Goblin Archer's attack on Corin"); in a
narrow dock the primary button must still show the advance key's name.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QPushButton, QSizePolicy, QWidget

from tactical.app.window.plain_text import menu_text


class ElidedButton(QPushButton):
    """Shows ``label`` (shortened when it does not fit) followed by ``suffix``."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._label = ""
        self._suffix = ""
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)

    def set_label(self, label: str, suffix: str = "") -> None:
        self._label, self._suffix = label, suffix
        self._fit()

    def sizeHint(self) -> QSize:
        """As wide as the whole label (a layout that gives it less gets it shortened)."""
        whole = self.fontMetrics().horizontalAdvance(self.full_text())
        # (+2: eliding measures in fractions of a pixel, the advance in whole ones)
        return QSize(whole + self._padding() + 2, super().sizeHint().height())

    def _padding(self) -> int:
        """The frame and padding around the text, as the style (and a style sheet) lays it."""
        shown = self.fontMetrics().horizontalAdvance(self.text().replace("&&", "&"))
        return super().sizeHint().width() - shown

    def full_text(self) -> str:
        """The label as the procedure wrote it, with the suffix."""
        return self._label + self._suffix

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        metrics = self.fontMetrics()
        room = self.width() - self._padding() - metrics.horizontalAdvance(self._suffix)
        label = metrics.elidedText(self._label, Qt.TextElideMode.ElideRight, max(room, 40))
        self.setText(menu_text(label + self._suffix))
