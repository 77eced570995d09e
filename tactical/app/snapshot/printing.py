"""File > Print… and File > Print preview…: the snapshot's pages on a printer.

Both first ask what to print (the snapshot dialog: players' view every time,
fitted or at table scale), then open Qt's print dialog or print preview on the
same pages the PDF export writes. The paper and orientation chosen there win
(A4, A3, Letter or Legal); table-scale pages keep clear of the margins the
printer reports it cannot print (its minimum margins), a fitted page of those
and at least 10 mm. Long jobs show progress and can be cancelled.

Dialogs are reached through replaceable hooks (``ask_options``,
``ask_printer``, ``show_preview``, ``make_progress``, ``show_error``) so tests
run the same code without modal windows. Qt's printing module loads when a print is first asked
(not before the window's first frame).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QAction, QKeySequence, QPageLayout, QPageSize
from PySide6.QtWidgets import QApplication, QDialog, QWidget
from shiboken6 import delete, isValid

from tactical.app.encounter.document import EncounterDocument
from tactical.app.snapshot.dialog import SnapshotAsker
from tactical.app.snapshot.options import MARGIN_MM, PAGE_SIZES, SnapshotOptions
from tactical.app.snapshot.paged import ExportCancelled, Progress, atomic_file, print_book
from tactical.app.window.action_registry import Place
from tactical.core.tiling import Margins
from tactical.persistence.safe_write import target_problem

if TYPE_CHECKING:
    from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog

    from tactical.app.window.services import Services

PRINT_DPI = 300
PAPER_NAMES = {size_id: name for name, size_id in PAGE_SIZES.items()}


def printer_margins(printer: QPrinter) -> Margins:
    """What the printer says it cannot print, in millimetres (0 for a PDF printer)."""
    layout = QPageLayout(printer.pageLayout())
    layout.setUnits(QPageLayout.Unit.Millimeter)
    least = layout.minimumMargins()
    return Margins(least.left(), least.top(), least.right(), least.bottom())


def printer_paper(printer: QPrinter) -> tuple[str, bool]:
    """The printer's paper by name and whether it is turned to landscape."""
    layout = printer.pageLayout()
    name = PAPER_NAMES.get(layout.pageSize().id())
    if name is None:
        papers = ", ".join(PAGE_SIZES)
        raise ValueError(f"tactical prints on {papers}; the printer is set to another paper")
    return name, layout.orientation() == QPageLayout.Orientation.Landscape


def set_printer_paper(printer: QPrinter, options: SnapshotOptions) -> None:
    printer.setFullPage(True)  # the books place everything inside their own margins
    printer.setPageSize(QPageSize(PAGE_SIZES[options.page]))
    printer.setPageOrientation(
        QPageLayout.Orientation.Landscape if options.landscape else QPageLayout.Orientation.Portrait
    )


