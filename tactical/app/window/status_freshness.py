"""The status bar's message describes the last action, or nothing.

A message ("Orc moved (6 of 6 squares).") used to stay its full eight seconds
while the GM went on: an undo, another move or a new selection left it
describing something that was no longer the last thing done. Now the next
change of the undo stack or of the map's selection clears it, unless the
message was said within a moment of that change (a drop says what it did
just after pushing its move, in the same turn of the event loop).

What the document says about its undo history (it let its oldest steps go)
is said here too, once the action that caused it has said its own word: the
GM reads it rather than the action's.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QStatusBar

from tactical.app.encounter.document import EncounterDocument
from tactical.app.map.scene.map_scene import MapScene

FRESH_SECONDS = 0.3
"""A message this young is about the change that just happened, not stale."""
HISTORY_NOTICE_MS = 15000
"""How long the status bar says that undo lets its oldest steps go."""


class StatusFreshness(QObject):
    """Clears a status message once the GM does something else (see the module's docstring)."""

    def __init__(
        self,
        bar: QStatusBar,
        document: EncounterDocument,
        scene: MapScene,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__(bar)
        self.bar = bar
        self.clock = clock
        self.said_at = clock()
        bar.messageChanged.connect(self._message_changed)
        document.undo_stack.indexChanged.connect(self.something_happened)
        scene.selectionChanged.connect(self.something_happened)
        document.history_said.connect(self._history_said)

    def _message_changed(self, text: str) -> None:
        if text:
            self.said_at = self.clock()

    def _history_said(self, text: str) -> None:
        QTimer.singleShot(0, self, lambda: self.bar.showMessage(text, HISTORY_NOTICE_MS))

    def something_happened(self, *_: object) -> None:
        """The GM did something: a message older than a moment no longer describes it."""
        if self.bar.currentMessage() and self.clock() - self.said_at > FRESH_SECONDS:
            self.bar.clearMessage()


def install_status_freshness(
    bar: QStatusBar, document: EncounterDocument, scene: MapScene
) -> StatusFreshness:
    """Keep the window's status bar message about the last action."""
    return StatusFreshness(bar, document, scene)
