"""Guessing a picture's grid from its lines, on synthetic battle maps."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest

from tactical.core.grid_guess import guess_grid


def battle_map(
    width: int, height: int, square: float, ox: float, oy: float, seed: int = 1
) -> npt.NDArray[np.float64]:
    """A blotchy noisy floor with 2 px dark grid lines every ``square`` px from (ox, oy)."""
    rng = np.random.default_rng(seed)
    image = rng.normal(128, 30, (height, width))
    blotches = rng.normal(0, 20, (height // 16 + 1, width // 16 + 1))
    image += np.kron(blotches, np.ones((16, 16)))[:height, :width]
    xs, ys = np.arange(width), np.arange(height)
    for k in range(-1, int(width / square) + 2):
        image[:, (xs >= ox + k * square - 1) & (xs < ox + k * square + 1)] = 30
    for k in range(-1, int(height / square) + 2):
        image[(ys >= oy + k * square - 1) & (ys < oy + k * square + 1), :] = 30
    return image


@pytest.mark.parametrize(
    ("square", "ox", "oy"),
    [(70.4, 13, 13), (100.0, 0, 50), (50.5, 25, 7), (140.2, 60, 3)],
)
def test_spacing_and_offset_of_a_drawn_grid(square: float, ox: float, oy: float) -> None:
    guess = guess_grid(battle_map(1400, 1000, square, ox, oy))
    assert guess is not None
    assert guess.square_px == pytest.approx(square, abs=0.05)
    # Lines at fractional positions are rasterised up to a pixel late.
    assert guess.x == pytest.approx(ox, abs=1.5)
    assert guess.y == pytest.approx(oy, abs=1.5)


def test_a_picture_without_a_grid_gives_no_guess() -> None:
    assert guess_grid(np.random.default_rng(3).normal(128, 30, (600, 800))) is None


def test_a_flat_picture_gives_no_guess() -> None:
    assert guess_grid(np.full((300, 300), 200.0)) is None


def test_lines_only_one_way_still_give_the_spacing() -> None:
    image = battle_map(900, 600, 60.0, 10, 0)
    image[:, :] = np.where(image == 30, 128, image)  # wipe every line ...
    xs = np.arange(900)
    for k in range(16):  # ... and draw the columns' lines only
        image[:, (xs >= 10 + k * 60 - 1) & (xs < 10 + k * 60 + 1)] = 30
    guess = guess_grid(image)
    assert guess is not None
    assert guess.square_px == pytest.approx(60.0, abs=0.05)
    assert guess.x == pytest.approx(10, abs=1.0)