class Printing(SnapshotAsker):
    """Print and print preview for one window (see the module's docstring)."""

    printing = True

    def __init__(
        self,
        parent: QWidget,
        document: EncounterDocument,
        visible: Callable[[], QRectF],
        say: Callable[[str], None],
    ) -> None:
        super().__init__(parent, document, visible, say, SnapshotOptions(table_scale=True))
        self.ask_printer: Callable[[QPrinter], bool] = self._print_dialog
        self.show_preview: Callable[
            [QPrinter, Callable[[QPrinter], None], Callable[[], object]], None
        ] = self._preview_dialog
        self.printer: QPrinter | None = None
        """Kept for the session: the printer and its settings chosen last."""
        self._proposed = ""
        """The file last proposed for Print to file (a file the GM chose instead is kept)."""
        self.actions: tuple[QAction, ...] = ()
        """File > Print… and File > Print preview…, once installed."""

    def _printer(self, options: SnapshotOptions) -> QPrinter:
        from PySide6.QtPrintSupport import QPrinter  # Qt's printing loads at first use

        if self.printer is None:
            self.printer = QPrinter(QPrinter.PrinterMode.HighResolution)
            # lines and text stay vectors at any resolution; what Qt must render as
            # pictures (soft shadows) at 300 dpi keeps a long print quick and small
            self.printer.setResolution(PRINT_DPI)
        set_printer_paper(self.printer, options)
        return self.printer

    def proposed_file(self) -> Path:
        """What Print to file proposes: ``<encounter>-print.pdf`` next to the encounter (in
        the documents when it is unsaved or an installed example)."""
        from tactical.app.storage.file_places import beside

        document = self.document
        return beside(document.path, "-print.pdf", imported_from=document.imported_from)

    def propose_file(self, printer: QPrinter) -> None:
        """Before the print dialog: a printer that prints to a file proposes
        :meth:`proposed_file` (unless the GM chose another file this session); any printer
        names the job after the file, not after the encounter's long title."""
        proposed = self.proposed_file()
        printer.setDocName(proposed.stem)
        current = printer.outputFileName()
        if _to_pdf(printer) and (not current or current == self._proposed):
            printer.setOutputFileName(str(proposed))
            self._proposed = str(proposed)

    def _options(self) -> SnapshotOptions | None:
        options = self.ask_options()
        if options is not None:
            self.last = replace(options, mode="players")
        return options

    def _file_problem(self, printer: QPrinter) -> str | None:
        """Why a print to file may not write where the GM pointed it (None: it may)."""
        target = _output_file(printer)
        if target is None:
            return None
        if self.document.read_from(target):
            return f"{target.name} is the open encounter's file; print to another file"
        problem = target_problem(target)
        return None if problem is None else f"{target.name}: {problem}"

    # -- the menu's entries ----------------------------------------------------------

    def print_pages(self) -> int | None:
        """Ask, open the print dialog, print; returns the pages printed (None: not printed)."""
        options = self._options()
        if options is None:
            return None
        return self.print_with(options)

    def print_with(self, options: SnapshotOptions) -> int | None:
        """Open the print dialog and print ``options``' pages (None: not printed)."""
        printer = self._printer(options)
        self.propose_file(printer)
        if not self.ask_printer(printer):
            return None
        problem = self._file_problem(printer)
        if problem is not None:
            self.show_error("Not printed", problem)
            return None
        progress = self.make_progress("Printing")
        try:
            with _whole_or_nothing(printer):
                pages = self.render(printer, options, progress)
        except ExportCancelled:
            printer.abort()
            self.say("Printing cancelled")
            return None
        except (OSError, ValueError) as error:
            self.show_error("Not printed", str(error))
            return None
        finally:
            self.close_progress(progress)
        self.say(f"Printed {pages} page{'s' if pages != 1 else ''} ({self.whose(options)})")
        return pages

    def preview(self) -> None:
        """Ask, then show the print preview of the same pages (it can print them too)."""
        self.previewing = True
        try:
            options = self._options()
        finally:
            self.previewing = False
        if options is None:
            return
        printer = self._printer(options)

        def paint(target: QPrinter) -> None:
            try:
                self.render(target, options, None)
            except (OSError, ValueError) as error:
                self.show_error("No preview", str(error))

        self.show_preview(printer, paint, lambda: self.print_with(options))

    # -- the pages ----------------------------------------------------------------------

    def render(self, printer: QPrinter, options: SnapshotOptions, progress: Progress | None) -> int:
        """Paint ``options``' pages on ``printer`` at its paper and orientation."""
        from tactical.app.snapshot.map_drawing import make_scene  # the drawing, at first use
        from tactical.app.snapshot.render import make_book, pdf_title, snapshot_content

        page, landscape = printer_paper(printer)
        options = replace(options, page=page, landscape=landscape)
        margins = printer_margins(printer)
        fitted = max(MARGIN_MM, margins.left, margins.top, margins.right, margins.bottom)
        content = snapshot_content(self.document, options)
        printer.setDocName(pdf_title(content))
        scene = make_scene(self.document, options.mode)
        visible = None if options.whole_map else self.visible()
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            encounter = self.document.encounter
            book = make_book(encounter, content, scene, options, visible, margins, fitted)
            print_book(printer, book, progress)
            return book.page_count
        finally:
            QApplication.restoreOverrideCursor()
            if isValid(scene):
                delete(scene)

    # -- dialogs --------------------------------------------------------------------------

    def _print_dialog(self, printer: QPrinter) -> bool:
        from PySide6.QtPrintSupport import QPrintDialog

        dialog = QPrintDialog(printer, self.parent_widget)
        dialog.setWindowTitle("Print")
        return dialog.exec() == QDialog.DialogCode.Accepted

    def _preview_dialog(
        self,
        printer: QPrinter,
        paint: Callable[[QPrinter], None],
        print_pages: Callable[[], object],
    ) -> None:
        from PySide6.QtPrintSupport import QPrintPreviewDialog

        dialog = QPrintPreviewDialog(printer, self.parent_widget)
        dialog.setWindowTitle("Print preview")
        dialog.paintRequested.connect(paint)
        dialog.resize(1100, 800)
        take_over_print(dialog, print_pages)
        dialog.exec()


def take_over_print(dialog: QPrintPreviewDialog, print_pages: Callable[[], object]) -> None:
    """The preview's Print button closes the preview and prints as File > Print does.

    Qt's own button writes a print to file straight into the chosen file, so a failure
    half way would leave half a PDF over an older print; File > Print writes it whole or
    not at all and refuses the open encounter's file.
    """
    for action in dialog.findChildren(QAction):
        if action.text() == "Print" and not action.isCheckable():
            action.triggered.disconnect()

            def leave_and_print() -> None:
                dialog.accept()
                print_pages()

            action.triggered.connect(leave_and_print)


def _output_file(printer: QPrinter) -> Path | None:
    """The file a print to file writes (None: a real printer)."""
    name = printer.outputFileName()
    if _to_pdf(printer) and name:
        return Path(name)
    return None


def _to_pdf(printer: QPrinter) -> bool:
    """Whether ``printer`` prints to a PDF file."""
    from PySide6.QtPrintSupport import QPrinter

    return printer.outputFormat() == QPrinter.OutputFormat.PdfFormat


@contextlib.contextmanager
def _whole_or_nothing(printer: QPrinter) -> Iterator[None]:
    """A print to file writes a temporary file beside the chosen one and renames it over
    it only when every page is done: a cancelled or failed print leaves the file that was
    there (an older print the GM agreed to replace) as it was, and never half a PDF."""
    target = _output_file(printer)
    if target is None:
        yield
        return
    with atomic_file(target) as temporary:
        printer.setOutputFileName(str(temporary))
        try:
            yield
        finally:
            printer.setOutputFileName(str(target))


def install_printing(services: Services) -> Printing:
    """Add File > Print… (Ctrl+P) and File > Print preview… after Export snapshot."""
    parent = services.window()
    printing = Printing(parent, services.document, services.view.visible_scene_rect, services.say)
    print_action = QAction("&Print\N{HORIZONTAL ELLIPSIS}", parent)
    print_action.setShortcut(QKeySequence(QKeySequence.StandardKey.Print))
    print_action.triggered.connect(printing.print_pages)
    preview_action = QAction("Print pre&view\N{HORIZONTAL ELLIPSIS}", parent)
    preview_action.triggered.connect(printing.preview)
    registry = services.action_registry
    registry.add("file.print", print_action, menu=Place("file", "2_save", 60))
    registry.add("file.print-preview", preview_action, menu=Place("file", "2_save", 70))
    printing.actions = (print_action, preview_action)
    return printing
