"""Where a token can move and how: the questions the map view and the procedures ask.

Thrum (001) movement on a grid, counted in squares; hops on an area map. An
encounter measured ``orthogonal`` moves by 003's costs instead
(:mod:`.costs_003`: rows and columns only, climbing counted, jumping down free).
Choices where 001 is silent (also in docs/rules.md, "Movement"):

- a token larger than one square moves by its top-left square; every square
  of its footprint must be a legal square, and a step costs the worst of the
  single-square steps its squares make;
- another token's squares: an ally's can be crossed but not ended on, an
  enemy's never entered; hidden tokens block like visible ones;
- a teleport is the whole move: one jump to any legal square within its range
  (Chebyshev), over walls and tokens, costing the distance in squares when it
  "uses movement" and nothing otherwise. Leaving the start and entering the
  destination add nothing (001);
- with ``roll_descent`` a drop of two or more levels in one step costs no
  extra movement, and the path lists those steps so the rules can call for
  the Endurance or Reflex roll (opposition = levels dropped).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from tactical.core.area_queries import area_path, reachable_areas
from tactical.core.encounter import Encounter
from tactical.core.engine_errors import EngineError
from tactical.core.grid import GridMap, Square
from tactical.core.movement.band import band_path
from tactical.core.movement.banned import beyond_banned_side, direction_indexes
from tactical.core.movement.blocking import blockers_for
from tactical.core.movement.costs import BLOCKED, DIRECTIONS
from tactical.core.movement.index import index_for
from tactical.core.movement.layers import CostLayer
from tactical.core.movement.regions import RegionIndex
from tactical.core.movement.search import Blockers, cheapest_path, costs_within, pocket_is_sealed
from tactical.core.tokens import Token


@dataclass(frozen=True)
class MoveOptions:
    """How a move is made.

    ``teleport``: the move is a teleport with this range in squares.
    ``teleport_uses_movement``: the teleport spends its distance from the budget.
    ``roll_descent``: drops of two or more levels cost nothing extra, at the
    price of a roll the rules call for (001).
    ``banned_steps``: steps ``(d_column, d_row)`` no step of the path may take
    (003 Stumble: :func:`.banned.steps_towards` the blocked direction). A
    teleport is one jump and ignores them. A goal on the banned side is refused
    without a search; the region checks ignore the bans, so a path question
    with no budget to any other goal that only a banned step reaches searches
    the goal's region before it answers None (the drag asks with its budget,
    which bounds the search).
    """

    teleport: int | None = None
    teleport_uses_movement: bool = True
    roll_descent: bool = False
    banned_steps: frozenset[tuple[int, int]] = frozenset()


@dataclass(frozen=True)
class DescentRoll:
    """A step of a path that drops ``levels`` >= 2 and so needs 001's descent roll.

    ``step`` is the index of the step: from ``path[step]`` to ``path[step + 1]``.
    The environment's opposition level is ``levels``.
    """

    step: int
    origin: Square
    landing: Square
    levels: int


class MovePath(tuple[list[Square], int]):
    """``(squares, cost)``: the squares from start to goal (both included) and the cost.

    It unpacks as the pair the API promises; ``rolls`` lists the steps that
    need a descent roll and ``teleport`` says the move is one jump.
    """

    rolls: tuple[DescentRoll, ...]
    teleport: bool

    def __new__(
        cls,
        squares: list[Square],
        cost: int,
        rolls: Iterable[DescentRoll] = (),
        teleport: bool = False,
    ) -> MovePath:
        path = super().__new__(cls, (squares, cost))
        path.rolls = tuple(rolls)
        path.teleport = teleport
        return path

    def __getnewargs__(self) -> tuple[Any, ...]:
        """So copies and pickles (a procedure's saved state) rebuild the whole path."""
        return (self[0], self[1], self.rolls, self.teleport)

    @property
    def squares(self) -> list[Square]:
        return self[0]

    @property
    def cost(self) -> int:
        return self[1]


def _grid(encounter: Encounter) -> GridMap:
    grid = encounter.grid
    if grid is None:
        raise EngineError("this question needs a grid map")
    return grid


def _placed(encounter: Encounter, token_id: str) -> tuple[Token, Square]:
    token = encounter.token(token_id)
    if token.square is None:
        raise EngineError(f"token '{token_id}' is not on a square of the map")
    return token, token.square


def _chebyshev(a: Square, b: Square) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def reachable_squares(
    encounter: Encounter,
    token_id: str,
    budget: int | None = None,
    options: MoveOptions | None = None,
) -> Mapping[Square, int]:
    """Every square the token can end its move on, with its cheapest cost.

    The start square is included at 0; nothing costs more than ``budget`` (the
    token's speed when None). For a large token the squares are its top-left
    positions.
    """
    grid = _grid(encounter)
    token, start = _placed(encounter, token_id)
    options = options or MoveOptions()
    limit = token.speed if budget is None else budget
    if limit < 0:
        raise EngineError("a movement budget cannot be negative")
    layer = index_for(grid).layer(token.size, options.roll_descent, encounter.metric, whole=False)
    blockers = blockers_for(encounter, token)
    if options.teleport is not None:
        layer.ensure_around(start, options.teleport)
        return _teleport_reach(layer.valid, start, limit, options, blockers)
    layer.ensure_around(start, limit)
    return costs_within(layer, start, limit, blockers, direction_indexes(options.banned_steps))


def _teleport_reach(
    valid: Any, start: Square, budget: int, options: MoveOptions, blockers: Blockers
) -> dict[Square, int]:
    assert options.teleport is not None
    reach = options.teleport
    if options.teleport_uses_movement:
        reach = min(reach, budget)
    height, width = valid.shape
    result = {start: 0}
    sc, sr = start
    for row in range(max(sr - reach, 0), min(sr + reach + 1, height)):
        for col in range(max(sc - reach, 0), min(sc + reach + 1, width)):
            square = (col, row)
            if square == start or square in blockers.no_stop or not valid[row, col]:
                continue
            result[square] = _chebyshev(start, square) if options.teleport_uses_movement else 0
    return result


def find_square_path(
    encounter: Encounter,
    token_id: str,
    goal: Square,
    options: MoveOptions | None = None,
    budget: int | None = None,
) -> MovePath | None:
    """The cheapest path for the token to end on ``goal``, or None when it cannot.

    ``budget`` (no limit when None) caps the cost. A goal in another walled-off
    region, or sealed off by enemies in a small pocket, is refused without a
    search of the map.
    """
    grid = _grid(encounter)
    token, start = _placed(encounter, token_id)
    options = options or MoveOptions()
    goal = (int(goal[0]), int(goal[1]))
    if goal == start:
        return MovePath([start], 0)
    if not grid.in_bounds(goal):
        return None
    if budget is not None and options.teleport is None and _chebyshev(start, goal) > budget:
        return None  # no step costs less than 1 nor goes further than one square
    if options.teleport is None and beyond_banned_side(options.banned_steps, start, goal):
        return None  # every step that way is banned (003 Stumble)
    index = index_for(grid)
    # A small budget bounds the search by itself: no region index, no flood, and
    # only the tiles within the budget are computed (the first drag on a big map).
    bounded = budget is not None and (2 * budget + 1) ** 2 <= _BOUNDED_SEARCH
    layer = index.layer(token.size, options.roll_descent, encounter.metric, whole=False)
    layer.ensure_around(goal, 1)
    if bounded and budget is not None:
        layer.ensure_around(start, budget)
    blockers = blockers_for(encounter, token)
    if not layer.valid[goal[1], goal[0]] or goal in blockers.no_stop:
        return None
    if options.teleport is not None:
        distance = _chebyshev(start, goal)
        cost = distance if options.teleport_uses_movement else 0
        if distance > options.teleport or (budget is not None and cost > budget):
            return None
        return MovePath([start, goal], cost, teleport=True)
    banned = direction_indexes(options.banned_steps)
    near = None if bounded else _near_path(layer, start, goal, blockers, budget, banned)
    if near is not None:  # found close by: no whole layer, no region index (a drop)
        rolls = _descent_rolls(grid, token.size, near[0]) if layer.roll_descent else []
        return MovePath(near[0], near[1], rolls)
    if not bounded:
        layer.ensure_all()
        regions = index.region_index(token.size, encounter.metric)
        if layer.valid[start[1], start[0]]:
            if not regions.connected(start, goal):
                return None
            if blockers.no_entry and _sealed_by_enemies(layer, regions, start, goal, blockers):
                return None
        elif not _first_steps_reach_region(layer, regions, start, goal):
            return None
    found = _search(layer, start, goal, blockers, budget, bounded, banned)
    if found is None:
        return None
    squares, cost = found
    rolls = _descent_rolls(grid, token.size, squares) if layer.roll_descent else []
    return MovePath(squares, cost, rolls)


NEAR_REACH = 127
"""The furthest cost a first, bounded try of a path question with no budget looks (a window
of at most 255 x 255 squares round the start)."""


def _near_path(
    layer: CostLayer,
    start: Square,
    goal: Square,
    blockers: Blockers,
    budget: int | None,
    banned: frozenset[int],
) -> tuple[list[Square], int] | None:
    """The cheapest path when it costs at most about twice the distance: an A* bounded by
    that cost, over the cost tiles within it only, giving up after a few positions per
    square of the distance. None when it cannot tell (the caller then asks the regions
    and searches the whole map).

    A path found within the bound is the answer of the unbounded question: any cheaper
    or equally cheap path nearer the line also costs no more than the bound, and the
    A* ranks paths the same way (cost, then the straight line).
    """
    distance = _chebyshev(start, goal)
    reach = 2 * distance + 16
    if reach > NEAR_REACH:
        return None
    cap = reach if budget is None else min(budget, reach)
    layer.ensure_around(start, cap)
    found = cheapest_path(
        layer, start, goal, blockers, cap, give_up=16 * distance + 256, banned=banned
    )
    return found if found else None


LONG_PATH = 48
"""From this Chebyshev distance on, an unbounded path is searched in C on a band (:mod:`.band`)."""


def _search(
    layer: CostLayer,
    start: Square,
    goal: Square,
    blockers: Blockers,
    budget: int | None,
    bounded: bool,
    banned: frozenset[int] = frozenset(),
) -> tuple[list[Square], int] | None:
    """The cheapest path: the pure-Python A* for short and bounded questions (a drag
    preview) and for long ones it crosses quickly, scipy's Dijkstra on the band that
    can hold the path when the A* would look at many positions per step."""
    distance = _chebyshev(start, goal)
    if not bounded and distance >= LONG_PATH:
        # The A* first, while its estimate guides it well (an open map: about one
        # position per step); past four per square it has come nearer, the band in C.
        quick = cheapest_path(
            layer, start, goal, blockers, budget, 2 * distance + 64, banned, pace=4
        )
        if quick is not False:
            return quick
        found = band_path(layer, start, goal, blockers, budget, banned)
        if found is not False:
            return found  # type: ignore[return-value]
    found_here = cheapest_path(layer, start, goal, blockers, budget, banned=banned)
    assert found_here is not False
    return found_here


def _first_steps_reach_region(
    layer: CostLayer, regions: RegionIndex, start: Square, goal: Square
) -> bool:
    """For a token put where it could not stand (an impassable square): can one of
    its first steps lead into the goal's region?"""
    col, row = start
    for d, (dc, dr) in enumerate(DIRECTIONS):
        if layer.costs[d, row, col] == BLOCKED:
            continue
        if regions.connected((col + dc, row + dr), goal):
            return True
    return False


def _sealed_by_enemies(
    layer: CostLayer,
    regions: RegionIndex,
    start: Square,
    goal: Square,
    blockers: Blockers,
) -> bool:
    """True when enemies cut ``goal`` off from ``start`` (both in one walled region).

    A small pocket around the goal is found by a flood from it; otherwise,
    unless a small budget already bounds the search, the regions answer with
    the enemies' positions closed. So a goal behind a ring of enemies, however
    large the ring, is refused without searching the map.
    """
    sealed = pocket_is_sealed(layer, goal, start, blockers)
    if sealed is not None:
        return sealed
    return not regions.connected_avoiding(start, goal, blockers.no_entry)


_BOUNDED_SEARCH = 16384
"""A budget whose square of reach holds at most this many positions needs no region check."""


def _descent_rolls(grid: GridMap, size: int, squares: list[Square]) -> list[DescentRoll]:
    rolls = []
    elevation = grid.elevation
    for step, (a, b) in enumerate(pairwise(squares)):
        drop = max(
            int(elevation[a[1] + j, a[0] + i]) - int(elevation[b[1] + j, b[0] + i])
            for i in range(size)
            for j in range(size)
        )
        if drop >= 2:
            rolls.append(DescentRoll(step, a, b, drop))
    return rolls


def reachable(
    encounter: Encounter,
    token_id: str,
    budget: int | None = None,
    options: MoveOptions | None = None,
) -> Mapping[Any, int]:
    """Where the token can end its move, with cheapest costs.

    On a grid: a mapping square -> cost (:func:`reachable_squares`; over arrays, not
    a dict: a whole big map holds a million squares). On an area map:
    ``dict[area_id, hops]`` (:func:`reachable_areas`); move options do not apply there.
    """
    if encounter.area_map is not None:
        return dict(reachable_areas(encounter, token_id, budget))
    return reachable_squares(encounter, token_id, budget, options)


def find_path(
    encounter: Encounter,
    token_id: str,
    goal: Any,
    options: MoveOptions | None = None,
    budget: int | None = None,
) -> tuple[list[Any], int] | None:
    """``(path, cost)`` to ``goal`` or None: a :class:`MovePath` of squares on a grid,
    a list of area ids and the hops on an area map."""
    if encounter.area_map is not None:
        return area_path(encounter, token_id, str(goal), budget)
    return find_square_path(encounter, token_id, tuple(goal), options, budget)
