"""File > Export snapshot: a few options, a file name, then the PDF or PNG is written.

The options dialog opens on the players' version every time (a print the GM
hands round should never carry secrets by accident); the other choices (map
part, page, orientation, resolution) and the folder are kept for the session.
Dialogs are reached through replaceable hooks (``ask_options``, ``ask_path``,
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
    QFileDialog,
    QFormLayout,
    QLabel,
    QMessageBox,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tactical.app.document import EncounterDocument
from tactical.app.files import display_name, plain_message_box
from tactical.app.snapshot.render import PAGE_SIZES, SnapshotOptions, export_snapshot

FILE_FILTERS = "PDF document (*.pdf);;PNG image (*.png)"
SUFFIXES = (".pdf", ".png")


class SnapshotDialog(QDialog):
    """What to print: whose view, how much of the map, the page, the PNG's resolution."""

    def __init__(self, options: SnapshotOptions, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Export snapshot")
        self.players = QRadioButton("Players' view: no hidden tokens, no secrets")
        self.gm = QRadioButton("GM's view: everything, secrets marked")
        self.whole = QRadioButton("The whole map")
        self.visible = QRadioButton("The part the map window shows")
        for first, second in ((self.players, self.gm), (self.whole, self.visible)):
            group = QButtonGroup(self)
            group.addButton(first)
            group.addButton(second)
        self.page = QComboBox()
        self.page.addItems(list(PAGE_SIZES))
        self.landscape = QCheckBox("Landscape")
        self.dpi = QSpinBox()
        self.dpi.setRange(72, 600)
        self.dpi.setSingleStep(25)
        self.dpi.setSuffix(" dpi")
        form = QFormLayout()
        form.addRow("Show", self.players)
        form.addRow("", self.gm)
        form.addRow("Map", self.whole)
        form.addRow("", self.visible)
        form.addRow("Page", self.page)
        form.addRow("", self.landscape)
        form.addRow("PNG resolution", self.dpi)
        note = QLabel("The file name chosen next decides PDF or PNG.")
        note.setTextFormat(Qt.TextFormat.PlainText)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText("Export\N{HORIZONTAL ELLIPSIS}")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(note)
        layout.addWidget(buttons)
        self.set_options(options)

    def set_options(self, options: SnapshotOptions) -> None:
        (self.gm if options.mode == "gm" else self.players).setChecked(True)
        (self.whole if options.whole_map else self.visible).setChecked(True)
        self.page.setCurrentText(options.page)
        self.landscape.setChecked(options.landscape)
        self.dpi.setValue(options.dpi)

    def options(self) -> SnapshotOptions:
        return SnapshotOptions(
            mode="gm" if self.gm.isChecked() else "players",
            whole_map=self.whole.isChecked(),
            page=self.page.currentText(),
            landscape=self.landscape.isChecked(),
            dpi=self.dpi.value(),
        )


def with_suffix(name: str, selected_filter: str = "") -> Path:
    """The file to write: ``name`` as typed, with ``.pdf`` (or the PNG filter's ``.png``)
    added when it has neither."""
    path = Path(name)
    if path.suffix.lower() in SUFFIXES:
        return path
    return path.with_name(path.name + (".png" if "png" in selected_filter.lower() else ".pdf"))


class SnapshotExporter(QObject):
    """The File menu's export for one window: options, file name, writing, a status line."""

    def __init__(
        self,
        parent: QWidget,
        document: EncounterDocument,
        visible: Callable[[], QRectF],
        say: Callable[[str], None],
    ) -> None:
        super().__init__(parent)
        self.parent_widget = parent
        self.document = document
        self.visible = visible
        self.say = say
        self.last = SnapshotOptions()
        self.folder: Path | None = None
        self.ask_options: Callable[[], SnapshotOptions | None] = self._dialog_options
        self.ask_path: Callable[[SnapshotOptions], str | None] = self._dialog_path
        self.show_error: Callable[[str, str], None] = self._dialog_error

    def export(self) -> Path | None:
        """Ask, then write; returns the file written (None when cancelled or failed)."""
        options = self.ask_options()
        if options is None:
            return None
        self.last = replace(options, mode="players")
        name = self.ask_path(options)
        if not name:
            return None
        path = with_suffix(name)
        self.folder = path.parent
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            pages = export_snapshot(self.document, path, options, visible=self.visible())
        except (OSError, ValueError) as error:
            self.show_error("Snapshot not saved", f"{path}\n{error}")
            return None
        finally:
            QApplication.restoreOverrideCursor()
        extent = f", {pages} pages" if pages > 1 else ""
        whose = "GM's view" if options.mode == "gm" else "players' view"
        self.say(f"Snapshot saved: {path.name} ({whose}{extent})")
        return path

    def suggested_name(self, options: SnapshotOptions) -> str:
        """``<encounter>-snapshot.pdf`` (``-gm-snapshot`` for the GM's) beside the encounter."""
        folder = self.folder
        if folder is None and self.document.path is not None:
            folder = self.document.path.parent
        stem = display_name(self.document.path).replace(" ", "-").lower()
        stem += "-gm-snapshot" if options.mode == "gm" else "-snapshot"
        name = f"{stem}.pdf"
        return str(folder / name) if folder is not None else name

    # -- dialogs ----------------------------------------------------------------

    def _dialog_options(self) -> SnapshotOptions | None:
        dialog = SnapshotDialog(self.last, self.parent_widget)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.options()

    def _dialog_path(self, options: SnapshotOptions) -> str | None:
        name, selected = QFileDialog.getSaveFileName(
            self.parent_widget, "Export snapshot", self.suggested_name(options), FILE_FILTERS
        )
        return str(with_suffix(name, selected)) if name else None

    def _dialog_error(self, title: str, text: str) -> None:
        plain_message_box(self.parent_widget, QMessageBox.Icon.Warning, title, text).exec()
