"""A token on the map: a disc (or the token's picture), its side's ring, name and statuses.

The item only draws; it never moves itself. Dragging is handled by the view
through :mod:`tactical.app.interaction.drag`, which snaps, validates and
pushes an undoable move. All user text is drawn with ``QPainter.drawText``,
which never interprets markup.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
)
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from tactical.app.geometry import CELL
from tactical.app.plain_text import set_tooltip
from tactical.app.scene import palette
from tactical.app.scene.token_fonts import shared_font, shared_metrics

TOKEN_Z = 10.0
MAX_BADGES = 4
BADGE_CHARS = 12
"""A status badge shows the status's name up to this many characters."""
MIN_LABEL_PX = 13.0
"""A name is drawn at least this many screen pixels tall, however far the view zooms out."""
MAX_BOOST = 2.6
"""How many times its map size a name, badge or mark may grow to stay readable."""
MARK_BOOST = 1.8
"""Cover marks grow less than names: at fit zoom a larger one would hide the token."""
LABEL_PX = CELL * 0.27
"""A name's height in scene units at the usual size."""


def boost_for(zoom: float) -> float:
    """How much to enlarge names, badges and marks at ``zoom`` (screen px per scene unit)."""
    if zoom <= 0:
        return 1.0
    return max(1.0, min(MAX_BOOST, MIN_LABEL_PX / (LABEL_PX * zoom)))


SIMPLE_BELOW_PX = 14.0
"""On-screen disc size below which a token is drawn as a plain dot."""

COVER_MARKS = {
    "none": ("-", QColor("#7d7d7d")),
    "cover": ("C", QColor("#e8a317")),
    "obstructed": ("X", QColor("#c0392b")),
}


@dataclass
class TokenLook:
    """Everything the item draws, copied from the model so the item never reads it live."""

    name: str
    colour: QColor
    size: int = 1
    statuses: dict[str, int] = field(default_factory=dict)
    hidden: bool = False
    picture: QPixmap | None = None


