"""File > Export snapshot: a few options, a file name, then the PDF or PNG is written.

The options dialog opens on the players' version every time (a print the GM
hands round should never carry secrets by accident); the other choices (fitted
or table scale, map part, paper, orientation, square size, overlap,
resolution) and the folder are kept for the session. A long export shows its
progress and can be cancelled, leaving no file. Dialogs are reached through
replaceable hooks (``ask_options``, ``ask_path``, ``make_progress``,
``show_error``) so tests run the same code without modal windows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QObject, QRectF, Qt
from PySide6.QtWidgets import (
    QApplication,
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QLabel,
    QMessageBox,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tactical.app.encounter.document import EncounterDocument
from tactical.app.snapshot.options import PAGE_SIZES, SnapshotOptions
from tactical.app.snapshot.paged import ExportCancelled, Progress
from tactical.app.snapshot.progress import PageProgress
from tactical.app.storage.file_places import home_for
from tactical.app.storage.files import display_name
from tactical.app.window.plain_text import plain_message_box
from tactical.persistence.write_errors import write_problem

PDF_FILTER = "PDF document (*.pdf)"
FILE_FILTERS = f"{PDF_FILTER};;PNG image (*.png)"
SUFFIXES = (".pdf", ".png")


class SnapshotDialog(QDialog):
    """What to print: whose view, fitted or at table scale, how much of the map, the paper,
    the square's size and the overlap at table scale, the PNG's resolution.

    ``printing`` words it for File > Print (no PNG, no file name to come);
    ``previewing`` for File > Print preview (its button says Preview, not Print).
    """

    def __init__(
        self,
        options: SnapshotOptions,
        parent: QWidget | None = None,
        *,
        printing: bool = False,
        previewing: bool = False,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Print" if printing else "Export snapshot")
        if previewing:
            self.setWindowTitle("Print preview")
        self.players = QRadioButton("Players' view: no hidden tokens, no secrets")
        self.gm = QRadioButton("GM's view: everything, secrets marked")
        self.fitted = QRadioButton("Fitted: the fight on one page")
        self.table_scale = QRadioButton("Table scale: the map over pages to tape together")
        self.whole = QRadioButton("The whole map")
        self.visible = QRadioButton("The part the map window shows")
        pairs = (
            (self.players, self.gm),
            (self.fitted, self.table_scale),
            (self.whole, self.visible),
        )
        for first, second in pairs:
            group = QButtonGroup(self)
            group.addButton(first)
            group.addButton(second)
        self.page = QComboBox()
        self.page.addItems(list(PAGE_SIZES))
        self.landscape = QCheckBox("Landscape")
        self.square = QDoubleSpinBox()
        self.square.setRange(0.25, 3.0)
        self.square.setSingleStep(0.25)
        self.square.setDecimals(2)
        self.square.setSuffix(" inch")
        self.overlap = QSpinBox()
        self.overlap.setRange(0, 40)
        self.overlap.setSuffix(" mm")
        self.skip_empty = QCheckBox("Leave out pages of empty open ground or only fog")
        self.dpi = QSpinBox()
        self.dpi.setRange(72, 600)
        self.dpi.setSingleStep(25)
        self.dpi.setSuffix(" dpi")
        form = QFormLayout()
        form.addRow("Show", self.players)
        form.addRow("", self.gm)
        form.addRow("Print", self.fitted)
        form.addRow("", self.table_scale)
        form.addRow("Map", self.whole)
        form.addRow("", self.visible)
        form.addRow("Paper", self.page)
        form.addRow("", self.landscape)
        form.addRow("A square prints", self.square)
        form.addRow("Overlap", self.overlap)
        form.addRow("", self.skip_empty)
        if not printing:
            form.addRow("PNG resolution", self.dpi)
        self.note = QLabel()
        self.note.setTextFormat(Qt.TextFormat.PlainText)
        self.note.setWordWrap(True)
        self.printing = printing
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText(("Print" if printing else "Export") + "\N{HORIZONTAL ELLIPSIS}")
        if previewing:
            ok.setText("Preview\N{HORIZONTAL ELLIPSIS}")  # it prints nothing yet
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.note)
        layout.addWidget(buttons)
        self.table_scale.toggled.connect(self._update)
        self.set_options(options)

    def _update(self) -> None:
        """Table scale prints the whole map as a PDF; the square and overlap are its own."""
        tiles = self.table_scale.isChecked()
        widget: QWidget
        for widget in (self.square, self.overlap, self.skip_empty):
            widget.setEnabled(tiles)
        for widget in (self.whole, self.visible, self.dpi):
            widget.setEnabled(not tiles)
        if tiles:
            self.note.setText(
                "A cover with the whole map and the fight, then the map at the square's "
                "size over as many pages as it takes, named A1, A2, ... B1, ..."
                + ("" if self.printing else " Table scale writes a PDF.")
            )
        else:
            self.note.setText(
                "" if self.printing else "The file name chosen next decides PDF or PNG."
            )

    def set_options(self, options: SnapshotOptions) -> None:
        (self.gm if options.mode == "gm" else self.players).setChecked(True)
        (self.table_scale if options.table_scale else self.fitted).setChecked(True)
        (self.whole if options.whole_map else self.visible).setChecked(True)
        self.page.setCurrentText(options.page)
        self.landscape.setChecked(options.landscape)
        self.square.setValue(options.square_inch)
        self.overlap.setValue(round(options.overlap_mm))
        self.skip_empty.setChecked(options.skip_empty)
        self.dpi.setValue(options.dpi)
        self._update()

    def options(self) -> SnapshotOptions:
        return SnapshotOptions(
            mode="gm" if self.gm.isChecked() else "players",
            whole_map=self.whole.isChecked(),
            page=self.page.currentText(),
            landscape=self.landscape.isChecked(),
            dpi=self.dpi.value(),
            table_scale=self.table_scale.isChecked(),
            square_inch=self.square.value(),
            overlap_mm=float(self.overlap.value()),
            skip_empty=self.skip_empty.isChecked(),
        )


def with_suffix(name: str, selected_filter: str = "") -> Path:
    """The file to write: ``name`` as typed, with ``.pdf`` (or the PNG filter's ``.png``)
    added when it has neither."""
    path = Path(name)
    if path.suffix.lower() in SUFFIXES:
        return path
    return path.with_name(path.name + (".png" if "png" in selected_filter.lower() else ".pdf"))


class SnapshotAsker(QObject):
    """What exporting and printing a snapshot share: the window's document, the options
    dialog (remembering the last choice), a progress dialog, errors and the status line.

    The ``ask_...``, ``make_progress`` and ``show_error`` attributes are replaceable
    (tests answer without dialogs).
    """

    printing = False
    """The options dialog is the print one (no file type, no PNG resolution)."""
    previewing = False
    """The print options dialog is asked for a preview."""

    def __init__(
        self,
        parent: QWidget,
        document: EncounterDocument,
        visible: Callable[[], QRectF],
        say: Callable[[str], None],
        last: SnapshotOptions,
    ) -> None:
        super().__init__(parent)
        self.parent_widget = parent
        self.document = document
        self.visible = visible
        self.say = say
        self.last = last
        self.ask_options: Callable[[], SnapshotOptions | None] = self._dialog_options
        self.make_progress: Callable[[str], Progress] = self._dialog_progress
        self.show_error: Callable[[str, str], None] = self._dialog_error

    @staticmethod
    def whose(options: SnapshotOptions) -> str:
        """The view a snapshot shows, in the status line's words."""
        words = "GM's view" if options.mode == "gm" else "players' view"
        return words + (", table scale" if options.table_scale else "")

    @staticmethod
    def close_progress(progress: Progress) -> None:
        close = getattr(progress, "close", None)
        if close is not None:
            close()

    def _dialog_options(self) -> SnapshotOptions | None:
        dialog = SnapshotDialog(
            self.last, self.parent_widget, printing=self.printing, previewing=self.previewing
        )
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.options()

    def _dialog_progress(self, label: str) -> Progress:
        return PageProgress(self.parent_widget, label)

    def _dialog_error(self, title: str, text: str) -> None:
        plain_message_box(self.parent_widget, QMessageBox.Icon.Warning, title, text).exec()


class SnapshotExporter(SnapshotAsker):
    """The File menu's export for one window: options, file name, writing, a status line."""

    def __init__(
        self,
        parent: QWidget,
        document: EncounterDocument,
        visible: Callable[[], QRectF],
        say: Callable[[str], None],
    ) -> None:
        super().__init__(parent, document, visible, say, SnapshotOptions())
        self.folder: Path | None = None
        self.ask_path: Callable[[SnapshotOptions], str | None] = self._dialog_path

    def export(self) -> Path | None:
        """Ask, then write; returns the file written (None when cancelled or failed)."""
        options = self.ask_options()
        if options is None:
            return None
        self.last = replace(options, mode="players")
        name = self.ask_path(options)
        if not name:
            return None
        from tactical.app.snapshot.render import export_snapshot  # the drawing, at first use

        path = with_suffix(name)
        self.folder = path.parent
        progress = self.make_progress(f"Writing {path.name}")
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            pages = export_snapshot(
                self.document, path, options, visible=self.visible(), progress=progress
            )
        except ExportCancelled:
            self.say(f"Snapshot cancelled: {path.name} not written")
            return None
        except (OSError, ValueError) as error:
            reason = write_problem(error, path) if isinstance(error, OSError) else str(error)
            self.show_error("Snapshot not saved", f"{path}\n{reason}")
            return None
        finally:
            QApplication.restoreOverrideCursor()
            self.close_progress(progress)
        extent = f", {pages} pages" if pages > 1 else ""
        self.say(f"Snapshot saved: {path.name} ({self.whose(options)}{extent})")
        return path

    def suggested_name(self, options: SnapshotOptions) -> str:
        """``<encounter>-snapshot.pdf`` (``-gm-snapshot`` for the GM's) in the folder last
        exported to, else beside the encounter, else (unsaved, or an installed example) in the
        GM's documents (:func:`tactical.app.storage.file_places.home_for`)."""
        folder = self.folder if self.folder is not None else home_for(self.document.path)
        stem = display_name(self.document.path).replace(" ", "-").lower()
        stem += "-gm" if options.mode == "gm" else ""
        stem += "-table-scale" if options.table_scale else "-snapshot"
        return str(folder / f"{stem}.pdf")

    # -- dialogs ----------------------------------------------------------------

    def _dialog_path(self, options: SnapshotOptions) -> str | None:
        filters = PDF_FILTER if options.table_scale else FILE_FILTERS
        name, selected = QFileDialog.getSaveFileName(
            self.parent_widget, "Export snapshot", self.suggested_name(options), filters
        )
        return str(with_suffix(name, selected)) if name else None
