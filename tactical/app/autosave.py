"""Autosave to a recovery file, never over the user's file, and recovery after a crash.

Every minute, if the document has unsaved changes, the encounter is written
atomically to ``recovery.tactical.json`` in the app's data folder, with a
small ``recovery.json`` beside it naming the file it came from (or, for a
map imported and not yet saved, the foreign file it was imported from). Saving or
closing cleanly removes both, so finding them at start-up means the last
session did not end cleanly: the app then offers to restore them.

The timer's tick takes a snapshot of the encounter on the GUI thread (cheap:
no picture is read) and leaves the rest to a worker thread: a child process
turns it into text and proves it loads (``persistence.save_child``), the
worker writes it, so a map with a big picture does not freeze while the GM
drags tokens; one write runs at a time, and removing the
recovery waits for it. :meth:`Autosave.tick` does the same work at once.

A write that fails (a full disk, a read-only folder, a document that would
not load again) is caught: :attr:`Autosave.failed` is emitted once per run of
failures, so the GM is told once, and the next tick simply tries again.

A running app holds a lock on its folder (:func:`claim_folder`). A second copy
started meanwhile takes a folder of its own (``session-2`` and so on inside the
first), so it neither offers the first one's live recovery as a crash, nor
deletes it, nor writes over it. A lock whose process has died is free again.
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QLockFile, QObject, QStandardPaths, QTimer, Signal

from tactical.app.document import EncounterDocument
from tactical.core.encounter import Encounter
from tactical.persistence.snapshot import Snapshot

INTERVAL_MS = 60_000
RECOVERY_NAME = "recovery.tactical.json"
META_NAME = "recovery.json"
LOCK_NAME = "session.lock"
MAX_FOLDERS = 16


def default_directory() -> Path:
    """The per-user data folder (``QStandardPaths.AppDataLocation``)."""
    location = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(location) if location else Path.home() / ".tactical"


def claim_folder(directory: Path) -> tuple[Path, QLockFile | None]:
    """The first recovery folder no running copy of the app holds, and its lock.

    ``directory`` itself when free (the usual case), else ``directory/session-N``.
    None for the lock when no folder could be locked (then ``directory`` is used,
    as before locks existed).
    """
    for n in range(1, MAX_FOLDERS + 1):
        folder = directory if n == 1 else directory / f"session-{n}"
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            break
        lock = QLockFile(str(folder / LOCK_NAME))
        lock.setStaleLockTime(0)  # stale only when its process is gone, never by age
        if lock.tryLock(0):
            return folder, lock
    return directory, None


@dataclass(frozen=True)
class Recovery:
    """A recovery file left by a session that did not close cleanly."""

    path: Path
    original: Path | None
    saved_at: float
    imported_from: Path | None = None
    """The foreign map (a .uvtt) an unsaved import came from, when ``original`` is None."""

    def load(self) -> Encounter:
        from tactical.persistence import load_encounter

        return load_encounter(self.path)


MAX_NOTE_BYTES = 64 * 1024
"""The most of a recovery note read: it holds two paths and a time."""
LATEST_TIME = 253_402_300_799.0
"""The end of the year 9999: a ``saved_at`` past it (or not a finite number) is damaged."""


def pending_recovery(directory: Path) -> Recovery | None:
    """The recovery left in ``directory``, or None.

    The note beside it (:data:`META_NAME`) only adds names and a time: a
    damaged note (not JSON, a time that is no time, a path that is no text, a
    pipe in its place) is ignored piece by piece, and the recovered work is
    still offered, named as well as the note allows.
    """
    path = directory / RECOVERY_NAME
    if not path.is_file():
        return None
    saved_at = path.stat().st_mtime
    note = _read_note(directory / META_NAME)
    original = _note_path(note.get("original"))
    imported_from = _note_path(note.get("imported_from"))
    when = note.get("saved_at")
    if isinstance(when, int | float) and not isinstance(when, bool) and 0 <= when <= LATEST_TIME:
        saved_at = float(when)  # NaN fails the comparison too
    return Recovery(path, original, saved_at, imported_from)


def _read_note(meta: Path) -> dict[str, Any]:
    """The note's JSON object, or an empty one when it is missing or damaged."""
    from tactical.persistence.safe_read import ReadRefused, read_regular_file

    try:
        data = json.loads(read_regular_file(meta, MAX_NOTE_BYTES).decode("utf-8"))
    except (ReadRefused, ValueError, RecursionError):
        return {}
    return data if isinstance(data, dict) else {}


def _note_path(value: object) -> Path | None:
    """A path the note names, or None when it names none a GM could be shown."""
    if not isinstance(value, str) or not value or len(value) > 4096 or "\x00" in value:
        return None
    return Path(value)


