"""Square grids with elevation, terrain and walls.

Terrain lives in two numpy arrays (elevation and terrain kind, indexed
``[row, column]``) rather than in per-square objects, so a 1024 x 1024 map
stays a few megabytes and the movement engine can read windows of it cheaply.
Every edit goes through :meth:`GridMap.set_square` or :meth:`GridMap.set_wall`
so listeners (movement caches, the view's cached layers) hear exactly which
squares changed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from enum import IntEnum
from itertools import chain

import numpy as np
import numpy.typing as npt

from tactical.core.openings import lines_an_edit_retrims
from tactical.core.wall_lines import WallLine

Square = tuple[int, int]
"""A square as ``(column, row)``; ``(0, 0)`` is the top-left square."""

Edge = tuple[Square, Square]
"""The edge between two orthogonally adjacent squares, smaller square first."""

MAX_SIDE = 1024
"""The largest width or height a grid map may have."""


class Terrain(IntEnum):
    """What a square costs or forbids to enter (001: difficult terrain, impassable)."""

    OPEN = 0
    DIFFICULT = 1
    IMPASSABLE = 2


_TERRAIN_SUFFIX = {Terrain.OPEN: "", Terrain.DIFFICULT: "d", Terrain.IMPASSABLE: "x"}
_SUFFIX_TERRAIN = {"d": Terrain.DIFFICULT, "x": Terrain.IMPASSABLE}


@dataclass(frozen=True)
class Wall:
    """A wall on the edge between two squares; a door is a wall that can be opened."""

    door: bool = False
    open: bool = False

    @property
    def blocks(self) -> bool:
        """True when nothing passes this edge (a wall, or a closed door)."""
        return not (self.door and self.open)


class GridError(ValueError):
    """A grid that cannot be built as asked (bad notation, out-of-range size)."""


def edge(a: Square, b: Square) -> Edge:
    """The normalised edge between two orthogonally adjacent squares."""
    if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
        raise GridError(f"squares {a} and {b} do not share an edge")
    return (a, b) if a <= b else (b, a)


SquareListener = Callable[[frozenset[Square]], None]


class GridMap:
    """A ``width`` x ``height`` grid of squares with elevation, terrain and walls."""

    kind = "grid"

    def __init__(
        self,
        width: int,
        height: int,
        *,
        square_feet: int = 5,
        elevation: npt.ArrayLike | None = None,
        terrain: npt.ArrayLike | None = None,
        walls: dict[Edge, Wall] | None = None,
        wall_lines: Iterable[WallLine] = (),
    ) -> None:
        if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
            raise GridError(
                f"a grid must be 1 to {MAX_SIDE} squares on a side, not {width} x {height}"
            )
        if square_feet < 1:
            raise GridError("a square must be at least 1 foot on a side")
        self.width = width
        self.height = height
        self.square_feet = square_feet
        self.elevation: npt.NDArray[np.int16] = (
            np.zeros((height, width), dtype=np.int16)
            if elevation is None
            else np.array(elevation, dtype=np.int16).reshape(height, width)
        )
        self.terrain: npt.NDArray[np.uint8] = (
            np.zeros((height, width), dtype=np.uint8)
            if terrain is None
            else np.array(terrain, dtype=np.uint8).reshape(height, width)
        )
        if self.terrain.size and int(self.terrain.max()) > int(Terrain.IMPASSABLE):
            raise GridError("terrain codes are 0 (open), 1 (difficult) and 2 (impassable)")
        self.walls: dict[Edge, Wall] = {}
        for (a, b), wall in (walls or {}).items():
            self.walls[edge(a, b)] = wall
        self.wall_lines: list[WallLine] = list(wall_lines)
        """Free wall segments in square units (imported maps): :mod:`tactical.core.wall_lines`."""
        self.revision = 0
        self._listeners: list[SquareListener] = []

    # -- queries ---------------------------------------------------------

    def in_bounds(self, square: Square) -> bool:
        col, row = square
        return 0 <= col < self.width and 0 <= row < self.height

    def elevation_at(self, square: Square) -> int:
        return int(self.elevation[square[1], square[0]])

    def terrain_at(self, square: Square) -> Terrain:
        return Terrain(int(self.terrain[square[1], square[0]]))

    def squares(self) -> Iterator[Square]:
        """Every square, row by row from the top."""
        for row in range(self.height):
            for col in range(self.width):
                yield (col, row)

    def wall_between(self, a: Square, b: Square) -> Wall | None:
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
            return None
        return self.walls.get(edge(a, b))

    def blocked_edge(self, a: Square, b: Square) -> bool:
        """True when a wall or a closed door stands between two adjacent squares."""
        wall = self.wall_between(a, b)
        return wall is not None and wall.blocks

    # -- edits -----------------------------------------------------------

    def add_listener(self, listener: SquareListener) -> None:
        """Call ``listener`` with the squares touched by every later edit."""
        self._listeners.append(listener)

    def _touched(self, squares: Iterable[Square]) -> None:
        self.revision += 1
        touched = frozenset(squares)
        for listener in list(self._listeners):
            listener(touched)

    def set_square(
        self,
        square: Square,
        *,
        elevation: int | None = None,
        terrain: Terrain | int | None = None,
    ) -> tuple[int, Terrain]:
        """Change one square; returns its previous ``(elevation, terrain)``."""
        if not self.in_bounds(square):
            raise GridError(f"square {square} is outside the {self.width} x {self.height} map")
        col, row = square
        old = (int(self.elevation[row, col]), Terrain(int(self.terrain[row, col])))
        if elevation is not None:
            self.elevation[row, col] = elevation
        if terrain is not None:
            self.terrain[row, col] = int(Terrain(terrain))
        self._touched((square,))
        return old

    def set_squares(
        self, changes: dict[Square, tuple[int, Terrain]]
    ) -> dict[Square, tuple[int, Terrain]]:
        """Set many squares at once (one notification); returns their previous values."""
        old: dict[Square, tuple[int, Terrain]] = {}
        for square, (elev, terr) in changes.items():
            if not self.in_bounds(square):
                raise GridError(f"square {square} is outside the {self.width} x {self.height} map")
            col, row = square
            old[square] = (int(self.elevation[row, col]), Terrain(int(self.terrain[row, col])))
            self.elevation[row, col] = elev
            self.terrain[row, col] = int(terr)
        self._touched(changes)
        return old

    def set_wall(self, a: Square, b: Square, wall: Wall | None) -> Wall | None:
        """Put ``wall`` between ``a`` and ``b`` (None removes it); returns the old one."""
        key = edge(a, b)
        if not (self.in_bounds(a) and self.in_bounds(b)):
            raise GridError(f"the edge between {a} and {b} is outside the map")
        old = self.walls.pop(key, None)
        if wall is not None:
            self.walls[key] = wall
        self._touched(key)
        return old

    def set_wall_line(self, index: int, line: WallLine | None) -> WallLine | None:
        """Replace the wall line at ``index`` (None removes it; ``index == len`` appends).

        Returns the old line. Listeners hear the squares the old and new lines pass near,
        and those the lines whose trim at a doorway the edit changes pass near
        (:func:`tactical.core.openings.lines_an_edit_retrims`).
        """
        old = self.wall_lines[index] if index < len(self.wall_lines) else None
        if line is None:
            if old is not None:
                del self.wall_lines[index]
        elif old is None:
            self.wall_lines.insert(index, line)
        else:
            self.wall_lines[index] = line
        edited = [w for w in (old, line) if w is not None]
        retrimmed = lines_an_edit_retrims(self.wall_lines, edited)
        self._touched(s for w in chain(edited, retrimmed) for s in self.squares_near(w))
        return old

    def squares_near(self, line: WallLine) -> Iterator[Square]:
        """The on-map squares within one square of a wall line (not of its bounding box).

        A square is near when its centre lies within ``NEAR_LINE`` (one square
        plus half a square's diagonal) of the segment, so every square whose
        own area comes within one square of the line is listed, and with it
        the origin of every step between centres that meets the line. Row by
        row, only the columns beside the line are tested (numpy, no Python loop
        per square): a long diagonal lists a strip, not its bounding box.
        """
        rows, cols = squares_near_segment(line.a, line.b, self.width, self.height)
        return zip(cols.tolist(), rows.tolist(), strict=True)

    # -- notation --------------------------------------------------------

    @classmethod
    def from_text(cls, text: str, *, square_feet: int = 5) -> GridMap:
        """Build a grid from the compact notation, e.g. ``"0 0 2 2d -1 0x"``.

        One line per row, top row first; squares separated by spaces; a square
        is a signed integer elevation optionally followed by ``d`` (difficult)
        or ``x`` (impassable). Blank lines are ignored.
        """
        rows = [line.split() for line in text.strip().splitlines() if line.strip()]
        if not rows:
            raise GridError("the notation has no rows")
        width = len(rows[0])
        elevation: list[list[int]] = []
        terrain: list[list[int]] = []
        for row_index, cells in enumerate(rows):
            if len(cells) != width:
                raise GridError(
                    f"row {row_index} has {len(cells)} squares, the first row has {width}"
                )
            elevation_row: list[int] = []
            terrain_row: list[int] = []
            for col_index, cell in enumerate(cells):
                suffix = cell[-1].lower() if cell[-1].isalpha() else ""
                number = cell[:-1] if suffix else cell
                if suffix and suffix not in _SUFFIX_TERRAIN:
                    raise GridError(
                        f"square ({col_index}, {row_index}) '{cell}': "
                        "terrain must be 'd' (difficult) or 'x' (impassable)"
                    )
                try:
                    value = int(number)
                except ValueError:
                    raise GridError(
                        f"square ({col_index}, {row_index}) '{cell}' is not an elevation"
                    ) from None
                elevation_row.append(value)
                terrain_row.append(int(_SUFFIX_TERRAIN.get(suffix, Terrain.OPEN)))
            elevation.append(elevation_row)
            terrain.append(terrain_row)
        return cls(width, len(rows), square_feet=square_feet, elevation=elevation, terrain=terrain)

    def to_text(self) -> str:
        """The compact notation of this grid (walls are not part of it)."""
        lines = []
        for row in range(self.height):
            cells = [
                str(int(self.elevation[row, col]))
                + _TERRAIN_SUFFIX[Terrain(int(self.terrain[row, col]))]
                for col in range(self.width)
            ]
            lines.append(" ".join(cells))
        return "\n".join(lines)

    # -- value semantics -------------------------------------------------

    def copy(self) -> GridMap:
        return GridMap(
            self.width,
            self.height,
            square_feet=self.square_feet,
            elevation=self.elevation.copy(),
            terrain=self.terrain.copy(),
            walls=dict(self.walls),
            wall_lines=list(self.wall_lines),
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GridMap):
            return NotImplemented
        return (
            self.width == other.width
            and self.height == other.height
            and self.square_feet == other.square_feet
            and bool(np.array_equal(self.elevation, other.elevation))
            and bool(np.array_equal(self.terrain, other.terrain))
            and self.walls == other.walls
            and self.wall_lines == other.wall_lines
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"GridMap({self.width} x {self.height}, {len(self.walls)} walls)"


NEAR_LINE = 1.0 + 0.5 * 2**0.5 + 1e-9
"""How far (in squares) from a wall line a square's centre may lie for the square to be near it."""


def squares_near_segment(
    a: tuple[float, float], b: tuple[float, float], width: int, height: int
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Rows and columns of the on-map squares whose centres lie within ``NEAR_LINE`` of a-b."""
    reach = NEAR_LINE
    (ax, ay), (bx, by) = a, b
    r0 = max(int(np.floor(min(ay, by) - reach - 0.5)), 0)
    r1 = min(int(np.ceil(max(ay, by) + reach - 0.5)), height - 1)
    empty = np.zeros(0, dtype=np.int64)
    if r1 < r0 or width <= 0:
        return empty, empty
    rows = np.arange(r0, r1 + 1, dtype=np.int64)
    yc = rows + 0.5
    # The part of the segment within ``reach`` of each row's centre line, as x bounds.
    if ay == by:
        x_lo = np.full(rows.shape, min(ax, bx))
        x_hi = np.full(rows.shape, max(ax, bx))
    else:  # a line a hair long divides to infinities, which the clip takes as 0 or 1
        with np.errstate(over="ignore"):
            t_a = np.clip((yc - reach - ay) / (by - ay), 0.0, 1.0)
            t_b = np.clip((yc + reach - ay) / (by - ay), 0.0, 1.0)
        x_a, x_b = ax + t_a * (bx - ax), ax + t_b * (bx - ax)
        x_lo, x_hi = np.minimum(x_a, x_b), np.maximum(x_a, x_b)
    c_lo = np.clip(np.floor(x_lo - reach - 0.5), 0, width - 1).astype(np.int64)
    c_hi = np.clip(np.ceil(x_hi + reach - 0.5), 0, width - 1).astype(np.int64)
    counts = np.maximum(c_hi - c_lo + 1, 0)
    cand_rows = np.repeat(rows, counts)
    starts = np.repeat(c_lo - np.concatenate(([0], np.cumsum(counts)[:-1])), counts)
    cand_cols = starts + np.arange(int(counts.sum()), dtype=np.int64)
    px, py = cand_cols + 0.5, cand_rows + 0.5
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    if length2 == 0:  # a point (or a line so short its squared length is 0)
        t = np.zeros(px.shape)
    else:
        with np.errstate(over="ignore", invalid="ignore"):
            t = np.clip(((px - ax) * dx + (py - ay) * dy) / length2, 0.0, 1.0)
    near = (px - ax - t * dx) ** 2 + (py - ay - t * dy) ** 2 <= reach * reach
    return cand_rows[near], cand_cols[near]
