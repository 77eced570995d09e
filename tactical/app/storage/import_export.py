"""File > Import... and File > Export as Universal VTT...: maps from and for other tools.

An import opens as a new, unsaved document (after asking about unsaved work,
once the file is read: a refused file asks nothing), so the GM chooses where
the encounter is saved; a refused file leaves the open encounter as it was and
says, in plain text, what the file lacks. The export
writes the grid map as Universal VTT 0.3 (:mod:`tactical.app.storage.uvtt_export`).
:func:`open_foreign_file` is the door for any other way a foreign map arrives
(drag and drop onto the window).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QCursor
from PySide6.QtWidgets import QApplication, QFileDialog

from tactical.app.storage.pictures import check_decodes
from tactical.app.window.action_registry import Place
from tactical.persistence import LoadError
from tactical.persistence.foreign import EXTENSIONS, import_map, reader_for
from tactical.persistence.foreign.builder import describe
from tactical.persistence.write_errors import write_problem

if TYPE_CHECKING:
    from tactical.app.window.services import Services

IMPORT_FILTER = "Universal VTT maps (" + " ".join(f"*{e}" for e in EXTENSIONS) + ");;All files (*)"
EXPORT_FILTER = "Universal VTT map (*.uvtt)"


@contextmanager
def _busy() -> Iterator[None]:
    """A wait cursor while a big map is read or drawn (seconds for a 50 MiB file)."""
    QApplication.setOverrideCursor(QCursor(Qt.CursorShape.WaitCursor))
    try:
        yield
    finally:
        QApplication.restoreOverrideCursor()


def is_foreign_file(path: Path) -> bool:
    """True for a file tactical imports rather than opens (by its extension)."""
    return reader_for(path) is not None


def open_foreign_file(window: Services, path: Path, *, ask_unsaved: bool = True) -> bool:
    """Import ``path`` as a new unsaved document of ``window``; False when refused or cancelled.

    The file is read first, so a refused file is said at once, without asking about
    unsaved work; then the GM is asked unless the caller already did (``ask_unsaved=False``).
    """
    try:
        with _busy():
            encounter, foreign = import_map(path, check_decodes)
    except LoadError as error:
        window.files.show_error(
            "Could not import the map", f"{path.name} could not be imported:\n\n{error}"
        )
        return False
    if ask_unsaved and not window.files.maybe_save():
        return False
    document = window.document
    document.replace_encounter(encounter, None)
    document.mark_modified()
    document.set_imported_from(path)
    window.files.suggested = path.with_name(path.name.rsplit(".", 1)[0] + ".tactical.json")
    window.say(f"{path.name}: {describe(encounter, foreign)}")
    return True


class ImportExport(QObject):
    """The File menu's import and export entries, with replaceable dialogs for tests."""

    def __init__(self, window: Services) -> None:
        super().__init__(window.window())
        self.window = window
        window.files.open_foreign = lambda path: open_foreign_file(window, path, ask_unsaved=False)
        self.ask_import_path: Callable[[], str | None] = self._dialog_import
        self.ask_export_path: Callable[[], str | None] = self._dialog_export
        self.import_action = QAction("&Import…", window.window())
        self.import_action.setStatusTip(
            "Open a Universal VTT map (.dd2vtt, .uvtt, .df2vtt) as a new encounter"
        )
        self.import_action.triggered.connect(self.import_dialog)
        self.export_action = QAction("Export as &Universal VTT…", window.window())
        self.export_action.setStatusTip("Write the grid map as a .uvtt file for other tools")
        self.export_action.triggered.connect(self.export_dialog)
        window.document.encounter_replaced.connect(self._enable_export)
        self._enable_export()

    def _enable_export(self) -> None:
        """Only a grid map can be exported: greyed out, with the reason, on an area map."""
        grid = self.window.document.encounter.grid is not None
        self.export_action.setEnabled(grid)
        self.export_action.setStatusTip(
            "Write the grid map as a .uvtt file for other tools"
            if grid
            else "Only grid maps can be exported to Universal VTT: an area map has no grid"
        )

    def import_dialog(self) -> bool:
        """The file first, then (once it is read) the question about unsaved work."""
        name = self.ask_import_path()
        if not name:
            return False
        return open_foreign_file(self.window, Path(name))

    def export_dialog(self) -> bool:
        document = self.window.document
        if document.encounter.grid is None:
            self.window.files.show_error(
                "Cannot export",
                "Only grid maps can be exported to Universal VTT: an area map has no grid.",
            )
            return False
        name = self.ask_export_path()
        if not name:
            return False
        return self.export_to(Path(name))

    def export_to(self, path: Path) -> bool:
        from tactical.app.storage.uvtt_export import export_uvtt
        from tactical.persistence.foreign.uvtt_write import export_changes

        if path.suffix.lower() != ".uvtt":
            path = path.with_name(path.name + ".uvtt")
        document = self.window.document
        if document.read_from(path):
            self.window.files.show_error(
                "Could not export",
                f"{path.name} is the file this map was read from; "
                "export to another name so it is kept.",
            )
            return False
        try:
            with _busy():
                pixels = export_uvtt(document.encounter, document.path, path)
        except (OSError, ValueError) as error:
            reason = write_problem(error, path) if isinstance(error, OSError) else str(error)
            self.window.files.show_error(
                "Could not export", f"{path.name} could not be written:\n\n{reason}"
            )
            return False
        changes = " ".join(export_changes(document.encounter))
        self.window.say(
            f"Exported {path.name}: Universal VTT 0.3, {pixels} pixels per square."
            + (f" {changes}" if changes else "")
        )
        return True

    def _dialog_import(self) -> str | None:
        start = self.window.files.start_folder()
        name, _ = QFileDialog.getOpenFileName(
            self.window.window(), "Import a Universal VTT map", start, IMPORT_FILTER
        )
        return name or None

    def export_start(self) -> str:
        """What Export as Universal VTT proposes: ``<encounter>.uvtt`` next to the encounter
        (in the documents when it is unsaved or an installed example)."""
        from tactical.app.storage.file_places import beside

        document = self.window.document
        return str(beside(document.path, ".uvtt", imported_from=document.imported_from))

    def _dialog_export(self) -> str | None:
        name, _ = QFileDialog.getSaveFileName(
            self.window.window(), "Export as Universal VTT", self.export_start(), EXPORT_FILTER
        )
        return name or None


def install_import_export(window: Services) -> ImportExport:
    """Add Import... and Export as Universal VTT... to the File menu, before the snapshot entry."""
    entries = ImportExport(window)
    registry = window.action_registry
    registry.add("file.import", entries.import_action, menu=Place("file", "2_save", 30))
    registry.add("file.export-uvtt", entries.export_action, menu=Place("file", "2_save", 40))
    return entries
