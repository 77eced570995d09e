"""One row per toolbar at the top of the main window, so none hides tools behind a chevron.

The Tools bar is the first row. Every other bar there (the Template row, map
editing, the Background bar, the fog tool's row) shows only while its tool,
mode or picture is in use; two of them sharing a row overflowed a 1280 px
window (map editing beside the Background bar hid "Align background…"). Each
gets a row of its own: a row appears when it is needed, it never squeezes
another one.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMainWindow, QToolBar


def top_toolbars(window: QMainWindow) -> list[QToolBar]:
    """The window's toolbars in the top area, in the order they were added."""
    return [
        bar
        for bar in window.findChildren(QToolBar, options=Qt.FindChildOption.FindDirectChildrenOnly)
        if window.toolBarArea(bar) == Qt.ToolBarArea.TopToolBarArea
    ]


def install_toolbar_rows(window: QMainWindow) -> None:
    """Start a new row before every top toolbar but the first (call after all are added)."""
    bars = top_toolbars(window)
    for bar in bars[1:]:
        if not window.toolBarBreak(bar):
            window.insertToolBarBreak(bar)
