"""A token on the map: a disc (or the token's picture), its side's ring, name and statuses.

The item only draws; it never moves itself. Dragging is handled by the view
through :mod:`tactical.app.map.interaction.drag`, which snaps, validates and
pushes an undoable move. All user text is drawn with ``QPainter.drawText``,
which never interprets markup.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainter, QPainterPath
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from tactical.app.map.geometry import CELL
from tactical.app.map.scene.stacking import TOKEN_Z
from tactical.app.map.scene.token_fonts import shared_font, shared_metrics
from tactical.app.map.scene.token_look import TokenLook
from tactical.app.map.scene.token_paint import (
    MARK_BOOST,
    MAX_BADGES,
    SIMPLE_BELOW_PX,
    badge_text,
    disc_at,
    paint_token,
)
from tactical.app.window.plain_text import set_tooltip

MIN_LABEL_PX = 13.0
"""A name is drawn at least this many screen pixels tall, however far the view zooms out."""
MAX_BOOST = 2.6
"""How many times its map size a name, badge or mark may grow to stay readable."""
LABEL_PX = CELL * 0.27
"""A name's height in scene units at the usual size."""


def boost_for(zoom: float) -> float:
    """How much to enlarge names, badges and marks at ``zoom`` (screen px per scene unit)."""
    if zoom <= 0:
        return 1.0
    return max(1.0, min(MAX_BOOST, MIN_LABEL_PX / (LABEL_PX * zoom)))


