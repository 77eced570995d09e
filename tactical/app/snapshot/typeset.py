"""Fonts, lengths and text on a printed page, at one resolution.

Sizes are given in points and come out in device pixels, so a PDF and a PNG
at the same resolution lay out alike. The page's ink colours live here too.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QTextLayout, QTextOption

INK = QColor("#1a1a1a")
DIM = QColor("#707070")
RULE = QColor("#9a9a9a")
STRIPE = QColor("#f2f2f2")
ACTING_ROW = QColor(57, 224, 122, 70)


class Typesetting:
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
