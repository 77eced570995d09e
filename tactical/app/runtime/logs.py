"""The app's log file: warnings and errors, kept in its data folder, rotated.

A GM who double-clicks an encounter has no terminal: what Python and Qt would
print to stderr goes here instead, and Help > About names the file for a bug report.
"""

from __future__ import annotations

import logging
import sys
from logging.handlers import RotatingFileHandler
from pathlib import Path

from PySide6.QtCore import QMessageLogContext, QtMsgType, qInstallMessageHandler

from tactical.app.storage.autosave import default_directory

LOG_NAME = "tactical.log"
MAX_BYTES = 1_000_000
BACKUPS = 3
"""tactical.log and tactical.log.1 to .3: at most 4 MB."""
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

_installed: RotatingFileHandler | None = None


def default_log_path() -> Path:
    """``logs/tactical.log`` in the app's data folder (``QStandardPaths.AppDataLocation``)."""
    return default_directory() / "logs" / LOG_NAME


def log_path() -> Path:
    """The file this app logs to: the installed handler's, else where it would go."""
    return Path(_installed.baseFilename) if _installed is not None else default_log_path()


def install_logging(path: Path | None = None) -> Path | None:
    """Send warnings and errors (Python's and Qt's) to a rotating log file; its path.

    None, and nothing changes, when the file cannot be opened (a read-only home):
    the app must start anyway.
    """
    global _installed
    if _installed is not None:
        return Path(_installed.baseFilename)
    path = path if path is not None else default_log_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = RotatingFileHandler(
            path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8"
        )
    except OSError:
        return None
    handler.setLevel(logging.WARNING)
    handler.setFormatter(logging.Formatter(FORMAT))
    root = logging.getLogger()
    root.addHandler(handler)
    if root.level == logging.NOTSET or root.level > logging.WARNING:
        root.setLevel(logging.WARNING)
    logging.captureWarnings(True)
    _installed = handler
    return path


def uninstall_logging() -> None:
    """Undo :func:`install_logging` (tests)."""
    global _installed
    if _installed is not None:
        logging.getLogger().removeHandler(_installed)
        _installed.close()
        _installed = None
    logging.captureWarnings(False)


QT_LEVELS = {
    QtMsgType.QtWarningMsg: logging.WARNING,
    QtMsgType.QtCriticalMsg: logging.ERROR,
    QtMsgType.QtFatalMsg: logging.CRITICAL,
}


def qt_message(kind: QtMsgType, context: QMessageLogContext, message: str) -> None:
    """Qt's warnings and errors into the log; every message still goes to stderr."""
    level = QT_LEVELS.get(kind)
    if level is not None:
        logging.getLogger("qt").log(level, "%s", message)
    print(message, file=sys.stderr)


def install_qt_messages() -> object:
    """Route Qt's own messages through :func:`qt_message`; returns the previous handler."""
    return qInstallMessageHandler(qt_message)
