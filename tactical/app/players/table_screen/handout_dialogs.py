"""The handout's two dialogs: which picture to show, and why one cannot be shown."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget


def ask_handout_path(parent: QWidget, start: str) -> Path | None:
    """The picture the GM chose (the dialog opens in the folder ``start``), or None."""
    name, _ = QFileDialog.getOpenFileName(
        parent, "Show a handout", start, "Pictures (*.png *.jpg *.jpeg *.webp *.bmp *.gif)"
    )
    return Path(name) if name else None


def show_handout_error(parent: QWidget, text: str) -> None:
    """Why the picture cannot be shown, as plain text (its name comes from a file)."""
    box = QMessageBox(QMessageBox.Icon.Warning, "Handout", text, parent=parent)
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.exec()
