"""The snapshot's legend: elevations and terrain on a grid, the sides' colours."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFontMetricsF, QPainter, QPen

from tactical.app.map.scene import colours
from tactical.app.snapshot.content import SnapshotContent
from tactical.app.snapshot.typeset import INK, Typesetting, line_height, text_width


@dataclass(frozen=True)
class Swatch:
    label: str
    brush: QBrush | None
    """None: a label alone (the legend's headings)."""
    second: QBrush | None = None
    """Painted over ``brush`` (the hatching of difficult ground)."""
    round: bool = False


def legend_items(content: SnapshotContent) -> list[Swatch]:
    items: list[Swatch] = []
    if content.elevations:
        items.append(Swatch("Elevation:", None))
        for value in content.elevations:
            items.append(Swatch(f"{value:+d}", QBrush(QColor(*colours.elevation_rgb(value)))))
        base = QBrush(QColor(*colours.elevation_rgb(0)))
        if "difficult" in content.terrain:
            hatch = QBrush(colours.HATCH, Qt.BrushStyle.BDiagPattern)
            items.append(Swatch("difficult", base, hatch))
        if "impassable" in content.terrain:
            items.append(Swatch("impassable", QBrush(colours.IMPASSABLE)))
    if content.sides:
        items.append(Swatch("Sides:", None))
        for name, colour in content.sides:
            items.append(Swatch(name, QBrush(colours.side_colour(colour)), round=True))
    return items


class Legend:
    def __init__(self, type_: Typesetting, content: SnapshotContent) -> None:
        self.type = type_
        self.items = legend_items(content)
        self.font = type_.font(7.5)
        self.heading_font = type_.font(7.5, bold=True)
        self.swatch = type_.pt(8)

    def _item_width(self, item: Swatch) -> float:
        font = self.heading_font if item.brush is None else self.font
        width = text_width(font, item.label)
        if item.brush is not None:
            width += self.swatch + self.type.pt(3)
        return width + self.type.pt(8 if item.brush is None else 9)

    def _rows(self, width: float) -> list[list[Swatch]]:
        rows: list[list[Swatch]] = [[]]
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
