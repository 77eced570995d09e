"""Lay a snapshot out on pages and paint it: vector PDF through QPdfWriter, PNG through QImage.

A page has a title block, the map (rendered from a :class:`MapScene`, players'
or GM's), a legend (elevations and terrain on a grid, the sides' colours), the
combatants' table and a footer. Everything is measured in device pixels at the
snapshot's resolution, from sizes given in points, so a PDF and a PNG at the
same resolution look the same (the map's level of detail, which depends on
pixels per square, included).

Layout: on a landscape page the table stands right of the map when it is
narrow enough (at most 45 % of the width); otherwise, and on portrait pages,
the map is above the table. Rows that do not fit continue on further PDF pages
(with the header row repeated, a narrow table in runs side by side); a PNG
grows taller instead.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import QMarginsF, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QGuiApplication,
    QImage,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QPen,
    QTextLayout,
    QTextOption,
)
from shiboken6 import delete, isValid

from tactical.app.document import EncounterDocument
from tactical.app.geometry import CELL
from tactical.app.scene import palette
from tactical.app.scene.background import paint_picture
from tactical.app.scene.map_scene import MapScene
from tactical.app.snapshot.content import Mode, Row, SnapshotContent, build_content, panel_view
from tactical.core.encounter import Encounter
from tactical.rules import PanelView

PAGE_SIZES: dict[str, QPageSize.PageSizeId] = {
    "A4": QPageSize.PageSizeId.A4,
    "Letter": QPageSize.PageSizeId.Letter,
}
MARGIN_MM = 10.0
MAP_PADDING = CELL * 0.5
"""Around the whole map, in scene units: room for the names under tokens on the edge."""
MAP_AT_LEAST = 0.4
"""Share of the page's body the map keeps when the table goes below it (rows continue)."""
LEGEND_COLUMN_PT = 110
"""Width the legend needs beside the map, in points."""
FOOTER_GAP_PT = 11
"""Between the last row and the footer (its rule is drawn 2 pt above its text)."""
SIDE_BY_SIDE_UP_TO = 0.45
"""A table at most this share of a landscape page's width stands beside the map."""

INK = QColor("#1a1a1a")
DIM = QColor("#707070")
RULE = QColor("#9a9a9a")
STRIPE = QColor("#f2f2f2")
ACTING_ROW = QColor(57, 224, 122, 70)


@dataclass(frozen=True)
class SnapshotOptions:
    """What the export dialog and ``tactical snapshot`` ask for."""

    mode: Mode = "players"
    whole_map: bool = True
    """False: only the part of the map the GM's view shows."""
    page: str = "A4"
    landscape: bool = True
    dpi: int = 150


class PrintScene(MapScene):
    """A map scene for paper: white around the map instead of the screen's dark grey."""

    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:  # type: ignore[override]
        painter.fillRect(rect, Qt.GlobalColor.white)
        paint_picture(painter, self, rect)  # the background picture, under the layer
        self.layer.paint(painter, rect, painter.worldTransform().m11())


# -- text ------------------------------------------------------------------------


class _Type:
    """Fonts and lengths at one resolution: sizes in points, results in device pixels."""

    def __init__(self, dpi: float) -> None:
        self.unit = dpi / 72.0

    def pt(self, points: float) -> float:
        return points * self.unit

    def font(self, points: float, *, bold: bool = False, italic: bool = False) -> QFont:
        font = QFont()
        font.setPixelSize(max(1, round(points * self.unit)))
        font.setBold(bold)
        font.setItalic(italic)
        font.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
        return font


def wrap(text: str, font: QFont, width: float) -> list[str]:
    """``text`` broken into lines no wider than ``width`` (at words, else anywhere)."""
    if not text:
        return [""]
    lines: list[str] = []
    for paragraph in text.split("\n"):
        layout = QTextLayout(paragraph, font)
        option = QTextOption()
        option.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
        layout.setTextOption(option)
        layout.beginLayout()
        while True:
            line = layout.createLine()
            if not line.isValid():
                break
            line.setLineWidth(max(width, 1.0))
            start, length = line.textStart(), line.textLength()
            lines.append(paragraph[start : start + length].rstrip())
        layout.endLayout()
    return lines or [""]