class TokenItem(QGraphicsItem):
    """One token. ``pos()`` is the top-left corner of its disc's square box."""

    def __init__(
        self,
        token_id: str,
        look: TokenLook,
        label_cap: float = 2.2,
        *,
        view_zoom: float | None = None,
        boost: float = 1.0,
        label_scale: float = 1.0,
    ) -> None:
        super().__init__()
        self.view_zoom = view_zoom
        """The zoom of the view showing the item (None: no view, e.g. a snapshot's scene;
        0: a view that has not told it yet, a dot until it does)."""
        self.dotted = False
        """Too small on screen for more than a dot: the scene's TokenDots draws it."""
        self.asleep = False
        """A dot, whatever the zoom, until the view shows it (see ``scene/token_sync.py``)."""
        self.on_dot_change: Callable[[TokenItem], None] | None = None
        """Told when the dot of a dotted item changes (the scene's dots redraw round it)."""
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
        self.label_scale = label_scale
        """Names drawn this many times their usual size (the player view's label size)."""
        self.boost = boost
        """Names, badges and marks enlarged to stay readable at the view's zoom (boost_for)."""
        self.square: tuple[int, int] | None = None
        """The square the item stands on (grid maps), to relayout a shared square it leaves."""
        self.label_room: float | None = None
        """The widest the name may be drawn here, neighbours considered (None: no neighbour)."""
        self.label_shown = True
        """False where the name has no room at all: the full name shows on hover instead."""
        self.crowded = False
        """Other tokens close by: status badges no wider than the disc."""
        self.reach: QRectF | None = None
        """What its name and badges could reach, noted by label_room until moved or measured."""
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
        self._bounds = QRectF(0, 0, self.diameter, self.diameter)  # the disc: all a dot needs
        self._label = QRectF()
        self._stale = True
        """Name, badges and bounds not measured since the last change (done when not dotted)."""
        self._measure()

    # -- state -------------------------------------------------------------

    @property
    def diameter(self) -> float:
        return self.look.size * CELL * self.scale_factor

    def set_look(self, look: TokenLook) -> None:
        was = self.dotted
        self.look = look
        self._measure()  # a new size may make a dot a token, or a token a dot
        self.update()
        if (was or self.dotted) and self.on_dot_change is not None:
            self.on_dot_change(self)

    def set_view(self, zoom: float | None, boost: float, label_scale: float) -> bool:
        """The view's zoom, the boost it brings and the label size, measured once for all
        three; True when the item turned from a dot to a token (its name needs room)."""
        was = self.dotted
        self.view_zoom = zoom
        if abs(boost - self.boost) > 1e-3 or abs(label_scale - self.label_scale) > 1e-9:
            self.boost, self.label_scale = boost, label_scale
            self._stale = True  # measured when it is (or becomes) a token, not as a dot
        if self._should_dot():
            self._set_dotted(True)  # its disc is unchanged: its bounds still hold it
            return False
        self._set_dotted(False)
        if self._stale:
            self._measure()
            self.update()
        return was

    def _should_dot(self) -> bool:
        zoom = self.view_zoom
        return self.asleep or (zoom is not None and self.diameter * zoom < SIMPLE_BELOW_PX)

    def _set_dotted(self, dotted: bool) -> bool:
        """Whether the item draws itself; True when it turned from a dot to a token."""
        if dotted == self.dotted:
            return False
        self.update()  # while it still paints itself (or before it does again)
        self.dotted = dotted
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, dotted)
        return not dotted

    def dot_rect(self) -> QRectF:
        """The dot (the disc) in scene coordinates."""
        return disc_at(self.pos().x(), self.pos().y(), self.diameter)

    def _dot_changed(self) -> None:
        if self.dotted and self.on_dot_change is not None:
            self.on_dot_change(self)

    def move_to(self, x: float, y: float) -> None:
        """``setPos``, and its dot redrawn where it was and where it goes when dotted."""
        if x == self.x() and y == self.y():
            return
        self.reach = None
        self._dot_changed()
        self.setPos(x, y)
        self._dot_changed()

    def show_on_map(self, shown: bool) -> None:
        """``setVisible``, and its dot redrawn when dotted."""
        if shown != self.isVisible():
            self.setVisible(shown)
            self._dot_changed()

    def set_label_room(self, room: float | None, shown: bool = True) -> None:
        """Leave the neighbours' names their room (see :mod:`tactical.app.map.scene.label_room`)."""
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
        texts = self.badge_texts()
        if not texts:
            return QRectF()
        metrics = shared_metrics(self._badge_font.pixelSize(), True)
        h = CELL * 0.3 * self._text_grow
        room = self.badge_room(h, self.crowded if crowded is None else crowded)
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
        self.set_view(self.view_zoom, self.boost, factor)

    @property
    def _text_grow(self) -> float:
        """Names and badges: the player view's label size, or more when zoomed out.

        The boost is what the usual size needs to stay readable; a label size
        already that large needs no more (``max``, not a product).
        """
        return max(self.boost, self.label_scale)

    def set_boost(self, boost: float) -> None:
        self.set_view(self.view_zoom, boost, self.label_scale)

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
        """Where the name, badges and marks go; a dot only needs its disc (see ``_stale``).

        Far zoomed out thousands of items are dots: their names are measured when the
        zoom makes tokens of them again, not on every change of boost or neighbours.
        """
        self.reach = None
        self._set_dotted(self._should_dot())
        if self.dotted:
            self._stale = True
            box = QRectF(0, 0, self.diameter, self.diameter)
            if not self._bounds.contains(box):  # the disc is what is hit, even as a dot
                self.prepareGeometryChange()
                self._bounds = box
            if self._tip and self._tip != self.look.name:  # renamed while a dot
                self._tip = ""
                set_tooltip(self, "")
            return
        self._stale = False
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
                max(badges.horizontalAdvance(t) for t in self.badge_texts()) + 8,
                self.badge_room(h),
            )
            rows = min(len(self.look.statuses), MAX_BADGES)
            self._bounds = self._bounds.united(
                QRectF(d - h * 0.6 - widest, -h, widest * 2, h * (rows + 1))
            )
        self._initials_font = shared_font(max(6, int(d * 0.36)), True)

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
        paint_token(self, painter, option)

    def badge_texts(self) -> list[str]:
        items = sorted(self.look.statuses.items())
        texts = [badge_text(name, stacks) for name, stacks in items[:MAX_BADGES]]
        if len(items) > MAX_BADGES:
            texts[-1] = f"+{len(items) - MAX_BADGES + 1} more"
        return texts

    def badge_room(self, h: float, crowded: bool | None = None) -> float:
        """How wide a badge may be: no wider than the disc where neighbours crowd it."""
        if not (self.crowded if crowded is None else crowded):
            return float("inf")
        return max(h, self.diameter * 0.94 + h * 0.3)
