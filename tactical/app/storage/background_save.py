"""Ctrl+S on a worker thread: the GUI thread only copies the model.

Saving a big map (10,000 tokens on 1024 x 1024 squares) takes half a second
to turn into text, prove it opens again and write; the GM's hand should not
wait for it. :meth:`BackgroundSave.start` takes a snapshot of the encounter on
the GUI thread (:func:`~tactical.persistence.snapshot.take_snapshot`: the
grid's arrays copied, no picture read) and leaves the rest to a worker thread,
which makes the file, proves it opens again and writes it atomically as a save
on the GUI thread would: a save killed midway leaves the old file whole, and a
document that would not open again is not written at all. No step of it holds
Python's lock long (the heights and pictures are proven from what they were
written from; long lists are written, validated and freed a slice at a time: no
one call into C holds it over about 2 ms, ``benchmarks.save_holds``), so the GUI thread runs
on meanwhile. And while the GUI thread handles an event, the worker waits at its next
checkpoint (227 in the writing and the proof on 1024 x 1024) without the lock, as the
phones' builder does (``core.give_way``; within :data:`SAVE_BUDGET_S` a save):
otherwise each time Qt called into Python the GUI thread waited its turn of the lock
behind the worker, and the session benchmark's longest GUI gaps fell in the save.

The outcome comes back to the GUI thread (:attr:`BackgroundSave.done`) with
whether the document was edited since the snapshot: only an unedited document
becomes clean. :meth:`BackgroundSave.wait` blocks until no save runs and
reports its outcome at once, so quitting, opening another file or saving
again never overtakes a running save.
"""

from __future__ import annotations

import contextlib
import threading
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from tactical.app.encounter.document import EncounterDocument
from tactical.core.give_way import SAVE_BUDGET_S, turn
from tactical.persistence.file_stamp import FileStamp
from tactical.persistence.snapshot import Snapshot


@dataclass(eq=False)
class SaveJob:
    """One save: where, the model's snapshot, and how it ended (set by the worker)."""

    path: Path
    snapshot: Snapshot
    edits: int
    """The document's edit count when the snapshot was taken."""
    replacements: int
    """How many times another encounter had been loaded into the document by then."""
    outcome: BaseException | None = None
    stamp: FileStamp | None = None
    """The version written (set by the worker when it wrote the file)."""
    over: threading.Event = field(default_factory=threading.Event)
    reported: bool = False
    unedited: bool = False
    """Set when reported: the document is still exactly what was written."""
    replaced: bool = False
    """Set when reported: another encounter was loaded meanwhile (the file is not its)."""


class BackgroundSave(QObject):
    """Saves one document on a worker thread, one save at a time."""

    done = Signal(object)
    """A save is over: its :class:`SaveJob` (outcome, unedited, replaced). On the GUI thread."""
    _over = Signal(object)

    def __init__(self, document: EncounterDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.edits = 0
        """Counts every change to the document (see :meth:`_edited`)."""
        self.replacements = 0
        self.job: SaveJob | None = None
        self.worker: threading.Thread | None = None
        document.changed.connect(self._edited)
        document.modified_changed.connect(self._edited)
        document.encounter_replaced.connect(self._replaced)
        self._over.connect(self._report)

    @property
    def running(self) -> bool:
        return self.job is not None and not self.job.reported

    def _edited(self, *_args: object) -> None:
        self.edits += 1

    def _replaced(self) -> None:
        if self.document.switching:
            return  # another scene of the same file: a save under way writes them all
        self.edits += 1
        self.replacements += 1

    def start(self, path: Path) -> None:
        """Snapshot the document here and write it to ``path`` on a worker thread."""
        from tactical.persistence.snapshot import take_snapshot

        self.wait()
        snapshot = take_snapshot(self.document.encounter)
        job = SaveJob(path, snapshot, self.edits, self.replacements)
        self.job = job

        def run() -> None:
            with turn(SAVE_BUDGET_S):  # it gives way to the GM's GUI thread at each checkpoint
                job.outcome, job.stamp = write_stamped(job.path, job.snapshot)
            job.over.set()
            with contextlib.suppress(RuntimeError):  # the app closed meanwhile: nobody to tell
                self._over.emit(job)

        self.worker = threading.Thread(target=run, name="save", daemon=True)
        self.worker.start()

    def wait(self) -> None:
        """Return once no save runs, its outcome reported (:attr:`done`) before returning."""
        job = self.job
        if job is None:
            return
        if self.worker is not None:
            self.worker.join()
            self.worker = None
        self._report(job)

    def _report(self, job: SaveJob) -> None:
        if job.reported or not job.over.is_set():
            return
        job.reported = True
        if self.job is job:
            self.job = None
        job.unedited = job.edits == self.edits
        job.replaced = job.replacements != self.replacements
        self.done.emit(job)


def write_snapshot(path: Path, snapshot: Snapshot) -> BaseException | None:
    """Prove the snapshot's file opens again and write it atomically; what went wrong, or None.

    Runs on any thread (it touches nothing but the snapshot and the file).
    """
    return write_stamped(path, snapshot)[0]


def write_stamped(path: Path, snapshot: Snapshot) -> tuple[BaseException | None, FileStamp | None]:
    """:func:`write_snapshot`, with the stamp of the file written (None: not written)."""
    from tactical.persistence import young_objects
    from tactical.persistence.files import file_chunks, own_document_parts, write_atomic
    from tactical.persistence.snapshot import finish_document

    try:
        with young_objects.held():  # the GUI thread traverses none of the proof's objects
            parts = own_document_parts(finish_document(snapshot.full_document()))
        stamp = write_atomic(path, file_chunks(parts))
    except Exception as error:  # reported on the GUI thread
        return error, None
    return None, stamp
