"""Guessing a battle-map picture's own grid from its lines, without Qt.

Drawn grid lines are thin, straight and evenly spaced, so averaging down each
column (and along each row) how much a pixel is darker than the pixels two
either side of it gives a profile with a spike at every line, while the
floor's texture and the art's broad edges average out (a dotted line of a
Dungeondraft export still counts on every other row). The same is done for
lines lighter than their floor, and the clearer of the two is kept. The
autocorrelation of that profile peaks at multiples of the spacing; the
spacing is refined on a far multiple (so 70.4 px squares come out as 70.4,
not 70), and the offset is the peak of the profile folded at that spacing
(where the lines are, whatever else the art draws).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

MIN_SPACING = 8.0
"""Smallest square (pixels) looked for: below it a grid is not drawn to be seen."""
MIN_SCORE = 0.15
"""Weakest autocorrelation peak (share of the profile's energy) taken for a grid."""
SAMPLED_LINES = 768
"""At most this many rows (columns) are averaged into a profile."""
SMOOTHING = 1.0
"""Pixels of blur on the profiles (a Gaussian's sigma)."""
LINE_REACH = 2
"""A line pixel is compared with the pixels this far either side (lines up to 3 px wide)."""
AXES_AGREE = 0.03
"""Two axes' spacings agreeing within this share are one square size."""


@dataclass(frozen=True)
class GridGuess:
    """The picture's grid as guessed: square size and first line, in picture pixels."""

    square_px: float
    x: float
    y: float
    score: float
    """How clearly the lines stood out (0 to 1)."""


SCREEN_DPI = (72, 96)
"""Resolutions image editors write by default: they say nothing of the map's squares."""
MIN_DECLARED_SQUARES = 2
"""A declared resolution giving fewer squares than this across the picture is not a grid."""


def declared_square(dots_per_meter: tuple[int, int], picture_size: tuple[int, int]) -> float | None:
    """The square size the picture itself declares, in pixels, or None when it declares none.

    Dungeondraft (and other battle-map tools) write the pixels per square as
    the picture's resolution (pixels per inch: one inch is one square on a
    printed battle map). The screen defaults (72 or 96) and resolutions that
    differ across and down say nothing about squares.
    """
    x, y = (round(d * 0.0254) for d in dots_per_meter)
    if x != y or x < MIN_SPACING or any(abs(x - dpi) <= 1 for dpi in SCREEN_DPI):
        return None
    if max(picture_size) < MIN_DECLARED_SQUARES * x:
        return None
    return float(x)


@dataclass(frozen=True)
class _Axis:
    spacing: float
    offset: float
    score: float


Gray = npt.NDArray[np.floating] | npt.NDArray[np.integer]
"""A grey picture as rows x columns of intensities."""


def line_profile(gray: Gray, axis: int, dark: bool = True) -> npt.NDArray[np.float64]:
    """Mean thin-line strength across ``axis``: ``axis=0`` gives one value per column.

    Value ``i`` is for pixel ``i + LINE_REACH``: how much darker (``dark``) or
    lighter than the mean of the pixels ``LINE_REACH`` either side of it it is.
    """
    data = np.asarray(gray)
    if axis == 1:
        data = data.T
    # Every few rows are enough to average the texture away, and keep a big picture cheap.
    stride = max(1, data.shape[0] // SAMPLED_LINES)
    sample = data[::stride].astype(np.float32)
    reach = LINE_REACH
    response = (sample[:, : -2 * reach] + sample[:, 2 * reach :]) / 2 - sample[:, reach:-reach]
    if not dark:
        response = -response
    profile = np.maximum(response, 0).mean(axis=0, dtype=np.float64)
    # Lines a fraction of a pixel off the pixel grid land on one pixel or the
    # next; a slight blur lets lines 70.4 px apart correlate at 70 as they should.
    taps = np.arange(-4, 5, dtype=np.float64)
    kernel = np.exp(-(taps**2) / (2 * SMOOTHING**2))
    return np.convolve(profile, kernel / kernel.sum(), mode="same")


def _peak(values: npt.NDArray[np.float64], index: int) -> float:
    """Sub-sample position of the peak at ``index`` (parabola through three samples)."""
    if index <= 0 or index >= len(values) - 1:
        return float(index)
    left, mid, right = values[index - 1], values[index], values[index + 1]
    denominator = left - 2 * mid + right
    if denominator >= 0:
        return float(index)
    return index + 0.5 * float(left - right) / float(denominator)


def guess_axis(profile: npt.NDArray[np.float64]) -> _Axis | None:
    """Spacing and phase of evenly spaced spikes in ``profile``, or None when there are none."""
    n = len(profile)
    if n < 3 * MIN_SPACING:
        return None
    centred = profile - profile.mean()
    energy = float(np.dot(centred, centred))
    if energy <= 1e-12:
        return None
    spectrum = np.fft.rfft(centred, 2 * n)
    correlation = np.fft.irfft(spectrum * np.conj(spectrum))[:n]
    # Unbiased: a lag L has only n - L products to sum.
    correlation = correlation / (n - np.arange(n)) * n / energy
    top = n // 3
    low = math.ceil(MIN_SPACING)
    if top <= low:
        return None
    window = correlation[low:top]
    best = float(window.max())
    if best < MIN_SCORE:
        return None
    # The first lag (the smallest spacing) that peaks nearly as high as the best.
    spacing_index = low + int(np.argmax(window >= 0.8 * best))
    while spacing_index + 1 < top and correlation[spacing_index + 1] > correlation[spacing_index]:
        spacing_index += 1
    spacing = _peak(correlation, spacing_index)
    # Refine on the farthest multiple still well inside the profile.
    multiple = max(1, int((n / 2) // spacing))
    for k in range(multiple, 1, -1):
        guess = round(k * spacing)
        lo, hi = max(1, guess - 3), min(n - 2, guess + 3)
        if hi <= lo:
            continue
        index = lo + int(np.argmax(correlation[lo : hi + 1]))
        if correlation[index] >= 0.5 * best:
            spacing = _peak(correlation, index) / k
            break
    return _Axis(float(spacing), phase_at(profile, spacing), min(1.0, best))


def guess_grid(gray: Gray) -> GridGuess | None:
    """The grid drawn on a grey picture (rows x columns), or None when none shows.

    Both directions must show lines the same distance apart: floor planks or
    a wall's courses (lines one way only) are not a grid. Dark lines and light
    lines are each tried; the lines that stand out more win (a dark line's sides
    look like faint light lines the same distance apart).
    """
    found = [found for dark in (True, False) if (found := _guess_lines(gray, dark)) is not None]
    return max(found, key=lambda pair: pair[1], default=(None, 0.0))[0]


def _guess_lines(gray: Gray, dark: bool) -> tuple[GridGuess, float] | None:
    """The grid of dark (or light) lines, and how far its lines stand out of the floor."""
    across, down = line_profile(gray, 0, dark), line_profile(gray, 1, dark)
    columns, rows = guess_axis(across), guess_axis(down)
    if columns is None or rows is None:
        return None
    if abs(columns.spacing - rows.spacing) > AXES_AGREE * max(columns.spacing, rows.spacing):
        return None
    spacing = (columns.spacing + rows.spacing) / 2
    x, x_height = _fold_peak(across, spacing)
    y, y_height = _fold_peak(down, spacing)
    return GridGuess(spacing, x, y, min(columns.score, rows.score)), min(x_height, y_height)


def phase_at(profile: npt.NDArray[np.float64], spacing: float) -> float:
    """Where the first of lines ``spacing`` apart lies in ``profile``, in ``[-1, spacing - 1)``.

    A line within a pixel of the picture's edge is on the edge (``-0.5``, not
    ``spacing - 0.5``): the map then starts at the picture's first square.
    """
    return _fold_peak(profile, spacing)[0]


def _fold_peak(profile: npt.NDArray[np.float64], spacing: float) -> tuple[float, float]:
    """The lines' place in ``[0, spacing)`` and how high they stand above the floor.

    The profile is folded at the spacing in half-pixel bins; the lines are the
    fold's peak (its weighted centre over a pixel and a half either side).
    """
    # Value i is for pixel i + LINE_REACH, whose centre lies half a pixel further.
    positions = np.arange(len(profile)) + LINE_REACH + 0.5
    bins = max(8, round(spacing * 2))
    index = ((positions % spacing) / spacing * bins).astype(np.int64) % bins
    sums = np.bincount(index, weights=profile, minlength=bins)
    counts = np.bincount(index, minlength=bins)
    folded = sums / np.maximum(counts, 1)
    top = int(np.argmax(folded))
    near = np.arange(-3, 4)
    floor = float(np.median(folded))
    weights = np.maximum(folded[(top + near) % bins] - floor, 0.0)
    shift = float(np.dot(weights, near) / weights.sum()) if weights.sum() > 0 else 0.0
    place = ((top + 0.5 + shift) / bins * spacing) % spacing
    if place >= spacing - 1:
        place -= spacing
    return place, float(folded[top]) - floor
