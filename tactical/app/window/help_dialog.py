"""The read-only help window the Help menu's pages share (keys, getting started).

One place decides how a help page looks and closes: non-modal, resizable,
gone on close, a browser that follows no link by itself, and a Close button.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget


class HelpDialog(QDialog):
    """A non-modal, read-only, resizable browser with a Close button; the page fills it."""

    def __init__(self, window: QWidget, title: str, width: int, height: int) -> None:
        super().__init__(window)
        self.setWindowTitle(title)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.browser = QTextBrowser()
        self.browser.setOpenLinks(False)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser)
        layout.addWidget(buttons)
        self.resize(width, height)
