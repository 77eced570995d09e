"""Open, save, save as, recent files and new-from-template for the main window.

Dialogs are reached through small replaceable hooks (``ask_open_path``,
``ask_save_path``, ``ask_unsaved``, ``show_error``) so tests drive the same
code without modal dialogs. A file that fails to load shows the loader's
messages as plain text and leaves the open encounter as it was.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Literal

from PySide6.QtCore import QObject, QSettings, Signal
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from tactical.app.encounter.document import EncounterDocument
from tactical.app.storage.background_save import BackgroundSave, SaveJob
from tactical.app.window.plain_text import plain_message_box
from tactical.persistence.write_errors import write_problem

RECENT_KEY = "files/recent"
MAX_RECENT = 8
FILE_FILTER = "Encounters (*.tactical.json);;All files (*)"
log = logging.getLogger(__name__)

Unsaved = Literal["save", "discard", "cancel"]


def display_name(path: Path | None) -> str:
    """A file's name without the double extension, or "Untitled"."""
    if path is None:
        return "Untitled"
    name = path.name
    return name[: -len(".tactical.json")] if name.endswith(".tactical.json") else name


def document_name(document: EncounterDocument) -> str:
    """What the titles call a document: its file, the file it was imported from, or Untitled."""
    if document.path is None and document.imported_from is not None:
        return f"{document.imported_from.name} (imported)"
    return display_name(document.path)


def recent_paths(settings: QSettings) -> list[Path]:
    """The files the GM opened or saved last, the newest first."""
    value = settings.value(RECENT_KEY, [])
    entries: list[object] = [value] if isinstance(value, str) else list(value or [])  # type: ignore[call-overload]
    return [Path(v) for v in entries if isinstance(v, str) and v]


def dialog_folder(path: Path | None, settings: QSettings) -> str:
    """Where a dialog that picks a file starts for the encounter at ``path``: beside it, or
    in the documents for an installed example
    (:func:`tactical.app.storage.file_places.open_start`)."""
    from tactical.app.storage.file_places import open_start

    return str(open_start(path, recent_paths(settings)))


