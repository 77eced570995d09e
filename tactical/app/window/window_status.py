"""The main window's status bar: messages, what is under the cursor, "Secrets hidden".

A mixin of :class:`tactical.app.window.main_window.MainWindow` (``say``,
``window.hover_label``, ``window.secrets_label``). Hiding secrets on this
screen also relabels Undo / Redo, which would otherwise name a hidden token.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QSettings, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLabel

from tactical.app.encounter.document import EncounterDocument
from tactical.app.map.scene.map_scene import MapScene
from tactical.app.map.tools import CoverDisplay
from tactical.app.players.secrets import Secrets
from tactical.app.window.plain_text import menu_text
from tactical.app.window.window_base import WindowMixin

STATUS_TIMEOUT_MS = 8000
HIDE_SECRETS_SETTING = "privacy/hide_secrets"


class WindowStatus(WindowMixin):
    """The status bar's messages and permanent labels (see the module's docstring)."""

    document: EncounterDocument
    scene: MapScene
    settings: QSettings
    cover: CoverDisplay
    undo_action: QAction
    redo_action: QAction
    hide_secrets_action: QAction
    _hover_point: QPointF | None

    def _build_status_bar(self) -> None:
        self._hover_point = None
        self.hover_label = QLabel()
        self.hover_label.setTextFormat(Qt.TextFormat.PlainText)
        self.statusBar().addPermanentWidget(self.hover_label)
        self.secrets_label = QLabel("Secrets hidden")
        self.secrets_label.setStyleSheet(
            "background: #6a1b9a; color: white; font-weight: bold; padding: 1px 8px;"
        )
        self.secrets_label.setToolTip("Hide secrets on this screen is on (Ctrl+Shift+H)")
        self.secrets_label.hide()
        self.statusBar().addPermanentWidget(self.secrets_label)

    def _clear_status(self) -> None:
        self.statusBar().clearMessage()
        self.hover_label.clear()
        self._hover_point = None

    def say(self, message: str) -> None:
        """Show a short message in the status bar (plain text)."""
        self.statusBar().showMessage(message, STATUS_TIMEOUT_MS)

    def _on_hover(self, point: QPointF) -> None:
        self._hover_point = point
        self.hover_label.setText(self.scene.describe(point))
        if self.cover.enabled:
            item = self.scene.token_item_at(point)
            hovered = item.token_id if item is not None else None
            if hovered != self.cover.hovered:
                self.cover.hover(hovered)

    def _refresh_hover(self, *_: object) -> None:
        """After an edit (a drop, an undo) the cursor has not moved, but what is under it has."""
        if self._hover_point is not None:
            self.hover_label.setText(self.scene.describe(self._hover_point))

    def _set_hide_secrets(self, on: bool) -> None:
        """The table sees this screen: show only what the player view shows (the panel too)."""
        self.settings.setValue(HIDE_SECRETS_SETTING, on)
        self.secrets_label.setVisible(on)
        self.scene.set_player_filter(on)
        self._refresh_hover()
        self._label_undo_actions()

    def _say_undone(self, *, undone: bool) -> None:
        """After Undo or Redo, the status bar says what was undone or redone."""
        stack = self.document.undo_stack
        text = stack.redoText() if undone else stack.undoText()
        if not text:
            return
        if self.hide_secrets_action.isChecked():
            text = Secrets(self.document.encounter).relabel(text)
        self.say(f"Undone: {text}" if undone else f"Redone: {text}")

    def _label_undo_actions(self) -> None:
        """Mask a hidden token's name in "Undo Move Goblin Shaman" while secrets are hidden."""
        hide = self.hide_secrets_action.isChecked()
        secrets = Secrets(self.document.encounter) if hide else None
        stack = self.document.undo_stack
        for action, prefix, text in (
            (self.undo_action, "&Undo", stack.undoText()),
            (self.redo_action, "&Redo", stack.redoText()),
        ):
            if secrets is not None:
                text = secrets.relabel(text)
            action.setText(f"{prefix} {menu_text(text)}" if text else prefix)
