"""Alignment arithmetic: offset and square give the map's size; a three-square box gives both."""

from __future__ import annotations

import pytest

from tactical.core.alignment import (
    Alignment,
    from_box,
    map_size,
    square_px_for,
    squares_fitting,
)


def test_whole_squares_right_of_the_offset() -> None:
    # 1000 px wide, squares of 70.4 px from pixel 13: (1000 - 13) / 70.4 = 14.02 squares.
    assert squares_fitting(1000, 13, 70.4) == 14
    assert map_size(1000, 720, Alignment(13, 13, 70.4)) == (14, 10)


def test_a_last_square_missing_a_sliver_still_counts() -> None:
    # 20 squares of 50 px would need 1000 px; the art is 996 px (rounded on export).
    assert squares_fitting(996, 0, 50) == 20
    # ... but a square missing more than a tenth does not.
    assert squares_fitting(990, 0, 50) == 19


def test_negative_offset_starts_the_map_left_of_the_picture() -> None:
    assert squares_fitting(500, -50, 100) == 5 + 0  # (500 + 50) / 100 = 5.5


def test_size_is_at_least_one_square_and_at_most_the_grid_limit() -> None:
    assert squares_fitting(10, 0, 100) == 1
    assert squares_fitting(16384, 0, 8) == 1024


def test_box_over_three_squares_gives_square_size_and_first_whole_square() -> None:
    # The art's squares are 70.4 px from pixel 13: a box over squares 2..4 of it.
    left, top = 13 + 2 * 70.4, 13 + 1 * 70.4
    alignment = from_box(left, top, left + 3 * 70.4, top + 3 * 70.4)
    assert alignment.square_px == pytest.approx(70.4)
    assert alignment.x == pytest.approx(13)
    assert alignment.y == pytest.approx(13)


def test_box_dragged_backwards_or_not_quite_square_averages_its_sides() -> None:
    alignment = from_box(400, 330, 100, 30)  # 300 x 300, dragged up and left
    assert (alignment.x, alignment.y, alignment.square_px) == (0.0, 30.0, 100.0)
    slightly_off = from_box(0, 0, 303, 297)
    assert slightly_off.square_px == 100.0


def test_empty_box_is_refused() -> None:
    with pytest.raises(ValueError):
        from_box(10, 10, 10, 50)


def test_squares_across_gives_pixels_per_square() -> None:
    assert square_px_for(1408, 20) == 70.4
    with pytest.raises(ValueError):
        square_px_for(1408, 0)


def test_bad_alignment_is_refused() -> None:
    with pytest.raises(ValueError):
        Alignment(0, 0, 0)
    with pytest.raises(ValueError):
        Alignment(float("nan"), 0, 10)
