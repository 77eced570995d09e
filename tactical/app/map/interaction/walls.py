"""Placing walls and doors on the edges between squares, and opening doors, without Qt.

- A click toggles the edge nearest the pointer: the wall tool puts a plain
  wall there, or removes a plain wall that is there (a door becomes a wall);
  the door tool likewise with a closed door. Shift+click removes whatever is
  on the edge.
- A drag draws a run along the grid lines: the pointer snaps to the nearest
  grid corner, and every corner it moves to is joined to the previous one
  along the grid lines (a diagonal drag becomes a staircase). Releasing puts
  a wall (or door) on every edge of the run as one undo step; Shift+drag
  removes the walls and doors on the run instead. A run that starts in the
  middle of an edge and goes on along it includes that edge.
- Opening and closing a door is its own edit (:func:`door_toggle`), used by
  Alt+click and the context menu in normal mode.

Edges on the map's border separate a square from nothing and are never used.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from tactical.app.map.geometry import CELL
from tactical.app.map.interaction.events import Pointer
from tactical.core.commands.base import Batch, Command
from tactical.core.commands.terrain import SetWall
from tactical.core.encounter import Encounter
from tactical.core.grid import Edge, GridMap, Wall, edge

WallKind = Literal["wall", "door"]
Vertex = tuple[int, int]
"""A grid corner: ``(i, j)`` is the top-left corner of square ``(i, j)``."""

DOOR_REACH = 0.3
"""How close to a door (in squares) Alt+click or the context menu must be to use it."""


def nearest_vertex(x: float, y: float) -> Vertex:
    """The grid corner nearest the scene point ``(x, y)``."""
    return (math.floor(x / CELL + 0.5), math.floor(y / CELL + 0.5))


def segment_edge(grid: GridMap, v: Vertex, w: Vertex) -> Edge | None:
    """The edge along the unit grid line from ``v`` to ``w`` (None on the map's border)."""
    (i0, j0), (i1, j1) = sorted((v, w))
    if j0 == j1 and i1 == i0 + 1:  # horizontal line: the squares above and below it
        a, b = (i0, j0 - 1), (i0, j0)
    elif i0 == i1 and j1 == j0 + 1:  # vertical line: the squares left and right of it
        a, b = (i0 - 1, j0), (i0, j0)
    else:
        return None
    if not (grid.in_bounds(a) and grid.in_bounds(b)):
        return None
    return edge(a, b)


def edge_segment(e: Edge) -> tuple[Vertex, Vertex]:
    """The two grid corners at the ends of an edge."""
    (ac, ar), (_bc, br) = sorted(e)
    if ar == br:  # side by side: the vertical line right of a
        return ((ac + 1, ar), (ac + 1, ar + 1))
    return ((ac, ar + 1), (ac + 1, ar + 1))


def _sides(x: float, y: float) -> list[tuple[float, tuple[Vertex, Vertex]]]:
    """The four sides of the square under a point, nearest first, with their distances."""
    col, row = math.floor(x / CELL), math.floor(y / CELL)
    fx, fy = x / CELL - col, y / CELL - row
    sides = [
        (fx, ((col, row), (col, row + 1))),
        (1 - fx, ((col + 1, row), (col + 1, row + 1))),
        (fy, ((col, row), (col + 1, row))),
        (1 - fy, ((col, row + 1), (col + 1, row + 1))),
    ]
    return sorted(sides, key=lambda side: side[0])


def nearest_edge(grid: GridMap, x: float, y: float) -> Edge | None:
    """The edge between two squares of the map nearest the scene point ``(x, y)``."""
    for _distance, (v, w) in _sides(x, y):
        found = segment_edge(grid, v, w)
        if found is not None:
            return found
    return None


def edge_near(grid: GridMap, x: float, y: float, reach: float) -> Edge | None:
    """The nearest edge when it is within ``reach`` squares of the point, else None."""
    for distance, (v, w) in _sides(x, y):
        if distance > reach:
            return None
        found = segment_edge(grid, v, w)
        if found is not None:
            return found
    return None


def staircase(v: Vertex, w: Vertex) -> list[Vertex]:
    """Grid corners from ``v`` (excluded) to ``w`` in unit steps along the grid lines.

    The step goes along the axis with the larger remaining distance, so a
    straight drag stays straight and a diagonal one becomes an even staircase.
    """
    corners: list[Vertex] = []
    i, j = v
    while (i, j) != w:
        dx, dy = w[0] - i, w[1] - j
        if abs(dx) >= abs(dy):
            i += 1 if dx > 0 else -1
        else:
            j += 1 if dy > 0 else -1
        corners.append((i, j))
    return corners


def door_toggle(grid: GridMap, x: float, y: float, reach: float = DOOR_REACH) -> SetWall | None:
    """Open the closed door (or close the open one) near the point; None when no door is near."""
    found = edge_near(grid, x, y, reach)
    if found is None:
        return None
    wall = grid.walls.get(found)
    if wall is None or not wall.door:
        return None
    return door_command(found, wall)


def door_command(e: Edge, wall: Wall) -> SetWall:
    """The edit that opens a closed door or closes an open one."""
    command = SetWall(e[0], e[1], Wall(door=True, open=not wall.open))
    command.text = "Close door" if wall.open else "Open door"
    return command


def click_command(grid: GridMap, e: Edge, kind: WallKind, erase: bool) -> SetWall | None:
    """What a click on edge ``e`` does with the wall or door tool (None: nothing to do)."""
    current = grid.walls.get(e)
    if erase:
        return None if current is None else SetWall(e[0], e[1], None)
    wanted = Wall(door=kind == "door")
    if current is not None and current.door == wanted.door:
        return SetWall(e[0], e[1], None)
    return SetWall(e[0], e[1], wanted)


def run_command(grid: GridMap, edges: list[Edge], kind: WallKind, erase: bool) -> Command | None:
    """One undo step that puts a wall (or closed door) on every edge, or removes them."""
    wanted = None if erase else Wall(door=kind == "door")
    commands: list[Command] = [
        SetWall(e[0], e[1], wanted) for e in edges if grid.walls.get(e) != wanted
    ]
    if not commands:
        return None
    noun = "door" if kind == "door" and not erase else "wall"
    count = len(commands)
    verb = "Remove" if erase else "Place"
    text = f"{verb} {noun}" if count == 1 else f"{verb} {count} {noun}s"
    return Batch(text, commands)


@dataclass
class WallFeedback:
    """What to show after an event: the run so far, and at release the edit to push."""

    edges: list[Edge] = field(default_factory=list)
    erase: bool = False
    command: Command | None = None
    message: str = ""


class WallDrawer:
    """The press / drag / release cycle of the wall and door tools."""

    def __init__(self, encounter: Callable[[], Encounter], kind: WallKind = "wall") -> None:
        self._encounter = encounter
        self.kind: WallKind = kind
        self.corners: list[Vertex] = []
        self.erase = False
        self._pressed_side: tuple[Vertex, Vertex] | None = None
        self._press_at: tuple[float, float] = (0.0, 0.0)

    @property
    def active(self) -> bool:
        return bool(self.corners)

    @property
    def grid(self) -> GridMap | None:
        return self._encounter().grid

    def hover(self, pointer: Pointer) -> Edge | None:
        """The edge a click here would toggle."""
        grid = self.grid
        return None if grid is None else nearest_edge(grid, pointer.x, pointer.y)

    def press(self, pointer: Pointer) -> WallFeedback | None:
        if not pointer.left or self.grid is None:
            return None
        self.corners = [nearest_vertex(pointer.x, pointer.y)]
        self.erase = pointer.shift
        self._press_at = (pointer.x, pointer.y)
        self._pressed_side = _sides(pointer.x, pointer.y)[0][1]
        return WallFeedback(erase=self.erase)

    def move(self, pointer: Pointer) -> WallFeedback | None:
        """None unless the run grew (the pointer reached another grid corner)."""
        if not self.corners:
            return None
        corner = nearest_vertex(pointer.x, pointer.y)
        if corner == self.corners[-1]:
            return None
        if len(self.corners) == 1:
            self._start_through_pressed_edge(corner)
        self.corners.extend(staircase(self.corners[-1], corner))
        return WallFeedback(self.edges(), self.erase)

    def release(self, pointer: Pointer) -> WallFeedback:
        if len(self.corners) > 1:
            self.move(pointer)  # the run ends where the button is let go
        grid = self.grid
        corners, erase = self.corners, self.erase
        self.cancel()
        if grid is None or not corners:
            return WallFeedback()
        if len(corners) == 1:  # a click: toggle the edge nearest the press
            found = nearest_edge(grid, *self._press_at)
            if found is None:
                return WallFeedback(message="No edge between two squares here.")
            click = click_command(grid, found, self.kind, erase)
            return WallFeedback([found], erase, click, "" if click else "No wall here.")
        edges = self._edges_of(corners)
        command = run_command(grid, edges, self.kind, erase)
        message = "" if command is not None else "Nothing to change on that run."
        return WallFeedback(edges, erase, command, message)

    def cancel(self) -> None:
        self.corners = []
        self.erase = False
        self._pressed_side = None

    def edges(self) -> list[Edge]:
        return self._edges_of(self.corners)

    def _edges_of(self, corners: list[Vertex]) -> list[Edge]:
        grid = self.grid
        if grid is None:
            return []
        found = (segment_edge(grid, v, w) for v, w in itertools.pairwise(corners))
        return list(dict.fromkeys(e for e in found if e is not None))

    def _start_through_pressed_edge(self, towards: Vertex) -> None:
        """Begin the run at the pressed edge's far end when the drag goes on along it."""
        if self._pressed_side is None:
            return
        start = self.corners[0]
        v, w = self._pressed_side
        if start not in (v, w):
            return
        other = w if start == v else v
        step = (start[0] - other[0], start[1] - other[1])
        ahead = (towards[0] - start[0], towards[1] - start[1])
        along = (step[0] == 0 and ahead[0] == 0 and ahead[1] * step[1] > 0) or (
            step[1] == 0 and ahead[1] == 0 and ahead[0] * step[0] > 0
        )
        if along:
            self.corners.insert(0, other)
