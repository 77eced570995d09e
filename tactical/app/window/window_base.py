"""The base of the main window's mixins: QMainWindow to a type checker, nothing at run time.

Each job of the main window (menus, toolbar, status bar, title, docks, the
player view) lives in its own module as a mixin of
:class:`tactical.app.window.main_window.MainWindow`; only the window itself derives
from QMainWindow, so Qt sees one plain subclass.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMainWindow

    WindowMixin = QMainWindow
else:
    WindowMixin = object

__all__ = ["WindowMixin"]