class Autosave(QObject):
    """Writes the document to the recovery file every ``interval_ms`` while it is modified."""

    failed = Signal(str)
    """Autosave stopped working (said once until it works again): what went wrong."""
    recovered = Signal()
    """Autosave works again after a failure."""
    _written = Signal(object, object)
    """A worker's write is over: the worker, and None or the exception it met (delivered on
    the GUI thread)."""

    def __init__(
        self, document: EncounterDocument, directory: Path, interval_ms: int = INTERVAL_MS
    ) -> None:
        super().__init__(document)
        self.document = document
        self.directory = directory
        self.timer = QTimer(self)
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self.tick_in_background)
        self.timer.start()
        self.writes = 0
        self.failures = 0
        self.failing = False
        self.lock: QLockFile | None = None
        """The lock on :attr:`directory` while this app runs (see :func:`claim_folder`)."""
        self.worker: threading.Thread | None = None
        """The thread writing the recovery right now, if any."""
        self._written.connect(self._written_in_background)

    @property
    def recovery_path(self) -> Path:
        return self.directory / RECOVERY_NAME

    def tick(self) -> bool:
        """Write the recovery file now if there are unsaved changes; True when written."""
        self.wait()
        job = self._job()
        if job is None:
            return False
        return self._finish(_write_recovery(*job))

    def tick_in_background(self) -> bool:
        """The timer's tick: snapshot here, write on a worker thread; True when one started.

        Nothing starts while the last write still runs (the next tick tries again).
        """
        if self.worker is not None and self.worker.is_alive():
            return False
        job = self._job()
        if job is None:
            return False

        def run() -> None:
            outcome = _write_recovery(*job)
            with contextlib.suppress(RuntimeError):  # the app closed meanwhile: nobody to tell
                self._written.emit(threading.current_thread(), outcome)

        self.worker = threading.Thread(target=run, name="autosave", daemon=True)
        self.worker.start()
        return True

    def wait(self) -> None:
        """Return once no write is running (its outcome is then reported by the event loop)."""
        if self.worker is not None:
            self.worker.join()
            self.worker = None

    def _written_in_background(
        self, worker: threading.Thread, outcome: BaseException | None
    ) -> None:
        # The worker has said its last word: let it end before its outcome counts, so
        # that once a write is counted no write runs and the next tick can start one.
        worker.join()
        if self.worker is worker:
            self.worker = None
        self._finish(outcome)

    def _job(self) -> tuple[Path, Snapshot, str | None, str | None] | None:
        """What a write needs, taken on the GUI thread; None when there is nothing to write."""
        if not self.document.modified:
            return None
        target = self.recovery_path
        if self.document.path is not None and self.document.path.resolve() == target.resolve():
            return None  # never write over the user's own file
        from tactical.persistence.snapshot import take_snapshot

        original = str(self.document.path) if self.document.path is not None else None
        source = self.document.imported_from
        imported = str(source) if original is None and source is not None else None
        return self.directory, take_snapshot(self.document.encounter), original, imported

    def _finish(self, outcome: BaseException | None) -> bool:
        """Count a write's outcome and tell the GM when autosave stops or starts working."""
        if outcome is not None:
            from tactical.persistence import SaveError

            if not isinstance(outcome, OSError | SaveError):
                raise outcome  # a defect, not a full disk: to the app's crash report
            self.failures += 1
            if not self.failing:
                self.failing = True
                self.failed.emit(self.failure_text(outcome))
            return False
        self.writes += 1
        if self.failing:
            self.failing = False
            self.recovered.emit()
        return True

    def failure_text(self, error: Exception) -> str:
        """What the GM is told when autosave fails: why, and that nothing is lost yet."""
        seconds = self.timer.interval() // 1000
        every = "every minute" if seconds == 60 else f"every {seconds} s"
        if isinstance(error, OSError):
            reason = error.strerror or str(error)
            why = f"it cannot write to {self.directory}: {reason}"
        else:
            why = f"the encounter could not be written: {error}"
        return (
            f"Autosave failed: {why}. Your changes are still open here but not backed up; "
            f"save them with File > Save As. Autosave tries again {every}."
        )

    def discard(self) -> None:
        """Remove the recovery (after a save or a clean exit), once no write is running."""
        self.wait()
        for name in (RECOVERY_NAME, META_NAME):
            (self.directory / name).unlink(missing_ok=True)

    def stop(self) -> None:
        """No more autosaves; the folder is free for the next start."""
        self.timer.stop()
        self.wait()
        if self.lock is not None:
            self.lock.unlock()
            self.lock = None


def _write_recovery(
    directory: Path, snapshot: Snapshot, original: str | None, imported: str | None = None
) -> BaseException | None:
    """Write the recovery and its note from a snapshot, on any thread; what went wrong, or None."""
    from tactical.persistence.files import file_chunks, write_atomic
    from tactical.persistence.save_child import proven_parts

    try:
        parts = proven_parts(snapshot)
        directory.mkdir(parents=True, exist_ok=True)
        write_atomic(directory / RECOVERY_NAME, file_chunks(parts))
        meta: dict[str, Any] = {"original": original, "saved_at": time.time()}
        if imported is not None:
            meta["imported_from"] = imported
        write_atomic(directory / META_NAME, json.dumps(meta).encode("utf-8"))
    except Exception as error:  # reported on the GUI thread by Autosave._finish
        return error
    return None
