"""Token items made after the first frame: a crowded map opens without waiting for them.

A 1024 x 1024 map with 5,000 tokens spent a tenth of a second of its start-up making
5,000 items that, fitted in the window, only drew dots. So when a scene in a view is
built (opened, or another encounter) for a grid map of :data:`LAZY_FROM` tokens or
more, a shown token standing alone on its square gets no item yet: it is *pending*.
The scene's :class:`~tactical.app.map.scene.token_dots.TokenDots` draws it from the
encounter exactly as the dot its sleeping item would be (the same disc, side colour,
faintness when hidden, and ring when it acts or is a target).

The items are made:

- from a tenth of a second after the first paint, a few milliseconds' worth at a time
  on the event loop (:meth:`PendingTokens.start`), so the window answers meanwhile;
- all at once, before anything could tell the difference: any read of
  ``scene.token_items`` (:class:`TokenItems`) or ``scene.items(...)``, a mouse, wheel,
  key or drag event reaching the scene or its view, and before the tokens are synced
  with a change of the model (a move, the players' filter; not the fog alone, which moves
  nothing: it drops the pending tokens it hides);
- near what a view shows, when it zooms in so far that tokens there are more than
  dots: those a sleeping item would wake for (``token_sync``); the others stay dots,
  as their items would sleep.

A players' scene in a view keeps the lone tokens a reveal brings into view pending too
(:meth:`PendingTokens.add`, from ``fog_watch``): a first reveal on 1024 x 1024 brought 5,000.

What the players see is unchanged: their scene never makes a pending dot of a token
it does not show (hidden, or in fog), and the dots ask :meth:`MapScene.shows_token`
again each time they are gathered (through the scene's context).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, ValuesView
from typing import NamedTuple

import numpy as np
import numpy.typing as npt
from PySide6.QtCore import QRectF, QTimer
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QGraphicsScene
from shiboken6 import isValid

from tactical.app.map.geometry import CELL, square_origin
from tactical.app.map.scene import colours
from tactical.app.map.scene.context import SceneContext
from tactical.app.map.scene.token_item import TokenItem
from tactical.app.map.scene.token_paint import DOT_INSET
from tactical.app.map.scene.token_pictures import TokenPictures
from tactical.core.grid import Square
from tactical.core.tokens import Token

LAZY_FROM = 1000
"""A scene with fewer tokens makes every item at once (a few milliseconds)."""
STEP = 200
"""Items made per turn of the event loop after the first frame (about 5 ms)."""
FIRST_STEP_MS = 100
"""The first step waits this long after the first paint: the window settles first (the
combat panel docks and the map is painted again beside it)."""


class PendingDot(NamedTuple):
    """What a pending token's dot looks like (see :meth:`TokenItem.dot_rect`)."""

    disc: QRectF
    colour: QColor
    hidden: bool
    ring: QColor | None
    """The highlight round it (acting, target), None without one."""


class TokenItems(Mapping[str, TokenItem]):
    """``scene.token_items``: every shown token's item, made first if still pending."""

    def __init__(self, made: dict[str, TokenItem], make_pending: Callable[[], None]) -> None:
        self._made = made
        self._make_pending = make_pending

    def __getitem__(self, token_id: str) -> TokenItem:
        self._make_pending()
        return self._made[token_id]

    def __iter__(self) -> Iterator[str]:
        self._make_pending()
        return iter(self._made)

    def __len__(self) -> int:
        self._make_pending()
        return len(self._made)

    def __contains__(self, token_id: object) -> bool:
        self._make_pending()
        return token_id in self._made

    def values(self) -> ValuesView[TokenItem]:
        self._make_pending()
        return self._made.values()


