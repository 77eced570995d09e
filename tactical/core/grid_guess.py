"""Guessing a battle-map picture's own grid from its lines, without Qt.

Drawn grid lines are straight and evenly spaced, so averaging the picture's
edge strength down each column (and along each row) gives a profile with a
spike at every line, while the floor's texture averages out. The
autocorrelation of that profile peaks at multiples of the spacing; the
spacing is refined on a far multiple (so 70.4 px squares come out as 70.4,
not 70) and the lines' phase gives the offset.
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
SMOOTHING = 1.5
"""Pixels of blur on the profiles (a Gaussian's sigma)."""
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


@dataclass(frozen=True)
class _Axis:
    spacing: float
    offset: float
    score: float


Gray = npt.NDArray[np.floating] | npt.NDArray[np.integer]
"""A grey picture as rows x columns of intensities."""


def edge_profile(gray: Gray, axis: int) -> npt.NDArray[np.float64]:
    """Mean edge strength across ``axis``: ``axis=0`` gives one value per column gap.

    Value ``i`` is the edge between pixel ``i`` and ``i + 1``.
    """
    data = np.asarray(gray)
    if axis == 1:
        data = data.T
    # Every few rows are enough to average the texture away, and keep a big picture cheap.
    stride = max(1, data.shape[0] // SAMPLED_LINES)
    sample = data[::stride].astype(np.float32)
    profile = np.abs(np.diff(sample, axis=1)).mean(axis=0, dtype=np.float64)
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
    a wall's courses (lines one way only) are not a grid.
    """
    columns = guess_axis(edge_profile(gray, 0))
    rows = guess_axis(edge_profile(gray, 1))
    if columns is None or rows is None:
        return None
    if abs(columns.spacing - rows.spacing) > AXES_AGREE * max(columns.spacing, rows.spacing):
        return None
    spacing = (columns.spacing + rows.spacing) / 2
    return GridGuess(
        spacing,
        phase_at(edge_profile(gray, 0), spacing),
        phase_at(edge_profile(gray, 1), spacing),
        min(columns.score, rows.score),
    )


def phase_at(profile: npt.NDArray[np.float64], spacing: float) -> float:
    """Where the first of lines ``spacing`` apart lies in ``profile``, in ``[0, spacing)``."""
    centred = profile - profile.mean()
    positions = np.arange(len(profile)) + 1.0  # edge i lies between pixels i and i + 1
    phase = float(np.angle(np.sum(centred * np.exp(-2j * np.pi * positions / spacing))))
    return (-phase / (2 * np.pi) * spacing) % spacing
