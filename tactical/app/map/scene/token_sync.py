"""The token items of a scene: created, restyled and removed with the model, told the zoom.

Kept apart from :class:`~tactical.app.map.scene.map_scene.MapScene` (which draws the
whole encounter) because a crowded map's start-up is mostly this: thousands of
items made before the first frame. What keeps it cheap:

- a scene shown in a view (``in_view``) makes its items as dots until the view
  tells its zoom (:data:`UNTOLD_ZOOM`): a dot measures no name, and the names are
  laid out once, at the zoom the GM sees, not once before and again after;
- a zoom and the boost it brings are given to each item together
  (:meth:`TokenItem.set_view`), so an item is measured once per zoom, not twice;
- in a view, an item stays *asleep* (a dot) until the view shows the part of the
  map it stands in (:meth:`TokenSync._wake`, from each paint): zooming in on a
  corner measures the names there, not all of a big map's;
- a scene without a view (snapshots, prints, exports) has no zoom: every item
  measures and paints itself whole, as it always did;
- a crowded grid map's lone tokens get their items after the first frame, or at once
  when anything asks for them (:mod:`tactical.app.map.scene.token_pending`).
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QRectF
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import QGraphicsScene

from tactical.app.map.geometry import CELL
from tactical.app.map.scene import colours
from tactical.app.map.scene.area_layer import AreaLayer
from tactical.app.map.scene.context import Refreshed, SceneContext
from tactical.app.map.scene.fog_watch import FogWatch
from tactical.app.map.scene.label_room import lay_out_labels
from tactical.app.map.scene.token_dots import TokenDots
from tactical.app.map.scene.token_item import TokenItem, boost_for
from tactical.app.map.scene.token_layout import TokenLayout
from tactical.app.map.scene.token_look import TokenLook
from tactical.app.map.scene.token_paint import SIMPLE_BELOW_PX
from tactical.app.map.scene.token_pending import LetGo, PendingDot, PendingTokens, TokenItems
from tactical.app.map.scene.token_pictures import TokenPictures
from tactical.core.changes import ChangeSet
from tactical.core.grid import Square
from tactical.core.tokens import Token

UNTOLD_ZOOM = 0.0
"""The zoom of a view that has not painted yet: every token a dot (nothing measured)."""
WAKE_MARGIN = CELL * 12
"""Beyond half a view round what it shows, items wake this far out: names that reach in."""
ALL_TOKENS_KINDS = frozenset({"sides", "meta"})
"""Kinds after which every token is synced (its colour, its name); after the fog, those it
may show or hide (:class:`FogWatch`)."""


class TokenSync:
    """Keeps ``scene.token_items`` in step with the model and the view (see the module).

    The scene's token layer: it applies a change set's tokens, sides, fog and pictures
    (:meth:`apply`), places its items (:class:`TokenLayout`) and draws the dots
    (:class:`TokenDots`, which the scene adds and tells of its signals).
    """

    def __init__(
        self,
        context: SceneContext,
        canvas: QGraphicsScene,
        pictures: TokenPictures,
        zoom: float | None = None,
    ) -> None:
        """``zoom``: the view's zoom as far as known (None: the scene has no view)."""
        self.context = context
        self.canvas = canvas
        self.pictures = pictures
        self._made: dict[str, TokenItem] = {}
        """The items made so far, by token id."""
        self._let_go = LetGo(canvas)
        """Items a change took away: hidden at once, off the scene a few hundred a turn."""
        self.pending = PendingTokens(context, pictures, self._make)
        """Shown tokens whose items are not made yet (see ``token_pending``)."""
        self.items = TokenItems(self._made, self.make_pending)
        """Every shown token's item, by token id (the scene's ``token_items``): reading it
        makes the pending ones first."""
        self.layout = TokenLayout(context, self.made_items, self.items)
        """Where the items stand (see :mod:`tactical.app.map.scene.token_layout`)."""
        self.fog_watch = FogWatch(
            context, self.pending, self._has_item, self._sync_and_lay_out, self._pending_changed
        )
        self.fog_watch.in_view = zoom is not None
        self.dots = TokenDots(self.made_items, QRectF(), self.pending_dots, self.pending.start)
        self.dots.zoom = zoom
        self.dots.setZValue(context.token_z())
        self.label_scale = 1.0
        """How large token names are drawn (the player view's label size setting)."""
        self.view_boost = 1.0
        """Names, badges and marks enlarged for the view's zoom (:meth:`set_view_zoom`)."""
        self._largest = 0.0
        """The widest disc made (scene units): no token to wake while it is a dot."""
        self._woken: QRectF | None = None
        """Where every item is awake since the last zoom or sync (None: nowhere known)."""

    def apply(self, changes: ChangeSet) -> Refreshed:
        """Sync the tokens ``changes`` touch: all of them after a change of the sides, the
        encounter's names or an area map's areas; after the fog, those it may show or hide
        (the fog alone moves nothing: pending tokens stay pending, :meth:`FogWatch.sync`;
        anything else makes them first, before the fog adds those it brings into view)."""
        synced, refreshed = _touched(self, changes)
        if synced:
            self.fog_watch.sync(synced)
        return Refreshed.TOKENS if refreshed else Refreshed.NOTHING

    def rebuild(self) -> None:
        """The encounter's items made after :meth:`clear` (a crowded map's lone ones later)."""
        self.await_zoom()  # another map: the view fits it and tells the zoom
        self.build(list(self.context.encounter.tokens))

    def look_of(self, token: Token) -> TokenLook:
        encounter = self.context.encounter
        colour = colours.colour_of_side(encounter.sides.get(token.side))
        return TokenLook(
            name=token.name,
            colour=colour,
            size=token.size,
            statuses=dict(token.statuses),
            hidden=token.hidden,
            picture=self._picture(token.image, token.size),
        )

    def _picture(self, image: str | None, size: int) -> QPixmap | None:
        """The token's picture, read only from the encounter (see ``token_pictures``)."""
        return self.pictures.pixmap(image, size)

    def made_items(self) -> Iterable[TokenItem]:
        """The items made so far (not making the pending ones): the scene's own drawing."""
        return self._made.values()

    def _has_item(self, token_id: str) -> bool:
        return token_id in self._made or token_id in self.pending.ids

    def made(self, token_id: str) -> TokenItem | None:
        """The token's item if it is made (not making the pending ones)."""
        return self._made.get(token_id)

    def sync(self, token_ids: Iterable[str]) -> None:
        """Create, update or remove the items of these tokens, then place them."""
        self.make_pending()  # a change: every item as it would be, then the change
        self._sync_and_lay_out(token_ids)

    def _pending_changed(self) -> None:
        """Tokens joined or left the pending ones (the fog): their dots drawn again, and the
        next paint makes those a view shows as more than dots."""
        self._woken = None
        self.dots.pending_changed()

    def build(self, token_ids: Iterable[str]) -> None:
        """The items of a scene (re)built: a crowded grid map in a view that has not told
        its zoom leaves its lone tokens pending (see ``token_pending``)."""
        untold = self.dots.zoom == UNTOLD_ZOOM
        self._sync_and_lay_out(self.pending.defer(token_ids, untold))

    def clear(self) -> None:
        """Take every item off the scene; forget them, their places and the pending tokens."""
        for item in self._made.values():
            self.canvas.removeItem(item)
        self._made.clear()
        self._let_go.flush()
        self.pending.clear()
        self.layout.layouts.clear()
        self.fog_watch.forget()

    def _sync_and_lay_out(self, token_ids: Iterable[str]) -> None:
        self._woken = None  # new items, or some moved into the view: wake them at the next paint
        ids = list(token_ids)
        with self.dots.held():
            self._sync(ids)
        lay_out_labels(list(self._made.values()))  # neighbours' names keep clear
        self._mark(ids)  # the others keep theirs: the highlights, when they change, mark all
        if self.pending:  # their rings are drawn from the document
            self.dots.changed()

    def make_pending(self) -> None:
        """Make every pending token's item now."""
        if self.pending:
            self._make(self.pending.take())

    def _make(self, token_ids: list[str]) -> None:
        """Make these pending tokens' items; their dots look the same as before."""
        dots = self.dots
        with dots.quiet():
            self._sync(token_ids)
            self._woken = None
            if self.pending:
                self._mark(token_ids)
            else:  # the last ones: as a sync of them all would leave them
                lay_out_labels(list(self._made.values()))
                self.refresh_highlights()
        if not self.pending:
            dots.pending_changed()

    def _make_near(self, shown: QRectF | None) -> None:
        """Make the pending tokens' items that a view showing ``shown`` would wake."""
        if shown is None:
            self.make_pending()
        elif self._woken is None or not self._woken.contains(shown):
            taken = self.pending.take_in(_wake_area(shown))
            if taken:
                self._make(taken)

    def pending_dots(self) -> Iterable[PendingDot]:
        return self.pending.dots()

    def pending_boxes(self, within: QRectF | None = None) -> Iterable[QRectF]:
        """Where the pending tokens stand (their items' bounds as dots), or those in ``within``."""
        return self.pending.boxes(within)

    def _sync(self, token_ids: Iterable[str]) -> None:
        context = self.context
        encounter = context.encounter
        touched_areas: set[str] = set()
        touched_squares: set[Square] = set()
        label_cap = 2.6 if encounter.area_map is not None else 3.2
        ids = list(token_ids)
        present = [t for i in ids if (t := encounter.tokens.get(i)) is not None]
        shown = dict(zip((t.id for t in present), context.shows_tokens(present), strict=True))
        gone: list[TokenItem] = []
        for token_id in ids:
            token = encounter.tokens.get(token_id)
            item = self._made.get(token_id)
            old_area = item.area_id if item is not None else None
            if old_area:
                touched_areas.add(old_area)
            if item is not None and item.square is not None:
                touched_squares.add(item.square)
            if token is None or not shown[token_id]:
                if item is not None:
                    gone.append(item)  # hidden now, off the scene over the next turns
                    del self._made[token_id]
                continue
            look = self.look_of(token)
            if item is None:
                item = self._new_item(token_id, look, label_cap)
            else:
                item.set_look(look)
            item.area_id = token.area
            if token.area:
                touched_areas.add(token.area)
            touched_squares.update(self.layout.place(item, token.position))
        if gone:
            self.dots.forget(gone)
            self._let_go.add(gone)  # hidden now; off the scene and freed over the next turns
        if encounter.area_map is not None:
            self.layout.relayout_areas(touched_areas)
        self.layout.relayout_squares(touched_squares)

    def _new_item(self, token_id: str, look: TokenLook, label_cap: float) -> TokenItem:
        zoom = self.dots.zoom
        item = TokenItem(
            token_id,
            look,
            label_cap,
            view_zoom=None if zoom is None else UNTOLD_ZOOM,
            boost=self.view_boost,
            label_scale=self.label_scale,
        )
        if zoom is not None:  # in a view: a dot until the view shows it
            item.asleep, item.view_zoom = True, zoom
        self._largest = max(self._largest, look.size * CELL)
        self.dots.adopt(item)
        item.setZValue(self.context.token_z())
        self._made[token_id] = item
        self.canvas.addItem(item)
        return item

    def await_zoom(self) -> None:
        """New items wait for the view's zoom as dots (a scene in a view, rebuilt)."""
        if self.dots.zoom is not None:
            self.dots.zoom = UNTOLD_ZOOM

    def set_view_zoom(self, zoom: float, shown: QRectF | None = None) -> None:
        """The view's zoom: which tokens are dots, and how much names and badges grow.

        Each item is told both at once and measured once; the names are laid out
        again when the boost changed or some dot became a token (dots show no name).
        ``shown``: the part of the scene the view shows; only the sleeping items near it
        wake (None: all of them).
        """
        if self.pending and self.pending.largest * CELL * zoom >= SIMPLE_BELOW_PX:
            self._make_near(shown)  # more than dots at this zoom: those an item would wake for
        boost = boost_for(zoom)
        boosted = abs(boost - self.view_boost) > 1e-3
        if zoom == self.dots.zoom and not boosted:
            if self._wake(zoom, shown):
                lay_out_labels(list(self._made.values()))
            return
        if boosted:
            self.view_boost = boost
        items = list(self._made.values())
        grown = False
        for item in items:
            grown = item.set_view(zoom, self.view_boost, self.label_scale) or grown
        self._woken = None
        grown = self._wake(zoom, shown) or grown
        self.dots.set_zoom(zoom)
        if grown or boosted:
            lay_out_labels(items)

    def _wake(self, zoom: float, shown: QRectF | None) -> bool:
        """Wake the sleeping items in and near ``shown`` large enough to be tokens at
        ``zoom``; True when some became tokens (their names need room)."""
        if self._largest * zoom < SIMPLE_BELOW_PX:
            return False  # every token a dot at this zoom: nothing to wake
        if shown is None:
            near: Iterable[object] = self._made.values()
        else:
            if self._woken is not None and self._woken.contains(shown):
                return False
            area = _wake_area(shown)
            near = QGraphicsScene.items(self.canvas, area)  # pending ones near were made
            self._woken = area
        grown = False
        for item in near:  # a dot at this zoom sleeps on: it would only be measured later
            if (
                isinstance(item, TokenItem)
                and item.asleep
                and item.diameter * zoom >= SIMPLE_BELOW_PX
            ):
                item.asleep = False
                grown = item.set_view(item.view_zoom, item.boost, item.label_scale) or grown
        if grown:
            self.dots.changed()
        return grown

    def set_label_scale(self, factor: float) -> None:
        """Draw token names ``factor`` times their usual size (readable on a TV)."""
        self.label_scale = factor
        items = list(self._made.values())  # pending ones are made at this scale
        for item in items:
            item.set_view(item.view_zoom, self.view_boost, factor)
        lay_out_labels(items)

    def refresh_highlights(self) -> None:
        self._mark(self._made)
        if self.pending:  # their rings are drawn from the document
            self.dots.changed()

    def _mark(self, token_ids: Iterable[str]) -> None:
        """Tell these tokens' items whether they act or are targets now."""
        document = self.context.document
        acting = document.acting
        targets = document.public_targets if self.context.player else document.targets
        for token_id in token_ids:
            item = self._made.get(token_id)
            if item is not None:
                item.set_marks(acting=token_id in acting, target=token_id in targets)