def line_height(font: QFont) -> float:
    return QFontMetricsF(font).lineSpacing()


def text_width(font: QFont, text: str) -> float:
    return QFontMetricsF(font).horizontalAdvance(text)


def draw_lines(
    painter: QPainter, font: QFont, lines: list[str], x: float, y: float, colour: QColor = INK
) -> float:
    """Draw ``lines`` from the top ``y``; returns the y below them."""
    painter.setFont(font)
    painter.setPen(colour)
    metrics = QFontMetricsF(font)
    for line in lines:
        painter.drawText(QPointF(x, y + metrics.ascent()), line)
        y += metrics.lineSpacing()
    return y


# -- the table ----------------------------------------------------------------------


@dataclass
class _Table:
    """Column widths and wrapped cells of the combatants' table at one width."""

    type: _Type
    content: SnapshotContent
    widths: list[float] = field(default_factory=list)
    heights: list[float] = field(default_factory=list)
    """Height of each row; the header row's is ``header_height``."""
    header_height: float = 0.0
    cells: list[list[list[str]]] = field(default_factory=list)
    header: list[list[str]] = field(default_factory=list)

    @property
    def font(self) -> QFont:
        return self.type.font(8)

    @property
    def header_font(self) -> QFont:
        return self.type.font(8, bold=True)

    def row_font(self, row: Row) -> QFont:
        """Bold for whoever acts now, italic for a hidden token (GM's version), struck when out."""
        font = self.type.font(8, bold=row.acting, italic=row.hidden)
        font.setStrikeOut(row.out)
        return font

    @property
    def pad_x(self) -> float:
        return self.type.pt(3)

    @property
    def pad_y(self) -> float:
        return self.type.pt(1.6)

    @property
    def swatch(self) -> float:
        return self.type.pt(6)

    def _extra(self, index: int) -> float:
        """Room before the text of a cell: the side's swatch."""
        key = self.content.columns[index].key
        return self.swatch + self.type.pt(3) if key == "side" else 0.0

    def _bounds(self) -> tuple[list[float], list[float], list[float]]:
        """Per column: its width with the header on one line, with the header wrapped at
        words, and the least it may get (its header's longest word, or a floor)."""
        cap = self.type.pt(150)
        floor = self.type.pt(22)
        full, content, least = [], [], []
        for i, column in enumerate(self.content.columns):
            extra = 2 * self.pad_x + self._extra(i) + 1
            cells = max(
                [0.0] + [text_width(self.row_font(row), row.cells[i]) for row in self.content.rows]
            )
            word = max(text_width(self.header_font, w) for w in column.label.split() or [""])
            header = text_width(self.header_font, column.label)
            full.append(min(cap, max(header, cells) + extra))
            content.append(min(cap, max(word, cells) + extra))
            least.append(max(word + extra, floor))
        return full, content, least

    def natural_widths(self) -> list[float]:
        return self._bounds()[0]

    def natural_width(self) -> float:
        return sum(self.natural_widths())

    @staticmethod
    def _squeeze(upper: list[float], lower: list[float], width: float) -> list[float] | None:
        """Cap the widest columns at one width so the sum fits, none below its ``lower``."""
        if sum(lower) > width:
            return None
        low, high = 0.0, max(upper)
        for _ in range(40):
            cap = (low + high) / 2
            if sum(max(lo, min(up, cap)) for up, lo in zip(upper, lower, strict=True)) > width:
                high = cap
            else:
                low = cap
        return [max(lo, min(up, low)) for up, lo in zip(upper, lower, strict=True)]

    def fit(self, width: float) -> None:
        """Choose column widths for ``width`` and wrap the cells.

        Too wide a table first wraps its long headers (``Fat. Tol.`` over two
        lines), then narrows its widest columns, never below a header's word.
        """
        full, content, least = self._bounds()
        widths = full
        if sum(full) > width:
            lower = [min(c, f) for c, f in zip(content, full, strict=True)]
            widths = (
                self._squeeze(full, lower, width)
                or self._squeeze(
                    lower, [min(lo, c) for lo, c in zip(least, lower, strict=True)], width
                )
                or least
            )
        self.widths = widths
        text_widths = [w - 2 * self.pad_x - self._extra(i) for i, w in enumerate(widths)]
        self.header = [
            wrap(c.label, self.header_font, text_widths[i])
            for i, c in enumerate(self.content.columns)
        ]
        self.header_height = (
            max((len(lines) for lines in self.header), default=1) * line_height(self.header_font)
            + 2 * self.pad_y
        )
        self.cells = [
            [wrap(cell, self.row_font(row), text_widths[i]) for i, cell in enumerate(row.cells)]
            for row in self.content.rows
        ]
        self.heights = [
            max((len(lines) for lines in cells), default=1) * line_height(self.row_font(row))
            + 2 * self.pad_y
            for row, cells in zip(self.content.rows, self.cells, strict=True)
        ]

    @property
    def width(self) -> float:
        return sum(self.widths)

    def rows_fitting(self, start: int, height: float) -> int:
        """How many rows from ``start`` fit under the header row in ``height`` (at least one)."""
        used = self.header_height
        end = start
        while end < len(self.heights) and used + self.heights[end] <= height:
            used += self.heights[end]
            end += 1
        return max(end, min(start + 1, len(self.heights)))

    def height_of(self, start: int, end: int) -> float:
        return self.header_height + sum(self.heights[start:end])

    def paint(self, painter: QPainter, x: float, y: float, start: int, end: int) -> float:
        """Paint the header row and rows ``start:end``; returns the y below the table."""
        painter.save()
        painter.setPen(Qt.PenStyle.NoPen)
        self._paint_row(painter, x, y, self.header, self.header_height, self.header_font, INK)
        y += self.header_height
        painter.setPen(QPen(INK, self.type.pt(0.7)))
        painter.drawLine(QPointF(x, y), QPointF(x + self.width, y))
        for index in range(start, end):
            row = self.content.rows[index]
            height = self.heights[index]
            band = QRectF(x, y, self.width, height)
            if row.acting:
                painter.fillRect(band, ACTING_ROW)
            elif (index - start) % 2 == 1:
                painter.fillRect(band, STRIPE)
            font = self.row_font(row)
            colour = DIM if row.out or row.done else INK
            self._paint_row(painter, x, y, self.cells[index], height, font, colour)
            if row.side_colour and "side" in [c.key for c in self.content.columns]:
                column = [c.key for c in self.content.columns].index("side")
                left = x + sum(self.widths[:column]) + self.pad_x
                box = QRectF(left, y + self.pad_y + self.type.pt(1.5), self.swatch, self.swatch)
                painter.setPen(QPen(INK, self.type.pt(0.4)))
                painter.setBrush(QColor(row.side_colour))
                painter.drawEllipse(box)
            y += height
        painter.setPen(QPen(RULE, self.type.pt(0.5)))
        painter.drawLine(QPointF(x, y), QPointF(x + self.width, y))
        painter.restore()
        return y

    def _paint_row(
        self,
        painter: QPainter,
        x: float,
        y: float,
        cells: list[list[str]],
        height: float,
        font: QFont,
        colour: QColor,
    ) -> None:
        left = x
        for i, lines in enumerate(cells):
            draw_lines(
                painter, font, lines, left + self.pad_x + self._extra(i), y + self.pad_y, colour
            )
            left += self.widths[i]


