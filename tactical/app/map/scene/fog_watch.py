"""Which tokens a change of the fog may show or hide on a scene.

Fog decides which tokens the players' screens show (a token in fog is left out), and
nothing else about a token's item. The code before synced every token of both screens
at each change of the fog: a brush dab on a map of 5,000 tokens restyled 10,000 items
and made every item the GM's window had left for later. Now the GM's own view syncs none
(fog hides nothing from it), and a players' scene syncs the tokens standing in the box of
the squares whose fog changed since the last change it saw (the fog's own record of its
edits' boxes: no pass over the whole map). Tokens a change hides go at
once; of those it brings into view, :data:`SHOWN_AT_ONCE` come at once and the rest over the
next turns of the event loop (each synced as the fog then is: never one the fog hides).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QTimer

from tactical.app.map.scene.context import SceneContext
from tactical.core.fog import FogMark

SHOWN_AT_ONCE = 48
"""Tokens a change of the fog brings into view in one turn of the event loop: a first reveal
on 1024 x 1024 brought 200 new token items at once (30 to 70 ms of the GUI thread)."""


class FogWatch:
    """The fog a scene's tokens were last synced with, and the tokens a change may touch."""

    def __init__(
        self,
        context: SceneContext,
        has_item: Callable[[str], bool],
        sync: Callable[[list[str]], None],
    ) -> None:
        """``has_item``: whether a token has its item (made or pending); ``sync``: syncs
        tokens later (those left for the next turns)."""
        self.context = context
        self.has_item = has_item
        self.sync = sync
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
        tokens, shows = self.context.encounter.tokens, self.context.shows_token
        coming = sorted(i for i in candidates if not self.has_item(i) and shows(tokens[i]))
        later = coming[SHOWN_AT_ONCE:]
        if not later:
            return candidates
        self._later.update(later)
        self._timer.start()
        return candidates.difference(later)

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
                if (square := token.square) is not None
                and square[0] < right
                and square[0] + token.size > left
                and square[1] < bottom
                and square[1] + token.size > top
            }
        )
