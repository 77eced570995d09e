"""How a token item is drawn: its disc or picture, halo, name, status badges and marks.

Kept apart from :class:`~tactical.app.map.scene.token_item.TokenItem`, which holds
what is shown and measures where; :func:`paint_token` draws it.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QStyleOptionGraphicsItem

from tactical.app.map.geometry import CELL
from tactical.app.map.scene import colours
from tactical.app.map.scene.token_look import TokenLook

MAX_BADGES = 4
BADGE_CHARS = 12
"""A status badge shows the status's name up to this many characters."""
MARK_BOOST = 1.8
"""Cover marks grow less than names: at fit zoom a larger one would hide the token."""
SIMPLE_BELOW_PX = 14.0
"""On-screen disc size below which a token is drawn as a plain dot."""

COVER_MARKS = {
    "none": ("-", QColor("#7d7d7d")),
    "cover": ("C", QColor("#e8a317")),
    "obstructed": ("X", QColor("#c0392b")),
}


DOT_INSET = 0.06
"""The disc's inset in its token's square box, as a share of the diameter."""


def disc_at(x: float, y: float, diameter: float) -> QRectF:
    """The disc of a token ``diameter`` wide whose box starts at ``(x, y)``."""
    inset = diameter * DOT_INSET
    return QRectF(x + inset, y + inset, diameter - 2 * inset, diameter - 2 * inset)


class PaintedToken(Protocol):
    """What :func:`paint_token` reads of a token item (its measured fonts and label box
    included): :class:`~tactical.app.map.scene.token_item.TokenItem` is one."""

    @property
    def look(self) -> TokenLook: ...

    @property
    def diameter(self) -> float: ...

    @property
    def acting(self) -> bool: ...

    @property
    def target(self) -> bool: ...

    @property
    def boost(self) -> float: ...

    @property
    def cover_mark(self) -> str | None: ...

    @property
    def label_shown(self) -> bool: ...

    @property
    def _text_grow(self) -> float: ...

    @property
    def _font(self) -> QFont: ...

    @property
    def _badge_font(self) -> QFont: ...

    @property
    def _initials_font(self) -> QFont: ...

    @property
    def _label(self) -> QRectF: ...

    def isSelected(self) -> bool: ...

    def badge_texts(self) -> list[str]: ...

    def badge_room(self, h: float) -> float: ...


def paint_token(item: PaintedToken, painter: QPainter, option: QStyleOptionGraphicsItem) -> None:
    """Draw ``item`` (a plain dot when it is too small on screen to read)."""
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    d = item.diameter
    disc = disc_at(0.0, 0.0, d)
    on_screen = d * option.levelOfDetailFromTransform(painter.worldTransform())
    if on_screen < SIMPLE_BELOW_PX:
        _paint_dot(item, painter, disc)
        return
    _paint_halo(item, painter, disc)  # full strength, even round a hidden token
    if item.look.hidden:
        painter.setOpacity(0.55)
    _paint_disc(item, painter, disc)
    painter.setOpacity(1.0)
    _paint_badges(item, painter, disc)
    if item.label_shown:
        _paint_label(item, painter)
    if item.target:
        _paint_target(item, painter, disc)
    if item.cover_mark is not None:
        _paint_cover(item, painter, disc)


def _paint_dot(item: PaintedToken, painter: QPainter, disc: QRectF) -> None:
    """Far zoomed out: just a dot in the side's colour (names would not be readable)."""
    painter.setPen(Qt.PenStyle.NoPen)
    ring = colours.highlight(item.isSelected(), item.acting, item.target)
    if ring is not None:
        painter.setBrush(ring)
        grow = disc.width() * 0.35
        painter.drawEllipse(disc.adjusted(-grow, -grow, grow, grow))
    if item.look.hidden:
        painter.setOpacity(0.55)
    painter.setBrush(item.look.colour)
    painter.drawEllipse(disc)
    painter.setOpacity(1.0)


def _paint_halo(item: PaintedToken, painter: QPainter, disc: QRectF) -> None:
    painter.setBrush(Qt.BrushStyle.NoBrush)
    if item.acting:  # a wide, solid ring with a dark edge: seen from across the table
        b = item.boost
        outer = CELL * 0.1 * b
        painter.setPen(QPen(QColor(0, 0, 0, 200), CELL * 0.03 * b))
        painter.drawEllipse(disc.adjusted(-outer, -outer, outer, outer))
        glow = QColor(colours.ACTING)
        for grow, alpha in ((CELL * 0.1 * b, 120), (CELL * 0.055 * b, 255)):
            glow.setAlpha(alpha)
            painter.setPen(QPen(glow, CELL * 0.07 * b))
            painter.drawEllipse(disc.adjusted(-grow, -grow, grow, grow))
    if item.isSelected():
        painter.setPen(QPen(colours.SELECTED, CELL * 0.08))
        grow = CELL * 0.05
        painter.drawEllipse(disc.adjusted(-grow, -grow, grow, grow))


