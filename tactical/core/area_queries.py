"""The engine's answers on an area map (000, 002): hops, melee, one-area effects.

Choices where the texts are silent (see docs/rules.md, "Area maps"):

- movement is counted in areas crossed: one hop per step into a neighbouring
  area, staying put is 0;
- no token blocks movement between areas: everyone in an area is in melee
  with everyone else there (000), so an enemy shares an area rather than
  filling it;
- an area effect covers exactly the one area it names (000).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tactical.core.areas import AreaMap
from tactical.core.encounter import Encounter
from tactical.core.engine_errors import EngineError

if TYPE_CHECKING:
    import networkx as nx


def _area_map(encounter: Encounter) -> AreaMap:
    area_map = encounter.area_map
    if area_map is None:
        raise EngineError("this question needs an area map")
    return area_map


def _known(area_map: AreaMap, area_id: str) -> str:
    if area_id not in area_map.areas:
        raise EngineError(f"there is no area '{area_id}'")
    return area_id


def _token_area(encounter: Encounter, token_id: str) -> str:
    token = encounter.token(token_id)
    if token.area is None:
        raise EngineError(f"token '{token_id}' is not in an area")
    return _known(_area_map(encounter), token.area)


def areas_between(encounter: Encounter, a: str, b: str) -> int | None:
    """Hops between two areas (same area = 0), or None when no route joins them."""
    area_map = _area_map(encounter)
    _known(area_map, a)
    _known(area_map, b)
    import networkx as nx  # on the first area question: a grid map never needs it

    try:
        return int(nx.shortest_path_length(area_map.graph(), a, b))
    except nx.NetworkXNoPath:
        return None


def reachable_areas(
    encounter: Encounter, token_id: str, budget: int | None = None
) -> dict[str, int]:
    """Every area the token can reach within ``budget`` hops (its speed when None), with hops."""
    start = _token_area(encounter, token_id)
    limit = encounter.token(token_id).speed if budget is None else budget
    import networkx as nx

    lengths = nx.single_source_shortest_path_length(_area_map(encounter).graph(), start, limit)
    return {str(area): int(hops) for area, hops in lengths.items()}


def area_path(
    encounter: Encounter, token_id: str, goal: str, budget: int | None = None
) -> tuple[list[str], int] | None:
    """The shortest chain of areas from the token's area to ``goal`` and its hops, or None."""
    start = _token_area(encounter, token_id)
    area_map = _area_map(encounter)
    graph = area_map.graph()
    _known(area_map, goal)
    import networkx as nx

    try:
        hops = int(nx.shortest_path_length(graph, start, goal))
    except nx.NetworkXNoPath:
        return None
    if budget is not None and hops > budget:
        return None
    return _nearest_the_line(area_map, graph, start, goal, hops), hops


def _nearest_the_line(
    area_map: AreaMap, graph: nx.Graph, start: str, goal: str, hops: int
) -> list[str]:
    """Of the paths of ``hops`` hops, the one a person would draw: from the start, each
    hop goes to the area, among those still on a shortest path, whose centre lies
    nearest the straight line between the start's and the goal's centres (then by id).

    Without it networkx returns whichever shortest path its search meets first,
    which can zigzag across a field of equal areas (grids rank the same way:
    :mod:`tactical.core.movement.straight`).
    """
    import networkx as nx

    from_start = nx.single_source_shortest_path_length(graph, start, cutoff=hops)
    to_goal = nx.single_source_shortest_path_length(graph, goal, cutoff=hops)
    a = area_map.areas[start].polygon.centroid
    b = area_map.areas[goal].polygon.centroid
    dx, dy = b.x - a.x, b.y - a.y

    def off_line(area_id: str) -> tuple[float, str]:
        c = area_map.areas[area_id].polygon.centroid
        return abs((c.x - a.x) * dy - (c.y - a.y) * dx), str(area_id)

    path = [start]
    for step in range(1, hops + 1):
        on_a_shortest = [
            v
            for v in graph[path[-1]]
            if from_start.get(v) == step and to_goal.get(v) == hops - step
        ]
        path.append(str(min(on_a_shortest, key=off_line)))
    return path


def same_area_is_melee(encounter: Encounter, token_a: str, token_b: str) -> bool:
    """True when both tokens stand in the same area: in melee range of each other (000)."""
    a = encounter.token(token_a).area
    b = encounter.token(token_b).area
    return a is not None and a == b


def area_footprint(encounter: Encounter, area_id: str) -> frozenset[str]:
    """What an area effect aimed at ``area_id`` covers: that one area (000)."""
    return frozenset((_known(_area_map(encounter), area_id),))


def area_placement_ok(encounter: Encounter, area_id: str, user_area: str, range_: int) -> bool:
    """001's placement rule read on an area map: the one area must be within ``range_``
    hops of the user's area; with range 0 it must be the user's own area."""
    hops = areas_between(encounter, area_id, user_area)
    return hops is not None and hops <= max(range_, 0)


def moving_target_modifier(areas_moved: int) -> int:
    """Column shifts for a target that moved this many areas (002, Phase A).

    Up to 5 areas -1CS, 6 to 10 -2CS, 11 or more -4CS; a target that did not
    move has no modifier. The same table penalises firing while moving.
    """
    if areas_moved < 0:
        raise EngineError("areas moved cannot be negative")
    if areas_moved == 0:
        return 0
    if areas_moved <= 5:
        return -1
    if areas_moved <= 10:
        return -2
    return -4


firing_while_moving_modifier = moving_target_modifier
"""002: "If firing and moving at the same time ... up to 5 areas -1CS; 6 to 10 -2CS; 11+ -4CS"."""