class PendingTokens:
    """The tokens of one scene whose items are not made yet (see the module)."""

    def __init__(
        self, context: SceneContext, pictures: TokenPictures, make: Callable[[list[str]], None]
    ) -> None:
        self.context = context
        self.pictures = pictures
        self.ids: dict[str, None] = {}
        self._where: tuple[list[str], npt.NDArray[np.float64]] | None = None
        """The pending tokens on the map and their boxes (left, top, right, bottom), kept
        until the pending tokens change (they do not move while pending: a move makes them)."""
        """The pending tokens, in the encounter's order."""
        self.largest = 0
        """The largest pending token's size (squares): above a dot's zoom, all are made."""
        self._make = make
        self._timer = QTimer()
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._step)
        self._started = False
        """The steps have begun (after the scene's first paint)."""

    def __bool__(self) -> bool:
        return bool(self.ids)

    def defer(self, token_ids: Iterable[str], untold: bool) -> list[str]:
        """The tokens whose items a scene's build makes now; the others wait here.

        ``untold``: the scene is in a view that has not told its zoom (every token a dot).
        """
        self.clear()
        wanted = list(token_ids)
        encounter = self.context.encounter
        if not untold or encounter.grid is None or len(wanted) < LAZY_FROM:
            return wanted
        return self._wait(wanted, self.context.shows_token)

    def add(self, token_ids: list[str]) -> list[str]:
        """Tokens a change of the fog brings into view on a scene in a view: those alone on
        their square wait here as dots, their items made over the next turns from the next
        paint; the others are returned (made now)."""
        if self.context.encounter.grid is None:
            return token_ids
        now = self._wait(token_ids, lambda _token: True)  # the fog watch asked: shown now
        if self.ids:
            self._started = False  # the steps start again after the next paint
        return now

    def _wait(self, token_ids: list[str], shown: Callable[[Token], bool]) -> list[str]:
        """Keep the lone ``token_ids`` pending; those that cannot wait, returned."""
        self._where = None
        encounter = self.context.encounter
        tokens = encounter.tokens.values()
        squares = Counter(p for t in tokens if type(p := t.position) is tuple)  # grid squares
        now: list[str] = []
        for token_id in token_ids:
            token = encounter.tokens.get(token_id)
            if (
                token is None
                or token.square is None
                or squares[token.square] > 1  # shared squares are laid out together
                or not shown(token)
            ):
                now.append(token_id)
            else:
                self.ids[token_id] = None
                self.largest = max(self.largest, token.size)
                if token.image is not None:  # decoded (and a missing one told) as at once
                    self.pictures.pixmap(token.image, token.size)
        return now

    def drop(self, token_ids: Iterable[str]) -> bool:
        """These tokens no longer wait (the fog hides them now); True when one did."""
        dropped = False
        self._where = None
        for token_id in token_ids:
            if token_id in self.ids:
                del self.ids[token_id]
                dropped = True
        if dropped and not self.ids:
            self.clear()
        return dropped

    def take_in(self, area: QRectF) -> list[str]:
        """The pending tokens whose squares reach into ``area``, no longer pending."""
        taken = [token_id for token_id, _token, _square in self._shown(area)]
        self._where = None
        for token_id in taken:
            del self.ids[token_id]
        if not self.ids:
            self.clear()
        return taken

    def take(self, most: int | None = None) -> list[str]:
        """Up to ``most`` pending tokens (all: None), no longer pending."""
        self._where = None
        ids = list(self.ids)
        taken = ids if most is None else ids[:most]
        if most is None or most >= len(ids):
            self.ids.clear()
        else:
            for token_id in taken:
                del self.ids[token_id]
        if not self.ids:
            self.largest = 0
            self._timer.stop()
        return taken

    def clear(self) -> None:
        self._where = None
        self.ids.clear()
        self.largest = 0
        self._timer.stop()
        self._started = False

    def start(self) -> None:
        """Make the items a step at a time, from :data:`FIRST_STEP_MS` on (first call)."""
        if self.ids and not self._started:
            self._started = True
            self._timer.start(FIRST_STEP_MS)

    def _step(self) -> None:
        if self.ids:
            self._make(self.take(STEP))
        if self.ids:
            self._timer.start(0)

    def _shown(self, within: QRectF | None = None) -> Iterator[tuple[str, Token, Square]]:
        """The pending tokens the scene shows, with their squares; with ``within``, only
        those whose square boxes reach into it (the others are not asked about)."""
        tokens = self.context.encounter.tokens
        waiting: list[tuple[Token, Square]] = []
        for token_id in self.ids if within is None else self._near(within):
            token = tokens.get(token_id)
            if token is None or type(square := token.position) is not tuple:  # not on a grid
                continue  # changed since: a sync makes its item (or none) before the next paint
            waiting.append((token, square))
        shown = self.context.shows_tokens([token for token, _square in waiting])
        for (token, square), seen in zip(waiting, shown, strict=True):
            if seen:  # one the scene shows no more: a sync drops it before the next paint
                yield token.id, token, square

    def _near(self, within: QRectF) -> list[str]:
        """The pending tokens on the map whose square boxes reach into ``within``."""
        if self._where is None:
            tokens = self.context.encounter.tokens
            placed = [
                (token_id, token.position, token.size)
                for token_id in self.ids
                if (token := tokens.get(token_id)) is not None and type(token.position) is tuple
            ]
            boxes = np.array(
                [(c * CELL, r * CELL, (c + n) * CELL, (r + n) * CELL) for _i, (c, r), n in placed],
                dtype=np.float64,
            ).reshape(-1, 4)
            self._where = [token_id for token_id, _square, _size in placed], boxes
        ids, boxes = self._where
        meets = (
            (boxes[:, 0] < within.right())
            & (boxes[:, 2] > within.left())
            & (boxes[:, 1] < within.bottom())
            & (boxes[:, 3] > within.top())
        )
        return [ids[i] for i in np.flatnonzero(meets)]

    def boxes(self, within: QRectF | None = None) -> Iterator[QRectF]:
        """Where the pending tokens stand in the scene: their items' bounds, as dots (with
        ``within``: those that reach into it)."""
        for _token_id, token, square in self._shown(within):
            yield _box(token, square)

    def dots(self) -> Iterator[PendingDot]:
        """The pending tokens' dots, as their sleeping items would draw them."""
        context = self.context
        encounter = context.encounter
        document = context.document
        acting = document.acting
        targets = document.public_targets if context.player else document.targets
        side_colours: dict[str, QColor] = {}
        marked = acting or targets
        for token_id, token, square in self._shown():
            colour = side_colours.get(token.side)
            if colour is None:
                colour = side_colours[token.side] = colours.colour_of_side(
                    encounter.sides.get(token.side)
                )
            d = token.size * CELL  # disc_at(*square_origin(square), d), thousands at a time
            inset = d * DOT_INSET
            side = d - 2 * inset
            disc = QRectF(square[0] * CELL + inset, square[1] * CELL + inset, side, side)
            ring = (
                colours.highlight(False, token_id in acting, token_id in targets)
                if marked
                else None
            )
            yield PendingDot(disc, colour, token.hidden, ring)


