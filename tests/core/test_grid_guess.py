"""Guessing a picture's grid from its lines, on synthetic battle maps."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest

from tactical.core.grid_guess import declared_square, guess_grid


def blur(values: npt.NDArray[np.float64], size: int = 15) -> npt.NDArray[np.float64]:
    """A running mean of ``size`` along each row."""
    padded = np.pad(values, ((0, 0), (size // 2 + 1, size // 2)))
    sums = np.cumsum(padded, axis=1)
    return (sums[:, size:] - sums[:, :-size]) / size


def battle_map(
    width: int,
    height: int,
    square: float,
    ox: float,
    oy: float,
    seed: int = 1,
    row_square: float | None = None,
) -> npt.NDArray[np.float64]:
    """A blotchy noisy floor with 2 px dark grid lines every ``square`` px from (ox, oy)."""
    rng = np.random.default_rng(seed)
    image = rng.normal(128, 30, (height, width))
    blotches = rng.normal(0, 80, (height, width))
    image += blur(blur(blotches).T).T  # blotches with no spacing of their own
    xs, ys = np.arange(width), np.arange(height)
    for k in range(-1, int(width / square) + 2):
        image[:, (xs >= ox + k * square - 1) & (xs < ox + k * square + 1)] = 30
    down = square if row_square is None else row_square  # 0: no lines across
    for k in range(-1, int(height / down) + 2 if down else 0):
        image[(ys >= oy + k * down - 1) & (ys < oy + k * down + 1), :] = 30
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


def test_lines_one_way_only_are_planks_not_a_grid() -> None:
    assert guess_grid(battle_map(900, 600, 60.0, 10, 0, row_square=0)) is None


def test_lines_of_different_spacings_each_way_are_not_squares() -> None:
    assert guess_grid(battle_map(900, 600, 60.0, 10, 5, row_square=90.0)) is None


def test_the_square_a_picture_declares_is_its_resolution_unless_a_screen_default() -> None:
    # Dungeondraft writes 64 px squares as 64 pixels per inch (2520 per metre).
    assert declared_square((2520, 2520), (1280, 1280)) == 64.0
    assert declared_square((10079, 10079), (2560, 2560)) == 256.0
    # 72 and 96 per inch are what editors write by default: no squares in them.
    assert declared_square((2835, 2835), (1280, 1280)) is None
    assert declared_square((3780, 3780), (1280, 1280)) is None
    # Different across and down, or fewer than two squares across: not a grid.
    assert declared_square((2520, 5039), (1280, 1280)) is None
    assert declared_square((10079, 10079), (300, 300)) is None
    assert declared_square((0, 0), (300, 300)) is None


def test_a_line_on_the_pictures_edge_starts_the_map_there() -> None:
    guess = guess_grid(battle_map(1400, 1000, 100.0, 0, 50))
    assert guess is not None
    assert -1.0 <= guess.x <= 1.0
