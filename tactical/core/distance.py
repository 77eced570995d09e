"""Distances between squares under the three metrics of the seed rules.

- ``"chebyshev"`` (001, Thrum): the longer of the column and row differences.
- ``"orthogonal"`` (003): the fewest turns to get there moving along rows and
  columns only, where climbing to a higher square adds the height climbed
  and jumping down is free. It is the cheapest such route over the map, so a
  hill in the way counts unless going around it is shorter. Choice: terrain
  kind and walls are ignored, it measures range, not a walk. The search
  itself lives in ``tactical.core.orthogonal`` (numpy row sweeps, cached
  per start for the ruler).
- ``"feet"`` (004): Chebyshev squares times the map's square size.
"""

from __future__ import annotations

from typing import Any

from tactical.core.area_queries import areas_between
from tactical.core.encounter import Encounter, Metric
from tactical.core.engine_errors import EngineError
from tactical.core.grid import GridMap, Square
from tactical.core.orthogonal import orthogonal_distance

METRICS: tuple[Metric, ...] = ("chebyshev", "orthogonal", "feet")

__all__ = [
    "METRICS",
    "chebyshev",
    "distance",
    "encounter_distance",
    "orthogonal_distance",
    "token_distance",
]


def chebyshev(a: Square, b: Square) -> int:
    """001: "the longer of the two of the horizontal distance ... and the vertical distance"."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def distance(
    a: Square, b: Square, metric: Metric = "chebyshev", *, grid: GridMap | None = None
) -> int:
    """The distance between two squares under ``metric``.

    ``"orthogonal"`` needs ``grid`` (it reads elevations); ``"feet"`` uses the
    grid's square size, 5 feet without a grid.
    """
    if metric == "chebyshev":
        return chebyshev(a, b)
    if metric == "feet":
        return chebyshev(a, b) * (grid.square_feet if grid is not None else 5)
    if metric == "orthogonal":
        if grid is None:
            raise EngineError("the orthogonal metric climbs heights, so it needs grid=")
        return orthogonal_distance(grid, a, b)
    raise EngineError(f"unknown metric '{metric}'; use one of {', '.join(METRICS)}")


def encounter_distance(encounter: Encounter, a: Any, b: Any) -> int | None:
    """Distance under the encounter's own metric: squares on a grid, hops between
    area ids on an area map (None when no route joins them)."""
    if encounter.area_map is not None:
        return areas_between(encounter, str(a), str(b))
    grid = encounter.grid
    assert grid is not None
    return distance(tuple(a), tuple(b), encounter.metric, grid=grid)


def token_distance(encounter: Encounter, token_a: str, token_b: str) -> int | None:
    """Distance between two tokens: the nearest of their squares, or hops between
    their areas. None when either is off the map (or no route joins the areas)."""
    a, b = encounter.token(token_a), encounter.token(token_b)
    if encounter.area_map is not None:
        if a.area is None or b.area is None:
            return None
        return areas_between(encounter, a.area, b.area)
    if a.square is None or b.square is None:
        return None
    return min(
        int(encounter_distance(encounter, sa, sb) or 0)
        for sa in a.occupied()
        for sb in b.occupied()
    )
