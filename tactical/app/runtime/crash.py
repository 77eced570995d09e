"""An unexpected exception in the GUI: logged with its traceback, and a dialog says so.

Without this, an exception in a Qt slot prints to a terminal the GM does not have
and the app carries on (or dies) silently. The dialog names the log file and says
how to report the bug.
"""

from __future__ import annotations

import logging
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox

from tactical import __version__
from tactical.app.runtime.logs import log_path

log = logging.getLogger("tactical.crash")

ExceptHook = Callable[[type[BaseException], BaseException, TracebackType | None], None]
ShowError = Callable[[str, str], None]


def crash_text(error: BaseException, log_file: Path) -> str:
    """What the dialog says: what happened, that work is kept, where the details are."""
    summary = "".join(traceback.format_exception_only(type(error), error)).strip()
    return (
        "tactical ran into an unexpected error. What you just did may not have worked; "
        "to be safe, save your work under a new name.\n\n"
        f"{summary}\n\n"
        f"The details are in the log file:\n{log_file}\n\n"
        f"To report the bug, send that file with what you were doing (tactical {__version__}, "
        "Help > About)."
    )


def show_crash_dialog(title: str, text: str) -> None:
    """A modal, plain-text warning whose text can be selected and copied."""
    if QApplication.instance() is None:
        return
    box = QMessageBox(QApplication.activeWindow())
    box.setIcon(QMessageBox.Icon.Critical)
    box.setWindowTitle(title)
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.setText(text)
    box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    box.exec()


class CrashReporter:
    """``sys.excepthook`` while the app runs: log the traceback, show one dialog at a time."""

    def __init__(self, show: ShowError = show_crash_dialog) -> None:
        self.show = show
        self.previous: ExceptHook = sys.excepthook
        self.showing = False
        self.reported = 0

    def __call__(
        self,
        kind: type[BaseException],
        error: BaseException,
        trace: TracebackType | None,
    ) -> None:
        if issubclass(kind, KeyboardInterrupt | SystemExit):
            self.previous(kind, error, trace)
            return
        log.critical("Unexpected error", exc_info=(kind, error, trace))
        self.reported += 1
        traceback.print_exception(kind, error, trace, file=sys.stderr)
        if self.showing:  # an error while the dialog is up: logged, not stacked
            return
        self.showing = True
        try:
            self.show("Unexpected error", crash_text(error, log_path()))
        finally:
            self.showing = False

    def uninstall(self) -> None:
        if sys.excepthook is self:
            sys.excepthook = self.previous


def install_crash_reporter(show: ShowError = show_crash_dialog) -> CrashReporter:
    """Make :class:`CrashReporter` the ``sys.excepthook``; returns it."""
    reporter = CrashReporter(show)
    sys.excepthook = reporter
    return reporter
