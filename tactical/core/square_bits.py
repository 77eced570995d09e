"""A set of a grid's squares as bits over the set's bounding box.

What a fog undo step keeps: the squares it flipped, not a whole-map mask. A
brush dab of 5 x 5 squares is four bytes; the most any set of a 1024 x 1024
map can take is 128 KB (one bit a square).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

Mask = npt.NDArray[np.bool_]
Box = tuple[int, int, int, int]
"""``(top, left, bottom, right)``: rows ``top`` to ``bottom - 1``, columns likewise."""


def changed_box(before: Mask, after: Mask) -> Box | None:
    """The box of the squares whose state differs between two masks of one map (the whole
    map when their shapes differ), or None when none does."""
    if before.shape != after.shape:
        height, width = after.shape
        return (0, 0, height, width)
    differs = before != after
    rows = np.flatnonzero(differs.any(axis=1))
    if not len(rows):
        return None
    top, bottom = int(rows[0]), int(rows[-1]) + 1
    cols = np.flatnonzero(differs[top:bottom].any(axis=0))
    return (top, int(cols[0]), bottom, int(cols[-1]) + 1)


class SquareBits:
    """The squares set in a ``[row, column]`` mask, kept as packed bits over their box."""

    __slots__ = ("_bits", "_box")

    def __init__(self, mask: Mask, origin: tuple[int, int] = (0, 0)) -> None:
        """The squares set in ``mask``: the map's, or a window of it whose top-left square
        is ``origin`` (``(row, column)``; the work is the window's size)."""
        rows = np.flatnonzero(mask.any(axis=1))
        if not len(rows):
            self._box = (0, 0, 0, 0)
            self._bits = np.zeros(0, dtype=np.uint8)
            return
        cols = np.flatnonzero(mask.any(axis=0))
        top, left = int(rows[0]), int(cols[0])
        bottom, right = int(rows[-1]) + 1, int(cols[-1]) + 1
        self._bits = np.packbits(mask[top:bottom, left:right], axis=None)
        row, col = origin
        self._box = (top + row, left + col, bottom + row, right + col)

    @property
    def box(self) -> tuple[int, int, int, int]:
        """``(top, left, bottom, right)``: rows ``top`` to ``bottom - 1``, columns likewise."""
        return self._box

    @property
    def nbytes(self) -> int:
        """The bytes the set keeps."""
        return int(self._bits.nbytes)

    def __len__(self) -> int:
        return int(np.unpackbits(self._bits).sum()) if len(self._bits) else 0

    def _window(self) -> Mask:
        top, left, bottom, right = self._box
        count = (bottom - top) * (right - left)
        flat = np.unpackbits(self._bits, count=count).astype(np.bool_)
        return flat.reshape(bottom - top, right - left)

    def set_in(self, mask: Mask, value: bool, origin: tuple[int, int] = (0, 0)) -> None:
        """Set the squares of this set in ``mask`` to ``value``.

        ``mask`` is the map's (``[row, column]``), or a window of it whose top-left
        square is ``origin`` (``(row, column)``).
        """
        if not len(self._bits):
            return
        top, left, bottom, right = self._box
        top, bottom, left, right = (
            top - origin[0],
            bottom - origin[0],
            left - origin[1],
            right - origin[1],
        )
        mask[top:bottom, left:right][self._window()] = value

    def union(self, other: SquareBits) -> SquareBits:
        """The squares of both sets."""
        if not len(other._bits):
            return self
        if not len(self._bits):
            return other
        boxes = (self._box, other._box)
        top, left = min(b[0] for b in boxes), min(b[1] for b in boxes)
        bottom, right = max(b[2] for b in boxes), max(b[3] for b in boxes)
        both = np.zeros((bottom - top, right - left), dtype=np.bool_)
        self.set_in(both, True, (top, left))
        other.set_in(both, True, (top, left))
        joined = SquareBits.__new__(SquareBits)
        joined._box = (top, left, bottom, right)
        joined._bits = np.packbits(both, axis=None)
        return joined
