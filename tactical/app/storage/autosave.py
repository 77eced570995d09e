"""Nothing lost to a crash: every change kept in a journal beside the recovery file.

While the document has unsaved changes, the recovery folder holds a base (the
encounter as it was before them, an ordinary encounter file, never the GM's
own file) and a journal with one record per change set since, appended by a
writer thread as each change is made (:mod:`tactical.persistence.journal_writer`):
the GUI thread only copies what the change touched
(:mod:`tactical.persistence.journal_capture`). A killed app has written every
change but those of the last moment; a power cut loses at most the last second.
The next start rebuilds the work from the base and the journal
(:mod:`tactical.persistence.journal_replay`) and offers it.

The base of a clean document is written ahead (after opening, after a save),
so the first change only renames it. Saving or closing cleanly removes the
recovery; so does undoing back to the saved state. A write that fails (a full
disk, a read-only folder, a document that would not load again) is told once
(:attr:`Autosave.failed`); the journal then starts again from a new base with
the next change, or after :data:`RETRY_MS`, and says so when it works again.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QLockFile, QObject, QTimer, Signal

from tactical.app.encounter.document import EncounterDocument
from tactical.app.storage.recovery_files import (
    JOURNAL_NAME,
    META_NAME,
    RECOVERY_NAME,
    Recovery,
    claim_folder,
    default_directory,
    pending_recovery,
)
from tactical.core.changes import ChangeSet
from tactical.core.encounter import Encounter
from tactical.persistence.journal_capture import capture, capture_all, scene_id
from tactical.persistence.journal_state import JournalGap
from tactical.persistence.journal_writer import JournalWriter

__all__ = [
    "JOURNAL_NAME",
    "META_NAME",
    "RECOVERY_NAME",
    "Autosave",
    "Recovery",
    "claim_folder",
    "default_directory",
    "pending_recovery",
]

log = logging.getLogger(__name__)

RETRY_MS = 30_000
"""A journal that could not be written is started again this often (and at the next change)."""


class Autosave(QObject):
    """Keeps the document's unsaved changes in the recovery folder as they are made."""

    failed = Signal(str)
    """Autosave stopped working (said once until it works again): what went wrong."""
    recovered = Signal()
    """Autosave works again after a failure."""
    _failure = Signal(object)
    _full = Signal()
    _written = Signal()

    def __init__(
        self, document: EncounterDocument, directory: Path, retry_ms: int = RETRY_MS
    ) -> None:
        super().__init__(document)
        self.document = document
        self.directory = directory
        self.lock: QLockFile | None = None
        """The lock on :attr:`directory` while this app runs (see :func:`claim_folder`)."""
        self.failures = 0
        self.failing = False
        self.live = False
        """A journal of the document's unsaved changes is being written."""
        self.broken = False
        """A write failed: the journal starts again from a new base."""
        self.stopped = False
        self._settling = False
        self._fresh = True
        """The document has no base prepared yet (it replaced another)."""
        self._known: set[str | None] = set()
        """The scenes the writer knows as they were since the base (its records of another
        scene are relative to a copy taken before that scene's first change)."""
        self.retry = QTimer(self)
        self.retry.setInterval(retry_ms)
        self.retry.timeout.connect(self._retry)
        self._failure.connect(self._failed)
        self._full.connect(self._restart)
        self._written.connect(self._works)
        self.writer = JournalWriter(
            directory, self._failure.emit, self._full.emit, self._written.emit
        )
        self.destroyed.connect(self.writer.abandon)
        document.changes_done.connect(self._changed)
        document.elsewhere_done.connect(self._elsewhere)
        document.elsewhere_starting.connect(self._know)
        document.modified_changed.connect(self._modified)
        document.encounter_replaced.connect(self._replaced)
        document.path_changed.connect(self._renamed)
        self._prepare(clean=not document.modified)
        if document.modified:
            self._begin()

    @property
    def recovery_path(self) -> Path:
        return self.directory / RECOVERY_NAME

    # -- following the document ----------------------------------------------------------

    def _changed(self, changes: ChangeSet) -> None:
        self._record(self.document.encounter, changes)

    def _elsewhere(self, encounter: Encounter, changes: ChangeSet) -> None:
        """A change of a scene not on the GM's screen (a phone's move on the players' scene):
        recorded as the GM's are, naming its scene."""
        self._record(encounter, changes)

    def _record(self, encounter: Encounter, changes: ChangeSet) -> None:
        if self.stopped:
            return
        history = self.document.history
        scenes = changes.get("scenes")
        if self.broken or (scenes is not None and not scenes.ids):
            history.forget_moves()
            self._restart()  # the new base holds this change (the scene list)
            return
        if not self.live:
            self._begin()  # the prepared base is the document just before this change
        self.writer.record(capture(encounter, changes, history.take_moves(encounter)))

    def _modified(self, modified: bool) -> None:
        if self.stopped:
            return
        if modified and not self.live:
            self._begin()  # unsaved without a change: a recovered or imported map
        elif not modified and self.live:
            self.live = False  # saved, or undone back to the saved state: nothing to recover
            self.writer.discard()
            self._prepare(clean=True)

    def _replaced(self) -> None:
        """Another encounter: a base of its own. Settled on the next turn of the event
        loop, once whoever replaced it has said whether it is unsaved work (a recovery,
        an import: its journal then replaces the old files in one step). Another scene of
        the same evening on the GM's screen is only said in the journal."""
        if self.document.switching:
            if not self.stopped:
                self._know(self.document.encounter)
                self.writer.switch(self.document.scene_id)
            return
        self.document.history.forget_moves()
        self.live = self.broken = False
        self._fresh = True
        self._settle_soon()

    def _know(self, encounter: Encounter) -> None:
        """Before the first change of a scene other than the base's GM scene (a phone's
        move off the GM's screen; the GM switching to it): the writer copies it once."""
        scene = scene_id(encounter)
        if not self.stopped and scene not in self._known:
            self._known.add(scene)
            self.writer.know(capture_all(encounter, whole=False))

    def _renamed(self) -> None:
        if self.live and not self.stopped:
            self.writer.note(self._note())

    # -- the journal's steps --------------------------------------------------------------

    def _prepare(self, *, clean: bool = False) -> None:
        """Write the document as the next base: a clean document by copying its file."""
        self._fresh = False
        self.document.history.forget_moves()  # the base holds what they did
        self._known = {scene_id(self.document.encounter)}
        path = self.document.path
        source = path if clean and path is not None and path.is_file() else None
        stamp = self.document.file_stamp
        self.writer.prepare(capture_all(self.document.encounter), source, stamp)

    def _begin(self) -> None:
        if self._fresh:
            self._prepare()
        self.live = True
        self.writer.start(self._note())

    def _restart(self) -> None:
        """A new base of the document as it is now, and a new journal after it."""
        if self.stopped:
            return
        self.broken = False
        self._prepare()
        if self.document.modified:
            self._begin()

    def _note(self) -> dict[str, Any]:
        import time

        document = self.document
        original = str(document.path) if document.path is not None else None
        note: dict[str, Any] = {"original": original, "saved_at": time.time()}
        source = document.imported_from
        if original is None and source is not None:
            note["imported_from"] = str(source)
        return note

    def _settle_soon(self) -> None:
        if not self._settling:
            self._settling = True
            QTimer.singleShot(0, self, self._settle)

    def _settle(self) -> None:
        """After a replacement or a discard: no recovery for a clean document; a new journal
        for one that has unsaved changes."""
        self._settling = False
        if self.stopped or self.live:
            return
        if self.document.modified:
            self._restart()
            return
        self.writer.discard()
        if self._fresh:
            self._prepare(clean=True)

    # -- failures ----------------------------------------------------------------------

    def _failed(self, error: BaseException) -> None:
        from tactical.persistence import SaveError

        self.broken = True
        if isinstance(error, JournalGap):  # a change that was not announced: start afresh
            log.warning("the recovery journal starts again: %s", error)
            QTimer.singleShot(0, self, self._restart)
            return
        if not isinstance(error, OSError | SaveError | ValueError):
            raise error  # a defect, not a full disk: to the app's crash report
        self.failures += 1
        if not self.retry.isActive():
            self.retry.start()
        if not self.failing:
            self.failing = True
            self.failed.emit(self.failure_text(error))

    def _retry(self) -> None:
        if self.broken:
            self._restart()
        else:
            self.retry.stop()

    def _works(self) -> None:
        if self.broken:
            return  # a failure queued after this start is still to come
        self.retry.stop()
        if self.failing:
            self.failing = False
            self.recovered.emit()

    def failure_text(self, error: BaseException) -> str:
        """What the GM is told when autosave fails: why, and that nothing is lost yet."""
        seconds = self.retry.interval() // 1000
        if isinstance(error, OSError):
            reason = error.strerror or str(error)
            why = f"it cannot write to {self.directory}: {reason}"
        else:
            why = f"the encounter could not be written: {error}"
        return (
            f"Autosave failed: {why}. Your changes are still open here but not backed up; "
            f"save them with File > Save As. Autosave tries again with your next change "
            f"and every {seconds} s."
        )

    # -- for the window, start-up and tests ------------------------------------------

    def tick(self) -> bool:
        """Wait until every change so far is on the disk; True when unsaved work is kept.

        A failure the writer met meanwhile is told before this returns.
        """
        self.writer.wait()
        QCoreApplication.sendPostedEvents(self)
        return self.live and not self.broken

    def resume(self, records: int, kept: int) -> None:
        """Go on with the journal a crash's recovery was just rebuilt from (the document
        holds what it rebuilt): its base and records stay and new records follow them, so
        another crash rebuilds the same undo history and what came after."""
        if self.stopped:
            return
        self._fresh = False
        self.live = True
        self._known = {scene_id(self.document.encounter)}
        self.writer.resume(capture_all(self.document.encounter), records, kept)

    def discard(self) -> None:
        """Remove the recovery: the work was saved, or the GM dropped a crash's recovery.

        A document that still has unsaved changes (say an import opened at start-up
        before the old recovery was dropped) gets a new journal at once after.
        """
        self.live = False
        if self.stopped:
            return
        self.writer.discard()
        self._settle_soon()

    def wait(self) -> None:
        """Return once every job queued so far is written."""
        self.writer.wait()

    def stop(self) -> None:
        """No more writes; the folder is free for the next start. A clean document's files
        go (its prepared base too); unsaved work stays for the next start to offer."""
        if self.stopped:
            return
        self.stopped = True
        self.retry.stop()
        if not self.live:
            self.writer.discard(prepared=True)
        self.writer.stop()
        if self.lock is not None:
            self.lock.unlock()
            self.lock = None