# -- the legend -----------------------------------------------------------------------


@dataclass(frozen=True)
class _Swatch:
    label: str
    brush: QBrush | None
    """None: a label alone (the legend's headings)."""
    second: QBrush | None = None
    """Painted over ``brush`` (the hatching of difficult ground)."""
    round: bool = False


def legend_items(content: SnapshotContent) -> list[_Swatch]:
    items: list[_Swatch] = []
    if content.elevations:
        items.append(_Swatch("Elevation:", None))
        for value in content.elevations:
            items.append(_Swatch(f"{value:+d}", QBrush(QColor(*palette.elevation_rgb(value)))))
        base = QBrush(QColor(*palette.elevation_rgb(0)))
        if "difficult" in content.terrain:
            hatch = QBrush(palette.HATCH, Qt.BrushStyle.BDiagPattern)
            items.append(_Swatch("difficult", base, hatch))
        if "impassable" in content.terrain:
            items.append(_Swatch("impassable", QBrush(palette.IMPASSABLE)))
    if content.sides:
        items.append(_Swatch("Sides:", None))
        for name, colour in content.sides:
            items.append(_Swatch(name, QBrush(palette.side_colour(colour)), round=True))
    return items


class _Legend:
    def __init__(self, type_: _Type, content: SnapshotContent) -> None:
        self.type = type_
        self.items = legend_items(content)
        self.font = type_.font(7.5)
        self.heading_font = type_.font(7.5, bold=True)
        self.swatch = type_.pt(8)

    def _item_width(self, item: _Swatch) -> float:
        font = self.heading_font if item.brush is None else self.font
        width = text_width(font, item.label)
        if item.brush is not None:
            width += self.swatch + self.type.pt(3)
        return width + self.type.pt(8 if item.brush is None else 9)

    def _rows(self, width: float) -> list[list[_Swatch]]:
        rows: list[list[_Swatch]] = [[]]
        used = 0.0
        for item in self.items:
            item_width = self._item_width(item)
            starts_group = item.brush is None and rows[-1]
            if rows[-1] and (used + item_width > width or starts_group):
                rows.append([])
                used = 0.0
            rows[-1].append(item)
            used += item_width
        return [row for row in rows if row]

    def height(self, width: float) -> float:
        rows = self._rows(width)
        return len(rows) * max(self.swatch, line_height(self.font)) * 1.25 if rows else 0.0

    def paint(self, painter: QPainter, x: float, y: float, width: float) -> None:
        row_height = max(self.swatch, line_height(self.font)) * 1.25
        painter.save()
        for row in self._rows(width):
            left = x
            for item in row:
                font = self.heading_font if item.brush is None else self.font
                if item.brush is not None:
                    box = QRectF(left, y + (row_height - self.swatch) / 2, self.swatch, self.swatch)
                    painter.setPen(QPen(INK, self.type.pt(0.4)))
                    for brush in (item.brush, item.second):
                        if brush is None:
                            continue
                        painter.setBrush(brush)
                        if item.round:
                            painter.drawEllipse(box)
                        else:
                            painter.drawRect(box)
                        painter.setPen(Qt.PenStyle.NoPen)
                    left += self.swatch + self.type.pt(3)
                metrics = QFontMetricsF(font)
                painter.setFont(font)
                painter.setPen(INK)
                baseline = y + (row_height - metrics.height()) / 2 + metrics.ascent()
                painter.drawText(QPointF(left, baseline), item.label)
                left += text_width(font, item.label) + self.type.pt(8 if item.brush is None else 9)
            y += row_height
        painter.restore()


