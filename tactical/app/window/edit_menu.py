"""The Edit menu: undo and redo, and the selected tokens' status, hiding and removal.

A part of the main window (``window.edit_menu``), made with the window's
services, the token edits and the Hide secrets action. After Undo or Redo the
status line says what was undone or redone; while secrets are hidden on this
screen, a hidden token's name is masked there and in the Undo / Redo entries
("Undo Move Goblin Shaman").
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence

from tactical.app.players.secrets import Secrets
from tactical.app.tokens.token_edits import TokenEdits
from tactical.app.window.action_registry import MENU_BAR, Place, new_action
from tactical.app.window.plain_text import menu_text
from tactical.app.window.services import Services


class EditMenu(QObject):
    """The Edit menu's own entries (see the module's docstring)."""

    def __init__(self, services: Services, tokens: TokenEdits, hide_secrets: QAction) -> None:
        super().__init__(services.host)
        host, registry = services.host, services.registry
        self.document = services.document
        self.say = services.say
        self.hide_secrets = hide_secrets
        stack = self.document.undo_stack
        self.undo_action = stack.createUndoAction(host, "&Undo")
        self.undo_action.setShortcut(QKeySequence.StandardKey.Undo)
        self.redo_action = stack.createRedoAction(host, "&Redo")
        self.redo_action.setShortcuts(redo_keys())
        self.undo_action.triggered.connect(lambda _=False: self._say_undone(undone=True))
        self.redo_action.triggered.connect(lambda _=False: self._say_undone(undone=False))
        # Qt relabels these on every push; with secrets hidden, relabel them again after it.
        stack.undoTextChanged.connect(self._label_undo_actions)
        stack.redoTextChanged.connect(self._label_undo_actions)
        hide_secrets.toggled.connect(self._label_undo_actions)
        self.add_status_action = new_action(
            host, "Add &status to selected…", "S", lambda: tokens.add_status(tokens.selected())
        )
        self.hide_action = new_action(
            host,
            "&Hide or show selected to players",
            "H",
            lambda: tokens.toggle_hidden(tokens.selected()),
        )
        self.remove_action = new_action(
            host,
            "Re&move selected tokens",
            QKeySequence.StandardKey.Delete,
            lambda: tokens.remove_tokens(tokens.selected()),
        )
        registry.add_menu("edit", "&Edit", Place(MENU_BAR, "1", 20))
        for action_id, action, place in (
            ("edit.undo", self.undo_action, Place("edit", "1_undo", 10)),
            ("edit.redo", self.redo_action, Place("edit", "1_undo", 20)),
            ("edit.add-status", self.add_status_action, Place("edit", "2_tokens", 10)),
            ("edit.hide", self.hide_action, Place("edit", "2_tokens", 20)),
            ("edit.remove", self.remove_action, Place("edit", "2_tokens", 30)),
        ):
            registry.add(action_id, action, menu=place)

    def _say_undone(self, *, undone: bool) -> None:
        """After Undo or Redo, the status line says what was undone or redone."""
        stack = self.document.undo_stack
        text = stack.redoText() if undone else stack.undoText()
        if not text:
            return
        if self.hide_secrets.isChecked():
            text = Secrets(self.document.encounter).relabel(text)
        self.say(f"Undone: {text}" if undone else f"Redone: {text}")

    def _label_undo_actions(self, *_: object) -> None:
        """Mask a hidden token's name in "Undo Move Goblin Shaman" while secrets are hidden."""
        secrets = Secrets(self.document.encounter) if self.hide_secrets.isChecked() else None
        stack = self.document.undo_stack
        for action, prefix, text in (
            (self.undo_action, "&Undo", stack.undoText()),
            (self.redo_action, "&Redo", stack.redoText()),
        ):
            if secrets is not None:
                text = secrets.relabel(text)
            action.setText(f"{prefix} {menu_text(text)}" if text else prefix)


def redo_keys() -> list[QKeySequence]:
    """Redo's keys: the platform's, Ctrl+Shift+Z and Ctrl+Y (Help > Keys lists both).

    Platforms bind one or the other as Redo already: a key listed twice is
    ambiguous to Qt and fires nothing, so each is listed once.
    """
    keys: list[QKeySequence] = []
    for key in (
        QKeySequence(QKeySequence.StandardKey.Redo),
        QKeySequence("Ctrl+Shift+Z"),
        QKeySequence("Ctrl+Y"),
    ):
        if not key.isEmpty() and key not in keys:
            keys.append(key)
    return keys
