"""Help > Keys and mouse: the guide's Mouse, Tools and Keys sections, in the app.

The text is our own ``docs/app.md`` (package data in a wheel, the checkout's
otherwise), so the dialog and the guide never disagree; it is rendered as
markdown because it is our file, not a user's. Pictures are left out.
"""

from __future__ import annotations

import re

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QWidget

from tactical.app.window.action_registry import Place
from tactical.app.window.help_dialog import HelpDialog
from tactical.app.window.services import Services
from tactical.data import data_folder

SECTIONS = ("Mouse", "Tools (toolbar and Tools menu)", "Keys")
MISSING = "The guide (docs/app.md) is not installed with this copy of tactical."


def keys_markdown(guide: str | None = None) -> str:
    """The Mouse, Tools and Keys sections of the guide (``docs/app.md`` when not given)."""
    if guide is None:
        folder = data_folder("docs")
        path = folder / "app.md" if folder is not None else None
        if path is None or not path.is_file():
            return MISSING
        guide = path.read_text(encoding="utf-8")
    parts = re.split(r"^## ", guide, flags=re.MULTILINE)
    kept = ["## " + part for part in parts[1:] if part.split("\n", 1)[0].strip() in SECTIONS]
    text = "\n".join(kept)
    return re.sub(r"^!\[.*\]\(.*\)\s*$", "", text, flags=re.MULTILINE) or MISSING


class KeysDialog(HelpDialog):
    """A non-modal, read-only, resizable view of the keys and the mouse."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window, "Keys and mouse — tactical", 760, 640)
        self.browser.setMarkdown(keys_markdown())


def show_keys(window: QWidget) -> KeysDialog:
    dialog = KeysDialog(window)
    dialog.show()
    return dialog


def install_help_keys(services: Services) -> QAction:
    """Help > Keys and mouse (F1), after Getting started."""
    window = services.window()
    action = QAction("&Keys and mouse", window)
    action.setShortcut(QKeySequence(QKeySequence.StandardKey.HelpContents))
    action.triggered.connect(lambda _=False: show_keys(window))
    return services.action_registry.add("help.keys", action, menu=Place("help", "1", 20))
