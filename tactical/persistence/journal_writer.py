"""The recovery files, written on a thread of their own as the GM edits.

Three files in the recovery folder: the base (``recovery.tactical.json``, an
encounter file), the journal (``recovery.journal``: one record per change set
since the base, :mod:`tactical.persistence.journal_format`) and the note
(``recovery.json``: which file the work belongs to). The GUI thread hands the
writer jobs in order; the writer does them in that order:

- :meth:`JournalWriter.prepare`: a full capture of the document is written as
  the next base (``recovery-next.tactical.json``), proven to open again; for a
  clean document the file it was just opened from or saved to is copied
  instead (same bytes, so it opens to the same encounter), which costs no
  work of Python's: opening a big map of one scene (format 5) no longer
  encodes and proves it again while the window makes its first frame;
  nothing is offered after a crash yet;
- :meth:`JournalWriter.start`: the document has unsaved changes: the next base
  becomes the base (a rename), a new journal naming it replaces the old one,
  and the note is written. A crash between the two leaves the new base with
  the old journal, which names the old base and is not used: the new base
  already holds all it said;
- :meth:`JournalWriter.record`: what a change set changed on one scene of the
  evening is appended as one line, with the undo history's moves it made
  (written at once, so a killed app loses nothing written; flushed to the
  disk at most every :data:`SYNC_SECONDS`, so a power cut loses at most that);
  each scene's records are relative to what was written of it: the GM's scene
  from the prepared base on, another scene from a copy the app hands over just
  before its first change (:meth:`JournalWriter.know`), so a change on a scene not
  on the GM's screen needs no new base; :meth:`JournalWriter.switch` says which
  scene the GM looks at;
- :meth:`JournalWriter.resume`: after a recovery, the app goes on with the same
  base and journal (its torn last line cut), so a second crash rebuilds it all;
- :meth:`JournalWriter.discard`: the work was saved or closed: the files go.

A job that fails (a full disk, a document that would not open again) is told
through ``on_failure``; records are then dropped until the next prepare and
start, which the app asks for (``on_failure``, ``on_full``).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import queue
import re
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from tactical.persistence import young_objects
from tactical.persistence.atomic_write import write_atomic
from tactical.persistence.file_stamp import FileStamp
from tactical.persistence.files import MAX_FILE_BYTES, file_chunks, own_document_parts
from tactical.persistence.journal_capture import Capture
from tactical.persistence.journal_format import header_line, record_chunks
from tactical.persistence.journal_state import JournalGap, JournalState, base_document
from tactical.persistence.safe_read import ReadRefused, read_stamped
from tactical.persistence.safe_write import check_target
from tactical.persistence.schema import SCENE_VERSION, SCHEMA_VERSION
from tactical.persistence.snapshot import finish_document

RECOVERY_NAME = "recovery.tactical.json"
NEXT_NAME = "recovery-next.tactical.json"
JOURNAL_NAME = "recovery.journal"
META_NAME = "recovery.json"
SYNC_SECONDS = 1.0
"""Appended records reach the disk (fsync) at most this long after they were written."""
_VERSION = re.compile(rb'"schema_version"\s*:\s*([0-9]+)')
FULL_BYTES = 32 * 1024 * 1024
"""Past this many bytes of records (and past the base's size) the journal starts again."""


class JournalWriter:
    """The writer thread and its files in ``directory``; every method but :meth:`wait`
    only queues a job and returns at once."""

    def __init__(
        self,
        directory: Path,
        on_failure: Callable[[BaseException], None],
        on_full: Callable[[], None],
        on_written: Callable[[], None] = lambda: None,
    ) -> None:
        self.directory = directory
        self.on_failure = on_failure
        self.on_full = on_full
        self.on_written = on_written
        """Called after each base written and each journal started (on the writer thread)."""
        self.records = 0
        """Records appended since the app started (a count for tests and benchmarks)."""
        self._jobs: queue.SimpleQueue[tuple[str, Any]] = queue.SimpleQueue()
        self._state: dict[str | None, JournalState] | None = None
        """What the journal wrote so far of each scene of the evening, by its id."""
        self._next: tuple[str, int] | None = None
        """The prepared base's SHA-256 and size, once written."""
        self._view: str | None = None
        """The id of the scene on the GM's screen (the header names it)."""
        self._fd: int | None = None
        self._number = 0
        self._appended = 0
        self._full_limit = FULL_BYTES
        self._full_told = False
        self._synced = time.monotonic()
        self._dirty = False
        self._thread = threading.Thread(target=self._run, name="recovery-journal", daemon=True)
        self._thread.start()

    # -- the GUI thread's side -----------------------------------------------------

    def prepare(
        self, full: Capture, source: Path | None = None, stamp: FileStamp | None = None
    ) -> None:
        """Write ``full`` as the next base, or copy ``source``, the file it equals as it was
        when it had ``stamp`` (a file with another stamp, or none known: ``full`` is written)."""
        self._jobs.put(("prepare", (full, source, stamp)))

    def start(self, note: dict[str, Any]) -> None:
        """The prepared base becomes the base of a new journal; ``note`` is written beside."""
        self._jobs.put(("start", note))

    def record(self, capture: Capture) -> None:
        self._jobs.put(("record", capture))

    def know(self, full: Capture) -> None:
        """Learn another scene of the evening as it is before its first change since the
        base (its records are relative to it)."""
        self._jobs.put(("know", full))

    def resume(self, full: Capture, records: int, kept: int) -> None:
        """Go on with the journal in the folder (a crash's, just recovered to ``full``): its
        base stays, its first ``kept`` bytes (``records`` records) too, and the next record
        follows them (a torn last line goes)."""
        self._jobs.put(("resume", (full, records, kept)))

    def switch(self, scene: str | None) -> None:
        """The GM's screen shows the scene ``scene`` from now on (a record says so)."""
        self._jobs.put(("switch", scene))

    def note(self, note: dict[str, Any]) -> None:
        """Write the note again (the work's file changed name) if a journal runs."""
        self._jobs.put(("note", note))

    def discard(self, *, prepared: bool = False) -> None:
        """Remove the recovery (and with ``prepared`` the next base too: a clean close)."""
        self._jobs.put(("discard", prepared))

    def wait(self) -> None:
        """Return once every job queued so far is done and on the disk."""
        done = threading.Event()
        self._jobs.put(("wait", done))
        while self._thread.is_alive() and not done.wait(0.05):
            pass

    def stop(self) -> None:
        """Finish the queued jobs and end the thread (the files stay)."""
        self._jobs.put(("stop", None))
        self._thread.join()

    def abandon(self) -> None:
        """End the thread once the queued jobs are done, without waiting (its owner is gone)."""
        self._jobs.put(("stop", None))

    @property
    def live(self) -> bool:
        """A journal is being written (a crash now would be offered for recovery)."""
        return self._fd is not None

    # -- the writer thread ---------------------------------------------------------

    def _run(self) -> None:
        while True:
            timeout = None
            if self._dirty:
                timeout = max(0.0, self._synced + SYNC_SECONDS - time.monotonic())
            try:
                job, value = self._jobs.get(timeout=timeout)
            except queue.Empty:
                job, value = "sync", None  # a second since the last write: to the disk
            if job == "stop":
                with contextlib.suppress(OSError):
                    self._sync()
                self._close()
                return
            try:
                getattr(self, "_" + job)(value)
            except Exception as error:  # told on the GUI thread; the next start tries again
                self._state = None
                self._close()
                with contextlib.suppress(Exception):
                    self.on_failure(error)
            finally:
                if job == "wait":
                    value.set()  # a waiter is let go whatever happened

    def _prepare(self, value: tuple[Capture, Path | None, FileStamp | None]) -> None:
        full, source, stamp = value
        self._next = None
        # from here on records are relative to it (other scenes: as the journal learns them)
        self._state = {full.scene: JournalState(full)}
        self._view = full.scene
        copied = None if source is None or stamp is None else _copy_of(source, stamp)
        if copied is not None:
            chunks: Iterable[bytes] = (copied,)
        else:
            with young_objects.held():
                chunks = file_chunks(own_document_parts(finish_document(base_document(full))))
        digest = hashlib.sha256()
        size = 0

        def hashed(chunks: Iterable[bytes]) -> Iterator[bytes]:
            nonlocal size
            for chunk in chunks:
                digest.update(chunk)
                size += len(chunk)
                yield chunk

        self.directory.mkdir(parents=True, exist_ok=True)
        write_atomic(self.directory / NEXT_NAME, hashed(chunks))
        self._next = (digest.hexdigest(), size)
        self.on_written()

    def _start(self, note: dict[str, Any]) -> None:
        self._close()
        if self._next is None or self._state is None:
            return  # its base could not be written: told already, tried again later
        sha, size = self._next
        os.replace(self.directory / NEXT_NAME, self.directory / RECOVERY_NAME)
        write_atomic(self.directory / JOURNAL_NAME, header_line(sha, self._view))
        self._write_note(note)
        check_target(self.directory / JOURNAL_NAME)
        flags = os.O_WRONLY | os.O_APPEND | getattr(os, "O_BINARY", 0)
        self._fd = os.open(self.directory / JOURNAL_NAME, flags)
        self._next = None
        self._number = 0
        self._appended = 0
        self._full_limit = max(FULL_BYTES, size)
        self._full_told = False
        self.on_written()

    def _know(self, full: Capture) -> None:
        if self._state is not None and full.scene not in self._state:
            self._state[full.scene] = JournalState(full)

    def _resume(self, value: tuple[Capture, int, int]) -> None:
        full, records, kept = value
        self._close()
        self._state = {full.scene: JournalState(full)}
        self._view = full.scene
        self._next = None
        path = self.directory / JOURNAL_NAME
        check_target(path)
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_BINARY", 0))
        try:
            if os.fstat(fd).st_size < kept:
                raise JournalGap("the journal is not the one recovered")
            os.ftruncate(fd, kept)  # a torn last line goes
        except BaseException:
            os.close(fd)
            raise
        self._fd = fd
        self._number = records
        self._appended = kept
        self._full_limit = max(FULL_BYTES, (self.directory / RECOVERY_NAME).stat().st_size)
        self._full_told = False
        self.on_written()

    def _record(self, capture: Capture) -> None:
        if self._fd is None or self._state is None:
            return  # failed, or not started: the app starts again from a new base
        state = self._state.get(capture.scene)
        if state is None:
            raise JournalGap(f"scene '{capture.scene}' appeared without a new base")
        body = state.record(capture)
        if not body and not capture.steps:
            return
        head: dict[str, Any] = {"n": self._number + 1, "time": capture.time}
        if capture.scene is not None:
            head["scene"] = capture.scene
        if capture.steps:
            head["step"] = list(capture.steps)
        self._append({**head, **body})

    def _switch(self, scene: str | None) -> None:
        if scene == self._view:
            return
        self._view = scene
        if self._fd is not None and self._state is not None and scene is not None:
            self._append({"n": self._number + 1, "time": time.time(), "view": scene})

    def _append(self, record: dict[str, Any]) -> None:
        assert self._fd is not None
        self._number += 1
        line = record_chunks(record)
        for chunk in file_chunks(line):
            view = memoryview(chunk)
            while view:
                view = view[os.write(self._fd, view) :]
            self._appended += len(chunk)
        self.records += 1
        self._dirty = True
        if time.monotonic() - self._synced >= SYNC_SECONDS:
            self._sync()
        if self._appended > self._full_limit and not self._full_told:
            self._full_told = True
            self.on_full()

    def _note(self, note: dict[str, Any]) -> None:
        if self._fd is not None:
            self._write_note(note)

    def _write_note(self, note: dict[str, Any]) -> None:
        write_atomic(self.directory / META_NAME, json.dumps(note).encode("utf-8"))

    def _discard(self, prepared: bool) -> None:
        self._close()
        names = (JOURNAL_NAME, RECOVERY_NAME, META_NAME, *((NEXT_NAME,) if prepared else ()))
        for name in names:
            (self.directory / name).unlink(missing_ok=True)

    def _wait(self, done: threading.Event) -> None:
        self._sync()
        done.set()

    def _sync(self, _value: object = None) -> None:
        if self._fd is not None and self._dirty:
            os.fsync(self._fd)
        self._dirty = False
        self._synced = time.monotonic()

    def _close(self) -> None:
        fd, self._fd = self._fd, None
        if fd is not None:
            with contextlib.suppress(OSError):
                os.close(fd)


def _copy_of(source: Path, stamp: FileStamp) -> bytes | None:
    """The bytes of the file a clean document equals, when the journal can follow them:
    an evening's file of the current version, or one map's file of the version of a scene
    (records are in its terms; the replay reads it as the loader did first,
    ``journal_replay``), so opening a big map does not write it again. None when the file
    is no longer the version the document was read from or saved to (``stamp``: another
    program rewrote it meanwhile, :mod:`~tactical.persistence.file_stamp`)."""
    try:
        data, read = read_stamped(source, MAX_FILE_BYTES)
    except ReadRefused:
        return None
    if read != stamp:
        return None
    found = _VERSION.search(data, 0, 4096)
    if found is None or int(found.group(1)) not in (SCENE_VERSION, SCHEMA_VERSION):
        return None
    return data
