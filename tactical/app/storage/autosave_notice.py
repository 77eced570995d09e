"""Telling the GM, once, that autosave stopped working (a full disk, a read-only folder).

The status bar keeps the message until autosave works again, and one dialog
says it when it starts failing; a failing autosave does not nag every minute.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QMainWindow, QMessageBox

from tactical.app.storage.autosave import Autosave
from tactical.app.window.plain_text import plain_message_box


class AutosaveNotice(QObject):
    """Shows :attr:`Autosave.failed` in the status bar and a dialog, and clears it after."""

    def __init__(self, window: QMainWindow, autosave: Autosave) -> None:
        super().__init__(window)
        self.window = window
        self.show_dialog: Callable[[str], None] = self._dialog
        self.message = ""
        autosave.failed.connect(self.on_failed)
        autosave.recovered.connect(self.on_recovered)

    def on_failed(self, text: str) -> None:
        self.message = text
        self.window.statusBar().showMessage(text)  # no timeout: it stays until autosave works
        self.show_dialog(text)

    def on_recovered(self) -> None:
        if self.window.statusBar().currentMessage() == self.message:
            self.window.statusBar().clearMessage()
        self.message = ""
        self.window.statusBar().showMessage("Autosave works again.", 10_000)

    def _dialog(self, text: str) -> None:
        box = plain_message_box(self.window, QMessageBox.Icon.Warning, "Autosave failed", text)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()  # not exec(): the timer that found the failure must not wait on the GM


def install_autosave_notice(window: QMainWindow, autosave: Autosave) -> AutosaveNotice:
    """Connect ``autosave``'s failures to ``window``'s status bar and a dialog."""
    return AutosaveNotice(window, autosave)
