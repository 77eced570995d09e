"""Colours and fonts of the panel, so the outline, the table and the player summary agree.

The acting green matches the map's acting ring, so the GM links the row to the token.
"""

from __future__ import annotations

from PySide6.QtGui import QBrush, QColor, QFont, QPalette
from PySide6.QtWidgets import QWidget

ACTING = QColor(57, 224, 122, 90)
"""Background of the acting row and the current step."""
ERROR = QColor("#c0392b")
LOCK = "[secret]"
"""Marks what only the GM sees (a lock glyph is missing from common fonts)."""
PRIMARY_STYLE = (
    "QPushButton#primary { font-weight: bold; padding: 6px 14px; "
    "background: #2f7fd8; color: white; border-radius: 4px; }"
    "QPushButton#primary:disabled { background: #8aa7c8; }"
)


def dim_brush(widget: QWidget) -> QBrush:
    """The text colour of things done or out: the palette's disabled text."""
    return widget.palette().brush(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)


def bold(font: QFont, on: bool = True) -> QFont:
    font = QFont(font)
    font.setBold(on)
    return font


def scaled(font: QFont, factor: float) -> QFont:
    font = QFont(font)
    size = font.pointSizeF()
    if size > 0:
        font.setPointSizeF(size * factor)
    return font
