"""Physical scale on a screen: how many pixels make an inch, a square, a turned frame.

A TV lying flat under miniatures is a battle mat only when one square on the
glass is the size the miniatures were made for (an inch, 25 mm, 30 mm). The
screen tells its resolution but not its size, so the GM calibrates it once:
by typing its diagonal, or by dragging two marks to a ruler held to the glass.
Everything here is plain arithmetic, without Qt, so it is tested exactly.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Literal

MM_PER_INCH = 25.4
CM_PER_INCH = 2.54
RULER_MARKS_MM = 100.0
"""The two calibration marks are dragged to a ruler's 0 and 10 cm."""

DiagonalUnit = Literal["in", "cm"]

ROTATIONS = (0, 90, 180, 270)
"""Quarter turns a flat TV can be turned by, in degrees clockwise."""


@dataclass(frozen=True)
class SquareSize:
    """A size of square on the glass: its name in menus and its side in millimetres."""

    name: str
    mm: float


SQUARE_SIZES = (
    SquareSize("1 inch", MM_PER_INCH),
    SquareSize("25 mm", 25.0),
    SquareSize("30 mm", 30.0),
)
DEFAULT_SQUARE = SQUARE_SIZES[0]


def square_size_named(name: str) -> SquareSize:
    """The square size called ``name`` (an unknown name gives the one-inch square)."""
    for size in SQUARE_SIZES:
        if size.name == name:
            return size
    return DEFAULT_SQUARE


def pixels_per_inch(
    diagonal: float, width_px: int, height_px: int, unit: DiagonalUnit = "in"
) -> float:
    """Pixels per inch of a screen whose visible diagonal is ``diagonal`` (inches or cm).

    Pixels are square on every screen sold today, so the diagonal in pixels
    over the diagonal in inches is the density both ways.
    """
    if diagonal <= 0:
        raise ValueError("the diagonal must be more than 0")
    if width_px <= 0 or height_px <= 0:
        raise ValueError("the resolution must be more than 0 x 0")
    inches = diagonal / CM_PER_INCH if unit == "cm" else diagonal
    return math.hypot(width_px, height_px) / inches


def pixels_per_mm_from_diagonal(
    diagonal: float, width_px: int, height_px: int, unit: DiagonalUnit = "in"
) -> float:
    return pixels_per_inch(diagonal, width_px, height_px, unit) / MM_PER_INCH


SANE_PPI = (20.0, 600.0)
"""Pixels per inch a screen may really have: a 100-inch TV at 720p to a phone."""
FALLBACK_PPI = 96.0


def starting_ppi(physical: float, logical: float) -> float:
    """Where the ruler's marks start: the density the screen reports (its physical size
    over its pixels), else the desktop's logical density, else 96: a TV that reports
    no size (or a nonsense one) still starts near right."""
    low, high = SANE_PPI
    for ppi in (physical, logical):
        if low <= ppi <= high:
            return ppi
    return FALLBACK_PPI


def pixels_per_mm_from_marks(distance_px: float, distance_mm: float = RULER_MARKS_MM) -> float:
    """Pixels per millimetre from two marks ``distance_px`` apart on a ruler's 0 and 10 cm."""
    if distance_px <= 0 or distance_mm <= 0:
        raise ValueError("the marks must be apart")
    return distance_px / distance_mm


def square_pixels(px_per_mm: float, square: SquareSize) -> int:
    """Whole pixels per square side: squares all alike, the grid never drifts.

    Rounded to the nearest pixel (never below one), so a square is within half
    a pixel of its size on the glass.
    """
    if px_per_mm <= 0:
        raise ValueError("the screen is not calibrated")
    return max(1, math.floor(px_per_mm * square.mm + 0.5))


def parse_diagonal(text: str) -> tuple[float, DiagonalUnit] | None:
    """``"43"``, ``'43"'``, ``"43 in"``, ``"109 cm"`` -> the number and its unit; else None."""
    match = re.fullmatch(
        r"\s*(\d+(?:[.,]\d+)?)\s*(\"|''|in|inch|inches|cm)?\s*", text, flags=re.IGNORECASE
    )
    if match is None:
        return None
    value = float(match.group(1).replace(",", "."))
    if value <= 0:
        return None
    unit: DiagonalUnit = "cm" if (match.group(2) or "").lower() == "cm" else "in"
    return value, unit


# -- turning the picture --------------------------------------------------------


def normalise_rotation(degrees: int) -> int:
    """A quarter turn in 0, 90, 180, 270 (any multiple of 90 is brought back into range)."""
    if degrees % 90:
        raise ValueError(f"only quarter turns: {degrees} is not a multiple of 90")
    return degrees % 360


def next_rotation(degrees: int) -> int:
    """The next quarter turn clockwise."""
    return (normalise_rotation(degrees) + 90) % 360


def frame_size(
    viewport_w: float, viewport_h: float, zoom: float, rotation: int
) -> tuple[float, float]:
    """The map area (scene units, width x height) a viewport shows at ``zoom``, turned.

    A quarter turn shows the screen's width along the map's height.
    """
    if zoom <= 0:
        raise ValueError("zoom must be more than 0")
    w, h = viewport_w / zoom, viewport_h / zoom
    return (h, w) if normalise_rotation(rotation) in (90, 270) else (w, h)


# -- remembering a screen ----------------------------------------------------------


def screen_key(name: str, x: int, y: int, width: int, height: int) -> str:
    """A settings key for one screen: its name and where it sits among the screens.

    Two identical TVs have the same name, but not the same place on the desktop.
    Characters QSettings treats as separators are replaced.
    """
    safe = re.sub(r"[^A-Za-z0-9_.-]+", "_", name.strip()) or "screen"
    return f"{safe}@{x},{y},{width}x{height}".replace(",", "_")
