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

A change redraws only what it changed: each item tells this one when its dot moves, grows,
changes colour or goes (:meth:`TokenDots.item_changed`, :meth:`TokenDots.forget`), which
repaints the dot's old and new rectangle and gathers again only the colours it left and
joined; a whole gather is for a new zoom, a rebuilt scene or pending tokens.
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

MANY_RECTS = 64
"""A sync telling more dots' rectangles than this repaints the dots whole, once."""

Gathered = tuple[QColor, float, QPainterPath, list[QRectF]]
"""One colour's dots: colour, opacity, the discs as ellipses and the tiny ones as squares."""
Key = tuple[int, int, bool]
"""A group of dots drawn at once: (0, a ring's colour, False) or (1, a side's colour, hidden)."""
Entry = tuple[QRectF, Key, "Key | None"]
"""An item's dot as gathered: its disc, its colour's group and its ring's group (or None)."""


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
        """The dots as painted, put together again after a change."""
        self._whole = True
        """Gather every dot again at the next paint (else only :attr:`_dirty`'s)."""
        self._entries: dict[TokenItem, Entry] = {}
        self._groups: dict[Key, dict[TokenItem, QRectF]] = {}
        self._colours: dict[Key, QColor] = {}
        self._built: dict[Key, Gathered] = {}
        """Each group's painted shapes, dropped when one of its dots changes."""
        self._dirty: set[TokenItem] = set()
        """Items whose dots changed since the last gather."""
        self._pending_count = 0
        self._held = -1
        """Rectangles told since :meth:`held` began (-1: not held)."""
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
        """Many items may change (a sync): each tells its change as it comes, but past
        :data:`MANY_RECTS` rectangles (fog turned on hides thousands) the item is repainted
        once, whole, instead of one rectangle at a time."""
        self._held = 0
        try:
            yield
        finally:
            if self._held > MANY_RECTS:
                self.update()
            self._held = -1

    @contextmanager
    def quiet(self) -> Iterator[None]:
        """Items made for pending tokens: their dots are drawn already, nothing to redraw
        (each is gathered as it is made, not all again when the last one is)."""
        self._quiet = True
        try:
            yield
        finally:
            self._quiet = False

    def item_changed(self, item: TokenItem) -> None:
        """A dotted item moved, grew or changed its look: redraw round its old and new dot."""
        if self._quiet:  # its dot is drawn already, as a pending one: gathered as an item now
            self._leave(item)
            self._enter(item)
            return
        self._dirty.add(item)
        self._gathered = None
        entry = self._entries.get(item)
        if entry is not None:
            self._update_round(entry[0])
        self._update_round(item.dot_rect())

    def forget(self, items: list[TokenItem]) -> None:
        """The items leave the scene: their dots go (past :data:`MANY_RECTS` of them, the
        dots are repainted whole, once)."""
        entries = self._entries
        gone = [item for item in items if item in entries]
        if not gone:
            return
        self._dirty.update(gone)
        self._gathered = None
        if len(gone) > MANY_RECTS:
            self.update()
        else:
            for item in gone:
                self._update_round(entries[item][0])

    def selection_changed(self) -> None:
        """Some item's selection changed: the rings of those whose highlight changed."""
        if not isValid(self):  # the scene is being taken down (its selection goes too)
            return
        for item, (_disc, _key, ring) in list(self._entries.items()):
            if not isValid(item):
                self.changed()
                return
            if _ring_key(item) != ring:
                self.item_changed(item)

    def _update_round(self, dot: QRectF) -> None:
        if self._held >= 0:
            self._held += 1
            if self._held > MANY_RECTS:
                return  # repainted whole when the hold ends
        grow = dot.width() * 0.35 + 1  # the highlight round it
        self.update(dot.adjusted(-grow, -grow, grow, grow))

    def pending_changed(self) -> None:
        """Tokens with no item joined or left (their dots are gathered at every paint), or
        the last of them got their items (gathered as they were made): drawn again."""
        if isValid(self):
            self._gathered = None
            self.update()

    def changed(self, rect: QRectF | None = None) -> None:
        """A dot changed (within ``rect``, else anywhere): gather the dots again and redraw."""
        if not isValid(self):  # the scene is being taken down (its selection goes too)
            return
        drawn, self._gathered, self._whole = self._gathered, None, True
        self._forget_all()
        if rect is not None:
            self.update(rect)
        elif drawn != []:  # no repaint of the whole scene when no dot was drawn
            self.update()

    def _gather(self) -> list[Gathered]:
        """The dots in paint order: highlights, then each side's colour (hidden ones faint)."""
        if self._whole or len(self._dirty) > len(self._entries) // 2:
            self._whole = False  # most dots changed (fog turned on): all gathered afresh
            self._forget_all()
            for item in self._items():
                self._enter(item)
        else:
            dirty, self._dirty = self._dirty, set()
            for item in dirty:
                self._leave(item)
                if isValid(item) and item.scene() is not None:
                    self._enter(item)
        pending: dict[Key, Gathered] = {}
        self._pending_count = 0
        for disc, colour, hidden, ring in self._pending():
            self._pending_count += 1
            if ring is not None:
                self._add(pending, (0, ring.rgba(), False), ring, disc)
            self._add(pending, (1, colour.rgba(), hidden), colour, disc)
        for key, members in self._groups.items():
            if key not in self._built:
                self._built[key] = self._build(key, members.values())
        keys = list(self._groups) + [key for key in pending if key not in self._groups]
        keys.sort(key=lambda key: key[0])  # rings under the dots
        self.count = self._pending_count + sum(
            len(members) for key, members in self._groups.items() if key[0]
        )
        return [self._joined(key, pending.get(key)) for key in keys]

    def _forget_all(self) -> None:
        """No item's dot kept (all gathered again at the next paint)."""
        self._dirty.clear()
        self._entries.clear()
        self._groups.clear()
        self._built.clear()

    def _enter(self, item: TokenItem) -> None:
        if not item.dotted or not item.isVisible():
            return
        look = item.look
        ring_colour = colours.highlight(item.isSelected(), item.acting, item.target)
        disc = item.dot_rect()
        key: Key = (1, look.colour.rgba(), look.hidden)
        ring = None if ring_colour is None else (0, ring_colour.rgba(), False)
        self._entries[item] = (disc, key, ring)
        self._join(key, look.colour, item, disc)
        if ring is not None and ring_colour is not None:
            self._join(ring, ring_colour, item, disc)

    def _join(self, key: Key, colour: QColor, item: TokenItem, disc: QRectF) -> None:
        self._groups.setdefault(key, {})[item] = disc
        self._colours.setdefault(key, colour)
        self._built.pop(key, None)

    def _leave(self, item: TokenItem) -> None:
        entry = self._entries.pop(item, None)
        if entry is None:
            return
        for key in entry[1:]:
            if key is None:
                continue
            members = self._groups.get(key)
            if members is not None:
                members.pop(item, None)
                if not members:
                    del self._groups[key]
            self._built.pop(key, None)

    def _add(self, into: dict[Key, Gathered], key: Key, colour: QColor, disc: QRectF) -> None:
        """A pending token's dot (or ring) into its group."""
        if key not in into:
            into[key] = (colour, _opacity(key), QPainterPath(), [])
        self._shape(into[key], disc, grown=key[0] == 0)

    def _build(self, key: Key, discs: Iterable[QRectF]) -> Gathered:
        gathered: Gathered = (self._colours[key], _opacity(key), QPainterPath(), [])
        for disc in discs:
            self._shape(gathered, disc, grown=key[0] == 0)
        return gathered

    def _shape(self, gathered: Gathered, disc: QRectF, grown: bool) -> None:
        if grown:  # a highlight: a disc round the dot
            grow = disc.width() * 0.35
            gathered[2].addEllipse(disc.adjusted(-grow, -grow, grow, grow))
        elif disc.width() * (self.zoom or 0.0) < TINY_DOT_PX:
            gathered[3].append(disc)
        else:
            gathered[2].addEllipse(disc)

    def _joined(self, key: Key, pending: Gathered | None) -> Gathered:
        built = self._built.get(key)
        if built is None:
            assert pending is not None
            return pending
        if pending is None:
            return built
        path = QPainterPath(built[2])
        path.addPath(pending[2])
        return (built[0], built[1], path, built[3] + pending[3])

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


def _opacity(key: Key) -> float:
    return HIDDEN_OPACITY if key[0] and key[2] else 1.0


def _ring_key(item: TokenItem) -> Key | None:
    ring = colours.highlight(item.isSelected(), item.acting, item.target)
    return None if ring is None else (0, ring.rgba(), False)
