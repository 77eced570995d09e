"""Colours of the map, in one place so the GM view, the player view and the legend agree."""

from __future__ import annotations

import itertools

import numpy as np
import numpy.typing as npt
from PySide6.QtGui import QColor

from tactical.core.sides import Side

OUTSIDE = QColor("#3a3d42")
"""Behind and around the map."""
IMPASSABLE = QColor("#2b2b2e")
GRID_LINE = QColor(40, 40, 40, 70)
WALL = QColor("#1b1b1b")
DOOR = QColor("#8a5a2b")
HATCH = QColor(60, 45, 20, 150)
SELECTED = QColor("#ffd21f")
ACTING = QColor("#39e07a")
TARGET = QColor("#ff3b3b")
HIDDEN_MARK = QColor("#b0b0b0")

# Elevation ramp: (elevation, r, g, b). Below the lowest and above the highest
# stop the end colours hold. Chosen so +-1 steps stay distinguishable from -6 to
# +16 (the 256 x 256 example climbs to +16: above +9 every step used to be white).
_STOPS: list[tuple[int, int, int, int]] = [
    (-6, 30, 52, 96),
    (-4, 52, 84, 128),
    (-2, 104, 146, 170),
    (0, 214, 222, 188),
    (2, 196, 178, 120),
    (4, 160, 120, 72),
    (6, 118, 86, 58),
    (9, 168, 160, 156),
    (12, 214, 214, 218),
    (16, 250, 250, 255),
]


def elevation_rgb(elevation: int) -> tuple[int, int, int]:
    """The shade of a square at ``elevation``."""
    if elevation <= _STOPS[0][0]:
        return _STOPS[0][1:]
    for (e0, *c0), (e1, *c1) in itertools.pairwise(_STOPS):
        if elevation <= e1:
            t = (elevation - e0) / (e1 - e0)
            r, g, b = (round(a + (b_ - a) * t) for a, b_ in zip(c0, c1, strict=True))
            return (r, g, b)
    return _STOPS[-1][1:]


def elevation_argb(elevation: npt.NDArray[np.int16]) -> npt.NDArray[np.uint32]:
    """Opaque ARGB32 pixels for an elevation array (one pixel per square)."""
    low, high = int(elevation.min()), int(elevation.max())
    lut = np.array(
        [
            0xFF000000 | (r << 16) | (g << 8) | b
            for r, g, b in map(elevation_rgb, range(low, high + 1))
        ],
        dtype=np.uint32,
    )
    return lut[elevation.astype(np.int32) - low]


def text_on(rgb: tuple[int, int, int]) -> QColor:
    """Black or white, whichever reads better on ``rgb``."""
    r, g, b = rgb
    return QColor("#111111") if 0.299 * r + 0.587 * g + 0.114 * b > 140 else QColor("#f4f4f4")


_AREA_FILLS = ["#c9d8a6", "#e2c99a", "#a9c7d8", "#d8b0b0", "#c2b4d8", "#b8d8c4", "#d8d2a6"]


def area_fill(index: int) -> QColor:
    """A soft fill for the ``index``-th area; neighbours in the list get different hues."""
    colour = QColor(_AREA_FILLS[index % len(_AREA_FILLS)])
    return colour


def side_colour(hex_colour: str) -> QColor:
    colour = QColor(hex_colour)
    return colour if colour.isValid() else QColor("#808080")


def colour_of_side(side: Side | None) -> QColor:
    """A token's colour: its side's, grey when the side is gone."""
    return side_colour(side.color if side else "#808080")


def highlight(selected: bool, acting: bool, target: bool) -> QColor | None:
    """The ring round a token or its dot: a target's over a selection's over the acting
    one's; None without one."""
    if target:
        return TARGET
    if selected:
        return SELECTED
    return ACTING if acting else None
