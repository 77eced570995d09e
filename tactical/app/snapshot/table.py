"""The combatants' table of a snapshot: column widths, wrapped cells, painting."""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen

from tactical.app.snapshot.content import Row, SnapshotContent
from tactical.app.snapshot.typeset import (
    ACTING_ROW,
    DIM,
    INK,
    RULE,
    STRIPE,
    Typesetting,
    draw_lines,
    line_height,
    text_width,
    wrap,
)

ROUNDING = 0.01
"""Device pixels of float error a table that fits exactly may show."""


@dataclass
class CombatantTable:
    """Column widths and wrapped cells of the combatants' table at one width."""

    type: Typesetting
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
        # The layout makes room for exactly the table: sums of floats must not lose its last row.
        height += ROUNDING
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
