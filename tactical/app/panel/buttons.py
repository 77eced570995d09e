"""A push button whose label shortens with an ellipsis to fit, keeping the key name whole.

Procedures write long labels ("Resolve Goblin Archer's attack on Corin"); in a
narrow dock the primary button must still show the advance key's name.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QPushButton, QSizePolicy, QWidget

from tactical.app.plain_text import menu_text

PADDING = 32
"""Pixels of the button's frame and padding (the primary style pads 14 on each side)."""
PLAIN_PADDING = 16


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

    def full_text(self) -> str:
        """The label as the procedure wrote it, with the suffix."""
        return self._label + self._suffix

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        metrics = self.fontMetrics()
        padding = PADDING if self.objectName() == "primary" else PLAIN_PADDING
        room = self.width() - padding - metrics.horizontalAdvance(self._suffix)
        label = metrics.elidedText(self._label, Qt.TextElideMode.ElideRight, max(room, 40))
        self.setText(menu_text(label + self._suffix))
