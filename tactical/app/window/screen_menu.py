"""A right-click menu that opens where the click was, on the screen that was clicked.

With the TV as a second X screen (not one desktop spanning both), both screens
start at (0, 0): Qt takes the first screen holding the point, the GM's, so a
right-click on the TV opened its menu on the GM's screen at the same
coordinates, pushed back inside the GM's (smaller) screen. The menu is put on
the clicked window's screen and kept inside that screen instead.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSize
from PySide6.QtGui import QScreen
from PySide6.QtWidgets import QMenu


def menu_corner(at: QPoint, size: QSize, room: QRect) -> QPoint:
    """The menu's top-left corner for a click at ``at``: the click itself, unless the menu
    would leave ``room`` (then it opens to the left of or above the click, as Qt does)."""
    x, y = at.x(), at.y()
    if x + size.width() > room.right() + 1:
        x = room.right() + 1 - size.width()
    if y + size.height() > room.bottom() + 1:
        y = y - size.height()
    return QPoint(max(room.left(), x), max(room.top(), y))


def open_on_screen(menu: QMenu, at: QPoint, screen: QScreen) -> None:
    """Pop ``menu`` up at ``at`` (global) on ``screen``; it is deleted once it closes."""
    menu.setScreen(screen)
    menu.aboutToHide.connect(menu.deleteLater)
    menu.popup(at)
    menu.move(menu_corner(at, menu.size(), screen.geometry()))
