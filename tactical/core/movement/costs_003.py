"""Step costs of Two-second turns (003), as :mod:`.costs` keeps 001's: one array per direction.

The rule, from 003 ("Ranged attacks", the paragraph on distance):

- "Movement is only possible along horizontal or vertical axes. So if the
  target is in a diagonally adjacent square, you need to move one horizontal
  and one vertical, and so the distance is two": the four diagonal steps are
  blocked, so a diagonal neighbour is two steps away;
- "If the target is higher, the number of turns it would take to climb to that
  height is included in counting the distance": a step costs 1 plus the levels
  climbed;
- "If the target is lower, there is no distance cost since jumping down is a
  free action": a step down costs 1 (the step), nothing for the drop, however far.

What blocks a step is 001's, unchanged: impassable squares, the map's edge,
edge walls and closed doors, and wall lines (:mod:`.line_steps`). Where 003 is
silent we chose: difficult terrain costs nothing extra (003 knows no difficult
terrain; the orthogonal distance ignores it too), and 001's descent roll does
not apply (jumping down is already free). So on open ground the cost of a move
equals the orthogonal distance the ruler shows.
"""

from __future__ import annotations

import numpy as np

from tactical.core.grid import GridMap
from tactical.core.movement.costs import (
    BLOCKED,
    DIRECTIONS,
    MAX_COST,
    BoolArray,
    ByteArray,
    step_costs,
    window,
)

ORTHOGONAL = tuple(d for d, (dc, dr) in enumerate(DIRECTIONS) if dc == 0 or dr == 0)
"""The four directions 003 allows: E, S, W, N."""


def step_costs_003(
    grid: GridMap,
    east: BoolArray,
    south: BoolArray,
    rows: tuple[int, int],
    cols: tuple[int, int],
    *,
    roll_descent: bool = False,
    crossed: BoolArray | None = None,
) -> ByteArray:
    """Costs ``(8, h, w)`` of a one-square token leaving each square of the window (003).

    Same arguments as :func:`.costs.step_costs`; ``roll_descent`` is ignored
    (a drop is free anyway). Diagonal steps are :data:`.costs.BLOCKED`.
    """
    blocked_001 = step_costs(grid, east, south, rows, cols, crossed=crossed) == BLOCKED
    r0, r1 = rows
    c0, c1 = cols
    h, w = r1 - r0, c1 - c0
    elev = window(grid.elevation, r0 - 1, r1 + 1, c0 - 1, c1 + 1, 0).astype(np.int32)
    origin = elev[1 : h + 1, 1 : w + 1]
    out = np.full((8, h, w), BLOCKED, dtype=np.uint8)
    for d in ORTHOGONAL:
        dc, dr = DIRECTIONS[d]
        rise = elev[1 + dr : 1 + dr + h, 1 + dc : 1 + dc + w] - origin
        cost = np.minimum(1 + np.maximum(rise, 0), MAX_COST)
        out[d] = np.where(blocked_001[d], BLOCKED, cost)
    return out


def uses_003(metric: str) -> bool:
    """Whether an encounter measured by ``metric`` moves by 003's costs (else 001's).

    ``orthogonal`` is 003's metric; ``chebyshev`` (001) and ``feet`` (004, Chebyshev
    squares times the square size) keep 001's costs.
    """
    return metric == "orthogonal"
