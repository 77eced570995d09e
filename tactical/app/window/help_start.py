"""Help > Getting started: the first five minutes, with their pictures, in the app.

The page is our own ``docs/getting-started.md`` with its screenshots beside it
(package data in a wheel and the folder app, the checkout's otherwise), shown
offline in a read-only browser: markdown because it is our file, not a user's.
A link to another page of the guide (``app.md``) opens that file with the
desktop's own viewer; nothing is fetched from the network.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QUrl
from PySide6.QtGui import QAction, QDesktopServices, QTextDocument
from PySide6.QtWidgets import QWidget

from tactical.app.window.action_registry import Place
from tactical.app.window.help_dialog import HelpDialog
from tactical.app.window.services import Services
from tactical.data import data_folder

PAGE = "getting-started.md"
MISSING = "The Getting started page (docs/getting-started.md) is not installed with this copy."


def page_path() -> Path | None:
    """The page, packaged or in the checkout; None when this copy has no docs."""
    folder = data_folder("docs")
    path = folder / PAGE if folder is not None else None
    return path if path is not None and path.is_file() else None


class GettingStartedDialog(HelpDialog):
    """A non-modal, read-only, resizable view of the Getting started page and its pictures."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window, "Getting started — tactical", 1180, 700)
        self.browser.anchorClicked.connect(self._open_link)
        path = page_path()
        self.folder = path.parent if path is not None else None
        if path is None:
            self.browser.setPlainText(MISSING)
        else:
            # The source's folder is where the page's pictures are found.
            self.browser.setSource(
                QUrl.fromLocalFile(str(path)), QTextDocument.ResourceType.MarkdownResource
            )

    def _open_link(self, url: QUrl) -> None:
        """Another page of the guide, beside this one, in the desktop's viewer."""
        if self.folder is None or url.scheme() not in ("", "file"):
            return
        target = (self.folder / Path(url.path()).name).resolve()
        if target.parent == self.folder.resolve() and target.is_file():
            QDesktopServices.openUrl(QUrl.fromLocalFile(str(target)))


def show_getting_started(window: QWidget) -> GettingStartedDialog:
    dialog = GettingStartedDialog(window)
    dialog.show()
    return dialog


def install_getting_started(services: Services) -> QAction:
    """Help > Getting started, first in the Help menu."""
    window = services.window()
    action = QAction("&Getting started", window)
    action.triggered.connect(lambda _=False: show_getting_started(window))
    return services.action_registry.add("help.start", action, menu=Place("help", "1", 10))
