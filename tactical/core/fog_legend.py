"""What the players' legend names, kept as the fog changes: counts, not a pass over the map.

:func:`~tactical.core.fog_queries.legend_contents` looks at every found square of the map:
on 1024 x 1024 about 2 ms, at every dab of a fog brush. :class:`PlayersLegend` counts, per
height and per terrain, the found squares that have it, and follows each change of the
fog in the box of the squares it changed (:meth:`~tactical.core.fog.Fog.changed_since`):
a dab costs its own squares. Whatever it cannot follow (another map, another fog, fog
turned off, the map edited: :meth:`PlayersLegend.forget`) is counted again whole.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from tactical.core.encounter import Encounter
from tactical.core.fog import FogMark
from tactical.core.fog_queries import legend_contents
from tactical.core.grid import GridMap, Terrain

Mask = npt.NDArray[np.bool_]
Contents = tuple[tuple[int, ...], tuple[str, ...]]


class _Counts:
    """How many found squares have each value of one of the grid's layers."""

    def __init__(self, values: npt.NDArray[np.integer], found: Mask) -> None:
        self.values = values
        self.low = int(values.min()) if values.size else 0
        self.size = (int(values.max()) - self.low + 1) if values.size else 1
        self.counts = self._count(values[found])

    def _count(self, values: npt.NDArray[np.integer]) -> npt.NDArray[np.int64]:
        shifted = values.astype(np.intp, copy=False) - self.low
        return np.bincount(shifted.ravel(), minlength=self.size)

    def follow(self, box: tuple[int, int, int, int], found: Mask, lost: Mask) -> bool:
        """Count the box's newly ``found`` squares in and its ``lost`` ones out (False:
        a value outside the range counted, which only a whole count can follow)."""
        top, left, bottom, right = box
        window = self.values[top:bottom, left:right]
        added, removed = window[found], window[lost]
        for part in (added, removed):
            if part.size and (
                int(part.min()) < self.low or int(part.max()) >= self.low + self.size
            ):
                return False
        self.counts += self._count(added)
        self.counts -= self._count(removed)
        return True

    def present(self) -> list[int]:
        return [int(v) + self.low for v in np.flatnonzero(self.counts)]


class PlayersLegend:
    """``legend_contents(encounter, players=True)``, followed change by change."""

    def __init__(self) -> None:
        self._grid: GridMap | None = None
        self._mark: FogMark | None = None
        self._shown: Mask | None = None
        """The found squares counted."""
        self._elevation: _Counts | None = None
        self._terrain: _Counts | None = None

    def forget(self) -> None:
        """The map may have changed: count again whole at the next question."""
        self._grid = None

    def contents(self, encounter: Encounter) -> Contents:
        """The heights (lowest first) and terrain the players' legend names now."""
        grid, fog = encounter.grid, encounter.fog
        if grid is None or not fog.enabled:
            self._grid = None
            return legend_contents(encounter, players=True)
        box = fog.changed_since(self._mark, grid) if grid is self._grid else None
        self._mark = fog.mark(grid)
        found = fog.mask(grid)
        whole = (0, 0, grid.height, grid.width)
        if grid is not self._grid or box == whole or not self._follow(box, found):
            self._grid, self._shown = grid, found.copy()
            self._elevation = _Counts(grid.elevation, found)
            self._terrain = _Counts(grid.terrain, found)
        assert self._elevation is not None and self._terrain is not None
        present = set(self._terrain.present())
        terrain = tuple(
            kind.name.lower()
            for kind in (Terrain.DIFFICULT, Terrain.IMPASSABLE)
            if int(kind) in present
        )
        return tuple(self._elevation.present()), terrain

    def _follow(self, box: tuple[int, int, int, int] | None, found: Mask) -> bool:
        if box is None:
            return True
        assert self._shown is not None and self._elevation is not None
        assert self._terrain is not None
        top, left, bottom, right = box
        before, now = self._shown[top:bottom, left:right], found[top:bottom, left:right]
        gained, lost = now & ~before, before & ~now
        if not (
            self._elevation.follow(box, gained, lost) and self._terrain.follow(box, gained, lost)
        ):
            return False
        before[...] = now
        return True
