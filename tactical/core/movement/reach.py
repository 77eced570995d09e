"""Where a token can end its move: a read-only mapping from square to cost over an array.

``reachable`` over a whole 1024 x 1024 map finds about a million squares; a dict of
a million tuples costs more to build than the search itself (issue 22). A
:class:`Reach` keeps the search's own cost array and answers ``square in reach``,
``reach[square]``, ``len`` and iteration from it, so callers that treat the answer
as a mapping keep working, and callers that want arrays read :meth:`Reach.costs`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from tactical.core.grid import Square


class Reach(Mapping[Square, int]):
    """The squares a token can end its move on, each with its cheapest cost.

    ``dist`` is the cost of every square of a window whose top-left square is
    ``origin`` (``(col, row)``); ``ends`` marks the squares that are in the answer
    (reached within the budget and free to stop on). Equal to a dict with the same
    items, like any mapping.
    """

    __slots__ = ("_count", "_dist", "_ends", "_origin")

    def __init__(
        self, dist: npt.NDArray[np.int32], ends: npt.NDArray[np.bool_], origin: Square
    ) -> None:
        self._dist = dist
        self._ends = ends
        self._origin = origin
        self._count: int | None = None

    def _at(self, square: Any) -> tuple[int, int] | None:
        """The window position of ``square`` when it is in the answer."""
        if not isinstance(square, tuple) or len(square) != 2:
            return None
        row, col = square[1] - self._origin[1], square[0] - self._origin[0]
        height, width = self._ends.shape
        if 0 <= row < height and 0 <= col < width and self._ends[row, col]:
            return int(row), int(col)
        return None

    def __contains__(self, square: object) -> bool:
        return self._at(square) is not None

    def __getitem__(self, square: Square) -> int:
        at = self._at(square)
        if at is None:
            raise KeyError(square)
        return int(self._dist[at])

    def __iter__(self) -> Iterator[Square]:
        rows, cols = np.nonzero(self._ends)
        c0, r0 = self._origin
        return zip((cols + c0).tolist(), (rows + r0).tolist(), strict=True)

    def __len__(self) -> int:
        if self._count is None:
            self._count = int(np.count_nonzero(self._ends))
        return self._count

    def items(self) -> Any:
        """``(square, cost)`` pairs, made from the arrays in one pass."""
        rows, cols = np.nonzero(self._ends)
        c0, r0 = self._origin
        squares = zip((cols + c0).tolist(), (rows + r0).tolist(), strict=True)
        return list(zip(squares, self._dist[rows, cols].tolist(), strict=True))

    def costs(self) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.bool_], Square]:
        """The window's costs, the mask of squares in the answer and the window's
        top-left square ``(col, row)`` (read-only views: do not change them)."""
        return self._dist, self._ends, self._origin

    def __repr__(self) -> str:
        return f"Reach({len(self)} squares)"
