"""Tokens: the characters on the map, their side, statuses and tracked figures."""

from __future__ import annotations

from dataclasses import dataclass, field

from tactical.core.grid import Square

Position = Square | str | None
"""A square ``(column, row)`` on a grid map, an area id on an area map, or None (off the map)."""

Figure = int | float | str | bool | None
"""A value the active rules track for a token (a load, a tolerance, an injury level)."""


@dataclass
class Token:
    """A character on the map.

    ``position`` is the token's top-left square on a grid (a size-2 token at
    ``(3, 4)`` covers ``(3, 4)``, ``(4, 4)``, ``(3, 5)`` and ``(4, 5)``) or the
    id of its area on an area map. ``speed`` is in squares or areas.
    ``statuses`` maps a status name to its stacks (1 for a plain status).
    """

    id: str
    name: str = ""
    side: str = "npcs"
    position: Position = None
    size: int = 1
    speed: int = 6
    image: str | None = None
    statuses: dict[str, int] = field(default_factory=dict)
    figures: dict[str, Figure] = field(default_factory=dict)
    hidden: bool = False
    character: str | None = None
    """The id of the evening's roster character this token is (its shared fields are kept in
    step on every scene: :mod:`tactical.core.evening`), or None for a token of this map alone."""

    def __post_init__(self) -> None:
        if not self.name:
            self.name = self.id
        if isinstance(self.position, list):
            self.position = (int(self.position[0]), int(self.position[1]))
        if self.size < 1:
            raise ValueError(f"token '{self.id}' must be at least 1 square in size")

    @property
    def square(self) -> Square | None:
        """The top-left square on a grid map, None on an area map or off the map."""
        return self.position if isinstance(self.position, tuple) else None

    @property
    def area(self) -> str | None:
        """The area id on an area map, None on a grid."""
        return self.position if isinstance(self.position, str) else None

    def squares_at(self, corner: Square) -> list[Square]:
        """The squares this token would cover with its top-left square at ``corner``."""
        col, row = corner
        return [(col + dc, row + dr) for dr in range(self.size) for dc in range(self.size)]

    def occupied(self) -> list[Square]:
        """The squares this token covers now (empty on an area map)."""
        return self.squares_at(self.square) if self.square is not None else []
