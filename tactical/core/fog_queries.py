"""What an encounter's fog hides from the players, and whose eyes reveal it.

Which tokens the players may not see because of fog is decided here
(:func:`fogged_token_ids`), Qt-free, so the player view, its tracker, the
players' snapshot and the GM's "Hide secrets" mode all ask one function. The
fog itself (:mod:`tactical.core.fog`) is part of the encounter; these questions
need the whole encounter, so they live apart from it and no import runs in a circle.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from tactical.core.encounter import Encounter
from tactical.core.grid import Terrain
from tactical.core.tokens import Token

SIGHT_FIGURE = "sight"
"""The token figure holding its sight range in squares (absent or not a number: unlimited)."""


def token_in_fog(encounter: Encounter, token: Token) -> bool:
    """True when fog is on and no square (or the area) the token stands on is revealed.

    A token off the map is not in fog. A large token shows as soon as any of
    its squares is revealed; the fog drawn over the rest covers the rest.
    """
    fog = encounter.fog
    if not fog.enabled or token.position is None:
        return False
    grid = encounter.grid
    if grid is not None:
        squares = [s for s in token.occupied() if grid.in_bounds(s)]
        if not squares:
            return False
        if fog.revealed is None:  # nothing found yet (fog just turned on): all in fog
            return True
        mask = fog.mask(grid)
        return not any(mask[row, col] for col, row in squares)
    return token.area is not None and token.area not in fog.areas


def fogged_token_ids(encounter: Encounter) -> frozenset[str]:
    """The tokens standing in fog: the players' screens show none of them."""
    if not encounter.fog.enabled:
        return frozenset()
    return frozenset(t.id for t in encounter.tokens.values() if token_in_fog(encounter, t))


def legend_contents(encounter: Encounter, players: bool) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """The elevations (lowest first) and terrain ("difficult", "impassable") a legend names.

    For the players (``players``) only what lies on squares they have found: a legend
    must not tell them of a +2 ridge under fog. The one function every players'
    legend asks (the player view's, the players' snapshot's); the GM's names all.
    """
    grid = encounter.grid
    if grid is None:
        return (), ()
    fog = encounter.fog
    found = fog.mask(grid) if players and fog.enabled else None
    elevations = tuple(_present(grid.elevation, found))
    present = set(_present(grid.terrain, found))
    terrain = tuple(
        kind.name.lower()
        for kind in (Terrain.DIFFICULT, Terrain.IMPASSABLE)
        if int(kind) in present
    )
    return elevations, terrain


_FEW_VALUES = 64
"""Up to this many values between a map's lowest and highest, each is looked for alone."""


def _present(values: npt.NDArray[np.integer], found: npt.NDArray[np.bool_] | None) -> list[int]:
    """The values present (lowest first), on the ``found`` squares only when given. A map's
    few heights are each looked for with one comparison (a 1024 x 1024 map's found squares:
    about 1 ms, against 10 gathered and sorted); a wide range is counted."""
    if values.size == 0:
        return []
    low, high = int(values.min()), int(values.max())
    if high - low < _FEW_VALUES:
        if found is None:
            return [v for v in range(low, high + 1) if bool(np.any(values == v))]
        return [v for v in range(low, high + 1) if bool(np.any((values == v) & found))]
    shifted = values.ravel().astype(np.intp) - low
    counts = np.bincount(shifted, weights=None if found is None else found.ravel())
    return [int(v) + low for v in np.flatnonzero(counts)]


def shown_to_players(encounter: Encounter, token: Token) -> bool:
    """The one rule for a token on the players' screens: not marked hidden, not in fog.

    The players' projection (:mod:`tactical.share.players`) gathers it with the
    rest of what they may read; it lives here so the rules' defaults can ask it too.
    """
    return not token.hidden and not token_in_fog(encounter, token)


def each_shown_to_players(encounter: Encounter, tokens: Sequence[Token]) -> list[bool]:
    """:func:`shown_to_players` of each of ``tokens``, the one-square tokens on a grid looked
    up in the fog together: thousands of tokens asked after a change of the fog."""
    fog, grid = encounter.fog, encounter.grid
    if not fog.enabled or grid is None:
        return [shown_to_players(encounter, t) for t in tokens]
    shown: list[bool] = []
    where: list[int] = []
    cols: list[int] = []
    rows: list[int] = []
    width, height = grid.width, grid.height
    for i, token in enumerate(tokens):
        square = token.position  # a tuple on a grid (``Token.square``, without the call)
        if type(square) is tuple and token.size == 1 and not token.hidden:
            col, row = square
            if 0 <= col < width and 0 <= row < height:
                where.append(i)
                cols.append(col)
                rows.append(row)
                shown.append(False)
                continue
        shown.append(shown_to_players(encounter, token))
    if where:
        found = fog.mask(grid)[rows, cols].tolist()  # all False while none are found
        for i, revealed in zip(where, found, strict=True):
            shown[i] = revealed
    return shown


def hidden_from_players(encounter: Encounter) -> frozenset[str]:
    """Tokens the players may not see: marked hidden, or standing in fog."""
    tokens = list(encounter.tokens.values())
    shown = each_shown_to_players(encounter, tokens)
    return frozenset(t.id for t, seen in zip(tokens, shown, strict=True) if not seen)


def party_tokens(encounter: Encounter) -> list[Token]:
    """The tokens of the party's sides that stand on the map."""
    sides = set(encounter.fog.party)
    return [t for t in encounter.tokens.values() if t.side in sides and t.position is not None]


def sight_range(token: Token) -> int | None:
    """A token's sight range in squares (its ``sight`` figure), or None for unlimited."""
    value = token.figures.get(SIGHT_FIGURE)
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return max(int(value), 0)
