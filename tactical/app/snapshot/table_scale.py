"""Table scale: the map printed at miniature scale over pages to tape together.

The pages come from :mod:`tactical.core.tiling`; this module paints them. The
book opens with a cover: today's snapshot (title, the whole map fitted, the
legend, the combatants) with the grid of pages drawn over the map. Then one
page per tile, row by row (A1, A2, ... B1, ...), each with:

* the map window at exactly ``square_mm`` per square (vector lines and text);
* crop marks at the window's corners and ticks in the gutter where each
  neighbour's window begins; a dashed line inside the window along that edge
  and a registration cross in the middle of each shared overlap strip, at the
  same map point on both pages, to lay one sheet over the other;
* the neighbours' coordinates in the gutter, and a caption: the page's
  coordinates, the title, page number, scale and whose view, and a small index
  of the whole sheet with this page filled in (skipped pages left blank).
"""

from __future__ import annotations

from dataclasses import astuple, dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen

from tactical.app.map.geometry import CELL
from tactical.app.snapshot.content import MODE_LABELS, SnapshotContent
from tactical.app.snapshot.map_drawing import draw_map
from tactical.app.snapshot.name_size import plan_names
from tactical.app.snapshot.print_scene import PrintScene
from tactical.app.snapshot.tile_marks import paint_crop_marks, paint_cross, paint_name
from tactical.app.snapshot.typeset import DIM, INK, RULE, Typesetting
from tactical.core.encounter import Encounter
from tactical.core.tiling import (
    MM_PER_INCH,
    Margins,
    Rect,
    Tile,
    TilePlan,
    TileSpec,
    empty_tiles,
    plan_tiles,
)

COVER_MARGIN_MM = 10.0
"""The cover keeps the fitted snapshot's margins (or the printer's, when wider)."""
TILE_GRID_PT = 0.5
"""Grid lines on a tile page, in points."""
MARK_MM = 4.0
"""Length of a crop mark."""
CROSS_MM = 3.0
"""Radius of a registration cross."""
PAGE_GRID = QColor(25, 90, 200)
"""The page grid drawn over the cover's map."""
SKIPPED = QColor("#d8d8d8")


@dataclass(frozen=True)
class TableScaleSettings:
    """How a table-scale print is cut up (the paper's margins come from the printer)."""

    paper: str = "A4"
    landscape: bool = True
    square_inch: float = 1.0
    overlap_mm: float = 10.0
    skip_empty: bool = False


def map_extent(scene: PrintScene) -> Rect:
    """The map's extent in map units (squares, or an area map's units)."""
    rect = scene.extent_rect()
    return Rect(rect.x() / CELL, rect.y() / CELL, rect.width() / CELL, rect.height() / CELL)


def scale_text(square_inch: float) -> str:
    if abs(square_inch - 1.0) < 1e-9:
        return "1 square = 1 inch"
    return f"1 square = {square_inch:g} inch ({square_inch * MM_PER_INCH:.1f} mm)"


