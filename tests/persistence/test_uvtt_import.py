"""Universal VTT import of small files made here: coordinates, clipping, portals, refusals."""

from __future__ import annotations

import base64
import os
import tracemalloc
from pathlib import Path
from typing import Any

import pytest

from tactical.persistence import LoadError, load_encounter, save_encounter
from tactical.persistence.foreign import import_map
from tactical.persistence.foreign.builder import clip

from .uvtt_files import png, uvtt, write


def lines(
    tmp_path: Path, **changes: Any
) -> list[tuple[str, tuple[float, float], tuple[float, float]]]:
    encounter, _ = import_map(write(tmp_path / "map.dd2vtt", uvtt(**changes)))
    assert encounter.grid is not None
    return [(line.kind, line.a, line.b) for line in encounter.grid.wall_lines]


def refusal(tmp_path: Path, document: dict[str, Any] | str | bytes, name: str = "map.uvtt") -> str:
    with pytest.raises(LoadError) as error:
        import_map(write(tmp_path / name, document))
    return str(error.value)


def test_a_small_file_gives_its_wall_and_door(tmp_path: Path) -> None:
    assert lines(tmp_path) == [("wall", (2.0, 0.0), (2.0, 1.0)), ("door", (2.0, 1.0), (2.0, 2.0))]


def test_the_map_origin_is_taken_off_every_coordinate(tmp_path: Path) -> None:
    found = lines(
        tmp_path,
        resolution={
            "map_origin": {"x": 2, "y": 1},
            "map_size": {"x": 4, "y": 3},
            "pixels_per_grid": 10,
        },
    )
    # the wall (2, 0)-(2, 1) is now (0, -1)-(0, 0): off the map, dropped
    assert found == [("door", (0.0, 0.0), (0.0, 1.0))]


def test_walls_off_the_map_are_clipped_or_dropped_never_moved(tmp_path: Path) -> None:
    found = lines(
        tmp_path,
        line_of_sight=[
            [{"x": -50, "y": -50}, {"x": -40, "y": -50}],  # wholly outside: dropped
            [{"x": -1, "y": 1}, {"x": 5, "y": 1}],  # crosses the map: clipped to 0..4
            [{"x": 1, "y": -0.19}, {"x": 1, "y": 2}],  # a little above the top
            [{"x": 3, "y": 2}, {"x": 3, "y": 2}, {"x": 3, "y": 2}, {"x": 3.5, "y": 2}],  # repeats
        ],
        portals=[],
    )
    assert found == [
        ("wall", (0.0, 1.0), (4.0, 1.0)),
        ("wall", (1.0, 0.0), (1.0, 2.0)),
        ("wall", (3.0, 2.0), (3.5, 2.0)),
    ]


def test_clip_keeps_direction_and_handles_edges() -> None:
    assert clip((-1, -1), (5, 5), 4, 3) == ((0.0, 0.0), (3.0, 3.0))
    assert clip((2, 5), (2, -5), 4, 3) == ((2.0, 3.0), (2.0, 0.0))
    assert clip((0, 0), (4, 0), 4, 3) == ((0.0, 0.0), (4.0, 0.0))  # along the top edge
    assert clip((5, 0), (6, 3), 4, 3) is None


def test_portals_windows_and_a_missing_closed(tmp_path: Path) -> None:
    found = lines(
        tmp_path,
        line_of_sight=[],
        portals=[
            {"bounds": [{"x": 0, "y": 1}, {"x": 1, "y": 1}], "closed": False},
            {"bounds": [{"x": 1, "y": 1}, {"x": 2, "y": 1}]},  # no closed: a closed door
            {"position": {"x": 3, "y": 2}, "rotation": -1.5707963267948966},  # no bounds
            {"position": {"x": 3, "y": 1}, "rotation": 2 * 3.141592653589793},  # 2 pi
        ],
    )
    assert found == [
        ("window", (0.0, 1.0), (1.0, 1.0)),
        ("door", (1.0, 1.0), (2.0, 1.0)),
        ("door", (3.0, 2.5), (3.0, 1.5)),
        ("door", (2.5, 1.0), (3.5, 1.0)),
    ]


def test_objects_block_sight_only(tmp_path: Path) -> None:
    found = lines(
        tmp_path,
        line_of_sight=[],
        portals=[],
        objects_line_of_sight=[[{"x": 1, "y": 1}, {"x": 2, "y": 1}, {"x": 2, "y": 2}]],
    )
    assert found == [("object", (1.0, 1.0), (2.0, 1.0)), ("object", (2.0, 1.0), (2.0, 2.0))]


@pytest.mark.parametrize("fmt", [0.2, 0.3, "0.3", 1.0, "1.0", 1])
def test_known_format_numbers_are_read(tmp_path: Path, fmt: object) -> None:
    assert lines(tmp_path, format=fmt)


def test_fractional_map_sizes_round_up_to_whole_squares(tmp_path: Path) -> None:
    encounter, _ = import_map(
        write(
            tmp_path / "m.uvtt",
            uvtt(resolution={"map_size": {"x": 3.5, "y": 2.01}, "pixels_per_grid": 10}),
        )
    )
    assert encounter.grid is not None
    assert (encounter.grid.width, encounter.grid.height) == (4, 3)


