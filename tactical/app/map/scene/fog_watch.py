"""Which tokens a change of the fog may show or hide on a scene.

Fog decides which tokens the players' screens show (a token in fog is left out), and
nothing else about a token's item. The code before synced every token of both screens
at each change of the fog: a brush dab on a map of 5,000 tokens restyled 10,000 items
and made every item the GM's window had left for later. Now the GM's own view syncs none
(fog hides nothing from it), and a players' scene syncs the tokens standing in the box of
the squares whose fog changed since the last change it saw.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from tactical.app.map.scene.context import SceneContext
from tactical.core.square_bits import changed_box


class FogWatch:
    """The fog a scene's tokens were last synced with, and the tokens a change may touch."""

    def __init__(self, context: SceneContext) -> None:
        self.context = context
        self._seen: npt.NDArray[np.bool_] | None = None
        """The revealed squares at the last change of the fog (None: not known)."""
        self._on: bool | None = None

    def forget(self) -> None:
        """The tokens were synced afresh (another map): the next change syncs them all."""
        self._seen = self._on = None

    def touched(self) -> set[str] | None:
        """After a change of the fog: the tokens whose showing it may change (None: every
        token). Always follows the fog, so a scene that starts filtering later is right."""
        encounter = self.context.encounter
        fog, grid = encounter.fog, encounter.grid
        before, was_on = self._seen, self._on
        self._on = fog.enabled
        if grid is None:
            self._seen = None
            return None
        now = fog.mask(grid)
        box = None if before is None else changed_box(before, now)
        if before is None or before.shape != now.shape:
            self._seen = now.copy()
        elif box is not None:
            top, left, bottom, right = box
            before[top:bottom, left:right] = now[top:bottom, left:right]
        if before is None or was_on != fog.enabled:
            return None if self.context.player else set()
        if box is None or not self.context.player:
            return set()  # the GM's own view shows every token, in fog or not
        top, left, bottom, right = box
        return {
            token.id
            for token in encounter.tokens.values()
            if (square := token.square) is not None
            and square[0] < right
            and square[0] + token.size > left
            and square[1] < bottom
            and square[1] + token.size > top
        }
