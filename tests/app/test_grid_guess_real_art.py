"""The grid guess on real battle-map art: the pictures inside real Dungeondraft exports.

Each export carries its art (base64 ``image``) and the grid it was drawn on
(``resolution.pixels_per_grid``, ``map_origin``), so the right answer is known. The
guess must find it within a pixel, also on the art cropped a few pixels on each
side; where the art shows no lines, the GM is told so and the map opens on the
picture's own square size, never on a grid made up.
"""

from __future__ import annotations

import base64
import json

import pytest
from PySide6.QtGui import QImage, QPixmap

from tactical.app.backgrounds.align_dialog import AlignDialog
from tactical.app.backgrounds.making import grey_array, guessed_alignment
from tactical.core.alignment import Alignment
from tactical.core.grid_guess import guess_grid
from tests.realdata import RealData

WITH_LINES = ["dd-oganm-cave-test.dd2vtt", "dd-mbround-headmasters-quarters.dd2vtt"]
"""Exports whose art has the grid drawn on it (dotted lines)."""
WITHOUT_LINES = ["dd-imagix-sampleMap.dd2vtt", "dd-imagix-sampleMap-v0.2-old.dd2vtt"]
"""Exports whose art has no grid drawn: planks and walls only."""
CROPS = [0, 3, 7, 11]


def real_art(real_data: RealData, name: str) -> tuple[QImage, float, float, float]:
    """The export's picture and its grid: square size and first lines, in picture pixels."""
    document = json.loads(real_data(f"uvtt/{name}").read_text(encoding="utf-8"))
    image = QImage.fromData(base64.b64decode(document["image"]))
    assert not image.isNull()
    resolution = document["resolution"]
    square = float(resolution["pixels_per_grid"])
    origin = resolution["map_origin"]
    # The image's corner lies at map_origin squares: lines at whole squares from there.
    return image, square, (-origin["x"] * square) % square, (-origin["y"] * square) % square


def cropped(image: QImage, left: int, top: int, right: int, bottom: int) -> QImage:
    """The picture less some pixels on each side (keeping what it says of its resolution)."""
    return image.copy(left, top, image.width() - left - right, image.height() - top - bottom)


def off_by(found: float, expected: float, square: float) -> float:
    """How far two grid lines are apart, on a grid repeating every ``square`` pixels."""
    gap = abs(found - expected) % square
    return min(gap, square - gap)


def assert_on_grid(alignment: Alignment, square: float, x: float, y: float) -> None:
    assert alignment.square_px == pytest.approx(square, abs=1.0)
    assert off_by(alignment.x, x, square) <= 1.0, (alignment, x)
    assert off_by(alignment.y, y, square) <= 1.0, (alignment, y)


@pytest.mark.parametrize("crop", CROPS)
@pytest.mark.parametrize("name", WITH_LINES)
def test_the_guess_finds_the_exports_grid_within_a_pixel(
    qapp: object, real_data: RealData, name: str, crop: int
) -> None:
    image, square, x, y = real_art(real_data, name)
    art = cropped(image, crop, crop, crop, crop)
    start = guessed_alignment(art)
    assert start.found
    assert_on_grid(start.alignment, square, x - crop, y - crop)
    assert "Found the picture's grid lines" in start.note
    # The map starts at the picture's first whole square, not one square in.
    assert -1.0 <= start.alignment.x < square - 1 and -1.0 <= start.alignment.y < square - 1


@pytest.mark.parametrize("crop", CROPS)
@pytest.mark.parametrize("name", WITHOUT_LINES)
def test_art_without_lines_says_so_and_opens_on_its_own_square_size(
    qapp: object, real_data: RealData, name: str, crop: int
) -> None:
    image, square, _x, _y = real_art(real_data, name)
    art = cropped(image, crop, crop, crop, crop)
    # The lines guess never makes a grid up from the planks.
    assert guess_grid(grey_array(art)) is None
    start = guessed_alignment(art)
    assert not start.found
    assert "No grid lines found" in start.note
    # Dungeondraft writes the pixels per square as the picture's resolution: 256 here.
    assert start.alignment == Alignment(0.0, 0.0, square)


def test_the_cave_as_the_issue_cropped_it_opens_on_its_grid(qtbot, real_data: RealData) -> None:  # type: ignore[no-untyped-def]
    """The report: the cave art with its grid 23 / 17 px in opened on 52.625 px squares."""
    image, square, _x, _y = real_art(real_data, "dd-oganm-cave-test.dd2vtt")
    art = cropped(image, int(square) - 23, int(square) - 17, 0, 0)
    start = guessed_alignment(art)
    assert_on_grid(start.alignment, 64.0, 23.0, 17.0)
    window = AlignDialog(
        QPixmap.fromImage(art), start.alignment, choose_kind=True, opening_note=start.note
    )
    qtbot.addWidget(window)
    assert window.note.text() == start.note
    assert window.size_label.text() == "19 x 19 squares"
    # Guess from the picture's lines agrees, and says what it found.
    assert window.guess()
    assert_on_grid(window.alignment(), 64.0, 23.0, 17.0)