def _paint_disc(item: PaintedToken, painter: QPainter, disc: QRectF) -> None:
    colour = item.look.colour
    ring = QPen(colour, max(2.0, item.diameter * 0.09))
    if item.look.picture is not None and not item.look.picture.isNull():
        path = QPainterPath()
        path.addEllipse(disc)
        painter.save()
        painter.setClipPath(path)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        painter.drawPixmap(disc, item.look.picture, QRectF(item.look.picture.rect()))
        painter.restore()
    else:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour.lighter(165))
        painter.drawEllipse(disc)
        painter.setFont(item._initials_font)
        painter.setPen(colour.darker(190))
        painter.drawText(disc, Qt.AlignmentFlag.AlignCenter, initials(item.look.name))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(ring)
    painter.drawEllipse(disc)
    if item.look.hidden:
        painter.setPen(QPen(colours.HIDDEN_MARK, 2, Qt.PenStyle.DashLine))
        painter.drawEllipse(disc.adjusted(-3, -3, 3, 3))


def _paint_label(item: PaintedToken, painter: QPainter) -> None:
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(20, 20, 20, 190))
    painter.drawRoundedRect(item._label, 4, 4)
    painter.setFont(item._font)
    painter.setPen(QColor("#ffffff"))
    metrics = QFontMetricsF(item._font)
    text = metrics.elidedText(item.look.name, Qt.TextElideMode.ElideRight, item._label.width() - 6)
    painter.drawText(item._label, Qt.AlignmentFlag.AlignCenter, text)


def _paint_badges(item: PaintedToken, painter: QPainter, disc: QRectF) -> None:
    texts = item.badge_texts()
    if not texts:
        return
    painter.setFont(item._badge_font)
    metrics = QFontMetricsF(item._badge_font)
    h = CELL * 0.3 * item._text_grow
    x = disc.right() + h * 0.3
    y = disc.top() - h * 0.35
    room = item.badge_room(h)
    for full in texts:
        w = max(h, min(metrics.horizontalAdvance(full) + 8, room))
        text = metrics.elidedText(full, Qt.TextElideMode.ElideRight, max(0.0, w - 6))
        box = QRectF(x - w, y, w, h)  # right-aligned on the disc's right edge
        painter.setPen(QPen(QColor("#1d1d1d"), 1))
        painter.setBrush(QColor("#f3e6b3"))
        painter.drawRoundedRect(box, h / 2, h / 2)
        painter.setPen(QColor("#1d1d1d"))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
        y += h * 0.95


def _paint_target(item: PaintedToken, painter: QPainter, disc: QRectF) -> None:
    pen = QPen(colours.TARGET, CELL * 0.06)
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    c = disc.center()
    r = disc.width() * 0.62
    painter.drawEllipse(c, r, r)
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        painter.drawLine(
            QPointF(c.x() + dx * r * 0.75, c.y() + dy * r * 0.75),
            QPointF(c.x() + dx * r * 1.2, c.y() + dy * r * 1.2),
        )


def _paint_cover(item: PaintedToken, painter: QPainter, disc: QRectF) -> None:
    text, colour = COVER_MARKS.get(item.cover_mark or "", ("?", QColor("#555")))
    s = CELL * 0.5 * min(item.boost, MARK_BOOST)
    # top left, clear of the name below and the badges on the right
    box = QRectF(disc.left() - s * 0.6, disc.top() - s * 0.45, s, s)
    painter.setPen(QPen(QColor("#111"), 1.5 * item.boost))
    painter.setBrush(QBrush(colour))
    painter.drawRoundedRect(box, 3, 3)
    font = QFont(item._badge_font)
    font.setPixelSize(max(8, int(s * 0.7)))
    painter.setFont(font)
    painter.setPen(QColor("#ffffff"))
    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)


def initials(name: str) -> str:
    """Up to two letters to print inside a disc without a picture."""
    words = [w for w in name.replace("_", " ").replace("-", " ").split() if w]
    if not words:
        return "?"
    if len(words) == 1:
        return words[0][:2].title()
    return (words[0][0] + words[-1][0]).upper()


def badge_text(status: str, stacks: int) -> str:
    """A status badge: the status's name (shortened past BADGE_CHARS), and its stacks."""
    name = status.strip() or "?"
    if len(name) > BADGE_CHARS:
        name = name[: BADGE_CHARS - 1].rstrip() + "\N{HORIZONTAL ELLIPSIS}"
    name = name[:1].upper() + name[1:]
    return f"{name} {stacks}" if stacks > 1 else name
