"""Painting elevation and terrain on a grid map with a square brush, without Qt.

A stroke runs from press to release. Each square is painted at most once per
stroke (a raise brush dragged back and forth raises the squares it crossed by
one, not by the number of passes), squares already as the brush would leave
them are skipped, and fast mouse moves are filled in so a quick stroke leaves
no gaps. Every command of one stroke carries the same ``stroke_id``, so the
document merges them into one undo step (see
:class:`tactical.core.commands.PaintSquares`).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from tactical.app.map.geometry import CELL
from tactical.app.map.interaction.events import Pointer
from tactical.core.commands.terrain import PaintSquares
from tactical.core.encounter import Encounter
from tactical.core.grid import GridMap, Square, Terrain
from tactical.persistence.checks import MAX_ELEVATION, MIN_ELEVATION

BrushKind = Literal["raise", "lower", "level", "open", "difficult", "impassable"]
BRUSH_SIZES = (1, 2, 3)

_TERRAIN: dict[str, Terrain] = {
    "open": Terrain.OPEN,
    "difficult": Terrain.DIFFICULT,
    "impassable": Terrain.IMPASSABLE,
}
_strokes = itertools.count(1)


@dataclass(frozen=True)
class Brush:
    """What a stroke does: raise or lower by one, level to ``level``, or set a terrain."""

    kind: BrushKind = "raise"
    size: int = 1
    level: int = 0

    def describe(self) -> str:
        if self.kind == "raise":
            return "Raise +1"
        if self.kind == "lower":
            return "Lower -1"
        if self.kind == "level":
            return f"Elevation {self.level:+d}"
        return f"{self.kind.capitalize()} terrain"


def brush_squares(grid: GridMap, x: float, y: float, size: int) -> list[Square]:
    """The on-map squares under a ``size`` x ``size`` brush centred on scene point ``(x, y)``.

    Odd sizes centre on the square under the point; a 2 x 2 brush covers the
    four squares around the grid corner nearest the point.
    """
    col0 = math.floor(x / CELL - size / 2 + 0.5)
    row0 = math.floor(y / CELL - size / 2 + 0.5)
    return [
        (col, row)
        for row in range(row0, row0 + size)
        for col in range(col0, col0 + size)
        if grid.in_bounds((col, row))
    ]


def _between(a: tuple[float, float], b: tuple[float, float]) -> list[tuple[float, float]]:
    """Points from ``a`` (excluded) to ``b`` (included) at most half a square apart."""
    steps = max(1, math.ceil(math.dist(a, b) / (CELL / 2)))
    return [
        (a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps)
        for i in range(1, steps + 1)
    ]


class PaintStroke:
    """Press, drag and release with a :class:`Brush`; each event may give a command to push."""

    def __init__(self, encounter: Callable[[], Encounter], brush: Brush | None = None) -> None:
        self._encounter = encounter
        self.brush = brush or Brush()
        self.stroke_id: object | None = None
        self.painted: set[Square] = set()
        self._last: tuple[float, float] | None = None
        self.message = ""
        """Why the last event painted less than asked (at an elevation limit), else empty."""

    @property
    def active(self) -> bool:
        return self.stroke_id is not None

    @property
    def grid(self) -> GridMap | None:
        return self._encounter().grid

    def under(self, pointer: Pointer) -> list[Square]:
        """The squares the brush covers at the pointer (for the outline while hovering)."""
        grid = self.grid
        return [] if grid is None else brush_squares(grid, pointer.x, pointer.y, self.brush.size)

    def press(self, pointer: Pointer) -> PaintSquares | None:
        """Start a stroke (left button) and paint under the brush."""
        if not pointer.left or self.grid is None:
            return None
        self.stroke_id = ("paint", next(_strokes))
        self.painted = set()
        self._last = (pointer.x, pointer.y)
        return self._paint([(pointer.x, pointer.y)])

    def move(self, pointer: Pointer) -> PaintSquares | None:
        """While a stroke is on, paint the squares the brush crossed since the last event."""
        if not self.active or self._last is None:
            return None
        points = _between(self._last, (pointer.x, pointer.y))
        self._last = (pointer.x, pointer.y)
        return self._paint(points)

    def release(self, pointer: Pointer) -> None:
        self.cancel()

    def cancel(self) -> None:
        """End the stroke (what it painted stays: it is already one undo step)."""
        self.stroke_id = None
        self._last = None
        self.painted = set()

    def _paint(self, points: list[tuple[float, float]]) -> PaintSquares | None:
        grid = self.grid
        if grid is None:
            return None
        self.message = ""
        wanted: list[Square] = []
        for x, y in points:
            for square in brush_squares(grid, x, y, self.brush.size):
                if square not in self.painted:
                    self.painted.add(square)
                    wanted.append(square)
        changed = [s for s in wanted if self._changes(grid, s)]
        if not changed:
            return None
        brush = self.brush
        if brush.kind in ("raise", "lower"):
            return PaintSquares(
                changed, raise_by=1 if brush.kind == "raise" else -1, stroke_id=self.stroke_id
            )
        if brush.kind == "level":
            return PaintSquares(changed, elevation=brush.level, stroke_id=self.stroke_id)
        return PaintSquares(changed, terrain=_TERRAIN[brush.kind], stroke_id=self.stroke_id)

    def _changes(self, grid: GridMap, square: Square) -> bool:
        """True when the brush would change ``square`` (and may: elevations stay in range)."""
        brush = self.brush
        elevation = grid.elevation_at(square)
        if brush.kind == "raise":
            if elevation >= MAX_ELEVATION:
                self.message = f"Elevation stops at {MAX_ELEVATION:+d}."
                return False
            return True
        if brush.kind == "lower":
            if elevation <= MIN_ELEVATION:
                self.message = f"Elevation stops at {MIN_ELEVATION:+d}."
                return False
            return True
        if brush.kind == "level":
            return elevation != brush.level
        return grid.terrain_at(square) != _TERRAIN[brush.kind]
