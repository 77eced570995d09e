"""Progress of a long export or print: a dialog that shows up after a moment and cancels.

A table-scale print of a big map runs to hundreds of pages. The pages are
painted on the GUI thread (QPainter on a PDF writer or printer), so after each
page the dialog is updated and events are processed: the window repaints and
Cancel is heard. Short jobs never show the dialog (``minimumDuration``).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QProgressDialog, QWidget

SHOW_AFTER_MS = 600


class PageProgress:
    """A :data:`~tactical.app.snapshot.paged.Progress` callback backed by a QProgressDialog."""

    def __init__(self, parent: QWidget | None, label: str) -> None:
        self.parent = parent
        self.label = label
        self.dialog: QProgressDialog | None = None

    def __call__(self, done: int, total: int) -> bool:
        if self.dialog is None:
            dialog = QProgressDialog(self.label, "Cancel", 0, total, self.parent)
            dialog.setWindowTitle("tactical")
            dialog.setWindowModality(Qt.WindowModality.WindowModal)
            dialog.setMinimumDuration(SHOW_AFTER_MS)
            dialog.setAutoClose(False)
            dialog.setAutoReset(False)
            self.dialog = dialog
        self.dialog.setMaximum(total)
        self.dialog.setLabelText(f"{self.label}\npage {done} of {total}")
        self.dialog.setValue(done)
        QApplication.processEvents()
        return not self.dialog.wasCanceled()

    def close(self) -> None:
        if self.dialog is not None:
            self.dialog.close()
            self.dialog.deleteLater()
            self.dialog = None
