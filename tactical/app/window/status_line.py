"""The status bar's messages, what is under the cursor, and the "Secrets hidden" mark.

A part of the main window (``window.status``), made with its status bar and the
map's scene. While secrets are hidden on this screen the mark shows and what is
under the cursor is described again (a hidden token is no longer named).

What is under the cursor changes at every square the mouse crosses (a drag, a fog
stroke). A plain label asks its layout again at each new text, and Qt then lays out the
whole window (its docks and toolbars, one animation object each) and repaints it: about
a millisecond of the GUI thread per square. The label stands in a :class:`HoverBox` with
no layout of its own, flush right where the label alone would stand, its text on the same
pixels: a new text no wider lays out nothing, a wider one lays the bar out at once. While
the texts get narrower the box keeps its width (the empty room on its left is the only
difference: the bar's messages end there) and fits the label once the GM rests
(:data:`REST_MS`).
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QPointF, QSize, Qt, QTimer
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QStatusBar, QWidget

from tactical.app.map.scene.map_scene import MapScene

STATUS_TIMEOUT_MS = 8000
REST_MS = 800
"""After this long without a narrower text, the box of what is under the cursor fits it."""


class HoverBox(QWidget):
    """Holds the label of what is under the cursor, flush right where the label alone
    would stand; the bar is laid out again only when the label needs more room, or, once
    the GM rests, less (see the module's docstring)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.label = QLabel(self)
        self.label.setTextFormat(Qt.TextFormat.PlainText)
        self.room = self.label.sizeHint()
        """The size the box asks of the bar: the label's, or wider while the GM moves."""
        self._rest = QTimer(self)
        self._rest.setSingleShot(True)
        self._rest.setInterval(REST_MS)
        self._rest.timeout.connect(self.fit)

    def sizeHint(self) -> QSize:
        return self.room

    def minimumSizeHint(self) -> QSize:
        return self.room

    def resizeEvent(self, event: QResizeEvent) -> None:
        self._place()

    def _place(self) -> None:
        """The label at its own width, flush right in the box, as tall as the box."""
        width = min(self.label.sizeHint().width(), self.width())
        self.label.setGeometry(self.width() - width, 0, width, self.height())

    def show_text(self, text: str) -> None:
        if text == self.label.text():
            return
        self.label.setText(text)  # its layout request reaches this box, which has no layout
        hint = self.label.sizeHint()
        if hint.height() != self.room.height() or hint.width() > self.room.width():
            self.room = hint  # more room: the bar laid out at once, as for the label alone
            self.updateGeometry()
        elif hint.width() < self.room.width():
            self._rest.start()  # less: the bar keeps its layout until the GM rests
        self._place()

    def fit(self) -> None:
        """The box as wide as the label again (the GM rests: one layout of the bar)."""
        hint = self.label.sizeHint()
        if hint != self.room:
            self.room = hint
            self.updateGeometry()


class StatusLine(QObject):
    """The window's status bar (see the module's docstring)."""

    def __init__(self, bar: QStatusBar, scene: MapScene) -> None:
        super().__init__(bar)
        self.bar = bar
        self.scene = scene
        self._hover_point: QPointF | None = None
        self.hover = HoverBox()
        self.hover_label = self.hover.label
        bar.addPermanentWidget(self.hover)
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
        self.hover.show_text("")
        self._hover_point = None

    def show_hover(self, point: QPointF) -> None:
        """Describe what is at ``point``, the scene point under the cursor."""
        self._hover_point = point
        self.hover.show_text(self.scene.describe(point))

    def refresh_hover(self, *_: object) -> None:
        """After an edit (a drop, an undo) the cursor has not moved, but what is under it has."""
        if self._hover_point is not None:
            self.hover.show_text(self.scene.describe(self._hover_point))

    def show_secrets_hidden(self, on: bool) -> None:
        self.secrets_label.setVisible(on)
        self.refresh_hover()
