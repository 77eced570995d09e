"""Every real Universal VTT export imports with its walls on the art, or is refused saying why."""

from __future__ import annotations

import math
from collections import Counter
from pathlib import Path

import pytest

from tactical.core.wall_lines import WallLine
from tactical.persistence import LoadError, dumps_encounter, loads_encounter
from tactical.persistence.foreign import import_map
from tactical.persistence.pictures import read_picture_header
from tests.realdata import RealData

REAL = {
    # name: (squares, pixels per square, picture px, {kind: count})
    "dd-imagix-sampleMap.dd2vtt": (
        (10, 10),
        256,
        (2560, 2560),
        {"wall": 7, "object": 59, "door": 1, "window": 1},
    ),
    "dd-imagix-sampleMap-v0.2-old.dd2vtt": (
        (10, 10),
        256,
        (2560, 2560),
        {"wall": 7, "door": 1, "window": 1},
    ),
    "dd-oganm-cave-test.dd2vtt": (
        (20, 20),
        64,
        (1280, 1280),
        {"wall": 197, "object": 50, "door": 3},
    ),
    "dd-mbround-headmasters-quarters.dd2vtt": (
        (10, 10),
        128,
        (1280, 1280),
        {"wall": 14, "door": 6},
    ),
}


@pytest.mark.parametrize("name", sorted(REAL))
def test_a_real_export_becomes_a_grid_with_its_picture_and_walls(
    real_data: RealData, name: str
) -> None:
    (width, height), ppg, picture_px, kinds = REAL[name]
    encounter, _ = import_map(real_data(f"uvtt/{name}"))
    grid = encounter.grid
    assert grid is not None
    assert (grid.width, grid.height) == (width, height)
    background = encounter.background
    assert background is not None
    assert (background.x, background.y, background.square_px) == (0, 0, ppg)
    picture = encounter.pictures[background.picture]
    assert picture.data is not None
    header = read_picture_header(picture.data)
    assert (header.kind, header.width, header.height) == ("PNG", *picture_px)
    assert Counter(line.kind for line in grid.wall_lines) == kinds
    for line in grid.wall_lines:  # on the map, and no zero-length piece (repeated points)
        assert line.length > 0
        for x, y in (line.a, line.b):
            assert 0 <= x <= width and 0 <= y <= height


@pytest.mark.parametrize("name", sorted(REAL))
def test_saving_and_reopening_an_import_gives_the_same_file(real_data: RealData, name: str) -> None:
    encounter, _ = import_map(real_data(f"uvtt/{name}"))
    text = dumps_encounter(encounter)
    again = loads_encounter(text)
    assert dumps_encounter(again) == text
    assert again.grid is not None and encounter.grid is not None
    assert again.grid.wall_lines == encounter.grid.wall_lines


def _pixels(lines: list[WallLine], ppg: int) -> list[tuple[str, tuple[float, ...]]]:
    return sorted(
        (line.kind, tuple(round(v * ppg, 3) for v in (*line.a, *line.b)))
        for line in lines
        if line.kind != "object"
    )


def test_the_cropped_export_puts_its_walls_on_the_same_pixels_as_the_uncropped_one(
    real_data: RealData,
) -> None:
    cropped, _ = import_map(real_data("uvtt/dd-imagix-sampleMap.dd2vtt"))  # map_origin (2, 1)
    whole, _ = import_map(
        real_data("uvtt/dd-imagix-sampleMap-v0.2-old.dd2vtt")
    )  # map_origin (0, 0)
    assert cropped.grid is not None and whole.grid is not None
    assert _pixels(cropped.grid.wall_lines, 256) == _pixels(whole.grid.wall_lines, 256)
    # the closed door at (7, 3) - (2, 1) in the cropped file's own frame
    doors = [line for line in cropped.grid.wall_lines if line.kind == "door"]
    assert [(line.a, line.b) for line in doors] == [((5.0, 1.5), (5.0, 2.5))]
    windows = [line for line in cropped.grid.wall_lines if line.kind == "window"]
    assert [(line.a, line.b) for line in windows] == [((5.0, 7.619141), (5.0, 8.380859))]


def test_doors_lie_along_their_rotation(real_data: RealData) -> None:
    encounter, _ = import_map(real_data("uvtt/dd-oganm-cave-test.dd2vtt"))
    assert encounter.grid is not None
    doors = [line for line in encounter.grid.wall_lines if line.kind == "door"]
    assert ((11.0, 6.0), (12.0, 6.0)) in [(d.a, d.b) for d in doors]  # rotation 0
    assert ((12.0, 15.5), (12.0, 14.5)) in [(d.a, d.b) for d in doors]  # rotation -pi/2


def test_diagonal_doors_stay_diagonal(real_data: RealData) -> None:
    encounter, _ = import_map(real_data("uvtt/dd-mbround-headmasters-quarters.dd2vtt"))
    assert encounter.grid is not None
    doors = [line for line in encounter.grid.wall_lines if line.kind == "door"]
    angles = Counter(
        round(math.degrees(math.atan2(d.b[1] - d.a[1], d.b[0] - d.a[0]))) % 180 for d in doors
    )
    assert angles == {45: 1, 135: 1, 0: 4}  # rotation +-pi/4, and four doors along y = 1
    diagonal = [d for d in doors if d.a[1] != d.b[1]]
    assert all(abs(d.length - math.hypot(0.533092, 0.533092)) < 1e-5 for d in diagonal)


def test_a_file_whose_picture_is_a_path_that_is_not_there_is_refused_saying_so(
    real_data: RealData,
) -> None:
    path = real_data("uvtt/edge-foundry2uvtt-prismatic-ballroom.uvtt")
    with pytest.raises(LoadError) as error:
        import_map(path)
    (problem,) = error.value.problems
    assert problem.path == "image"
    assert problem.message.startswith("the picture is missing: the file names 'modules/czepeku")
    assert "no such picture beside the file" in problem.message


def test_the_path_picture_file_imports_when_its_picture_is_put_beside_it(
    real_data: RealData, tmp_path: Path
) -> None:
    """Format "1.0", float map sizes, 90 walls: all fine once the picture is there."""
    import json

    from .uvtt_files import png

    source = real_data("uvtt/edge-foundry2uvtt-prismatic-ballroom.uvtt")
    raw = json.loads(source.read_text())
    copy = tmp_path / source.name
    copy.write_text(json.dumps(raw))
    picture = tmp_path / raw["image"]
    picture.parent.mkdir(parents=True)
    picture.write_bytes(png(33 * 14, 46 * 14))  # a stand-in; any safe picture will do
    encounter, foreign = import_map(copy)
    assert foreign.source == "Universal VTT 1.0"
    assert encounter.grid is not None
    assert (encounter.grid.width, encounter.grid.height) == (33, 46)
    assert Counter(line.kind for line in encounter.grid.wall_lines) == {"wall": 90}
    assert encounter.background is not None and encounter.background.square_px == 140
    assert encounter.pictures[encounter.background.picture].data == picture.read_bytes()
