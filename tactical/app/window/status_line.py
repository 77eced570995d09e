"""The status bar's messages, what is under the cursor, and the "Secrets hidden" mark.

A part of the main window (``window.status``), made with its status bar and the
map's scene. While secrets are hidden on this screen the mark shows and what is
under the cursor is described again (a hidden token is no longer named).
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QPointF, Qt
from PySide6.QtWidgets import QLabel, QStatusBar

from tactical.app.map.scene.map_scene import MapScene

STATUS_TIMEOUT_MS = 8000


class StatusLine(QObject):
    """The window's status bar (see the module's docstring)."""

    def __init__(self, bar: QStatusBar, scene: MapScene) -> None:
        super().__init__(bar)
        self.bar = bar
        self.scene = scene
        self._hover_point: QPointF | None = None
        self.hover_label = QLabel()
        self.hover_label.setTextFormat(Qt.TextFormat.PlainText)
        bar.addPermanentWidget(self.hover_label)
        self.secrets_label = QLabel("Secrets hidden")
        self.secrets_label.setStyleSheet(
            "background: #6a1b9a; color: white; font-weight: bold; padding: 1px 8px;"
        )
        self.secrets_label.setToolTip("Hide secrets on this screen is on (Ctrl+Shift+H)")
        self.secrets_label.hide()
        bar.addPermanentWidget(self.secrets_label)

    def say(self, message: str) -> None:
        """Show a short message (plain text) for a few seconds."""
        self.bar.showMessage(message, STATUS_TIMEOUT_MS)

    def clear(self) -> None:
        """Forget the message and what was under the cursor (another file is coming)."""
        self.bar.clearMessage()
        self.hover_label.clear()
        self._hover_point = None

    def show_hover(self, point: QPointF) -> None:
        """Describe what is at ``point``, the scene point under the cursor."""
        self._hover_point = point
        self.hover_label.setText(self.scene.describe(point))

    def refresh_hover(self, *_: object) -> None:
        """After an edit (a drop, an undo) the cursor has not moved, but what is under it has."""
        if self._hover_point is not None:
            self.hover_label.setText(self.scene.describe(self._hover_point))

    def show_secrets_hidden(self, on: bool) -> None:
        self.secrets_label.setVisible(on)
        self.refresh_hover()
