"""Free wall lines: walls that follow the picture, not the square edges.

Maps imported from Universal VTT files (Dungeondraft, DungeonFog, Dungeon
Alchemist) draw walls as polylines anywhere on the map, curved cave walls
included. Snapping them to square edges would lose their shape, which sight
and the export back to UVTT both need, so the model keeps each segment as it
is, in square units (``(0, 0)`` is the map's top-left corner, ``(1, 1)`` the
far corner of the first square). The movement engine and cover derive what
they need from the lines (which steps between square centres they cross).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

WallLineKind = Literal["wall", "door", "window", "object"]
"""``wall`` blocks movement and sight; a ``door`` blocks both while closed; a
``window`` blocks movement, not sight; an ``object`` (UVTT's
``objects_line_of_sight``: furniture, pillars) blocks sight, not movement."""

WALL_LINE_KINDS: tuple[WallLineKind, ...] = ("wall", "door", "window", "object")

Point = tuple[float, float]


@dataclass(frozen=True)
class WallLine:
    """One straight wall segment from ``a`` to ``b`` in square units."""

    a: Point
    b: Point
    kind: WallLineKind = "wall"
    open: bool = False

    def __post_init__(self) -> None:
        if self.open and self.kind != "door":
            raise ValueError("only a door can be open")

    @property
    def blocks_movement(self) -> bool:
        """Walls and windows always, doors while closed, objects never."""
        if self.kind == "door":
            return not self.open
        return self.kind in ("wall", "window")

    @property
    def blocks_sight(self) -> bool:
        """Walls and objects always, doors while closed, windows never."""
        if self.kind == "door":
            return not self.open
        return self.kind in ("wall", "object")

    @property
    def length(self) -> float:
        return float(((self.b[0] - self.a[0]) ** 2 + (self.b[1] - self.a[1]) ** 2) ** 0.5)