class TableScaleBook:
    """The cover pages and the tile pages of one map, painted at ``dpi``."""

    def __init__(
        self,
        encounter: Encounter,
        content: SnapshotContent,
        scene: PrintScene,
        source: QRectF,
        settings: TableScaleSettings,
        margins: Margins,
        dpi: float = 150.0,
    ) -> None:
        self.content = content
        self.scene = scene
        self.settings = settings
        self.dpi = dpi
        self.type = Typesetting(dpi)
        spec = TileSpec(
            map_extent(scene),
            square_mm=settings.square_inch * MM_PER_INCH,
            paper=settings.paper,
            landscape=settings.landscape,
            margins=margins,
            overlap_mm=settings.overlap_mm,
        )
        self.plan: TilePlan = plan_tiles(spec)
        self.skipped: frozenset[str] = (
            empty_tiles(self.plan, encounter, gm=content.mode == "gm")
            if settings.skip_empty
            else frozenset()
        )
        self.by_place = {(t.row, t.column): t for t in self.plan.tiles}
        self.tiles: tuple[Tile, ...] = tuple(
            t for t in self.plan.tiles if t.label not in self.skipped
        )
        width, height = self.plan.page_mm
        inset = Margins(*(max(COVER_MARGIN_MM, m) for m in astuple(margins)))
        self.origin = QPointF(self.px(inset.left), self.px(inset.top))
        self.cover, self.names = plan_names(
            content,
            scene,
            source,
            self.px(width - inset.left - inset.right),
            self.px(height - inset.top - inset.bottom),
            dpi,
        )
        """The cover's names: 6 pt at least, or numbers with a key (the tiles show names)."""
        self.cover.page_total = self.page_count

    # -- measures -----------------------------------------------------------------

    def px(self, mm: float) -> float:
        return mm / MM_PER_INCH * self.dpi

    def rect_px(self, rect: Rect) -> QRectF:
        return QRectF(self.px(rect.x), self.px(rect.y), self.px(rect.width), self.px(rect.height))

    @property
    def page_count(self) -> int:
        return len(self.cover.pages) + len(self.tiles)

    def tile_of_page(self, index: int) -> Tile | None:
        """The tile printed on page ``index`` (None for a cover page)."""
        index -= len(self.cover.pages)
        return self.tiles[index] if index >= 0 else None

    # -- painting ----------------------------------------------------------------------

    def paint_page(self, painter: QPainter, index: int) -> None:
        device = painter.device()
        device_dpi = device.logicalDpiX() if device is not None else self.dpi
        self.scene.detail = self.dpi / device_dpi
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        tile = self.tile_of_page(index)
        if tile is None:
            self.names.apply(self.scene)
            self.scene.grid_pt = 0.0
            painter.translate(self.origin)
            self.cover.paint(painter, index, self.scene)
            if index == 0:
                self._paint_page_grid(painter)
        else:
            self.names.restore(self.scene)
            self.scene.grid_pt = TILE_GRID_PT
            self._paint_tile(painter, tile, index)
        painter.restore()
        self.scene.detail = 1.0
        self.scene.grid_pt = 0.0

    def _scene_rect(self, window: Rect) -> QRectF:
        return QRectF(window.x * CELL, window.y * CELL, window.width * CELL, window.height * CELL)

    def _paint_page_grid(self, painter: QPainter) -> None:
        """The pages' outlines and coordinates over the cover's map."""
        target = self.cover.pages[0].map_rect
        source = self.cover.source
        if target is None or target.isEmpty() or source.isEmpty():
            return
        scale = min(target.width() / source.width(), target.height() / source.height())
        font = self.type.font(8 if self.plan.columns < 12 else 5.5, bold=True)
        metrics = QFontMetricsF(font)
        painter.save()
        painter.setClipRect(target)
        painter.setFont(font)
        for tile in self.plan.tiles:
            area = self._scene_rect(tile.window)
            box = QRectF(
                target.left() + (area.left() - source.left()) * scale,
                target.top() + (area.top() - source.top()) * scale,
                area.width() * scale,
                area.height() * scale,
            )
            skipped = tile.label in self.skipped
            pen = QPen(SKIPPED if skipped else PAGE_GRID, self.type.pt(0.8))
            if skipped:
                pen.setStyle(Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(box)
            shown = box.intersected(target)
            label = tile.label
            width = metrics.horizontalAdvance(label)
            at = QPointF(shown.center().x() - width / 2, shown.center().y() + metrics.ascent() / 2)
            if shown.width() > width and shown.height() > metrics.height():
                top = at.y() - metrics.ascent() - 1
                backing = QRectF(at.x() - 2, top, width + 4, metrics.height() + 2)
                painter.fillRect(backing, QColor(255, 255, 255, 190))
                painter.setPen(SKIPPED.darker(130) if skipped else PAGE_GRID)
                painter.drawText(at, label)
        painter.restore()

    def _paint_tile(self, painter: QPainter, tile: Tile, index: int) -> None:
        window = self.rect_px(self.plan.window_mm)
        painter.save()
        painter.setClipRect(window)
        draw_map(painter, self.scene, window, self._scene_rect(tile.window))
        painter.restore()
        self._paint_joins(painter, tile, window)
        self._paint_crop_marks(painter, window)
        self._paint_caption(painter, tile, index)

    def _neighbours(self, tile: Tile) -> dict[str, Tile]:
        """The tiles right of and below ``tile`` and left of and above it, when there are."""
        found: dict[str, Tile] = {}
        steps = {"right": (0, 1), "below": (1, 0), "left": (0, -1), "above": (-1, 0)}
        for side, (down, across) in steps.items():
            other = self.by_place.get((tile.row + down, tile.column + across))
            if other is not None:
                found[side] = other
        return found

    def _paint_joins(self, painter: QPainter, tile: Tile, window: QRectF) -> None:
        """Where the neighbours' windows begin, registration crosses and their names."""
        overlap = self.px(self.settings.overlap_mm)
        gutter = window.left() - self.px(self.plan.spec.margins.left)
        font = self.type.font(6.5, bold=True)
        metrics = QFontMetricsF(font)
        dashed = QPen(INK, self.type.pt(0.4), Qt.PenStyle.DashLine)
        tick = QPen(INK, self.type.pt(0.5))
        painter.save()
        painter.setFont(font)
        for side, other in self._neighbours(tile).items():
            # the edge of the overlap strip inside this window, and the cross in its middle
            if side == "right":
                x = window.right() - overlap
                line = (QPointF(x, window.top()), QPointF(x, window.bottom()))
                ticks = [(QPointF(x, window.top()), 0, -1), (QPointF(x, window.bottom()), 0, 1)]
                cross = QPointF(window.right() - overlap / 2, window.center().y())
                name_at = QPointF(window.right() + 1, window.center().y())
            elif side == "below":
                y = window.bottom() - overlap
                line = (QPointF(window.left(), y), QPointF(window.right(), y))
                ticks = [(QPointF(window.left(), y), -1, 0), (QPointF(window.right(), y), 1, 0)]
                cross = QPointF(window.center().x(), window.bottom() - overlap / 2)
                name_at = QPointF(window.center().x(), window.bottom() + 1)
            elif side == "left":
                line = None
                ticks = []
                cross = QPointF(window.left() + overlap / 2, window.center().y())
                name_at = QPointF(window.left() - 1, window.center().y())
            else:
                line = None
                ticks = []
                cross = QPointF(window.center().x(), window.top() + overlap / 2)
                name_at = QPointF(window.center().x(), window.top() - 1)
            if line is not None:
                painter.setPen(dashed)
                painter.drawLine(*line)
            painter.setPen(tick)
            length = min(self.px(MARK_MM), gutter - 1)
            for at, dx, dy in ticks:
                painter.drawLine(at, QPointF(at.x() + dx * length, at.y() + dy * length))
            self._paint_cross(painter, cross)
            paint_name(painter, other.label, name_at, side, metrics)
        painter.restore()

    def _paint_cross(self, painter: QPainter, at: QPointF) -> None:
        paint_cross(painter, at, self.px(CROSS_MM), self.type.pt)

    def _paint_crop_marks(self, painter: QPainter, window: QRectF) -> None:
        """Short lines in the gutter continuing the window's edges: where to trim."""
        pen = QPen(INK, self.type.pt(0.5))
        paint_crop_marks(painter, window, self.px(1.0), self.px(MARK_MM), pen)

    def _paint_caption(self, painter: QPainter, tile: Tile, index: int) -> None:
        caption = self.rect_px(self.plan.caption_mm)
        big = self.type.font(20, bold=True)
        small = self.type.font(7.5)
        bold = self.type.font(8.5, bold=True)
        index_box = self._index_box(caption)
        painter.save()
        painter.setPen(QPen(RULE, self.type.pt(0.4)))
        painter.drawLine(caption.topLeft(), caption.topRight())
        painter.setFont(big)
        painter.setPen(INK)
        big_metrics = QFontMetricsF(big)
        baseline = caption.top() + (caption.height() + big_metrics.capHeight()) / 2
        painter.drawText(QPointF(caption.left(), baseline), tile.label)
        left = caption.left() + big_metrics.horizontalAdvance(tile.label) + self.type.pt(10)
        room = index_box.left() - left - self.type.pt(10)
        lines: list[tuple[QFont, str]] = [
            (bold, self.content.title),
            (small, self._caption_line(index)),
        ]
        y = caption.top() + self.type.pt(3)
        for font, text in lines:
            metrics = QFontMetricsF(font)
            painter.setFont(font)
            painter.setPen(INK if font is bold else DIM)
            elided = metrics.elidedText(text, Qt.TextElideMode.ElideRight, max(room, 1.0))
            painter.drawText(QPointF(left, y + metrics.ascent()), elided)
            y += metrics.lineSpacing()
        self._paint_index(painter, index_box, tile)
        painter.restore()

    def _caption_line(self, index: int) -> str:
        parts = [
            f"page {index + 1} of {self.page_count}",
            scale_text(self.settings.square_inch),
            f"sheet of {self.plan.rows} x {self.plan.columns} pages",
            MODE_LABELS[self.content.mode],
        ]
        if self.skipped:
            parts.insert(3, f"{len(self.skipped)} empty left out")
        return " \N{MIDDLE DOT} ".join(parts)

    def _index_box(self, caption: QRectF) -> QRectF:
        """Where the index of the sheet goes: the caption's right end, cells of one size."""
        height = caption.height() - self.type.pt(4)
        cell = min(height / self.plan.rows, self.px(60) / self.plan.columns)
        width = cell * self.plan.columns
        return QRectF(
            caption.right() - width,
            caption.top() + (caption.height() - cell * self.plan.rows) / 2,
            width,
            cell * self.plan.rows,
        )

    def _paint_index(self, painter: QPainter, box: QRectF, current: Tile) -> None:
        """The sheet in small, this page filled; on a big sheet only the outline and this page."""
        cell = box.width() / self.plan.columns
        painter.setPen(QPen(RULE, self.type.pt(0.3)))
        painter.setBrush(Qt.GlobalColor.white)
        painter.drawRect(box)
        outlined = cell >= self.px(1.2)
        for tile in self.plan.tiles:
            rect = QRectF(box.left() + tile.column * cell, box.top() + tile.row * cell, cell, cell)
            if tile.label == current.label:
                painter.fillRect(rect.adjusted(-0.5, -0.5, 0.5, 0.5), INK)
            elif tile.label in self.skipped:
                painter.fillRect(rect, SKIPPED)
            if outlined:
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawRect(rect)
