"""Write a snapshot to a file: vector PDF through QPdfWriter, PNG through QImage.

The page's parts live beside this module: ``page_layout`` places them,
``table`` and ``legend`` measure and paint theirs, ``map_drawing`` draws the
map and ``typeset`` holds fonts and lengths. A PDF and a PNG at the same
resolution look the same (the map's level of detail, which depends on pixels
per square, included).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import QMarginsF, QRectF, QSize, QSizeF, Qt
from PySide6.QtGui import QGuiApplication, QImage, QPageLayout, QPageSize, QPainter, QPdfWriter
from shiboken6 import delete, isValid

from tactical.app.encounter.document import EncounterDocument
from tactical.app.map.scene.map_scene import MapScene
from tactical.app.snapshot.content import SnapshotContent, build_content, panel_view
from tactical.app.snapshot.map_drawing import MAP_PADDING, make_scene, source_rect
from tactical.app.snapshot.name_size import readable_layout
from tactical.app.snapshot.options import MARGIN_MM, PAGE_SIZES, SnapshotOptions
from tactical.app.snapshot.page_layout import SnapshotLayout
from tactical.app.snapshot.paged import Book, Progress, atomic_file, print_book
from tactical.app.snapshot.print_scene import PrintScene
from tactical.app.snapshot.table_scale import TableScaleBook, TableScaleSettings
from tactical.core.encounter import Encounter
from tactical.core.tiling import DEFAULT_MARGIN_MM, DEFAULT_MARGINS, Margins
from tactical.rules import PanelView

DEFAULT_OPTIONS = SnapshotOptions()
"""What a snapshot is when nothing else is asked (options are frozen: one serves every call)."""


def page_size_px(options: SnapshotOptions) -> QSize:
    """The whole page (margins included) in pixels at ``options.dpi``."""
    millimetres = QPageSize(PAGE_SIZES[options.page]).size(QPageSize.Unit.Millimeter)
    width = round(millimetres.width() / 25.4 * options.dpi)
    height = round(millimetres.height() / 25.4 * options.dpi)
    if options.landscape:
        width, height = max(width, height), min(width, height)
    return QSize(width, height)


def margin_px(dpi: int) -> int:
    return round(MARGIN_MM / 25.4 * dpi)


class FittedBook:
    """Today's snapshot as pages on paper: the layout inside ``margin`` millimetres."""

    def __init__(
        self,
        content: SnapshotContent,
        scene: MapScene,
        source: QRectF,
        page_mm: QSizeF,
        margin_mm: float,
        dpi: float,
    ) -> None:
        self.dpi = dpi
        self.scene = scene
        self.margin = margin_mm / 25.4 * dpi
        width = page_mm.width() / 25.4 * dpi - 2 * self.margin
        height = page_mm.height() / 25.4 * dpi - 2 * self.margin
        self.layout = readable_layout(content, scene, source, width, height, dpi)

    @property
    def page_count(self) -> int:
        return len(self.layout.pages)

    def paint_page(self, painter: QPainter, index: int) -> None:
        painter.translate(self.margin, self.margin)
        self.layout.paint(painter, index, self.scene)


def paper_mm(page: str, landscape: bool) -> QSizeF:
    """The paper's size in millimetres, turned for ``landscape``."""
    size = QPageSize(PAGE_SIZES[page]).size(QPageSize.Unit.Millimeter)
    if landscape:
        return QSizeF(max(size.width(), size.height()), min(size.width(), size.height()))
    return QSizeF(min(size.width(), size.height()), max(size.width(), size.height()))


def page_layout_of(page: str, landscape: bool) -> QPageLayout:
    """The paper, full page (the books place everything inside their own margins)."""
    orientation = (
        QPageLayout.Orientation.Landscape if landscape else QPageLayout.Orientation.Portrait
    )
    return QPageLayout(
        QPageSize(PAGE_SIZES[page]), orientation, QMarginsF(0, 0, 0, 0), QPageLayout.Unit.Millimeter
    )


def table_scale_book(
    encounter: Encounter,
    content: SnapshotContent,
    scene: PrintScene,
    options: SnapshotOptions,
    margins: Margins,
) -> TableScaleBook:
    """The cover and tiles of ``options``' table-scale print (the whole map always)."""
    settings = TableScaleSettings(
        paper=options.page,
        landscape=options.landscape,
        square_inch=options.square_inch,
        overlap_mm=options.overlap_mm,
        skip_empty=options.skip_empty,
    )
    source = source_rect(scene, None)
    return TableScaleBook(encounter, content, scene, source, settings, margins, options.dpi)


def write_pdf(
    path: Path,
    book: Book,
    options: SnapshotOptions,
    title: str,
    progress: Progress | None = None,
) -> int:
    """Write ``book`` as a vector PDF, whole or not at all; returns its number of pages."""
    with atomic_file(path) as temporary:
        writer = QPdfWriter(str(temporary))
        writer.setResolution(round(book.dpi))
        writer.setTitle(title)
        writer.setCreator("tactical")
        writer.setPageLayout(page_layout_of(options.page, options.landscape))
        try:
            print_book(writer, book, progress)
        except OSError as error:
            raise OSError(f"cannot write {path}") from error
        del writer  # closes the file before it is moved
    return book.page_count