def test_a_safe_picture_path_beside_the_file_is_embedded(tmp_path: Path) -> None:
    (tmp_path / "art").mkdir()
    (tmp_path / "art" / "map.png").write_bytes(png(40, 30))
    encounter, _ = import_map(write(tmp_path / "m.uvtt", uvtt(image="art/map.png")))
    assert encounter.background is not None
    picture = encounter.pictures[encounter.background.picture]
    assert picture.path is None and picture.data == png(40, 30)


def test_the_background_is_named_by_the_imported_file_and_keeps_it_saved(tmp_path: Path) -> None:
    encounter, _ = import_map(write(tmp_path / "Goblin Cave.dd2vtt", uvtt()))
    assert encounter.background is not None
    assert encounter.pictures[encounter.background.picture].name == "Goblin Cave.dd2vtt"
    save_encounter(encounter, tmp_path / "cave.tactical.json")
    again = load_encounter(tmp_path / "cave.tactical.json")
    assert again.pictures[encounter.background.picture].name == "Goblin Cave.dd2vtt"


@pytest.mark.parametrize(
    "image, words",
    [
        ("../outside.png", "leaves the encounter's folder"),
        ("/etc/hostname.png", "absolute path"),
        ("file:///etc/x.png", "URL"),
        ("C:\\maps\\x.png", "drive"),
        ("\\\\server\\share\\x.png", "network"),
        ("missing.png", "no such picture beside the file"),
    ],
)
def test_unsafe_or_missing_picture_paths_are_refused(
    tmp_path: Path, image: str, words: str
) -> None:
    (tmp_path / "outside.png").write_bytes(png(4, 3))
    folder = tmp_path / "inner"
    folder.mkdir()
    message = refusal(folder, uvtt(image=image))
    assert message.startswith("image: the picture is missing")
    assert words in message


def test_a_symlink_out_of_the_folder_is_refused(tmp_path: Path) -> None:
    (tmp_path / "secret.png").write_bytes(png(4, 3))
    folder = tmp_path / "inner"
    folder.mkdir()
    (folder / "map.png").symlink_to(tmp_path / "secret.png")
    assert "leads out of the file's folder" in refusal(folder, uvtt(image="map.png"))


@pytest.mark.parametrize(
    "document, expected",
    [
        ("{not json", "is not valid JSON"),
        ('{"format": 0.3, "resolution": NaN}', "holds NaN, Infinity"),
        ("[1, 2]", "must hold one JSON object"),
        ("[" * 100_000 + "]" * 100_000, "nests lists or objects too deeply"),
        (b"\xff\xfe{}", "is not UTF-8 text (bad byte at offset 0)"),
        ('{"format": 0.3, "n": ' + "9" * 5000 + "}", "holds a number too long to read"),
        (uvtt(format=0.9), "format: is a Universal VTT version tactical does not read"),
        (uvtt(format=None), "format: is a Universal VTT version tactical does not read"),
        ({"resolution": {}}, "format: is missing"),
        (uvtt(image="!!!not base64!!!"), "image: is not a picture written as base64"),
        (uvtt(image=base64.b64encode(b"GIF89a....").decode()), "image: the picture is not a PNG"),
        (uvtt(image=None), "image: is missing"),
        (uvtt(image=base64.b64encode(png(16_385, 1)).decode()), "16,384 pixels a side"),
        (
            uvtt(line_of_sight=[[{"x": 1e300, "y": 0}, {"x": 0, "y": 0}]]),
            "line_of_sight[0][0].x: lies more than 100,000 squares away",
        ),
        ('{"format": 0.3, "x": 1e999}', "holds NaN, Infinity"),
        (
            uvtt(line_of_sight=[[{"x": "1", "y": 0}, {"x": 0, "y": 0}]]),
            "line_of_sight[0][0].x: must be a number",
        ),
        (uvtt(resolution={"map_size": {"x": 5000, "y": 3}, "pixels_per_grid": 10}), "at most 1024"),
        (uvtt(resolution={"map_size": {"x": 4, "y": 3}}), "pixels_per_grid: is missing"),
        (uvtt(resolution={"map_size": {"x": 4, "y": 3}, "pixels_per_grid": 0}), "more than 0"),
        (uvtt(portals=[{"closed": True}]), "portals[0]: has neither its two ends"),
        (
            uvtt(portals=[{"bounds": [], "closed": "yes"}]),
            "portals[0].closed: must be true or false",
        ),
    ],
)
def test_bad_files_are_refused_with_a_message_naming_the_place(
    tmp_path: Path, document: Any, expected: str
) -> None:
    assert expected in refusal(tmp_path, document)


def test_a_600_mb_file_is_refused_before_it_is_read(tmp_path: Path) -> None:
    huge = tmp_path / "huge.dd2vtt"
    with huge.open("wb") as handle:
        handle.truncate(600 * 1024 * 1024)  # sparse: no disk used
    tracemalloc.start()
    try:
        with pytest.raises(LoadError) as error:
            import_map(huge)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert str(error.value) == (
        "is larger than 256 MiB, the largest Universal VTT file tactical imports "
        "(its picture would not fit in an encounter)"
    )
    assert peak < 1024 * 1024
    assert os.path.getsize(huge) == 600 * 1024 * 1024


def test_an_unknown_extension_is_refused(tmp_path: Path) -> None:
    assert "is not a map tactical imports (it reads .dd2vtt, .uvtt, .df2vtt)" in refusal(
        tmp_path, uvtt(), name="map.json"
    )
