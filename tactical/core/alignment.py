"""Lining a battle-map picture up with the map's squares, without Qt.

A :class:`~tactical.core.pictures.Background` says which picture pixel lies
under the map's top-left corner (``x``, ``y``) and how many picture pixels one
square is wide (``square_px``, fractions allowed: bought art is rarely cut on
whole pixels). From those and the picture's size follow the map's width and
height; from a box the GM drags over three squares of the picture's own grid
follow ``square_px`` and the offset.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from tactical.core.grid import MAX_SIDE

EDGE_TOLERANCE = 0.1
"""A last square may overhang the picture's edge by this share of a square and still count."""
BOX_SQUARES = 3
"""How many squares wide the alignment box is."""


@dataclass(frozen=True)
class Alignment:
    """Where the map's corner lies on the picture and how wide a square is, in picture pixels."""

    x: float
    y: float
    square_px: float

    def __post_init__(self) -> None:
        if not (math.isfinite(self.square_px) and self.square_px > 0):
            raise ValueError("a square must be more than 0 pixels wide")
        if not (math.isfinite(self.x) and math.isfinite(self.y)):
            raise ValueError("the offset must be a number of pixels")


def squares_fitting(picture_px: float, offset: float, square_px: float) -> int:
    """Whole squares from ``offset`` to the picture's far edge (at least 1, at most MAX_SIDE).

    A partial square at the far edge counts when it misses at most
    :data:`EDGE_TOLERANCE` of a square (art exported at rounded sizes).
    """
    count = math.floor((picture_px - offset) / square_px + EDGE_TOLERANCE)
    return max(1, min(MAX_SIDE, count))


def map_size(picture_width: int, picture_height: int, alignment: Alignment) -> tuple[int, int]:
    """The grid's width and height in squares for a picture lined up by ``alignment``."""
    return (
        squares_fitting(picture_width, alignment.x, alignment.square_px),
        squares_fitting(picture_height, alignment.y, alignment.square_px),
    )


def from_box(
    left: float, top: float, right: float, bottom: float, squares: int = BOX_SQUARES
) -> Alignment:
    """The alignment given a box (picture pixels) over ``squares`` x ``squares`` of the art's grid.

    The square is the box's mean side over ``squares``; the map's corner is the
    first whole square from the picture's top-left corner on that grid, so the
    offset lies in ``[0, square_px)``.
    """
    width, height = abs(right - left), abs(bottom - top)
    if width <= 0 or height <= 0:
        raise ValueError("the box has no size")
    square_px = (width + height) / (2 * squares)
    return Alignment(min(left, right) % square_px, min(top, bottom) % square_px, square_px)


def square_px_for(picture_px: float, squares: float) -> float:
    """Pixels per square when the GM says the picture is ``squares`` squares across."""
    if not squares > 0:
        raise ValueError("the picture must be more than 0 squares across")
    return picture_px / squares
