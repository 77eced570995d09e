"""Blackout and freeze belong to the players' screen, not to a window: the GM's setting holds.

The Blackout and Freeze actions are the state; a player view shows it
whenever it exists and is shown (opened, closed, reopened, moved to another
screen). The state is remembered per encounter file in the app's settings, so
the app restarted on the same file starts with the TV as the GM left it.
Why the settings and not the file: it is the table's state tonight, not part of
the encounter; writing it in the file would mark the encounter modified and
carry the GM's TV state into every copy, export and snapshot of the file.

Opening another file takes that file's remembered curtains; a file never seen
keeps the curtains as they are (the TV never shows a map by surprise). Saving
under a new name remembers the curtains under that name.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QSettings
from PySide6.QtGui import QAction

from tactical.app.encounter.document import EncounterDocument
from tactical.app.players.table_screen import settings as saved
from tactical.core.encounter import Encounter


class HeldCurtains(QObject):
    """Keeps the blackout and freeze actions and the file's settings in step."""

    def __init__(
        self,
        document: EncounterDocument,
        settings: QSettings,
        blackout: QAction,
        freeze: QAction,
    ) -> None:
        super().__init__(blackout)
        self.document = document
        self.settings = settings
        self.blackout = blackout
        self.freeze = freeze
        self._encounter: Encounter = document.encounter
        self._adopting = False
        document.path_changed.connect(self._path_changed)
        blackout.toggled.connect(self.store)
        freeze.toggled.connect(self.store)
        self.adopt()

    def words(self) -> set[str]:
        """What the GM set now: "blackout", "frozen"."""
        found = set()
        if self.blackout.isChecked():
            found.add("blackout")
        if self.freeze.isChecked():
            found.add("frozen")
        return found

    def adopt(self) -> None:
        """Set the actions as remembered for the document's file (nothing remembered: no change)."""
        path = self.document.path
        record = saved.saved_curtains(self.settings, path) if path is not None else None
        if record is None:
            self.store()
            return
        self._adopting = True
        try:
            self.blackout.setChecked("blackout" in record)
            self.freeze.setChecked("frozen" in record)
        finally:
            self._adopting = False

    def store(self, *_: object) -> None:
        path = self.document.path
        if path is not None and not self._adopting:
            saved.save_curtains(self.settings, path, self.words())

    def _path_changed(self) -> None:
        if self.document.encounter is self._encounter:
            self.store()  # saved under another name: the same table, the same TV
        else:
            self._encounter = self.document.encounter  # another file opened
            self.adopt()
