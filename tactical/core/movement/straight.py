"""Among equally cheap paths, the one nearest the straight line from start to goal.

On open ground many paths cost the same (every square of a Chebyshev cone is
as cheap as the next), and which one a search returns is an accident of its
order: it hugged an edge of the cone or zigzagged. A GM reads the preview best
when it looks like the line a person would draw, so both searches
(:mod:`.search`, :mod:`.band`) rank paths by ``(cost, off_line)``: the cost
first, unchanged, then how far the path strays from the line.

``off_line`` of a square is its distance from the line through the centres of
the start and the goal, in quarter squares, less 2 (nothing within 3/4 of a
square: the squares a person would colour along a slanted line, and 003's
staircase along a diagonal, all lie that close), summed over the squares a
path enters. Within that corridor the searches prefer the square nearer the
line (a heap tie-break), which picks the evenly spread steps of a drawn line.

The two parts are packed into one integer ``cost << SHIFT | off_line`` so the
searches compare one number; ``off_line`` of any path stays far below
``1 << SHIFT`` (at most 2**22 squares, each well under 2**13 quarters away).
"""

from __future__ import annotations

import math

import numpy as np

from tactical.core.grid import Square
from tactical.core.movement.costs import IntArray

SHIFT = 36
"""Bits kept for the summed ``off_line`` below the cost."""

CORRIDOR = 2
"""Quarter squares of distance from the line that count nothing (within 3/4 of a square)."""


class Line:
    """The straight line from ``start`` to ``goal``, measuring squares' distance from it."""

    def __init__(self, start: Square, goal: Square) -> None:
        self.sc, self.sr = start
        self.dc = goal[0] - start[0]
        self.dr = goal[1] - start[1]
        length = math.hypot(self.dc, self.dr)
        self.quarters = 4.0 / length if length else 0.0
        """Turns the cross product into quarter squares of distance."""

    def cross(self, col: int, row: int) -> int:
        """Twice the area spanned with the line: its distance times the line's length."""
        return abs((col - self.sc) * self.dr - (row - self.sr) * self.dc)

    def off_line(self, col: int, row: int) -> int:
        """What entering ``(col, row)`` adds to a path's second rank."""
        quarters = int(self.cross(col, row) * self.quarters)
        return quarters - CORRIDOR if quarters > CORRIDOR else 0

    def off_line_array(self, cols: IntArray, rows: IntArray) -> IntArray:
        """:meth:`off_line` of many squares at once (the band search)."""
        cross = np.abs((cols - self.sc) * self.dr - (rows - self.sr) * self.dc)
        quarters = (cross * self.quarters).astype(np.int64)
        result: IntArray = np.maximum(quarters - CORRIDOR, 0)
        return result
