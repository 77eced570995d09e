"""The fog tool's mouse gestures, without Qt: brush, rectangle, polygon, area click.

Left button reveals, Shift + left hides (or the other way round when the tool
is set to hide). A brush stroke runs from press to release and fills the
squares between fast mouse moves; all its commands share one ``gesture`` so
the document merges them into one undo step. A rectangle is dragged; a
polygon gets a corner per left click and is applied by a right click or a
click on its first corner; an area is revealed or hidden by one click.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from tactical.app.map.geometry import CELL
from tactical.app.map.interaction.events import Pointer
from tactical.core.commands.base import Command
from tactical.core.commands.fog import RevealAreas, RevealSquares
from tactical.core.encounter import Encounter
from tactical.core.fog import brush_squares, polygon_mask, rectangle_squares
from tactical.core.grid import Square

FogShape = Literal["brush", "rectangle", "polygon", "area"]
BRUSH_SIZES = (1, 3, 5)
CLOSE_PX = 12.0
"""Scene units from the first corner within which a click closes the polygon."""

_gestures = itertools.count(1)


def square_of(pointer: Pointer) -> Square:
    return (math.floor(pointer.x / CELL), math.floor(pointer.y / CELL))


def line_squares(a: Square, b: Square) -> list[Square]:
    """The squares from ``a`` to ``b`` (both included), one per step of the longer axis."""
    steps = max(abs(b[0] - a[0]), abs(b[1] - a[1]))
    if steps == 0:
        return [a]
    return [
        (round(a[0] + (b[0] - a[0]) * i / steps), round(a[1] + (b[1] - a[1]) * i / steps))
        for i in range(steps + 1)
    ]


@dataclass
class FogGesture:
    """One fog tool's state: its shape, brush size, default action and gesture in progress."""

    encounter: Callable[[], Encounter]
    shape: FogShape = "brush"
    size: int = 3
    reveal: bool = True
    """What a plain left click does; Shift does the other."""
    reveal_now: bool = True
    """What the gesture in progress does."""
    active: bool = False
    start: Square | None = None
    last: Square | None = None
    corners: list[tuple[float, float]] = field(default_factory=list)
    """The polygon's corners so far, in map units."""
    hover: Square | None = None
    gesture: int = 0
    message: str = ""

    # -- what the tool shows ------------------------------------------------

    def preview(self) -> list[Square]:
        """The squares the gesture would change now (brush outline, rectangle)."""
        if self.shape == "rectangle" and self.active and self.start and self.last:
            return rectangle_squares(self.start, self.last)
        if self.shape == "brush" and self.hover is not None:
            return brush_squares(self.hover, self.size)
        return []

    def _reveals(self, pointer: Pointer) -> bool:
        return self.reveal != pointer.shift

    # -- events -----------------------------------------------------------------

    def press(self, pointer: Pointer) -> Command | None:
        encounter = self.encounter()
        self.message = ""
        if self.shape == "polygon":
            return self._polygon_press(pointer)
        if not pointer.left:
            return None
        if self.shape == "area":
            area_map = encounter.area_map
            if area_map is None:
                self.message = "Area clicks work on area maps; use the brush on a grid."
                return None
            area_id = area_map.area_at(pointer.x / CELL, pointer.y / CELL)
            if area_id is None:
                return None
            return RevealAreas([area_id], reveal=self._reveals(pointer))
        if encounter.grid is None:
            self.message = "On an area map, click an area to reveal or hide it."
            return None
        self.active = True
        self.gesture = next(_gestures)
        self.reveal_now = self._reveals(pointer)
        self.start = self.last = self.hover = square_of(pointer)
        if self.shape == "brush":
            return self._paint([self.start])
        return None

    def move(self, pointer: Pointer) -> Command | None:
        square = square_of(pointer)
        self.hover = square
        if not self.active or square == self.last:
            return None
        previous, self.last = self.last, square
        if self.shape == "brush" and previous is not None:
            return self._paint(line_squares(previous, square))
        return None

    def release(self, pointer: Pointer) -> Command | None:
        if not self.active:
            return None
        self.active = False
        if self.shape == "rectangle" and self.start is not None:
            end = square_of(pointer)
            return self._paint(rectangle_squares(self.start, end))
        return None

    def cancel(self) -> None:
        self.active = False
        self.corners = []
        self.start = self.last = None

    # -- helpers ----------------------------------------------------------------

    def _paint(self, centres: list[Square]) -> Command | None:
        squares: list[Square] = []
        if self.shape == "brush":
            for centre in centres:
                squares.extend(brush_squares(centre, self.size))
        else:
            squares = centres
        grid = self.encounter().grid
        if grid is None:
            return None
        squares = [s for s in dict.fromkeys(squares) if grid.in_bounds(s)]
        if not squares:
            return None
        return RevealSquares(squares, reveal=self.reveal_now, gesture=self.gesture)

    def _polygon_press(self, pointer: Pointer) -> Command | None:
        encounter = self.encounter()
        grid = encounter.grid
        if grid is None:
            self.message = "On an area map, click an area to reveal or hide it."
            return None
        point = (pointer.x / CELL, pointer.y / CELL)
        closing = pointer.right or (
            len(self.corners) >= 3 and math.dist(point, self.corners[0]) * CELL <= CLOSE_PX
        )
        if not closing:
            if pointer.left:
                if not self.corners:
                    self.reveal_now = self._reveals(pointer)
                self.corners.append(point)
                self.message = "Click the next corner; right-click or the first corner applies."
            return None
        corners, self.corners = self.corners, []
        if len(corners) < 3:
            self.message = "A polygon needs three corners."
            return None
        mask = polygon_mask(corners, grid.width, grid.height)
        if not mask.any():
            return None
        return RevealSquares(mask, reveal=self.reveal_now, gesture=next(_gestures))
