"""The marks that help a GM tape printed tiles together: registration crosses,
the neighbours' names in the gutter, and crop marks where to trim.

Drawn by :class:`~tactical.app.snapshot.table_scale.TableScaleBook` on each tile page.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPen

from tactical.app.snapshot.typeset import DIM, INK


def paint_cross(
    painter: QPainter, at: QPointF, radius: float, pt: Callable[[float], float]
) -> None:
    """A registration cross of ``radius`` at ``at``, white-edged to show on any map."""
    for colour, width in ((QColor(255, 255, 255, 220), 1.4), (INK, 0.45)):
        painter.setPen(QPen(colour, pt(width)))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(at, radius * 0.55, radius * 0.55)
        painter.drawLine(QPointF(at.x() - radius, at.y()), QPointF(at.x() + radius, at.y()))
        painter.drawLine(QPointF(at.x(), at.y() - radius), QPointF(at.x(), at.y() + radius))


def paint_name(
    painter: QPainter, label: str, at: QPointF, side: str, metrics: QFontMetricsF
) -> None:
    """A neighbour's coordinates in the gutter beside the shared edge."""
    text = {"right": f"{label} \N{RIGHTWARDS ARROW}", "left": f"\N{LEFTWARDS ARROW} {label}"}
    text |= {"below": f"{label} \N{DOWNWARDS ARROW}", "above": f"\N{UPWARDS ARROW} {label}"}
    shown = text[side]
    width = metrics.horizontalAdvance(shown)
    painter.setPen(DIM)
    if side in ("right", "left"):  # turned to run along the edge
        painter.save()
        painter.translate(at)
        painter.rotate(-90 if side == "left" else 90)
        painter.drawText(QPointF(-width / 2, -metrics.descent()), shown)
        painter.restore()
    elif side == "below":
        painter.drawText(QPointF(at.x() - width / 2, at.y() + metrics.ascent()), shown)
    else:
        painter.drawText(QPointF(at.x() - width / 2, at.y() - metrics.descent()), shown)


def paint_crop_marks(
    painter: QPainter, window: QRectF, gap: float, length: float, pen: QPen
) -> None:
    """Short lines in the gutter continuing the window's edges: where to trim."""
    painter.setPen(pen)
    for x, dx in ((window.left(), -1), (window.right(), 1)):
        for y, dy in ((window.top(), -1), (window.bottom(), 1)):
            painter.drawLine(QPointF(x + dx * gap, y), QPointF(x + dx * (gap + length), y))
            painter.drawLine(QPointF(x, y + dy * gap), QPointF(x, y + dy * (gap + length)))
