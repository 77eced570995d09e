"""Help > About: the version and where the app keeps its files, for a bug report.

:func:`help_menu` finds or makes the window's Help menu, so other help entries
(keys and mouse, say) can join it from their own modules.
"""

from __future__ import annotations

import platform
from pathlib import Path

from PySide6 import __version__ as pyside_version
from PySide6.QtCore import QSettings, Qt, qVersion
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow, QMenu, QMessageBox

from tactical import __version__
from tactical.app.logs import log_path

HELP_TITLE = "&Help"


def help_menu(window: QMainWindow) -> QMenu:
    """The window's Help menu (the last one on the menu bar), made on first use."""
    bar = window.menuBar()
    for action in bar.actions():
        menu = action.menu()
        if isinstance(menu, QMenu) and action.text() == HELP_TITLE:
            return menu
    return bar.addMenu(HELP_TITLE)


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


def show_about(window: QMainWindow, text: str) -> QMessageBox:
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


def install_about(window: QMainWindow) -> QAction:
    """Add Help > About tactical to ``window``; its text is built when it is opened."""

    def about() -> None:
        settings = getattr(window, "settings", None) or QSettings()
        autosave = getattr(window, "autosave", None)
        show_about(window, about_text(settings, getattr(autosave, "directory", None)))

    action = QAction("&About tactical", window)
    action.setMenuRole(QAction.MenuRole.AboutRole)
    action.triggered.connect(about)
    help_menu(window).addAction(action)
    return action
