"""Which tokens a change of the fog may show or hide on a scene.

Fog decides which tokens the players' screens show (a token in fog is left out), and
nothing else about a token's item. The code before synced every token of both screens
at each change of the fog: a brush dab on a map of 5,000 tokens restyled 10,000 items
and made every item the GM's window had left for later. Now the GM's own view syncs none
(fog hides nothing from it), and a players' scene syncs the tokens standing in the box of
the squares whose fog changed since the last change it saw (the fog's own record of its
edits' boxes: no pass over the whole map). Tokens a change hides go at
once; of those it brings into view, up to :data:`SHOWN_AT_ONCE` get their items at once. More
than that (a first reveal: thousands), on a scene shown in a view, wait as *pending* dots
(:mod:`~tactical.app.map.scene.token_pending`): drawn in the next frame from the encounter,
their items made over the next turns or when anything needs them, and dropped as soon as the
fog hides them again; only those sharing a square (laid out together) come over the next
turns as items (each synced as the fog then is: never one the fog hides). A change of the
fog alone moves no token, so it makes no pending item (:meth:`FogWatch.sync`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QTimer

from tactical.app.map.scene.context import SceneContext
from tactical.app.map.scene.token_pending import PendingTokens
from tactical.core.fog import FogMark

SHOWN_AT_ONCE = 48
"""Tokens a change of the fog brings into view in one turn of the event loop: a first reveal
on 1024 x 1024 brought 200 new token items at once (30 to 70 ms of the GUI thread)."""


class FogWatch:
    """The fog a scene's tokens were last synced with, and the tokens a change may touch."""

    def __init__(
        self,
        context: SceneContext,
        pending: PendingTokens,
        has_item: Callable[[str], bool],
        lay_out: Callable[[list[str]], None],
        pending_changed: Callable[[], None],
    ) -> None:
        """``pending``: the scene's tokens with no item yet; ``has_item``: whether a token
        has its item (made or pending); ``lay_out``: syncs tokens and lays them out, pending
        ones left as they are; ``pending_changed``: tokens joined or left the pending ones
        (their dots are drawn again)."""
        self.context = context
        self.pending = pending
        self.has_item = has_item
        self.lay_out = lay_out
        self.pending_changed = pending_changed
        self.in_view = False
        """The scene is shown in a view (tokens coming into view may wait as dots)."""
        self.refreshed: Callable[[], None] = lambda: None
        """Told after the tokens left for later are synced (the scene's ``tokens_refreshed``)."""
        self._mark: FogMark | None = None
        """Where the fog's squares stood at the last change seen (None: not known)."""
        self._on: bool | None = None
        self._later: set[str] = set()
        """Tokens brought into view, synced over the next turns of the event loop."""
        self._timer = QTimer()
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._show_more)

    def forget(self) -> None:
        """The tokens were synced afresh (another map): the next change syncs them all."""
        self._mark = self._on = None
        self._later.clear()
        self._timer.stop()

    def sync(self, token_ids: Iterable[str]) -> None:
        """Sync these tokens after a change of the fog only: it moves nothing, so the
        pending tokens stay pending (a lone token's dot is drawn from the encounter as the
        fog is now), those it hides now no longer wait, and the others are synced."""
        ids = list(token_ids)
        pending = self.pending
        if pending:
            tokens = self.context.encounter.tokens
            waiting = [tokens[i] for i in ids if i in pending.ids and i in tokens]
            shown = self.context.shows_tokens(waiting)
            hidden = [t.id for t, seen in zip(waiting, shown, strict=True) if not seen]
            hidden += [i for i in ids if i in pending.ids and i not in tokens]
            if pending.drop(hidden):
                self.pending_changed()
            ids = [i for i in ids if i not in pending.ids]
        self.lay_out(ids)

    def _show_later(self, coming: list[str]) -> list[str]:
        """Tokens brought into view, as dots at once on a scene in a view, their items made
        over the next turns (``token_pending``); those that cannot wait (sharing a square,
        or no view: every item paints itself) are returned."""
        if not self.in_view:
            return coming
        now = self.pending.add(coming)
        if len(now) < len(coming):
            self.pending_changed()
        return now

    def _show_more(self) -> None:
        batch = sorted(self._later)[:SHOWN_AT_ONCE]
        self._later.difference_update(batch)
        if self._later:
            self._timer.start()
        self.sync(batch)  # as the fog is now: a token hidden again meanwhile stays out
        self.refreshed()

    def _now(self, candidates: set[str]) -> set[str]:
        """Of ``candidates``, those to sync now: every one but the tokens coming into view
        past the first :data:`SHOWN_AT_ONCE`, which are left for the next turns."""
        tokens = self.context.encounter.tokens
        new = [tokens[i] for i in sorted(candidates) if not self.has_item(i)]
        shown = self.context.shows_tokens(new)
        coming = [token.id for token, seen in zip(new, shown, strict=True) if seen]
        if len(coming) <= SHOWN_AT_ONCE:
            return candidates
        left = self._show_later(coming)  # dots at once, their items made over the next turns
        waiting = set(coming).difference(left)
        later = left[SHOWN_AT_ONCE:]
        if later:
            self._later.update(later)
            self._timer.start()
        return candidates.difference(later, waiting)

    def touched(self) -> set[str] | None:
        """After a change of the fog: the tokens whose showing it may change (None: every
        token). Always follows the fog, so a scene that starts filtering later is right."""
        encounter = self.context.encounter
        fog, grid = encounter.fog, encounter.grid
        was_on = self._on
        self._on = fog.enabled
        if grid is None:
            self._mark = None
            return None
        box = fog.changed_since(self._mark, grid)  # the box of the edits since: a dab's
        self._mark = fog.mark(grid)
        if was_on != fog.enabled:
            box = (0, 0, grid.height, grid.width)  # not known, or turned on or off: all
        if box is None or not self.context.player:
            return set()  # the GM's own view shows every token, in fog or not
        top, left, bottom, right = box
        return self._now(
            {
                token.id
                for token in encounter.tokens.values()
                if type(square := token.position) is tuple  # on a grid (``Token.square``)
                and square[0] < right
                and square[0] + token.size > left
                and square[1] < bottom
                and square[1] + token.size > top
            }
        )
