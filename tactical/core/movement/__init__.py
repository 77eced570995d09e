"""Movement on grid maps (001) and area maps: reachable squares, paths, move options.

The costs of the map live in numpy arrays kept per grid (:mod:`.index`);
tokens are applied at query time. See :mod:`.moves` for the rules chosen.
"""

from tactical.core.movement.banned import steps_towards
from tactical.core.movement.blocking import blockers_for
from tactical.core.movement.index import MovementIndex, index_for
from tactical.core.movement.moves import (
    DescentRoll,
    MoveOptions,
    MovePath,
    find_path,
    find_square_path,
    reachable,
    reachable_squares,
)
from tactical.core.movement.search import Blockers

__all__ = [
    "Blockers",
    "DescentRoll",
    "MoveOptions",
    "MovePath",
    "MovementIndex",
    "blockers_for",
    "find_path",
    "find_square_path",
    "index_for",
    "reachable",
    "reachable_squares",
    "steps_towards",
]
