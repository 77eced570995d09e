"""Help > About: the version and where the app keeps its files, for a bug report.

The Help menu is the window's (declared with the others); :func:`help_menu`
finds it on a menu bar.
"""

from __future__ import annotations

import platform
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6 import __version__ as pyside_version
from PySide6.QtCore import QSettings, Qt, qVersion
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow, QMenu, QMessageBox, QWidget

if TYPE_CHECKING:
    from tactical.app.window.services import Services

from tactical import __version__
from tactical.app.runtime.logs import log_path
from tactical.app.window.action_registry import Place

HELP_TITLE = "&Help"


def help_menu(window: QMainWindow) -> QMenu:
    """The window's Help menu (the last one on the menu bar)."""
    for action in window.menuBar().actions():
        menu = action.menu()
        if isinstance(menu, QMenu) and action.text() == HELP_TITLE:
            return menu
    raise LookupError("the window has no Help menu")


def about_text(settings: QSettings, recovery_dir: Path | None) -> str:
    """The About box's text: versions, then the files a bug report may need."""
    lines = [
        f"tactical {__version__}",
        "A battle map and combat-procedure companion for a game master at the table.",
        "",
        f"Python {platform.python_version()}, Qt {qVersion()}, PySide6 {pyside_version}, "
        f"{platform.system()} {platform.release()}",
        "",
        f"Log file: {log_path()}",
        f"Settings: {settings.fileName()}",
    ]
    if recovery_dir is not None:
        lines.append(f"Recovery files: {recovery_dir}")
    lines += [
        "",
        "To report a bug, give this version and attach the log file, with what you did and "
        "what you saw (and the encounter file, if you can share it).",
    ]
    return "\n".join(lines)


def show_about(window: QWidget, text: str) -> QMessageBox:
    """A non-modal, plain-text About box whose text can be selected and copied."""
    box = QMessageBox(window)
    box.setWindowTitle("About tactical")
    box.setIconPixmap(window.windowIcon().pixmap(64, 64))
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.setText(text)
    box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.open()
    return box


def install_about(services: Services, recovery_dir: Path | None) -> QAction:
    """Add Help > About tactical, last in the Help menu; its text is built when it is opened."""
    window = services.window()

    def about() -> None:
        show_about(window, about_text(services.settings, recovery_dir))

    action = QAction("&About tactical", window)
    action.setMenuRole(QAction.MenuRole.AboutRole)
    action.triggered.connect(about)
    return services.action_registry.add("help.about", action, menu=Place("help", "1", 90))
