"""Steps a token may not take at all, whatever the path: 003's Stumble.

003: "While the effect lasts, you can not move in one of the directions of the
locations you are in (left, right, up or down)." A stumbling token's whole
path obeys it, not only where it ends: no step of the path may have a part
that goes that way, so a diagonal up and to the left is banned for a token
that cannot move left (and for one that cannot move up). The searches take
the banned steps as indexes into ``DIRECTIONS``.
"""

from __future__ import annotations

from collections.abc import Iterable

from tactical.core.engine_errors import EngineError
from tactical.core.movement.costs import DIRECTIONS

Step = tuple[int, int]


def steps_towards(direction: Step) -> frozenset[Step]:
    """Every one of the eight steps ``(d_column, d_row)`` with a component along
    ``direction`` (a unit step: ``(-1, 0)`` is left)."""
    dc, dr = direction
    return frozenset((sc, sr) for sc, sr in DIRECTIONS if sc * dc > 0 or sr * dr > 0)


def direction_indexes(steps: Iterable[Step]) -> frozenset[int]:
    """``steps`` as indexes into ``DIRECTIONS`` (a step that is not one of the eight is
    refused: a typo would otherwise ban nothing)."""
    wanted = frozenset(steps)
    unknown = wanted - set(DIRECTIONS)
    if unknown:
        raise EngineError(f"not a step to a neighbouring square: {sorted(unknown)}")
    return frozenset(DIRECTIONS.index(step) for step in wanted)


def beyond_banned_side(
    banned: frozenset[Step], start: tuple[int, int], goal: tuple[int, int]
) -> bool:
    """True when every step towards one side is banned and ``goal`` lies on that side:
    no path gets there, so no search is needed (a stumbling token asked about a
    square the way it cannot move)."""
    for side in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        beyond = (goal[0] - start[0]) * side[0] + (goal[1] - start[1]) * side[1] > 0
        if beyond and steps_towards(side) <= banned:
            return True
    return False