# -- pages ---------------------------------------------------------------------------------


@dataclass
class _Page:
    """Where things go on one page (device pixels, origin at the top-left margin)."""

    header: list[tuple[QFont, list[str], QColor]] = field(default_factory=list)
    map_rect: QRectF | None = None
    legend_at: QRectF | None = None
    tables: list[tuple[QPointF, int, int]] = field(default_factory=list)
    """Where each run of rows goes (top left, first row, end): continuation pages set a
    narrow table's runs side by side."""
    height: float = 0.0

    @property
    def rows(self) -> tuple[int, int]:
        """The rows on this page: ``(first, end)``."""
        return (self.tables[0][1], self.tables[-1][2]) if self.tables else (0, 0)


class SnapshotLayout:
    """Places a snapshot's parts on pages of ``width`` x ``height`` device pixels."""

    def __init__(
        self,
        content: SnapshotContent,
        source: QRectF,
        width: float,
        height: float,
        dpi: float,
        *,
        grow: bool = False,
    ) -> None:
        self.content = content
        self.source = source
        self.width = width
        self.height = height
        self.type = _Type(dpi)
        self.table = _Table(self.type, content)
        self.legend = _Legend(self.type, content)
        self.gap = self.type.pt(8)
        self.footer_font = self.type.font(7, italic=False)
        self.pages = self._layout(grow)

    # -- measuring ------------------------------------------------------------

    def _header(self, continued: bool) -> list[tuple[QFont, list[str], QColor]]:
        width = self.width
        if continued:
            font = self.type.font(9, bold=True)
            return [(font, wrap(f"{self.content.title} (continued)", font, width), INK)]
        title = self.type.font(15, bold=True)
        subtitle = self.type.font(10.5)
        lines = self.type.font(8.5)
        block = [
            (title, wrap(self.content.title, title, width), INK),
            (subtitle, wrap(self.content.subtitle, subtitle, width), INK),
        ]
        for line in self.content.lines:
            block.append(
                (lines, wrap(line, lines, width), DIM if line.startswith("Note:") else INK)
            )
        return block

    @staticmethod
    def _block_height(block: list[tuple[QFont, list[str], QColor]]) -> float:
        return sum(line_height(font) * len(lines) for font, lines, _colour in block)

    def _fit_map(self, box: QRectF) -> QRectF:
        """The largest rectangle of the map's proportions in ``box``, at its top left."""
        if box.width() <= 0 or box.height() <= 0 or self.source.isEmpty():
            return QRectF(box.topLeft(), box.topLeft())
        scale = min(box.width() / self.source.width(), box.height() / self.source.height())
        return QRectF(
            box.left(), box.top(), self.source.width() * scale, self.source.height() * scale
        )

    def _map_and_legend(self, top: float, height: float) -> tuple[QRectF, QRectF]:
        """The map in ``height``, with the legend beside it or below it: whichever map is larger."""
        column = self.type.pt(LEGEND_COLUMN_PT)
        beside = self._fit_map(QRectF(0, top, self.width - column - self.gap, height))
        beside_width = self.width - beside.right() - self.gap
        beside_legend = self.legend.height(beside_width)
        below_legend = self.legend.height(self.width)
        below = self._fit_map(QRectF(0, top, self.width, height - below_legend - self.gap / 2))
        area_beside = beside.width() * beside.height() if beside_legend <= height else -1.0
        if area_beside >= below.width() * below.height():
            legend = QRectF(beside.right() + self.gap, top, beside_width, beside_legend)
            return beside, legend
        legend = QRectF(0, below.bottom() + self.gap / 2, self.width, below_legend)
        return below, legend

    @property
    def footer_height(self) -> float:
        return line_height(self.footer_font)

    # -- placing ----------------------------------------------------------------

    def _layout(self, grow: bool) -> list[_Page]:
        first = _Page(header=self._header(False))
        top = self._block_height(first.header) + self.type.pt(6)
        bottom = self.height - self.footer_height - self.type.pt(FOOTER_GAP_PT)
        body = bottom - top
        rows = len(self.content.rows)
        side_by_side = (
            self.width > self.height
            and self.table.natural_width() <= SIDE_BY_SIDE_UP_TO * self.width
        )
        if side_by_side:
            self.table.fit(self.table.natural_width())
            map_width = self.width - self.table.width - self.gap
            legend_width = map_width
            for _ in range(3):  # the legend is as wide as the map, which its height limits
                legend_height = self.legend.height(legend_width)
                box = QRectF(0, top, map_width, max(0.0, body - legend_height - self.gap / 2))
                map_rect = self._fit_map(box)
                if self.legend.height(map_rect.width()) <= legend_height:
                    break
                legend_width = map_rect.width()
            legend_width = max(map_rect.width(), self.type.pt(LEGEND_COLUMN_PT))
            legend_top = map_rect.bottom() + self.gap / 2
            first.map_rect = map_rect
            first.legend_at = QRectF(0, legend_top, legend_width, legend_height)
            table_at = QPointF(max(map_rect.right(), legend_width) + self.gap, top)
            space = body if not grow else float("inf")
            end = self.table.rows_fitting(0, space) if rows else 0
            first.tables = [(table_at, 0, end)]
            first.height = max(legend_top + legend_height, top + self.table.height_of(0, end))
        else:
            self.table.fit(self.width)
            wanted = self.table.height_of(0, rows) + self.gap if rows else 0.0
            height = min(max(body - wanted, body * MAP_AT_LEAST), body)
            first.map_rect, first.legend_at = self._map_and_legend(top, height)
            table_top = max(first.map_rect.bottom(), first.legend_at.bottom()) + self.gap
            table_at = QPointF(0, table_top)
            space = bottom - table_top if not grow else float("inf")
            end = self.table.rows_fitting(0, space) if rows else 0
            first.tables = [(table_at, 0, end)]
            first.height = table_top + (self.table.height_of(0, end) if rows else 0.0)
        pages = [first]
        start = first.rows[1]
        step = self.table.width + self.gap
        across = max(1, int((self.width + self.gap) // step))
        left = table_at.x() if across == 1 else 0.0
        while start < rows:
            page = _Page(header=self._header(True))
            top = self._block_height(page.header) + self.type.pt(6)
            for column in range(across):
                if start >= rows:
                    break
                end = self.table.rows_fitting(start, bottom - top)
                page.tables.append((QPointF(left + column * step, top), start, end))
                page.height = max(page.height, top + self.table.height_of(start, end))
                start = end
            pages.append(page)
        return pages

    def content_height(self) -> float:
        """The first page's height with its footer (a growing PNG is this tall)."""
        return self.pages[0].height + self.type.pt(FOOTER_GAP_PT) + self.footer_height

    # -- painting ---------------------------------------------------------------------

    def paint(
        self, painter: QPainter, index: int, scene: MapScene, page_height: float | None = None
    ) -> None:
        """Paint page ``index``; ``page_height`` is where the footer goes (default: the page's)."""
        page = self.pages[index]
        height = self.height if page_height is None else page_height
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        y = 0.0
        for font, lines, colour in page.header:
            y = draw_lines(painter, font, lines, 0.0, y, colour)
        if page.map_rect is not None and not page.map_rect.isEmpty():
            painter.save()
            painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
            scene.render(painter, page.map_rect, self.source, Qt.AspectRatioMode.KeepAspectRatio)
            painter.restore()
            painter.setPen(QPen(RULE, self.type.pt(0.6)))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(page.map_rect)
        if page.legend_at is not None:
            self.legend.paint(
                painter, page.legend_at.x(), page.legend_at.y(), page.legend_at.width()
            )
        for at, start, end in page.tables:
            if end > start:
                self.table.paint(painter, at.x(), at.y(), start, end)
        if not self.content.rows and page.tables:
            at = page.tables[0][0]
            draw_lines(painter, self.table.font, ["No tokens to list."], at.x(), at.y(), DIM)
        self._paint_footer(painter, index, height)
        painter.restore()

    def _paint_footer(self, painter: QPainter, index: int, height: float) -> None:
        font = self.footer_font
        metrics = QFontMetricsF(font)
        y = height - metrics.height()
        painter.setPen(QPen(RULE, self.type.pt(0.4)))
        painter.drawLine(QPointF(0, y - self.type.pt(2)), QPointF(self.width, y - self.type.pt(2)))
        painter.setFont(font)
        painter.setPen(DIM)
        painter.drawText(QPointF(0, y + metrics.ascent()), self.content.footer)
        if len(self.pages) > 1:
            text = f"page {index + 1} of {len(self.pages)}"
            painter.drawText(
                QPointF(self.width - metrics.horizontalAdvance(text), y + metrics.ascent()), text
            )


# -- files -------------------------------------------------------------------------------


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


def source_rect(scene: MapScene, visible: QRectF | None) -> QRectF:
    """The part of the scene to print: the whole map, or ``visible`` within the scene."""
    whole = scene.map_rect().adjusted(-MAP_PADDING, -MAP_PADDING, MAP_PADDING, MAP_PADDING)
    if visible is None or visible.isEmpty():
        return whole
    part = visible.intersected(scene.sceneRect())
    return part if not part.isEmpty() else whole


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


def make_scene(document: EncounterDocument, mode: Mode) -> PrintScene:
    """A fresh scene over ``document``: the players' filter unless ``mode`` is the GM's."""
    return PrintScene(document, player=mode == "players")


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
    "PAGE_SIZES",
    "PrintScene",
    "SnapshotLayout",
    "SnapshotOptions",
    "export_encounter",
    "export_snapshot",
    "make_scene",
    "page_size_px",
]
