"""One movement index per grid map, kept in step with the map's edits.

The index owns the wall arrays (edge walls, and the steps that cross a free
wall line: :mod:`.line_steps`), the cost layers (one per token size and
descent option, built on first use) and the region indexes. It listens to the
grid's square notifications and recomputes only a window around what changed,
so painting one square costs well under a millisecond. Tokens are not part of
the index: who blocks depends on who is asking, so searches apply tokens at
query time.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable

from tactical.core.grid import GridMap, Square
from tactical.core.line_crossing import FloatArray
from tactical.core.movement.costs import BoolArray, refresh_walls, wall_arrays
from tactical.core.movement.costs_003 import uses_003
from tactical.core.movement.layers import TILE, CostLayer, Rect
from tactical.core.movement.line_steps import blocking_table, crossed_steps, line_crossings
from tactical.core.movement.regions import RegionIndex
from tactical.core.wall_lines import WallLine

_WALL_REBUILD_AT = 2048
"""Above this many touched squares, re-read every wall instead of four per square."""


class MovementIndex:
    """Cost layers and regions for one :class:`GridMap`."""

    def __init__(self, grid: GridMap) -> None:
        self._grid = weakref.ref(grid)
        self.width = grid.width
        self.height = grid.height
        self.east: BoolArray
        self.south: BoolArray
        self.east, self.south = wall_arrays(grid)
        self.crossed: BoolArray = line_crossings(grid.wall_lines, grid.height, grid.width)
        self._had_lines = bool(grid.wall_lines)
        self._table_of: list[WallLine] = []
        self._table: FloatArray = blocking_table(())
        self.layers: dict[tuple[int, bool, bool], CostLayer] = {}
        self.regions: dict[tuple[int, bool], RegionIndex] = {}
        grid.add_listener(self._on_squares)

    @property
    def grid(self) -> GridMap:
        grid = self._grid()
        if grid is None:  # pragma: no cover - the cache drops us with the grid
            raise RuntimeError("the grid of this movement index is gone")
        return grid

    # -- layers ----------------------------------------------------------

    def layer(
        self,
        size: int = 1,
        roll_descent: bool = False,
        metric: str = "chebyshev",
        whole: bool = True,
    ) -> CostLayer:
        """The cost layer for tokens of ``size``, created on first use.

        The encounter's ``metric`` chooses the rule: 003's costs for
        ``orthogonal`` (:mod:`.costs_003`, where a descent roll means nothing),
        001's otherwise. With ``whole`` every tile is computed; without, the
        caller computes the window it reads (:meth:`CostLayer.ensure`), so a
        bounded question on a freshly opened map never pays for the whole map.
        """
        orthogonal = uses_003(metric)
        key = (size, roll_descent and not orthogonal, orthogonal)
        layer = self.layers.get(key)
        if layer is None:
            base = None if size == 1 else self.layer(1, key[1], metric, whole=False)
            layer = CostLayer(
                self.grid, self.east, self.south, size, key[1], base, self.crossed, orthogonal
            )
            self.layers[key] = layer
        if whole:
            layer.ensure_all()
        return layer

    def region_index(self, size: int = 1, metric: str = "chebyshev") -> RegionIndex:
        """Regions for tokens of ``size`` (descent rolls change costs, never regions)."""
        key = (size, uses_003(metric))
        regions = self.regions.get(key)
        if regions is None:
            regions = RegionIndex(self.layer(size, False, metric, whole=False))
            self.regions[key] = regions
        return regions

    # -- upkeep ----------------------------------------------------------

    def _on_squares(self, touched: frozenset[Square]) -> None:
        grid = self.grid
        if not touched:
            return
        if len(touched) > _WALL_REBUILD_AT:
            self.east[:, :], self.south[:, :] = wall_arrays(grid)
        else:
            refresh_walls(grid, self.east, self.south, touched)
        rects = _touched_rects(touched, grid.width, grid.height)
        if grid.wall_lines or self._had_lines:
            table = self._blocking_table(grid)
            for r0, r1, c0, c1 in rects:
                self.crossed[:, r0:r1, c0:c1] = crossed_steps(table, (r0, r1), (c0, c1))
            self._had_lines = bool(grid.wall_lines)
        for (size, _roll, _rule), layer in sorted(self.layers.items()):
            for rect in rects:
                layer.update(grid, self.east, self.south, _grow(rect, size, grid))
        for (size, _rule), regions in self.regions.items():
            for rect in rects:
                regions.mark_dirty(_grow(rect, size + 1, grid))

    def _blocking_table(self, grid: GridMap) -> FloatArray:
        """The blocking lines' ends, re-read only when a line was replaced (lines are
        immutable, so the same objects in the same order mean the same table)."""
        lines = grid.wall_lines
        same = len(lines) == len(self._table_of) and all(
            a is b for a, b in zip(lines, self._table_of, strict=True)
        )
        if not same:
            self._table_of = list(lines)
            self._table = blocking_table(lines)
        return self._table


def _grow(rect: Rect, size: int, grid: GridMap) -> Rect:
    """Positions of a ``size`` token whose step costs an edit inside ``rect`` can change."""
    r0, r1, c0, c1 = rect
    return (max(r0 - size, 0), min(r1 + 1, grid.height), max(c0 - size, 0), min(c1 + 1, grid.width))


def _touched_rects(touched: Iterable[Square], width: int, height: int) -> list[Rect]:
    """Cover the touched squares with one box, or with one box per tile when spread out."""
    squares = [(c, r) for c, r in touched if 0 <= c < width and 0 <= r < height]
    if not squares:
        return []
    cols = [c for c, _ in squares]
    rows = [r for _, r in squares]
    box = (min(rows), max(rows) + 1, min(cols), max(cols) + 1)
    if (box[1] - box[0]) * (box[3] - box[2]) <= 4 * len(squares) + 64:
        return [box]
    tiles: dict[tuple[int, int], list[Square]] = {}
    for c, r in squares:
        tiles.setdefault((r // TILE, c // TILE), []).append((c, r))
    rects = []
    for members in tiles.values():
        mc = [c for c, _ in members]
        mr = [r for _, r in members]
        rects.append((min(mr), max(mr) + 1, min(mc), max(mc) + 1))
    return rects


_INDEXES: dict[int, MovementIndex] = {}


def index_for(grid: GridMap) -> MovementIndex:
    """The movement index of ``grid``, built on first use and dropped with the grid.

    ``GridMap`` compares by value and is unhashable, so the cache is keyed by
    identity and cleaned up by a finalizer; the index holds the grid weakly.
    """
    index = _INDEXES.get(id(grid))
    if index is None or index._grid() is not grid:
        index = MovementIndex(grid)
        _INDEXES[id(grid)] = index
        weakref.finalize(grid, _INDEXES.pop, id(grid), None)
    return index