class TokenItem(QGraphicsItem):
    """One token. ``pos()`` is the top-left corner of its disc's square box."""

    def __init__(self, token_id: str, look: TokenLook, label_cap: float = 2.2) -> None:
        super().__init__()
        self.view_zoom: float | None = None
        """The zoom of the view showing the item (None: no view, e.g. a snapshot's scene)."""
        self.dotted = False
        """Too small on screen for more than a dot: the scene's TokenDots draws it."""
        self.on_dot_change: Callable[[QRectF], None] | None = None
        """Told the scene rectangle to redraw when the dot of a dotted item changes."""
        self.token_id = token_id
        self.look = look
        self.scale_factor = 1.0
        self.acting = False
        self.target = False
        self.cover_mark: str | None = None
        self.label_cap = label_cap
        """The widest a name label may be, in disc widths (longer names are elided)."""
        self.area_id: str | None = None
        """The area the item was laid out in (area maps), to relayout it when the token leaves."""
        self.label_scale = 1.0
        """Names drawn this many times their usual size (the player view's label size)."""
        self.boost = 1.0
        """Names, badges and marks enlarged to stay readable at the view's zoom (boost_for)."""
        self.square: tuple[int, int] | None = None
        """The square the item stands on (grid maps), to relayout a shared square it leaves."""
        self.label_room: float | None = None
        """The widest the name may be drawn here, neighbours considered (None: no neighbour)."""
        self.label_shown = True
        """False where the name has no room at all: the full name shows on hover instead."""
        self.crowded = False
        """Other tokens close by: status badges no wider than the disc."""
        self.setZValue(TOKEN_Z)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, True)
        self.setAcceptHoverEvents(True)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self._font = shared_font(int(CELL * 0.27))
        self._badge_font = shared_font(int(CELL * 0.22), True)
        self._initials_font = shared_font(6, True)
        self._name_advance = 0.0
        """The name's width in :attr:`_font` (measured once per font size, not per query)."""
        self._tip = ""  # an item starts with no tooltip
        self._bounds = QRectF()
        self._label = QRectF()
        self._measure()

    # -- state -------------------------------------------------------------

    @property
    def diameter(self) -> float:
        return self.look.size * CELL * self.scale_factor

    def set_look(self, look: TokenLook) -> None:
        self.look = look
        self._measure()
        self.update()
        self._dot_changed()

    def set_view_zoom(self, zoom: float, *, tell: bool = True) -> None:
        """The zoom of the view showing the item: below a dot's size it stops painting.

        ``tell``: redraw its dot (False: the scene redraws all the dots at once).
        """
        if zoom != self.view_zoom:
            self.view_zoom = zoom
            self._update_dotted()
            if tell:
                self._dot_changed()

    def _update_dotted(self) -> None:
        zoom = self.view_zoom
        dotted = zoom is not None and self.diameter * zoom < SIMPLE_BELOW_PX
        if dotted != self.dotted:
            self.update()  # while it still paints itself (or before it does again)
            self.dotted = dotted
            self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, dotted)

    def dot_rect(self) -> QRectF:
        """The dot (the disc) in scene coordinates."""
        d = self.diameter
        inset = d * 0.06
        return QRectF(self.pos().x() + inset, self.pos().y() + inset, d - 2 * inset, d - 2 * inset)

    def _dot_changed(self) -> None:
        if self.dotted and self.on_dot_change is not None:
            dot = self.dot_rect()
            grow = dot.width() * 0.35 + 1  # the highlight round it
            self.on_dot_change(dot.adjusted(-grow, -grow, grow, grow))

    def move_to(self, x: float, y: float) -> None:
        """``setPos``, and its dot redrawn where it was and where it goes when dotted."""
        self._dot_changed()
        self.setPos(x, y)
        self._dot_changed()

    def show_on_map(self, shown: bool) -> None:
        """``setVisible``, and its dot redrawn when dotted."""
        if shown != self.isVisible():
            self.setVisible(shown)
            self._dot_changed()

    def set_label_room(self, room: float | None, shown: bool = True) -> None:
        """Leave the neighbours' names their room (see :mod:`tactical.app.scene.label_room`)."""
        if (room, shown) != (self.label_room, self.label_shown):
            self.label_room, self.label_shown = room, shown
            self._measure()
            self.update()

    def set_crowded(self, crowded: bool) -> None:
        if crowded != self.crowded:
            self.crowded = crowded
            self._measure()
            self.update()

    def badge_rect(self, crowded: bool | None = None) -> QRectF:
        """Where the status badges are drawn, in item coordinates (empty without any).

        ``crowded``: as they would be drawn crowded (True) or not (False).
        """
        texts = self._badge_texts()
        if not texts:
            return QRectF()
        metrics = shared_metrics(self._badge_font.pixelSize(), True)
        h = CELL * 0.3 * self._text_grow
        room = self._badge_room(h, self.crowded if crowded is None else crowded)
        d = self.diameter
        right = d - d * 0.06 + h * 0.3
        widest = max(max(h, min(metrics.horizontalAdvance(t) + 8, room)) for t in texts)
        top = d * 0.06 - h * 0.35
        return QRectF(right - widest, top, widest, h * 0.95 * (len(texts) - 1) + h)

    def full_label_width(self) -> float:
        """The name label's width with no neighbour about (long names still capped)."""
        return min(
            self._name_advance + 8,
            max(self.diameter, CELL * 0.6) * self.label_cap * self._text_grow,
        )

    def label_rect(self) -> QRectF:
        """The name label in item coordinates, as drawn (empty when not drawn)."""
        return QRectF(self._label) if self.label_shown else QRectF()

    def set_scale_factor(self, factor: float) -> None:
        if abs(factor - self.scale_factor) > 1e-9:
            self._dot_changed()  # the dot as it was
            self.scale_factor = factor
            self._measure()
            self._dot_changed()

    def set_label_scale(self, factor: float) -> None:
        if abs(factor - self.label_scale) > 1e-9:
            self.label_scale = factor
            self._measure()
            self.update()

    @property
    def _text_grow(self) -> float:
        """Names and badges: the player view's label size, or more when zoomed out.

        The boost is what the usual size needs to stay readable; a label size
        already that large needs no more (``max``, not a product).
        """
        return max(self.boost, self.label_scale)

    def set_boost(self, boost: float) -> None:
        if abs(boost - self.boost) > 1e-3:
            self.boost = boost
            self._measure()
            self.update()

    def set_marks(self, *, acting: bool, target: bool) -> None:
        if (acting, target) != (self.acting, self.target):
            self.acting, self.target = acting, target
            self.update()
            self._dot_changed()

    def set_cover_mark(self, mark: str | None) -> None:
        if mark != self.cover_mark:
            self.cover_mark = mark
            self._measure()  # the mark's corner joins (or leaves) the item's bounds
            self.update()

    def centre(self) -> QPointF:
        """The centre of the disc in scene coordinates."""
        return self.pos() + QPointF(self.diameter / 2, self.diameter / 2)

    def _measure(self) -> None:
        self.prepareGeometryChange()
        d = self.diameter
        shrink = max(0.6, min(1.0, self.scale_factor))
        grow = self.boost
        self._font = shared_font(max(7, int(LABEL_PX * shrink * self._text_grow)))
        self._badge_font = shared_font(max(7, int(CELL * 0.22 * self._text_grow)), True)
        metrics = shared_metrics(self._font.pixelSize())
        self._name_advance = metrics.horizontalAdvance(self.look.name)
        label_w = self.full_label_width()
        if self.label_room is not None:
            label_w = min(label_w, self.label_room)
        label_h = metrics.height() + 2
        self._label = QRectF(d / 2 - label_w / 2, d - label_h * 0.35, label_w, label_h)
        pad = CELL * 0.14 * grow
        self._bounds = QRectF(-pad, -pad, d + 2 * pad, d + 2 * pad)
        if self.label_shown:
            self._bounds = self._bounds.united(self._label)
        elided = not self.label_shown or label_w < self._name_advance + 8
        tip = self.look.name if elided else ""
        if tip != self._tip:  # thousands of items: set only what changes
            self._tip = tip
            set_tooltip(self, tip)
        if self.cover_mark is not None:  # the cover mark, top left
            mark = CELL * 0.5 * min(self.boost, MARK_BOOST) + 4
            self._bounds = self._bounds.united(QRectF(-mark * 0.65, -mark * 0.5, mark, mark))
        if self.look.statuses:  # badges run down the right, as wide as their names
            badges = shared_metrics(self._badge_font.pixelSize(), True)
            h = CELL * 0.3 * self._text_grow
            widest = min(
                max(badges.horizontalAdvance(t) for t in self._badge_texts()) + 8,
                self._badge_room(h),
            )
            rows = min(len(self.look.statuses), MAX_BADGES)
            self._bounds = self._bounds.united(
                QRectF(d - h * 0.6 - widest, -h, widest * 2, h * (rows + 1))
            )
        self._initials_font = shared_font(max(6, int(d * 0.36)), True)
        self._update_dotted()

    # -- QGraphicsItem ---------------------------------------------------------

    def boundingRect(self) -> QRectF:
        return self._bounds

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addEllipse(QRectF(0, 0, self.diameter, self.diameter))
        return path

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        d = self.diameter
        inset = d * 0.06
        disc = QRectF(inset, inset, d - 2 * inset, d - 2 * inset)
        on_screen = d * option.levelOfDetailFromTransform(painter.worldTransform())
        if on_screen < SIMPLE_BELOW_PX:
            self._paint_dot(painter, disc)
            return
        self._paint_halo(painter, disc)  # full strength, even round a hidden token
        if self.look.hidden:
            painter.setOpacity(0.55)
        self._paint_disc(painter, disc)
        painter.setOpacity(1.0)
        self._paint_badges(painter, disc)
        if self.label_shown:
            self._paint_label(painter)
        if self.target:
            self._paint_target(painter, disc)
        if self.cover_mark is not None:
            self._paint_cover(painter, disc)

    def _paint_dot(self, painter: QPainter, disc: QRectF) -> None:
        """Far zoomed out: just a dot in the side's colour (names would not be readable)."""
        painter.setPen(Qt.PenStyle.NoPen)
        if self.isSelected() or self.acting or self.target:
            highlight = palette.SELECTED if self.isSelected() else palette.ACTING
            painter.setBrush(palette.TARGET if self.target else highlight)
            grow = disc.width() * 0.35
            painter.drawEllipse(disc.adjusted(-grow, -grow, grow, grow))
        if self.look.hidden:
            painter.setOpacity(0.55)
        painter.setBrush(self.look.colour)
        painter.drawEllipse(disc)
        painter.setOpacity(1.0)

    def _paint_halo(self, painter: QPainter, disc: QRectF) -> None:
        painter.setBrush(Qt.BrushStyle.NoBrush)
        if self.acting:  # a wide, solid ring with a dark edge: seen from across the table
            b = self.boost
            outer = CELL * 0.1 * b
            painter.setPen(QPen(QColor(0, 0, 0, 200), CELL * 0.03 * b))
            painter.drawEllipse(disc.adjusted(-outer, -outer, outer, outer))
            glow = QColor(palette.ACTING)
            for grow, alpha in ((CELL * 0.1 * b, 120), (CELL * 0.055 * b, 255)):
                glow.setAlpha(alpha)
                painter.setPen(QPen(glow, CELL * 0.07 * b))
                painter.drawEllipse(disc.adjusted(-grow, -grow, grow, grow))
        if self.isSelected():
            painter.setPen(QPen(palette.SELECTED, CELL * 0.08))
            grow = CELL * 0.05
            painter.drawEllipse(disc.adjusted(-grow, -grow, grow, grow))

    def _paint_disc(self, painter: QPainter, disc: QRectF) -> None:
        colour = self.look.colour
        ring = QPen(colour, max(2.0, self.diameter * 0.09))
        if self.look.picture is not None and not self.look.picture.isNull():
            path = QPainterPath()
            path.addEllipse(disc)
            painter.save()
            painter.setClipPath(path)
            painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
            painter.drawPixmap(disc, self.look.picture, QRectF(self.look.picture.rect()))
            painter.restore()
        else:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(colour.lighter(165))
            painter.drawEllipse(disc)
            painter.setFont(self._initials_font)
            painter.setPen(colour.darker(190))
            painter.drawText(disc, Qt.AlignmentFlag.AlignCenter, initials(self.look.name))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(ring)
        painter.drawEllipse(disc)
        if self.look.hidden:
            painter.setPen(QPen(palette.HIDDEN_MARK, 2, Qt.PenStyle.DashLine))
            painter.drawEllipse(disc.adjusted(-3, -3, 3, 3))

    def _paint_label(self, painter: QPainter) -> None:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(20, 20, 20, 190))
        painter.drawRoundedRect(self._label, 4, 4)
        painter.setFont(self._font)
        painter.setPen(QColor("#ffffff"))
        metrics = shared_metrics(self._font.pixelSize())
        text = metrics.elidedText(
            self.look.name, Qt.TextElideMode.ElideRight, self._label.width() - 6
        )
        painter.drawText(self._label, Qt.AlignmentFlag.AlignCenter, text)

    def _badge_texts(self) -> list[str]:
        items = sorted(self.look.statuses.items())
        texts = [badge_text(name, stacks) for name, stacks in items[:MAX_BADGES]]
        if len(items) > MAX_BADGES:
            texts[-1] = f"+{len(items) - MAX_BADGES + 1} more"
        return texts

    def _badge_room(self, h: float, crowded: bool | None = None) -> float:
        """How wide a badge may be: no wider than the disc where neighbours crowd it."""
        if not (self.crowded if crowded is None else crowded):
            return float("inf")
        return max(h, self.diameter * 0.94 + h * 0.3)

    def _paint_badges(self, painter: QPainter, disc: QRectF) -> None:
        texts = self._badge_texts()
        if not texts:
            return
        painter.setFont(self._badge_font)
        metrics = shared_metrics(self._badge_font.pixelSize(), True)
        h = CELL * 0.3 * self._text_grow
        x = disc.right() + h * 0.3
        y = disc.top() - h * 0.35
        room = self._badge_room(h)
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

    def _paint_target(self, painter: QPainter, disc: QRectF) -> None:
        pen = QPen(palette.TARGET, CELL * 0.06)
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

    def _paint_cover(self, painter: QPainter, disc: QRectF) -> None:
        text, colour = COVER_MARKS.get(self.cover_mark or "", ("?", QColor("#555")))
        s = CELL * 0.5 * min(self.boost, MARK_BOOST)
        # top left, clear of the name below and the badges on the right
        box = QRectF(disc.left() - s * 0.6, disc.top() - s * 0.45, s, s)
        painter.setPen(QPen(QColor("#111"), 1.5 * self.boost))
        painter.setBrush(QBrush(colour))
        painter.drawRoundedRect(box, 3, 3)
        font = QFont(self._badge_font)
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
