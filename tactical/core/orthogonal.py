"""The orthogonal (003) distance, fast enough for a ruler on a 1024 x 1024 map.

The rule: the cheapest route along rows and columns where a step costs 1 plus
the levels climbed and stepping down is free (see ``tactical.core.distance``).
That is a shortest path on a directed graph, answered here with numpy row
sweeps instead of a Python priority queue:

- along one row, the best cost from anywhere to the left is a running minimum
  (``cost[c] = P[c] + min over k <= c of (cost[k] - P[k])`` with ``P`` the
  prefix sums of the step costs), so a whole row is relaxed in a few array
  operations, both ways;
- rows are visited top to bottom and back (Gauss-Seidel), each only when the
  row above or below it improved since it was last visited, until nothing
  improves. A route that winds up and down the map needs one more pass per
  turn back, so a maze of cliffs costs more passes; a hilly battlefield
  settles in one pass each way.

The answer is exact: it stops only at a fixed point of every step's
relaxation, which is the shortest-path distance. A one-off question searches
a window: first the box spanning both squares, whose answer bounds the route's
length, then that box grown by half the slack, which no cheaper route can leave.

Answers are cached per grid: the step-cost prefix sums (refreshed row by row
through the grid's square listeners) and the whole-map distances from the last
few starts asked more than once (the ruler measures from one square to
wherever the mouse is). Any edit drops the cached distances. Edits must go
through ``GridMap.set_square``/``set_squares`` (as for movement): writing into
``grid.elevation`` directly is not seen.
"""

from __future__ import annotations

import weakref
from collections import OrderedDict

import numpy as np
import numpy.typing as npt

from tactical.core.engine_errors import EngineError
from tactical.core.grid import GridMap, Square

IntArray = npt.NDArray[np.int64]
StepArray = npt.NDArray[np.int32]

_INF = 1 << 60
"""Not reached yet; far above any route (2,048 steps of 65,535 levels) yet safe to add to."""

_FIELDS_KEPT = 4
"""Whole-map answers kept per grid (4 MB each at 1024 x 1024)."""

_STARTS_SEEN = 16
"""Starts remembered as asked once; asked again, they get a whole-map answer."""


class OrthogonalCosts:
    """Step-cost prefix sums of one grid, and its cached whole-map answers.

    ``east[r, c]``: cost of walking from column 0 east to ``c`` along row ``r``;
    ``west[r, c]``: from the last column west to ``c``; ``south[r]``: cost of
    the step from row ``r - 1`` down into row ``r`` (row 0 unused); ``north[r]``:
    from row ``r + 1`` up into row ``r`` (the last row unused). Stored as int32
    (a row of 1,024 climbs of 65,535 levels fits); the sweeps add in int64.
    """

    def __init__(self, grid: GridMap) -> None:
        self._grid = weakref.ref(grid)
        self._elevation = grid.elevation
        height, width = grid.height, grid.width
        self.east: StepArray = np.zeros((height, width), np.int32)
        self.west: StepArray = np.zeros((height, width), np.int32)
        self.south: StepArray = np.zeros((height, width), np.int32)
        self.north: StepArray = np.zeros((height, width), np.int32)
        self._dirty: set[int] | None = None  # None: every row
        self.fields: OrderedDict[Square, npt.NDArray[np.int32]] = OrderedDict()
        self.seen: OrderedDict[Square, None] = OrderedDict()
        grid.add_listener(self._on_squares)

    def forget(self) -> None:
        """Drop the cached answers (every edit does; benchmarks ask afresh with it)."""
        self.fields.clear()
        self.seen.clear()

    def _on_squares(self, touched: frozenset[Square]) -> None:
        self.forget()
        if self._dirty is not None:
            for _col, row in touched:
                self._dirty.update((row - 1, row, row + 1))

    def refresh(self, grid: GridMap) -> None:
        """Bring the prefix sums in step with the grid's elevations."""
        if grid.elevation is not self._elevation:  # replaced wholesale: redo everything
            self._elevation = grid.elevation
            self._dirty = None
            self.forget()
        if self._dirty is not None and not self._dirty:
            return
        height = grid.height
        rows = (
            range(height)
            if self._dirty is None
            else sorted(r for r in self._dirty if 0 <= r < height)
        )
        self._dirty = set()
        if not rows:
            return
        rows_array = np.fromiter(rows, np.intp)
        elevation = grid.elevation.astype(np.int64)
        band = elevation[rows_array]
        self.east[rows_array, 1:] = np.cumsum(1 + np.maximum(0, band[:, 1:] - band[:, :-1]), axis=1)
        westward = (1 + np.maximum(0, band[:, :-1] - band[:, 1:]))[:, ::-1]
        self.west[rows_array, :-1] = np.cumsum(westward, axis=1)[:, ::-1]
        inner = rows_array[rows_array > 0]
        self.south[inner] = 1 + np.maximum(0, elevation[inner] - elevation[inner - 1])
        inner = rows_array[rows_array < height - 1]
        self.north[inner] = 1 + np.maximum(0, elevation[inner] - elevation[inner + 1])

    def window(self, start: Square, rows: tuple[int, int], cols: tuple[int, int]) -> IntArray:
        """Distances from ``start`` within ``rows`` x ``cols``, by routes that stay inside."""
        r0, r1 = rows
        c0, c1 = cols
        east, west = self.east[r0:r1, c0:c1], self.west[r0:r1, c0:c1]
        south, north = self.south[r0:r1, c0:c1], self.north[r0:r1, c0:c1]
        height = r1 - r0
        costs = np.full((height, c1 - c0), _INF, np.int64)
        sr = start[1] - r0
        line = costs[sr].copy()
        line[start[0] - c0] = 0
        costs[sr] = _along(line, east[sr], west[sr])
        from_above = [False] * height
        from_below = [False] * height
        if sr + 1 < height:
            from_above[sr + 1] = True
        if sr > 0:
            from_below[sr - 1] = True
        pending = True
        while pending:
            pending = False
            for step, order, flags, steps in (
                (-1, range(height), from_above, south),
                (1, range(height - 1, -1, -1), from_below, north),
            ):
                for r in order:
                    if not flags[r]:
                        continue
                    flags[r] = False
                    current = costs[r]
                    line = np.minimum(current, costs[r + step] + steps[r])
                    line = _along(line, east[r], west[r])
                    if (line < current).any():
                        costs[r] = line
                        pending = True
                        if r + 1 < height:
                            from_above[r + 1] = True
                        if r > 0:
                            from_below[r - 1] = True
        return costs