def write_png(
    path: Path, content: SnapshotContent, scene: MapScene, source: QRectF, options: SnapshotOptions
) -> QSize:
    """Write one page as a PNG (taller than the page when the table needs it); returns its size."""
    page = page_size_px(options)
    margin = margin_px(options.dpi)
    width, height = page.width() - 2 * margin, page.height() - 2 * margin
    layout = readable_layout(content, scene, source, width, height, options.dpi, grow=True)
    inner = max(float(height), layout.content_height())
    from tactical.app.snapshot.png_limit import check_png_size

    size = QSize(page.width(), round(inner) + 2 * margin)
    check_png_size(size, options.dpi)  # before any memory is taken
    image = QImage(size, QImage.Format.Format_RGB32)
    if image.isNull():
        raise ValueError(
            f"there is not enough memory for a {size.width()} x {size.height()} pixel picture; "
            "choose a lower resolution, or a PDF"
        )
    image.fill(Qt.GlobalColor.white)
    per_metre = round(options.dpi / 0.0254)
    image.setDotsPerMeterX(per_metre)
    image.setDotsPerMeterY(per_metre)
    painter = QPainter(image)
    try:
        painter.translate(margin, margin)
        layout.paint(painter, 0, scene, inner)
    finally:
        painter.end()
    with atomic_file(path) as temporary:
        if not image.save(str(temporary), "PNG"):  # type: ignore[call-overload]  # PySide6 stubs want bytes; it takes only str
            raise OSError(f"cannot write {path}")
    return image.size()


def export_snapshot(
    document: EncounterDocument,
    path: str | Path,
    options: SnapshotOptions = DEFAULT_OPTIONS,
    *,
    visible: QRectF | None = None,
    view: PanelView | Callable[[Encounter], PanelView | None] | None = panel_view,
    when: datetime | None = None,
    progress: Progress | None = None,
    margins: Margins = DEFAULT_MARGINS,
) -> int:
    """Write a snapshot of ``document`` to ``path`` (.pdf or .png); returns the page count.

    ``visible`` is the GM's view's scene rectangle, used when ``options.whole_map``
    is False. ``view`` is the procedure's view (default: asked of the encounter).
    ``progress`` hears of every page and may cancel (:class:`ExportCancelled`);
    ``margins`` are what the printer cannot print, for a table-scale PDF.
    """
    path = Path(path)
    kind = path.suffix.lower()
    visible_part = None if options.whole_map else visible
    if kind not in (".pdf", ".png"):
        raise ValueError(f"{path.name}: a snapshot is a .pdf or a .png file")
    if options.table_scale and kind != ".pdf":
        raise ValueError(f"{path.name}: a table-scale print is a .pdf file")
    content = snapshot_content(document, options, view, when)
    scene = make_scene(document, options.mode)
    try:
        if kind == ".png":
            write_png(path, content, scene, source_rect(scene, visible_part), options)
            return 1
        book = make_book(document.encounter, content, scene, options, visible_part, margins)
        return write_pdf(path, book, options, pdf_title(content), progress)
    finally:
        if isValid(scene):
            delete(scene)


def snapshot_content(
    document: EncounterDocument,
    options: SnapshotOptions,
    view: PanelView | Callable[[Encounter], PanelView | None] | None = panel_view,
    when: datetime | None = None,
) -> SnapshotContent:
    """What the pages say (the players' version unless ``options.mode`` is the GM's)."""
    encounter = document.encounter
    shown = view(encounter) if callable(view) else view
    file_name = document.path.name if document.path is not None else "Untitled"
    return build_content(encounter, shown, options.mode, file_name=file_name, when=when)


def make_book(
    encounter: Encounter,
    content: SnapshotContent,
    scene: PrintScene,
    options: SnapshotOptions,
    visible: QRectF | None = None,
    margins: Margins = DEFAULT_MARGINS,
    fitted_margin_mm: float = MARGIN_MM,
) -> FittedBook | TableScaleBook:
    """The pages of ``options``: table-scale tiles after a cover, or one fitted snapshot."""
    if options.table_scale:
        return table_scale_book(encounter, content, scene, options, margins)
    page = paper_mm(options.page, options.landscape)
    source = source_rect(scene, visible)
    return FittedBook(content, scene, source, page, fitted_margin_mm, options.dpi)


def pdf_title(content: SnapshotContent) -> str:
    return f"{content.title} \N{EM DASH} {content.subtitle}"


def export_encounter(
    encounter: Encounter,
    source: Path | None,
    out: str | Path,
    options: SnapshotOptions = DEFAULT_OPTIONS,
    margin_mm: float = DEFAULT_MARGIN_MM,
    progress: Progress | None = None,
) -> int:
    """Snapshot an encounter outside the app (the ``tactical snapshot`` command).

    Starts a Qt application when none runs (offscreen unless a platform is
    set), and marks who acts and the revealed targets as the combat panel would.
    """
    from PySide6.QtWidgets import QApplication

    if QGuiApplication.instance() is None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        app = QApplication(sys.argv[:1])
        app.setApplicationName("tactical")
    document = EncounterDocument(encounter, source)
    view = panel_view(encounter)
    if view is not None:  # as the document marks them (EncounterDocument.procedure_reading)
        document.set_highlights(set(view.acting), set(view.targets), set(view.targets))
    margins = Margins.uniform(margin_mm)
    return export_snapshot(document, out, options, view=view, progress=progress, margins=margins)


__all__ = [
    "MAP_PADDING",
    "PAGE_SIZES",
    "PrintScene",
    "SnapshotLayout",
    "SnapshotOptions",
    "export_encounter",
    "export_snapshot",
    "make_scene",
    "page_size_px",
    "source_rect",
]
