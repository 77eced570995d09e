"""Puts the token palette on a window: the dock (left), its View entry and token drops.

The dock starts hidden the first time (the map keeps its room at 1400 x 900)
and then as the GM left it: View > Token palette (Ctrl+Shift+T) shows it, and
the window's settings remember whether it is shown (closing the window hides
its docks, which is not the GM hiding the palette).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence

from tactical.app.palette.controller import Palette

if TYPE_CHECKING:
    from tactical.app.main_window import MainWindow

SHOWN_SETTING = "palette/shown"
SHORTCUT = "Ctrl+Shift+T"


def install_palette(window: MainWindow) -> Palette:
    """The window's token palette, docked on the left and listed in the View menu."""
    palette = Palette(window)
    dock = palette.dock
    window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
    toggle = dock.toggleViewAction()
    toggle.setText("Token palette")
    toggle.setShortcut(QKeySequence(SHORTCUT))
    window.view_menu.addAction(toggle)
    window.addAction(toggle)
    shown = bool(window.settings.value(SHOWN_SETTING, False, type=bool))
    dock.setVisible(shown)
    toggle.toggled.connect(lambda on: _remember_shown(window, on))
    window.drops.token_drop = palette.drop
    window.drops.token_mode = lambda: dock.isVisible() and dock.drop_tokens.isChecked()
    return palette


def _remember_shown(window: MainWindow, shown: bool) -> None:
    """Remember whether the GM shows the palette; a dock hidden because its window
    closes was not hidden by the GM, so it opens shown again next time."""
    if window.isVisible():
        window.settings.setValue(SHOWN_SETTING, shown)