def _touched(tokens: TokenSync, changes: ChangeSet) -> tuple[list[str], bool]:
    """The tokens ``changes`` touch and whether the token items changed; when anything but
    the fog did (a move with the reveal it brings), the pending items are made first."""
    encounter = tokens.context.encounter
    all_tokens = refreshed = False
    token_ids: set[str] = set()
    pictures = changes.get("pictures")
    if pictures is not None:
        for picture in pictures.ids:
            tokens.pictures.forget(picture)
        users = {t.id for t in encounter.tokens.values() if t.image in pictures.ids}
        if users:
            token_ids |= users
            refreshed = True
    if "areas" in changes.kinds and isinstance(tokens.context.layer, AreaLayer):
        all_tokens = True
    token_change = changes.get("tokens")
    if token_change is not None:
        token_ids |= token_change.ids
        all_tokens = all_tokens or not token_change.ids
        refreshed = True
    if changes.touches(ALL_TOKENS_KINDS):
        all_tokens = refreshed = True
    if all_tokens or token_ids:
        tokens.make_pending()  # every item as it would be, then the change
    if "fog" in changes.kinds:
        fogged = tokens.fog_watch.touched()
        all_tokens = all_tokens or fogged is None
        token_ids |= fogged or set()
        refreshed = refreshed or fogged != set()
    synced = list(encounter.tokens) if all_tokens else sorted(token_ids)
    return synced, refreshed


def _wake_area(shown: QRectF) -> QRectF:
    """Where sleeping items wake for a view showing ``shown``: half a view round it and more."""
    margin = max(shown.width(), shown.height()) / 2 + WAKE_MARGIN
    return shown.adjusted(-margin, -margin, margin, margin)
