"""Physical scale: calibration by diagonal or ruler marks, square sizes, quarter turns."""

from __future__ import annotations

import pytest

from tactical.core.screen_scale import (
    SQUARE_SIZES,
    frame_size,
    next_rotation,
    normalise_rotation,
    parse_diagonal,
    pixels_per_inch,
    pixels_per_mm_from_diagonal,
    pixels_per_mm_from_marks,
    screen_key,
    square_pixels,
    square_size_named,
)

INCH, MM25, MM30 = SQUARE_SIZES


def test_a_43_inch_full_hd_tv_has_51_2_pixels_per_inch() -> None:
    assert round(pixels_per_inch(43, 1920, 1080), 1) == 51.2
    per_mm = pixels_per_mm_from_diagonal(43, 1920, 1080)
    assert square_pixels(per_mm, INCH) == 51
    assert square_pixels(per_mm, MM25) == 50
    assert square_pixels(per_mm, MM30) == 61  # 60.51 px


def test_a_diagonal_in_centimetres_is_the_same_screen() -> None:
    assert pixels_per_inch(109.22, 1920, 1080, "cm") == pytest.approx(
        pixels_per_inch(43, 1920, 1080)
    )


def test_a_4k_tv_of_the_same_size_has_twice_the_pixels_per_square() -> None:
    per_mm = pixels_per_mm_from_diagonal(43, 3840, 2160)
    assert square_pixels(per_mm, INCH) == 102


def test_two_marks_ten_centimetres_apart() -> None:
    per_mm = pixels_per_mm_from_marks(201.7)  # a 43" full HD TV: 201.7 px in 10 cm
    assert per_mm == pytest.approx(2.017)
    assert square_pixels(per_mm, INCH) == 51
    assert square_pixels(per_mm, MM25) == 50
    assert square_pixels(pixels_per_mm_from_marks(400), MM30) == 120


@pytest.mark.parametrize(
    "call",
    [
        lambda: pixels_per_inch(0, 1920, 1080),
        lambda: pixels_per_inch(43, 0, 1080),
        lambda: pixels_per_mm_from_marks(0),
        lambda: square_pixels(0, INCH),
        lambda: frame_size(100, 100, 0, 0),
        lambda: normalise_rotation(45),
    ],
)
def test_nonsense_is_refused(call) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError):
        call()


def test_a_tiny_density_still_gives_a_one_pixel_square() -> None:
    assert square_pixels(0.001, INCH) == 1


def test_typed_diagonals() -> None:
    assert parse_diagonal("43") == (43.0, "in")
    assert parse_diagonal(' 43" ') == (43.0, "in")
    assert parse_diagonal("42,5 in") == (42.5, "in")
    assert parse_diagonal("109 cm") == (109.0, "cm")
    assert parse_diagonal("109CM") == (109.0, "cm")
    assert parse_diagonal("big") is None
    assert parse_diagonal("0") is None
    assert parse_diagonal("43 ft") is None


def test_square_sizes_by_name() -> None:
    assert square_size_named("25 mm").mm == 25.0
    assert square_size_named("30 mm").mm == 30.0
    assert square_size_named("nonsense") == INCH
    assert INCH.mm == 25.4


def test_quarter_turns() -> None:
    assert normalise_rotation(-90) == 270
    assert normalise_rotation(450) == 90
    assert [next_rotation(r) for r in (0, 90, 180, 270)] == [90, 180, 270, 0]


def test_a_turned_screen_shows_its_width_along_the_map_height() -> None:
    assert frame_size(1920, 1080, 2.0, 0) == (960, 540)
    assert frame_size(1920, 1080, 2.0, 90) == (540, 960)
    assert frame_size(1920, 1080, 2.0, 180) == (960, 540)
    assert frame_size(1920, 1080, 2.0, 270) == (540, 960)


def test_screen_keys_tell_identical_screens_apart() -> None:
    left = screen_key("HDMI-1", 0, 0, 1920, 1080)
    right = screen_key("HDMI-1", 1920, 0, 1920, 1080)
    assert left != right
    assert left == "HDMI-1@0_0_1920x1080"
    assert "/" not in screen_key("a/b\\c", 0, 0, 1, 1)
    assert screen_key("", 0, 0, 1, 1).startswith("screen@")


def test_the_ruler_marks_start_from_the_density_the_screen_reports() -> None:
    from tactical.core.screen_scale import FALLBACK_PPI, starting_ppi

    assert starting_ppi(51.2, 96.0) == 51.2  # a 43-inch full HD TV that tells its size
    assert starting_ppi(0.0, 96.0) == 96.0  # one that tells none: the desktop's density
    assert starting_ppi(3000.0, 0.0) == FALLBACK_PPI  # nonsense both ways