class FileController(QObject):
    """The file side of the main window, working on one :class:`EncounterDocument`."""

    recent_changed = Signal()
    opened = Signal(object)
    """A file (its Path) or a template was loaded into the document."""

    def __init__(self, parent: QWidget, document: EncounterDocument, settings: QSettings) -> None:
        super().__init__(parent)
        self.parent_widget = parent
        self.document = document
        self.settings = settings
        self.ask_open_path: Callable[[], str | None] = self._dialog_open
        self.ask_save_path: Callable[[], str | None] = self._dialog_save
        self.ask_unsaved: Callable[[], Unsaved] = self._dialog_unsaved
        self.show_error: Callable[[str, str], None] = self._dialog_error
        self.saved: Callable[[], None] = lambda: None
        """Called after every successful save (autosave drops its recovery file)."""
        self.open_foreign: Callable[[Path], bool] | None = None
        """Set by File > Import: a map of another tool's (a .dd2vtt) chosen in File > Open or
        File > Open recent is imported, not refused as a broken encounter file."""
        self.suggested: Path | None = None
        """Where Save first proposes to put an untitled document (an imported map's folder
        and name); forgotten when another encounter replaces it."""
        document.encounter_replaced.connect(self._forget_suggestion)
        self.background = BackgroundSave(document, self)
        """Ctrl+S and Save As from the menu: written on a worker thread."""
        self.background.done.connect(self._saved_in_background)

    # -- recent files --------------------------------------------------------------

    def recent_files(self) -> list[Path]:
        return recent_paths(self.settings)

    def add_recent(self, path: Path) -> None:
        """Put ``path`` first in File > Open Recent. Written to the disk at once (a crash
        keeps it), but only when the list changes: Qt's settings file is synced to the disk
        on the GUI thread (fdatasync), and Ctrl+S on the same file every few minutes must
        not wait for the disk each time (a busy disk held the GUI for 2 s)."""
        path = path.resolve()
        before = self.recent_files()
        entries = [path, *(p for p in before if p != path)][:MAX_RECENT]
        if entries == before:
            return
        self.settings.setValue(RECENT_KEY, [str(p) for p in entries])
        self.settings.sync()
        self.recent_changed.emit()

    def clear_recent(self) -> None:
        self.settings.setValue(RECENT_KEY, [])
        self.recent_changed.emit()

    # -- open -------------------------------------------------------------------

    def open_dialog(self) -> bool:
        if not self.maybe_save():
            return False
        name = self.ask_open_path()
        return bool(name) and self.load_path(Path(name))  # type: ignore[arg-type]

    def open_path(self, path: Path) -> bool:
        """Open ``path`` after asking about unsaved changes."""
        return self.maybe_save() and self.load_path(path)

    def _say_unread(self, encounter: object, path: Path) -> None:
        """Name the scenes of an evening that could not be read (kept, written back on save)."""
        from tactical.core.evening import Evening

        evening = getattr(encounter, "evening", None)
        if isinstance(evening, Evening) and evening.unread:
            lines = "\n".join(line for u in evening.unread for line in u.problems[:5])
            self.show_error(
                "Some scenes could not be read",
                f"{path.name}: {len(evening.unread)} scene(s) could not be read and are kept "
                f"as they are in the file (saving writes them back unchanged):\n\n{lines}",
            )

    def load_path(self, path: Path, *, as_new: bool = False) -> bool:
        """Load a file into the document; on failure show why and keep what was open."""
        from tactical.persistence import LoadError
        from tactical.persistence.files import load_stamped
        from tactical.persistence.foreign import reader_for

        self.background.wait()  # a running save finishes with the encounter it started on

        if not as_new and self.open_foreign is not None and reader_for(path) is not None:
            return self.open_foreign(path)
        try:
            encounter, stamp = load_stamped(path)
        except LoadError as error:
            log.warning("could not open %s: %s", path, error)
            self.show_error(
                "Could not open the file",
                f"{path.name} could not be opened:\n\n{error}",
            )
            return False
        except OSError as error:
            log.warning("could not read %s: %s", path, error)
            self.show_error("Could not open the file", f"{path.name} could not be read:\n\n{error}")
            return False
        # A copy of a template opens clean, as a desktop app's File > New does: untitled
        # (Save asks for a name) but not modified until the GM changes it, so closing asks nothing.
        if as_new:
            self.document.replace_encounter(encounter, None)
        else:
            self.document.replace_encounter(encounter, path, stamp)
        if not as_new:
            self.add_recent(path)
        self.opened.emit(path)
        self._say_unread(encounter, path)
        return True

    def new_from_template(self, path: Path) -> bool:
        """A new, untitled encounter copied from a template (an example map), unmodified."""
        return self.maybe_save() and self.load_path(path, as_new=True)

    # -- save -------------------------------------------------------------------

    def save(self) -> bool:
        """Save now and return once written (asking for a name when untitled); True if saved."""
        if self.document.path is None:
            return self.save_as()
        return self.save_to(self.document.path)

    def save_as(self) -> bool:
        path = self._ask_target()
        return path is not None and self.save_to(path)

    def start_save(self) -> bool:
        """File > Save (Ctrl+S): written on a worker thread; False when nothing started.

        The title turns clean when the write succeeded and nothing was edited meanwhile;
        a failure is told as :meth:`save_to` tells it.
        """
        if self.document.path is None:
            return self.start_save_as()
        self.background.start(self.document.path)
        return True

    def start_save_as(self) -> bool:
        """File > Save As: the name asked here, the file written on a worker thread."""
        path = self._ask_target()
        if path is None:
            return False
        self.background.start(path)
        return True

    def _ask_target(self) -> Path | None:
        name = self.ask_save_path()
        if not name:
            return None
        path = Path(name)
        if not path.name.endswith(".tactical.json"):
            path = path.with_name(path.name.removesuffix(".json") + ".tactical.json")
        return path

    def _saved_in_background(self, job: SaveJob) -> None:
        error = job.outcome
        if error is not None:
            if not isinstance(error, OSError | ValueError):
                raise error  # a defect, not a full disk: to the app's crash report
            self._tell_failure(job.path, error)
            return
        if job.replaced:  # another encounter is open now: the file is not its file
            return
        self.document.set_path(job.path)
        if job.unedited:
            self.document.mark_saved(job.stamp)
        self.add_recent(job.path)
        if job.unedited:
            self.saved()

    def _tell_failure(self, path: Path, error: OSError | ValueError) -> None:
        """Why a save failed, naming the GM's file and a plain reason (never the temporary)."""
        log.warning("could not save %s: %s", path, error)
        reason = (
            f"cannot be written: {write_problem(error, path)}"
            if isinstance(error, OSError)
            else str(error)
        )
        self.show_error("Could not save", f"{path.name} could not be saved:\n\n{reason}")

    def save_to(self, path: Path) -> bool:
        from tactical.persistence import save_encounter

        self.background.wait()
        try:
            stamp = save_encounter(self.document.encounter, path)
        except (OSError, ValueError) as error:
            self._tell_failure(path, error)
            return False
        self.document.set_path(path)
        self.document.mark_saved(stamp)
        self.add_recent(path)
        self.saved()
        return True

    def maybe_save(self) -> bool:
        """Ask what to do with unsaved changes; False when the user cancels.

        A save running on its worker thread is waited for first (quitting waits for it).
        """
        self.background.wait()
        if not self.document.modified:
            return True
        answer = self.ask_unsaved()
        if answer == "cancel":
            return False
        if answer == "save":
            return self.save()
        return True

    # -- default dialogs ----------------------------------------------------------

    def start_folder(self) -> str:
        """Where a dialog that picks a file starts (:func:`dialog_folder`)."""
        return dialog_folder(self.document.path, self.settings)

    def _dialog_open(self) -> str | None:
        name, _ = QFileDialog.getOpenFileName(
            self.parent_widget, "Open encounter", self.start_folder(), FILE_FILTER
        )
        return name or None

    def _forget_suggestion(self) -> None:
        if not self.document.switching:  # another scene of the same file keeps its name
            self.suggested = None

    def save_start(self) -> str:
        """What the Save dialog starts on: the file itself, a suggested name, or a name in a
        folder the GM used or the documents; never in the installed examples
        (:func:`tactical.app.storage.file_places.save_as_start`)."""
        from tactical.app.storage.file_places import save_as_start

        return str(save_as_start(self.document.path, self.suggested, self.recent_files()))

    def _dialog_save(self) -> str | None:
        name, _ = QFileDialog.getSaveFileName(
            self.parent_widget, "Save encounter as", self.save_start(), FILE_FILTER
        )
        return name or None

    def _dialog_unsaved(self) -> Unsaved:
        box = plain_message_box(
            self.parent_widget,
            QMessageBox.Icon.Warning,
            "Unsaved changes",
            f"{document_name(self.document)} has unsaved changes. Save them?",
        )
        box.setStandardButtons(
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel
        )
        box.setDefaultButton(QMessageBox.StandardButton.Save)
        answer = box.exec()
        if answer == QMessageBox.StandardButton.Save:
            return "save"
        if answer == QMessageBox.StandardButton.Discard:
            return "discard"
        return "cancel"

    def _dialog_error(self, title: str, text: str) -> None:
        plain_message_box(self.parent_widget, QMessageBox.Icon.Critical, title, text).exec()
