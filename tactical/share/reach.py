"""Where a character's phone may drag its own token: the engine's reach, from what it may see.

The same engine question the GM's drag preview asks (:func:`tactical.core.movement.reachable`,
with the move budget the GM's window holds), asked of the map with only the tokens the
character's screen shows, and only squares that screen may show are sent: a reach into
fog would draw the shape of the dark, and a hole where a token it cannot see stands would
point at that token. :func:`link_reach` is both the shading a link is sent and the only
targets a move from its phone may name (:mod:`tactical.app.players.phones.moves`).
Whether it may move now: on its turn while a procedure runs, at any time without one.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from tactical.core.encounter import Encounter
from tactical.core.movement import reachable
from tactical.core.tokens import Position
from tactical.rules import PanelView
from tactical.share.seen import DARK, Seen


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


def _as_seen(encounter: Encounter, seen: Seen) -> Encounter:
    """``encounter`` with only the tokens ``seen`` shows (the others share nothing with the
    link, so they neither block its reach nor leave a hole in it)."""
    shown = [t for t in encounter.tokens.values() if t.id in seen.token_ids]
    return Encounter(encounter.map, shown, list(encounter.sides.values()), metric=encounter.metric)


def link_reach(
    encounter: Encounter,
    token_id: str,
    budget: int | None,
    seen: Seen,
    view: PanelView | None,
) -> list[list[Any]]:
    """The reach shading the link of ``token_id`` (which sees ``seen``) is sent: empty when it
    may not move now (``view``: the procedure's), else :func:`reach_cells` of the map with the
    tokens it sees, cut to the squares (or areas) it may see."""
    if not may_move_now(token_id, view):
        return []
    allowed_areas = {a for a, light in seen.areas.items() if light > DARK}
    return reach_cells(_as_seen(encounter, seen), token_id, budget, seen.allowed(), allowed_areas)


def offered(cells: list[list[Any]]) -> set[Position]:
    """The positions a reach shading offers: squares as ``(col, row)``, areas by id."""
    return {(c[0], c[1]) if len(c) == 3 else c[0] for c in cells}
