"""The ruler: distance by the encounter's metric from a square (or area) to the cursor.

Click to start, click again to add waypoints, right-click or Escape to put the
ruler away. Distances come from the engine (Chebyshev, orthogonal with
climbing, or feet on a grid; areas crossed on an area map); the ruler only
adds the legs up.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tactical.app.encounter import engine
from tactical.app.map.interaction.events import Pointer
from tactical.app.map.interaction.locate import position_at
from tactical.core.encounter import Encounter


@dataclass(frozen=True)
class Reading:
    """The measured points (waypoints, then the cursor), each leg, and the total in words."""

    points: list[Any]
    legs: list[int | None]
    total: int | None
    label: str


class Ruler:
    """Waypoints and a cursor; every change returns a new :class:`Reading`."""

    def __init__(self, encounter: Callable[[], Encounter]) -> None:
        self._encounter = encounter
        self.waypoints: list[Any] = []
        self.cursor: Any = None

    @property
    def encounter(self) -> Encounter:
        return self._encounter()

    @property
    def active(self) -> bool:
        return bool(self.waypoints)

    def _at(self, pointer: Pointer) -> Any:
        position = position_at(self.encounter, pointer.x, pointer.y)
        grid = self.encounter.grid
        if isinstance(position, tuple) and grid is not None and not grid.in_bounds(position):
            return None
        return position

    def press(self, pointer: Pointer) -> Reading | None:
        """Left click: start or add a waypoint. Right click: put the ruler away."""
        if pointer.right:
            self.clear()
            return None
        position = self._at(pointer)
        if position is None:
            return self.reading() if self.waypoints else None
        if not self.waypoints or self.waypoints[-1] != position:
            self.waypoints.append(position)
        self.cursor = position
        return self.reading()

    def move(self, pointer: Pointer) -> Reading | None:
        """The cursor moved: a new reading when it is over another square or area."""
        if not self.waypoints:
            return None
        position = self._at(pointer)
        if position is None or position == self.cursor:
            return None
        self.cursor = position
        return self.reading()

    def clear(self) -> None:
        self.waypoints = []
        self.cursor = None

    def reading(self) -> Reading:
        points = list(self.waypoints)
        if self.cursor is not None and (not points or points[-1] != self.cursor):
            points.append(self.cursor)
        legs = [engine.distance(self.encounter, a, b) for a, b in itertools.pairwise(points)]
        total: int | None = (
            None if any(leg is None for leg in legs) else sum(leg or 0 for leg in legs)
        )
        return Reading(points, legs, total, self.describe(total))

    def describe(self, total: int | None) -> str:
        """The total in the encounter's units: squares (and feet), feet, or areas."""
        encounter = self.encounter
        if total is None:
            return "no route"
        if encounter.area_map is not None:
            return f"{total} area{'' if total == 1 else 's'}"
        grid = encounter.grid
        feet = grid.square_feet if grid is not None else 5
        if encounter.metric == "feet":
            return f"{total} ft"
        squares = f"{total} square{'' if total == 1 else 's'}"
        return f"{squares} ({total * feet} ft)"