def _box(token: Token, square: Square) -> QRectF:
    """A pending token's square box: its item's bounds while it is a dot."""
    x, y = square_origin(square)
    d = token.size * CELL
    return QRectF(x, y, d, d)


RELEASED_PER_TURN = 400
"""Token items taken off the scene and let go per turn of the event loop (about 2 ms)."""


class LetGo:
    """Token items a change took away, hidden at once and taken off the scene and let go a
    few hundred a turn: fog turned on over 5,000 tokens took their items off the players'
    screen in one turn (14 ms: Qt's index drops each) and spent 26 ms more of the next
    paint freeing them (the dots' last references). Hidden, they draw nothing, answer no
    click and are no dot (``TokenDots`` leaves out hidden items)."""

    def __init__(self, canvas: QGraphicsScene) -> None:
        self._canvas = canvas
        self._items: list[TokenItem] = []
        self._timer = QTimer()
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._step)

    def __len__(self) -> int:
        return len(self._items)

    def add(self, items: list[TokenItem]) -> None:
        """Hide these items now; off the scene and let go over the next turns."""
        for item in items:
            item.setVisible(False)
        self._items += items
        if not self._timer.isActive():
            self._timer.start()

    def flush(self) -> None:
        """Every item still kept off the scene now (the scene is cleared)."""
        self._release(len(self._items))

    def _step(self) -> None:
        self._release(RELEASED_PER_TURN)
        if self._items:
            self._timer.start()

    def _release(self, count: int) -> None:
        batch, self._items = self._items[:count], self._items[count:]
        canvas = self._canvas
        for item in batch:
            if isValid(item) and item.scene() is canvas:
                canvas.removeItem(item)