def _along(line: IntArray, east: StepArray, west: StepArray) -> IntArray:
    """Relax one row both ways with running minima (see the module doc)."""
    line = np.minimum(line, east + np.minimum.accumulate(line - east))
    tail = np.minimum.accumulate((line - west)[::-1])[::-1]
    return np.minimum(line, west + tail)


_COSTS: dict[int, OrthogonalCosts] = {}


def costs_for(grid: GridMap) -> OrthogonalCosts:
    """The grid's cached step costs, up to date; dropped with the grid."""
    costs = _COSTS.get(id(grid))
    if costs is None or costs._grid() is not grid:
        costs = OrthogonalCosts(grid)
        _COSTS[id(grid)] = costs
        weakref.finalize(grid, _COSTS.pop, id(grid), None)
    costs.refresh(grid)
    return costs


def _check(grid: GridMap, *squares: Square) -> None:
    for square in squares:
        if not grid.in_bounds(square):
            raise EngineError(f"square {square} is outside the map")


def orthogonal_field(grid: GridMap, start: Square) -> npt.NDArray[np.int32]:
    """003 distances from ``start`` to every square, as a read-only ``[row, col]`` array.

    Cached per grid for the last few starts until the next edit, so asking from
    the same start again costs nothing.
    """
    _check(grid, start)
    start = (int(start[0]), int(start[1]))
    costs = costs_for(grid)
    field = costs.fields.get(start)
    if field is None:
        field = costs.window(start, (0, grid.height), (0, grid.width)).astype(np.int32)
        field.flags.writeable = False
        costs.fields[start] = field
        while len(costs.fields) > _FIELDS_KEPT:
            costs.fields.popitem(last=False)
    else:
        costs.fields.move_to_end(start)
    return field


def orthogonal_distances_from(
    grid: GridMap, start: Square, max_distance: int | None = None
) -> dict[Square, int]:
    """Every square's 003 distance from ``start`` (only those within ``max_distance``)."""
    field = orthogonal_field(grid, start)
    rows, cols = (
        np.nonzero(field <= max_distance)
        if max_distance is not None
        else np.indices(field.shape).reshape(2, -1)
    )
    return dict(
        zip(
            zip(cols.tolist(), rows.tolist(), strict=True),
            field[rows, cols].tolist(),
            strict=True,
        )
    )


def orthogonal_distance(grid: GridMap, a: Square, b: Square) -> int:
    """003's distance from ``a`` to ``b`` (see the module doc for how it is found).

    A start asked for the second time gets a whole-map answer cached, so the
    ruler's many goals from one square are each a lookup.
    """
    _check(grid, a, b)
    a = (int(a[0]), int(a[1]))
    if a == (b[0], b[1]):
        return 0
    costs = costs_for(grid)
    if a in costs.fields or a in costs.seen:
        return int(orthogonal_field(grid, a)[b[1], b[0]])
    costs.seen[a] = None
    while len(costs.seen) > _STARTS_SEEN:
        costs.seen.popitem(last=False)
    (ac, ar), (bc, br) = a, b
    rows = (min(ar, br), max(ar, br) + 1)
    cols = (min(ac, bc), max(ac, bc) + 1)
    bound = int(costs.window(a, rows, cols)[br - rows[0], bc - cols[0]])
    # A route costing at most ``bound`` takes at most ``bound`` steps, so it
    # strays at most half the slack beyond the box on any side.
    slack = (bound - abs(ac - bc) - abs(ar - br)) // 2
    grown_rows = (max(rows[0] - slack, 0), min(rows[1] + slack, grid.height))
    grown_cols = (max(cols[0] - slack, 0), min(cols[1] + slack, grid.width))
    if slack <= 0 or (grown_rows, grown_cols) == (rows, cols):
        return bound
    rows, cols = grown_rows, grown_cols
    return int(costs.window(a, rows, cols)[br - rows[0], bc - cols[0]])
