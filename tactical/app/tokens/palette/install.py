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

from tactical.app.tokens.palette.controller import Palette
from tactical.app.window.action_registry import Place

if TYPE_CHECKING:
    from tactical.app.storage.drops import DropTarget
    from tactical.app.tokens.palette.map_tokens import MapTokens
    from tactical.app.window.services import Services

SHOWN_SETTING = "palette/shown"
SHORTCUT = "Ctrl+Shift+T"


def install_palette(services: Services, token_edits: MapTokens, drops: DropTarget) -> Palette:
    """The window's token palette, docked on the left and listed in the View menu.

    Tokens dropped on the map while its "drop tokens" switch is on come from it.
    """
    palette = Palette(services, token_edits)
    dock = palette.dock
    registry = services.action_registry
    toggle = registry.add_dock(
        "view.palette", dock, Qt.DockWidgetArea.LeftDockWidgetArea, Place("view", "3_docks", 10)
    )
    toggle.setText("Token palette")
    toggle.setShortcut(QKeySequence(SHORTCUT))
    shown = bool(services.settings.value(SHOWN_SETTING, False, type=bool))
    dock.setVisible(shown)
    toggle.toggled.connect(lambda on: _remember_shown(services, on))
    drops.token_drop = palette.drop
    drops.token_mode = lambda: dock.isVisible() and dock.drop_tokens.isChecked()
    return palette


def _remember_shown(services: Services, shown: bool) -> None:
    """Remember whether the GM shows the palette; a dock hidden because its window
    closes was not hidden by the GM, so it opens shown again next time."""
    if services.window().isVisible():
        services.settings.setValue(SHOWN_SETTING, shown)
