"""Where a character's phone may drag its own token: the engine's reach, cut to what it may see.

The same engine answer the GM's drag preview shades (:func:`tactical.core.movement.reachable`,
with the move budget the GM's window holds), but only squares the character's
screen may show are sent: a reach into fog would draw the shape of the dark.
Whether it may move now: on its turn while a procedure runs, at any time without one.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from tactical.core.encounter import Encounter
from tactical.core.movement import reachable
from tactical.rules import PanelView


def may_move_now(token_id: str, view: PanelView | None) -> bool:
    return view is None or view.ended or token_id in view.acting


def reach_cells(
    encounter: Encounter,
    token_id: str,
    budget: int | None,
    allowed: npt.NDArray[np.bool_] | None,
    allowed_areas: set[str],
) -> list[list[Any]]:
    """``[col, row, cost]`` (grid) or ``[area, cost]`` (areas) the token may end its move on."""
    token = encounter.tokens.get(token_id)
    if token is None or token.position is None:
        return []
    try:
        found = reachable(encounter, token_id, budget)
    except (ValueError, KeyError):  # a token the engine cannot move now
        return []
    cells: list[list[Any]] = []
    for position, cost in found.items():
        if isinstance(position, tuple) and allowed is not None:
            squares = token.squares_at(position)
            h, w = allowed.shape
            if all(0 <= c < w and 0 <= r < h and allowed[r, c] for c, r in squares):
                cells.append([position[0], position[1], int(cost)])
        elif isinstance(position, str) and position in allowed_areas:
            cells.append([position, int(cost)])
    return cells
