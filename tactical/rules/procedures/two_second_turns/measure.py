"""The map figures a ranged attack needs, from the rules engine in tactical.core."""

from __future__ import annotations

from tactical.core.distance import distance
from tactical.core.encounter import Encounter
from tactical.core.ranges import cluster_penalty, ranged_penalty
from tactical.rules.procedure import RulesError


def orthogonal_distance(encounter: Encounter, attacker: str, target: str) -> int:
    """003 line 31: turns to move, climb and/or jump down to the target, orthogonally.

    Between tokens covering several squares, the nearest pair counts.
    """
    grid = encounter.grid
    a, b = encounter.token(attacker), encounter.token(target)
    if grid is None or a.square is None or b.square is None:
        raise RulesError("a ranged attack needs both characters on a grid map")
    return min(
        distance(sa, sb, "orthogonal", grid=grid) for sa in a.occupied() for sb in b.occupied()
    )


def distance_penalty(turns: int) -> int:
    """003 line 29: half the distance to a target in another square, rounded down."""
    return ranged_penalty(turns, same_square=False)


def cluster_size_penalty(size: int) -> int:
    """003 line 33: the number of characters in the cluster."""
    return cluster_penalty(size)
