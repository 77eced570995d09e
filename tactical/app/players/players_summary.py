"""The fight's summary on the players' screen: a column at the players' side, turned with them.

What it says comes from a :class:`FightSummary` the player view is given: the
panel's :class:`~tactical.app.panel.public_view.PublicTracker` (kept off screen:
the one place that decides what of a fight the players may read); this column
only draws it, large enough for the table, turned with the
players' screen (0, 90, 180, 270 degrees clockwise) and standing on the players'
right (or left) whichever way the TV is turned. A name too long for the column
ends in "…" after its last whole word that fits (:func:`elide_words`); the text
is drawn smaller where a first word alone would not fit, so none is cut mid-word.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPaintEvent
from PySide6.QtWidgets import QBoxLayout, QLabel, QListWidget, QWidget

ELLIPSIS = "\N{HORIZONTAL ELLIPSIS}"
THICKNESS = 260
"""Pixels across the column at the usual size (the fitted map; the battle mat may cap it)."""
TEXT_PX = 14
"""The rows' text in pixels at label size 1."""
PAD = 10
BACK = QColor(25, 27, 30)
INK = QColor("#f0f0f0")
DIM = QColor("#8a8f96")
ACTING = QColor(57, 224, 122, 110)

Direction = QBoxLayout.Direction
_RIGHT_OF_PLAYERS = {
    0: Direction.LeftToRight,
    90: Direction.TopToBottom,
    180: Direction.RightToLeft,
    270: Direction.BottomToTop,
}
"""How the map and the column stand so the column is on the players' right, per turn."""
_OPPOSITE = {
    Direction.LeftToRight: Direction.RightToLeft,
    Direction.RightToLeft: Direction.LeftToRight,
    Direction.TopToBottom: Direction.BottomToTop,
    Direction.BottomToTop: Direction.TopToBottom,
}


def column_direction(rotation: int, on_right: bool = True) -> QBoxLayout.Direction:
    """The layout direction (map first, column second) putting the column on the players' side."""
    direction = _RIGHT_OF_PLAYERS[rotation % 360]
    return direction if on_right else _OPPOSITE[direction]


def elide_words(text: str, width: float, width_of: Callable[[str], float]) -> str:
    """``text`` if it fits ``width``, else its first whole words that fit and "…".

    Never cut mid-word; only a first word too long alone is cut, letter by letter.
    """
    if width_of(text) <= width:
        return text
    words = text.split(" ")
    for count in range(len(words) - 1, 0, -1):
        head = " ".join(words[:count]).rstrip(" ,;:\N{EM DASH}-")
        if head and width_of(head + ELLIPSIS) <= width:
            return head + ELLIPSIS
    first = words[0]
    while first and width_of(first + ELLIPSIS) > width:
        first = first[:-1]
    return first + ELLIPSIS


class FightSummary(Protocol):
    """What the players may read of the fight, kept up to date by itself: a heading, what
    happens now and the public order (acting rows bold, those out struck through)."""

    @property
    def heading(self) -> QLabel: ...

    @property
    def now(self) -> QLabel: ...

    @property
    def order(self) -> QListWidget: ...

    def lines(self) -> list[str]:
        """Every line the players may read (none while no fight runs)."""
        ...


