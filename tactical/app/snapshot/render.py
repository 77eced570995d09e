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
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import QMarginsF, QRectF, QSize, Qt
from PySide6.QtGui import QGuiApplication, QImage, QPageLayout, QPageSize, QPainter, QPdfWriter
from shiboken6 import delete, isValid

from tactical.app.document import EncounterDocument
from tactical.app.scene.map_scene import MapScene
from tactical.app.snapshot.content import Mode, SnapshotContent, build_content, panel_view
from tactical.app.snapshot.map_drawing import MAP_PADDING, PrintScene, make_scene, source_rect
from tactical.app.snapshot.page_layout import SnapshotLayout
from tactical.core.encounter import Encounter
from tactical.rules import PanelView

PAGE_SIZES: dict[str, QPageSize.PageSizeId] = {
    "A4": QPageSize.PageSizeId.A4,
    "Letter": QPageSize.PageSizeId.Letter,
}
MARGIN_MM = 10.0


@dataclass(frozen=True)
class SnapshotOptions:
    """What the export dialog and ``tactical snapshot`` ask for."""

    mode: Mode = "players"
    whole_map: bool = True
    """False: only the part of the map the GM's view shows."""
    page: str = "A4"
    landscape: bool = True
    dpi: int = 150


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


def write_pdf(
    path: Path, content: SnapshotContent, scene: MapScene, source: QRectF, options: SnapshotOptions
) -> int:
    """Write a vector PDF; returns its number of pages."""
    writer = QPdfWriter(str(path))
    writer.setResolution(options.dpi)
    writer.setTitle(f"{content.title} \N{EM DASH} {content.subtitle}")
    writer.setCreator("tactical")
    orientation = (
        QPageLayout.Orientation.Landscape if options.landscape else QPageLayout.Orientation.Portrait
    )
    margins = QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM)
    writer.setPageLayout(
        QPageLayout(
            QPageSize(PAGE_SIZES[options.page]), orientation, margins, QPageLayout.Unit.Millimeter
        )
    )
    area = writer.pageLayout().paintRectPixels(options.dpi)
    layout = SnapshotLayout(content, source, area.width(), area.height(), options.dpi)
    painter = QPainter()
    if not painter.begin(writer):
        raise OSError(f"cannot write {path}")
    try:
        for index in range(len(layout.pages)):
            if index:
                writer.newPage()
            layout.paint(painter, index, scene)
    finally:
        painter.end()
    return len(layout.pages)


def write_png(
    path: Path, content: SnapshotContent, scene: MapScene, source: QRectF, options: SnapshotOptions
) -> QSize:
    """Write one page as a PNG (taller than the page when the table needs it); returns its size."""
    page = page_size_px(options)
    margin = margin_px(options.dpi)
    width, height = page.width() - 2 * margin, page.height() - 2 * margin
    layout = SnapshotLayout(content, source, width, height, options.dpi, grow=True)
    inner = max(float(height), layout.content_height())
    image = QImage(page.width(), round(inner) + 2 * margin, QImage.Format.Format_RGB32)
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
    if not image.save(str(path)):  # PNG: the suffix says so
        raise OSError(f"cannot write {path}")
    return image.size()


def export_snapshot(
    document: EncounterDocument,
    path: str | Path,
    options: SnapshotOptions = SnapshotOptions(),
    *,
    visible: QRectF | None = None,
    view: PanelView | Callable[[Encounter], PanelView | None] | None = panel_view,
    when: datetime | None = None,
) -> int:
    """Write a snapshot of ``document`` to ``path`` (.pdf or .png); returns the page count.

    ``visible`` is the GM's view's scene rectangle, used when ``options.whole_map``
    is False. ``view`` is the procedure's view (default: asked of the encounter).
    """
    path = Path(path)
    kind = path.suffix.lower()
    if kind not in (".pdf", ".png"):
        raise ValueError(f"{path.name}: a snapshot is a .pdf or a .png file")
    encounter = document.encounter
    shown = view(encounter) if callable(view) else view
    file_name = document.path.name if document.path is not None else "Untitled"
    content = build_content(encounter, shown, options.mode, file_name=file_name, when=when)
    scene = make_scene(document, options.mode)
    try:
        source = source_rect(scene, None if options.whole_map else visible)
        if kind == ".pdf":
            return write_pdf(path, content, scene, source, options)
        write_png(path, content, scene, source, options)
        return 1
    finally:
        if isValid(scene):
            delete(scene)


def export_encounter(
    encounter: Encounter,
    source: Path | None,
    out: str | Path,
    options: SnapshotOptions = SnapshotOptions(),
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
    if view is not None:  # as the panel publishes them (tactical.app.panel.publish)
        document.set_highlights(set(view.acting), set(view.targets), set(view.targets))
    return export_snapshot(document, out, options, view=view)


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
