"""Far zoomed out, every token as a dot in one paint instead of one paint per token.

A token smaller on screen than :data:`~tactical.app.map.scene.token_paint.SIMPLE_BELOW_PX`
is drawn as a plain dot in its side's colour (names would not be readable).
With thousands of tokens on a big map fitted in the window, one Python paint
per item was most of the first frame; so a view tells its scene the zoom
(:meth:`TokenItem.set_view_zoom`), an item that would only draw a dot stops
painting (``ItemHasNoContents``: still selectable, grabbed and hit as
before), and this one item draws all those dots. A scene rendered without a
view (snapshots, prints, exports) has no view zoom: there every item paints
itself, as before. The dots of tokens whose items are not made yet
(:mod:`tactical.app.map.scene.token_pending`) are drawn here too, from the encounter.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget
from shiboken6 import isValid

from tactical.app.map.scene import colours
from tactical.app.map.scene.stacking import TOKEN_Z
from tactical.app.map.scene.token_item import TokenItem
from tactical.app.map.scene.token_pending import PendingDot

HIDDEN_OPACITY = 0.55
"""A hidden token's dot, as :meth:`TokenItem._paint_dot` draws it."""
TINY_DOT_PX = 2.5
"""A dot smaller on screen than this is drawn as its square: the same pixel or two, and
Qt fills 5,000 antialiased squares in 2 ms where 5,000 ellipses in a path take 30 ms
(most of the first frame of a crowded 1024 x 1024 map fitted in the window)."""

Gathered = tuple[QColor, float, QPainterPath, list[QRectF]]
"""One colour's dots: colour, opacity, the discs as ellipses and the tiny ones as squares."""


class TokenDots(QGraphicsItem):
    """The dots of the token items that do not paint themselves (see the module's docstring)."""

    def __init__(
        self,
        items: Callable[[], Iterable[TokenItem]],
        bounds: QRectF,
        pending: Callable[[], Iterable[PendingDot]] = lambda: (),
        painted: Callable[[], None] = lambda: None,
    ) -> None:
        """``pending``: the dots of tokens with no item yet; ``painted`` is called after
        each paint (the pending items are made from then on)."""
        super().__init__()
        self._items = items
        self._pending = pending
        self._painted = painted
        self._quiet = False
        self.count = 0
        """How many dots the last gather holds (the items' and the pending tokens')."""
        self._bounds = QRectF(bounds)
        self.setZValue(TOKEN_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._gathered: list[Gathered] | None = None
        """The dots as painted, gathered again after :meth:`changed`."""
        self._held = False
        self._missed = False
        """A dot changed while :meth:`held`."""
        self.zoom: float | None = None
        """The zoom of the view showing the scene (None: no view; 0: not told yet)."""

    def set_zoom(self, zoom: float) -> None:
        """The view's zoom (each item was told it: whether it is a dot now)."""
        if zoom != self.zoom:
            self.zoom = zoom
            self.changed()

    def adopt(self, item: TokenItem) -> None:
        """A new token item (made with the zoom): tells this item when its dot changes."""
        item.on_dot_change = self.item_changed
        if item.dotted:
            self.item_changed(item)

    def set_bounds(self, bounds: QRectF) -> None:
        if bounds != self._bounds:
            self.prepareGeometryChange()
            self._bounds = QRectF(bounds)

    def boundingRect(self) -> QRectF:
        return self._bounds

    @contextmanager
    def held(self) -> Iterator[None]:
        """Many items change (a sync of thousands): the dots are redrawn once, after."""
        self._held, self._missed = True, False
        try:
            yield
        finally:
            self._held = False
            if self._missed:
                self.changed()

    @contextmanager
    def quiet(self) -> Iterator[None]:
        """Items made for pending tokens: their dots are drawn already, nothing to redraw."""
        self._quiet = True
        try:
            yield
        finally:
            self._quiet = False

    def item_changed(self, item: TokenItem) -> None:
        """A dotted item moved, grew or changed its look: redraw round its dot."""
        if self._quiet:
            return
        if self._held:
            self._missed = True
        else:
            dot = item.dot_rect()
            grow = dot.width() * 0.35 + 1  # the highlight round it
            self.changed(dot.adjusted(-grow, -grow, grow, grow))

    def changed(self, rect: QRectF | None = None) -> None:
        """A dot changed (within ``rect``, else anywhere): gather the dots again and redraw."""
        if not isValid(self):  # the scene is being taken down (its selection goes too)
            return
        drawn, self._gathered = self._gathered, None
        if rect is not None:
            self.update(rect)
        elif drawn != []:  # no repaint of the whole scene when no dot was drawn
            self.update()

    def _gather(self) -> list[Gathered]:
        """The dots in paint order: highlights, then each side's colour (hidden ones faint)."""
        marks: dict[int, tuple[QColor, QPainterPath]] = {}
        dots: dict[tuple[int, bool], tuple[QColor, QPainterPath, list[QRectF]]] = {}
        zoom = self.zoom or 0.0
        self.count = 0

        def add(disc: QRectF, colour: QColor, hidden: bool, ring: QColor | None) -> None:
            if ring is not None:
                grow = disc.width() * 0.35
                path = marks.setdefault(ring.rgba(), (ring, QPainterPath()))[1]
                path.addEllipse(disc.adjusted(-grow, -grow, grow, grow))
            _colour, path, squares = dots.setdefault(
                (colour.rgba(), hidden), (colour, QPainterPath(), [])
            )
            if disc.width() * zoom < TINY_DOT_PX:
                squares.append(disc)
            else:
                path.addEllipse(disc)
            self.count += 1

        for item in self._items():
            if not item.dotted or not item.isVisible():
                continue
            ring = colours.highlight(item.isSelected(), item.acting, item.target)
            add(item.dot_rect(), item.look.colour, item.look.hidden, ring)
        for dot in self._pending():
            add(*dot)
        gathered: list[Gathered] = [(colour, 1.0, path, []) for colour, path in marks.values()]
        for (_rgba, hidden), (colour, path, squares) in dots.items():
            gathered.append((colour, HIDDEN_OPACITY if hidden else 1.0, path, squares))
        return gathered

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        if self._gathered is None:
            self._gathered = self._gather()
        self._painted()
        if not self._gathered:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(Qt.PenStyle.NoPen)
        for colour, opacity, path, squares in self._gathered:
            painter.setOpacity(opacity)
            painter.setBrush(colour)
            if not path.isEmpty():
                painter.drawPath(path)
            if squares:
                painter.drawRects(squares)
        painter.setOpacity(1.0)