class SummaryColumn(QWidget):
    """Draws the players' tracker, turned (see the module's docstring)."""

    def __init__(self, tracker: FightSummary, parent: QWidget) -> None:
        super().__init__(parent)
        self.tracker = tracker
        self.rotation = 0
        self.scale = 1.5
        self.thickness = THICKNESS
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent, True)
        self.set_turn(0, THICKNESS)

    def set_scale(self, factor: float) -> None:
        """Text ``factor`` times its usual size (the players' label size)."""
        self.scale = factor
        self.update()

    def set_turn(self, rotation: int, thickness: int) -> None:
        """Turned ``rotation`` degrees clockwise, ``thickness`` pixels across."""
        self.rotation = rotation % 360
        self.thickness = thickness
        if self.rotation in (90, 270):
            self.setMinimumSize(0, thickness)
            self.setMaximumSize(16777215, thickness)
        else:
            self.setMinimumSize(thickness, 0)
            self.setMaximumSize(thickness, 16777215)
        self.update()

    def logical_size(self) -> QSize:
        """The column's size as the players read it (width across, height along)."""
        if self.rotation in (90, 270):
            return QSize(self.height(), self.width())
        return self.size()

    def _font(self, relative: float, bold: bool = False, scale: float | None = None) -> QFont:
        font = QFont(self.font())
        size = TEXT_PX * (self.scale if scale is None else scale) * relative
        font.setPixelSize(max(8, round(size)))
        font.setBold(bold)
        return font

    def _fitting_scale(self, width: float) -> float:
        """The label size, or smaller so every name's first word fits (none is cut mid-word)."""
        order = self.tracker.order
        firsts = [order.item(row).text().split(" ")[0] for row in range(order.count())]
        heading = self.tracker.heading.text().split(" ") + self.tracker.now.text().split(" ")
        scale = self.scale
        while scale > 0.5:
            rows = QFontMetricsF(self._font(1.0, bold=True, scale=scale))
            top = QFontMetricsF(self._font(1.3, bold=True, scale=scale))
            widest = max((rows.horizontalAdvance(w + ELLIPSIS) for w in firsts), default=0.0)
            widest = max(widest, *(top.horizontalAdvance(w) for w in heading if w), 0.0)
            if widest <= width:
                break
            scale -= 0.05
        return scale

    def lines(self) -> list[str]:
        """The text as drawn, line by line (tests read what the players read)."""
        return [text for text, _font, _look in self._layout()]

    def _layout(self) -> list[tuple[str, QFont, str]]:
        """(text, font, look) of each line to draw: look is "", "acting" or "out"."""
        tracker = self.tracker
        width = self.logical_size().width() - 2 * PAD
        scale = self._fitting_scale(width)
        found: list[tuple[str, QFont, str]] = []
        for text, font in (
            (tracker.heading.text(), self._font(1.3, bold=True, scale=scale)),
            (tracker.now.text(), self._font(1.15, scale=scale)),
        ):
            if text:
                found += [(line, font, "") for line in _wrapped(text, width, font)]
        for row in range(tracker.order.count()):
            item = tracker.order.item(row)
            acting, out = item.font().bold(), item.font().strikeOut()
            font = self._font(1.0, bold=acting, scale=scale)
            font.setStrikeOut(out)
            metrics = QFontMetricsF(font)
            text = elide_words(item.text(), width, metrics.horizontalAdvance)
            found.append((text, font, "acting" if acting else "out" if out else ""))
        return found

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), BACK)
        size = self.logical_size()
        painter.translate(self.width() / 2, self.height() / 2)
        painter.rotate(self.rotation)
        painter.translate(-size.width() / 2, -size.height() / 2)
        y = float(PAD)
        for text, font, look in self._layout():
            height = QFontMetricsF(font).height() * 1.25
            if y + height > size.height():
                break
            row = QRectF(PAD, y, size.width() - 2 * PAD, height)
            if look == "acting":
                painter.fillRect(row.adjusted(-PAD / 2, 0, PAD / 2, 0), ACTING)
            painter.setFont(font)
            painter.setPen(DIM if look == "out" else INK)
            painter.drawText(row, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, text)
            y += height
        painter.end()


def _wrapped(text: str, width: float, font: QFont) -> list[str]:
    """``text`` broken into lines of whole words no wider than ``width``."""
    metrics = QFontMetricsF(font)
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        candidate = f"{line} {word}" if line else word
        if line and metrics.horizontalAdvance(candidate) > width:
            lines.append(line)
            line = word
        else:
            line = candidate
    if line:
        lines.append(line)
    return [elide_words(one, width, metrics.horizontalAdvance) for one in lines]
