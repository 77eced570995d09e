"""Resizing a grid map (its width and height follow a background picture)."""

from __future__ import annotations

from tactical.core.changes import Change
from tactical.core.commands.base import Command
from tactical.core.encounter import Encounter
from tactical.core.grid import MAX_SIDE, GridError, GridMap
from tactical.core.tokens import Position


def resized(grid: GridMap, width: int, height: int) -> GridMap:
    """A copy of ``grid`` at ``width`` x ``height`` squares, anchored at the top-left corner.

    Squares, edge walls and wall lines that still fit are kept; new squares are
    open and at elevation 0.
    """
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
        raise GridError(f"a grid must be 1 to {MAX_SIDE} squares on a side, not {width} x {height}")
    bigger = GridMap(width, height, square_feet=grid.square_feet)
    rows, cols = min(height, grid.height), min(width, grid.width)
    bigger.elevation[:rows, :cols] = grid.elevation[:rows, :cols]
    bigger.terrain[:rows, :cols] = grid.terrain[:rows, :cols]
    bigger.walls = {
        (a, b): wall
        for (a, b), wall in grid.walls.items()
        if bigger.in_bounds(a) and bigger.in_bounds(b)
    }
    bigger.wall_lines = [
        line
        for line in grid.wall_lines
        if all(0 <= x <= width and 0 <= y <= height for x, y in (line.a, line.b))
    ]
    return bigger


class ResizeGrid(Command):
    """Make the grid ``width`` x ``height`` squares; tokens that no longer fit leave the map.

    The map keeps its top-left corner. A token is kept where it stands when its
    whole footprint still fits, else it is taken off the map (position None),
    and the undo puts it back.
    """

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self.text = "Resize map"
        self.before: GridMap | None = None
        self.moved: dict[str, Position] = {}

    def do(self, encounter: Encounter) -> None:
        grid = encounter.grid
        if grid is None:
            raise TypeError("only a grid map has a width and height to change")
        self.before = grid
        after = resized(grid, self.width, self.height)
        self.moved = {}
        for token in encounter.tokens.values():
            if token.square is not None and not all(
                after.in_bounds(square) for square in token.occupied()
            ):
                self.moved[token.id] = token.position
                token.position = None
        encounter.map = after
        encounter.notify(Change("terrain"))
        if self.moved:
            encounter.notify(Change("tokens", frozenset(self.moved)))

    def undo(self, encounter: Encounter) -> None:
        assert self.before is not None
        encounter.map = self.before
        for token_id, position in self.moved.items():
            encounter.tokens[token_id].position = position
        encounter.notify(Change("terrain"))
        if self.moved:
            encounter.notify(Change("tokens", frozenset(self.moved)))
