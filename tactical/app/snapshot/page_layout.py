"""Lay a snapshot out on pages: title block, map, legend, the combatants' table, footer.

Everything is measured in device pixels at the snapshot's resolution, from
sizes given in points. On a landscape page the table stands right of the map
when it is narrow enough (at most 45 % of the width); otherwise, and on
portrait pages, the map is above the table. Rows that do not fit continue on
further pages (with the header row repeated, a narrow table in runs side by
side); a growing page (a PNG) gets taller instead.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen

from tactical.app.map.scene.map_scene import MapScene
from tactical.app.snapshot.content import SnapshotContent
from tactical.app.snapshot.legend import Legend
from tactical.app.snapshot.map_drawing import draw_map
from tactical.app.snapshot.table import CombatantTable
from tactical.app.snapshot.typeset import DIM, INK, RULE, Typesetting, draw_lines, line_height, wrap

MAP_AT_LEAST = 0.4
"""Share of the page's body the map keeps when the table goes below it (rows continue)."""
LEGEND_COLUMN_PT = 110
"""Width the legend needs beside the map, in points."""
FOOTER_GAP_PT = 11
"""Between the last row and the footer (its rule is drawn 2 pt above its text)."""
SIDE_BY_SIDE_UP_TO = 0.45
"""A table at most this share of a landscape page's width stands beside the map."""


@dataclass
class LaidPage:
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
        self.type = Typesetting(dpi)
        self.table = CombatantTable(self.type, content)
        self.legend = Legend(self.type, content)
        self.gap = self.type.pt(8)
        self.footer_font = self.type.font(7, italic=False)
        self.pages = self._layout(grow)
        self.page_total: int | None = None
        """The footer's page count when these pages are the first of a longer print."""

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

    def _layout(self, grow: bool) -> list[LaidPage]:
        first = LaidPage(header=self._header(False))
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
            page = LaidPage(header=self._header(True))
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
            draw_map(painter, scene, page.map_rect, self.source)
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
        total = self.page_total or len(self.pages)
        if total > 1:
            text = f"page {index + 1} of {total}"
            painter.drawText(
                QPointF(self.width - metrics.horizontalAdvance(text), y + metrics.ascent()), text
            )
