"""Commands on free wall lines (imported maps): open or close a door line, delete or add a line.

Lines are addressed by their index in ``GridMap.wall_lines``; each command
remembers the line it replaced, so undo puts back exactly what was there, at
the same index (a deleted line comes back where it was, so later indexes stay
right for the commands above it on the undo stack).
"""

from __future__ import annotations

from dataclasses import replace

from tactical.core.changes import Change
from tactical.core.commands.base import Command, grid_of
from tactical.core.encounter import Encounter
from tactical.core.grid import GridMap
from tactical.core.wall_lines import WallLine


class SetWallLine(Command):
    """Replace the wall line at ``index`` (``None`` deletes it; ``index == len`` adds one)."""

    def __init__(self, index: int, line: WallLine | None, *, text: str | None = None) -> None:
        self.index = index
        self.line = line
        self.before: WallLine | None = None
        self.text = text or ("Delete wall line" if line is None else "Draw wall line")

    def _notify(self, encounter: Encounter, grid: GridMap) -> None:
        near = {s for w in (self.before, self.line) if w is not None for s in grid.squares_near(w)}
        encounter.notify(Change("walls", squares=frozenset(near)))

    def do(self, encounter: Encounter) -> None:
        grid = grid_of(encounter, "wall lines live on grid maps")
        if not 0 <= self.index <= len(grid.wall_lines):
            raise IndexError(f"there is no wall line {self.index}")
        self.before = grid.set_wall_line(self.index, self.line)
        self._notify(encounter, grid)

    def undo(self, encounter: Encounter) -> None:
        grid = grid_of(encounter, "wall lines live on grid maps")
        if self.line is None and self.before is not None:
            # set_wall_line replaces or appends; put the deleted line back in its place,
            # then "replace" it by itself so the grid's listeners hear the squares.
            grid.wall_lines.insert(self.index, self.before)
            grid.set_wall_line(self.index, self.before)
        elif self.before is None:
            grid.set_wall_line(self.index, None)
        else:
            grid.set_wall_line(self.index, self.before)
        self._notify(encounter, grid)


def toggle_door(encounter: Encounter, index: int) -> SetWallLine:
    """The command that opens the door line at ``index`` if closed, closes it if open."""
    line = grid_of(encounter, "wall lines live on grid maps").wall_lines[index]
    if line.kind != "door":
        raise ValueError(f"wall line {index} is a {line.kind}, not a door")
    return SetWallLine(
        index, replace(line, open=not line.open), text="Close door" if line.open else "Open door"
    )
