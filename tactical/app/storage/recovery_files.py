"""Where the recovery files live, and the unsaved work a crash left there.

The recovery folder holds the base (an encounter file), the journal of the
changes made since it and a small note naming the file the work belongs to
(:mod:`tactical.persistence.journal_writer` writes them). A running app holds
a lock on its folder (:func:`claim_folder`); a second copy started meanwhile
takes a folder of its own (``session-2`` and so on inside the first), so it
neither offers the first one's live recovery as a crash, nor deletes it, nor
writes over it. A lock whose process has died is free again.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QLockFile, QStandardPaths

from tactical.core.encounter import Encounter

if TYPE_CHECKING:
    from tactical.persistence.journal_replay import Recovered
from tactical.persistence.journal_writer import JOURNAL_NAME, META_NAME, RECOVERY_NAME

__all__ = [
    "JOURNAL_NAME",
    "META_NAME",
    "RECOVERY_NAME",
    "Recovery",
    "claim_folder",
    "default_directory",
    "pending_recovery",
    "set_aside",
]

LOCK_NAME = "session.lock"
MAX_FOLDERS = 16
MAX_NOTE_BYTES = 64 * 1024
"""The most of a recovery note read: it holds two paths and a time."""
LATEST_TIME = 253_402_300_799.0
"""The end of the year 9999: a ``saved_at`` past it (or not a finite number) is damaged."""
REFUSED_FOLDER = "refused"
"""Recovery files that could not be read are moved into a folder of this name, never deleted."""


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
    """The unsaved work a session that did not close cleanly left behind."""

    path: Path
    """The base file; its journal lies beside it (:data:`JOURNAL_NAME`)."""
    original: Path | None
    saved_at: float
    imported_from: Path | None = None
    """The foreign map (a .uvtt) an unsaved import came from, when ``original`` is None."""

    def load(self) -> Encounter:
        """The work as it was last on screen: the base and the journal's changes.

        LoadError naming the file (or the journal's line) when it cannot be read.
        """
        return self.recover().encounter

    def recover(self) -> Recovered:
        """:meth:`load`, with the undo history the journal rebuilds."""
        from tactical.persistence.journal_replay import recover

        return recover(self.path, self.path.with_name(JOURNAL_NAME), JOURNAL_NAME)


def pending_recovery(directory: Path) -> Recovery | None:
    """The recovery left in ``directory``, or None.

    The note beside it (:data:`META_NAME`) only adds names and a time: a
    damaged note (not JSON, a time that is no time, a path that is no text, a
    pipe in its place) is ignored piece by piece, and the recovered work is
    still offered, named as well as the note allows. The time is the journal's
    last write when it is later than the note's.
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
    journal = directory / JOURNAL_NAME
    if journal.is_file():
        saved_at = max(saved_at, journal.stat().st_mtime)
    return Recovery(path, original, saved_at, imported_from)


def set_aside(recovery: Recovery) -> Path | None:
    """Move a recovery that could not be read into a folder of its own; that folder.

    Nothing is deleted: the GM (or whoever looks into a bug) still has it,
    and the next start does not offer it again. None when nothing could be moved.
    """
    folder = recovery.path.parent
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = folder / REFUSED_FOLDER / stamp
    suffix = 1
    while target.exists():
        suffix += 1
        target = folder / REFUSED_FOLDER / f"{stamp}-{suffix}"
    moved = False
    for name in (RECOVERY_NAME, JOURNAL_NAME, META_NAME):
        source = folder / name
        if not source.exists() and not source.is_symlink():
            continue
        try:
            target.mkdir(parents=True, exist_ok=True)
            os.replace(source, target / name)
            moved = True
        except OSError:
            continue
    return target if moved else None


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
