"""``tactical import`` and ``tactical export --format uvtt``: files out, round trips, no debris."""

from __future__ import annotations

import base64
import json
import os
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from tactical import cli
from tactical.core.encounter import Encounter
from tactical.core.grid import GridMap, Wall
from tactical.core.pictures import Background, Picture, picture_id
from tactical.core.wall_lines import WallLine
from tactical.persistence import load_encounter, save_encounter
from tactical.persistence.foreign import import_map
from tactical.persistence.foreign.uvtt_write import grid_lines
from tests.realdata import RealData

from ..persistence.uvtt_files import png, uvtt, write

MAPS = Path(__file__).resolve().parents[2] / "maps"


def test_import_writes_an_encounter_and_says_what_came_in(
    real_data: RealData, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "cave.tactical.json"
    assert (
        cli.main(["import", str(real_data("uvtt/dd-oganm-cave-test.dd2vtt")), "-o", str(out)]) == 0
    )
    assert capsys.readouterr().out == (
        f"{out}: imported Universal VTT 0.3, 20 x 20 squares, 197 wall pieces, 50 object lines, "
        "3 doors; 1 light was not kept (tactical does not draw lighting yet)\n"
    )
    encounter = load_encounter(out)
    assert encounter.grid is not None and len(encounter.grid.wall_lines) == 250
    assert cli.main(["validate", str(out)]) == 0


def test_import_without_o_writes_beside_the_file(tmp_path: Path) -> None:
    source = write(tmp_path / "small.df2vtt", uvtt())
    assert cli.main(["import", str(source)]) == 0
    assert (tmp_path / "small.tactical.json").is_file()


@pytest.mark.parametrize(
    "content, message",
    [
        ("{broken", "is not valid JSON"),
        (uvtt(format=2.5), "format: is a Universal VTT version tactical does not read"),
        (uvtt(image="QUJD$$$"), "image: is not a picture written as base64"),
        (uvtt(image=base64.b64encode(png(20_000, 2)).decode()), "image: the picture is 20000"),
        ('{"format": 0.3, "resolution": {"map_size": {"x": NaN}}}', "holds NaN"),
        (
            uvtt(portals=[{"bounds": [{"x": 1e200, "y": 0}, {"x": 0, "y": 0}]}]),
            "portals[0].bounds[0].x: lies more than 100,000 squares away",
        ),
    ],
)
def test_a_refused_import_says_why_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: object, message: str
) -> None:
    source = write(tmp_path / "bad.uvtt", content)  # type: ignore[arg-type]
    out = tmp_path / "out.tactical.json"
    assert cli.main(["import", str(source), "-o", str(out)]) == 1
    assert capsys.readouterr().err.startswith(f"{source}: {message}")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.uvtt"]


def test_a_600_mb_import_is_refused_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "huge.dd2vtt"
    with source.open("wb") as handle:
        handle.truncate(600 * 1024 * 1024)
    out = tmp_path / "huge.tactical.json"
    assert cli.main(["import", str(source), "-o", str(out)]) == 1
    assert "is larger than 256 MiB" in capsys.readouterr().err
    assert not out.exists() and len(os.listdir(tmp_path)) == 1


def _kinds_and_ends(
    lines: list[WallLine],
) -> list[tuple[str, tuple[float, float], tuple[float, float]]]:
    return sorted((line.kind, line.a, line.b) for line in lines)


def test_export_reads_back_to_the_same_walls(
    real_data: RealData, qtbot: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    imported = tmp_path / "cave.tactical.json"
    assert (
        cli.main(["import", str(real_data("uvtt/dd-oganm-cave-test.dd2vtt")), "-o", str(imported)])
        == 0
    )
    out = tmp_path / "cave.uvtt"
    assert cli.main(["export", str(imported), "--format", "uvtt", "-o", str(out)]) == 0
    assert capsys.readouterr().out.endswith(
        f"{out}: Universal VTT 0.3, 20 x 20 squares at 64 pixels per square\n"
    )
    document = json.loads(out.read_text())
    assert document["format"] == 0.3
    assert document["resolution"] == {
        "map_origin": {"x": 0, "y": 0},
        "map_size": {"x": 20, "y": 20},
        "pixels_per_grid": 64,
    }
    picture = QImage.fromData(base64.b64decode(document["image"]), "PNG")
    assert (picture.width(), picture.height()) == (1280, 1280)
    again, _ = import_map(out)
    original = load_encounter(imported)
    assert again.grid is not None and original.grid is not None
    assert _kinds_and_ends(again.grid.wall_lines) == _kinds_and_ends(original.grid.wall_lines)


@pytest.mark.parametrize(
    "name",
    [
        "dd-imagix-sampleMap.dd2vtt",
        "dd-imagix-sampleMap-v0.2-old.dd2vtt",
        "dd-mbround-headmasters-quarters.dd2vtt",
    ],
)
def test_every_real_import_exports_and_reads_back(
    real_data: RealData, qtbot: object, tmp_path: Path, name: str
) -> None:
    imported = tmp_path / "map.tactical.json"
    assert cli.main(["import", str(real_data(f"uvtt/{name}")), "-o", str(imported)]) == 0
    out = tmp_path / "map.uvtt"
    assert cli.main(["export", str(imported), "--format", "uvtt", "-o", str(out)]) == 0
    original = load_encounter(imported)
    again, _ = import_map(out)
    assert again.grid is not None and original.grid is not None
    assert _kinds_and_ends(again.grid.wall_lines) == _kinds_and_ends(original.grid.wall_lines)
    assert again.background is not None and original.background is not None
    assert again.background.square_px == original.background.square_px


def _exported(grid: GridMap, art: bytes, tmp_path: Path) -> Path:
    """``grid`` over ``art`` (10 px a square) saved, then exported as room.uvtt by the CLI."""
    encounter = Encounter(
        grid,
        pictures=[Picture(picture_id(art), data=art)],
        background=Background(picture_id(art), square_px=10),
    )
    source = tmp_path / "room.tactical.json"
    save_encounter(encounter, source)
    out = tmp_path / "room.uvtt"
    assert cli.main(["export", str(source), "--format", "uvtt", "-o", str(out)]) == 0
    return out


def test_edge_walls_doors_and_windows_round_trip(qtbot: object, tmp_path: Path) -> None:
    art = png(60, 40)
    grid = GridMap(
        6,
        4,
        walls={((1, 1), (2, 1)): Wall(), ((3, 1), (3, 2)): Wall(door=True)},
        wall_lines=[
            WallLine((0.5, 0.5), (2.25, 3.75), "wall"),
            WallLine((4, 0), (4, 1), "window"),
            WallLine((5, 1), (6, 1), "door"),
            WallLine((0, 3), (1, 2.5), "object"),
        ],
    )
    out = _exported(grid, art, tmp_path)
    document = json.loads(out.read_text())
    assert document["line_of_sight"][0] == [{"x": 2, "y": 1}, {"x": 2, "y": 2}]
    assert document["portals"][0] == {
        "position": {"x": 3.5, "y": 2},
        "bounds": [{"x": 3, "y": 2}, {"x": 4, "y": 2}],
        "rotation": 0.0,
        "closed": True,
        "freestanding": False,
    }
    assert [p["closed"] for p in document["portals"]] == [True, False, True]
    again, _ = import_map(out)
    assert again.grid is not None
    assert _kinds_and_ends(again.grid.wall_lines) == _kinds_and_ends(grid_lines(grid))


def test_open_doors_stay_open_through_an_export_and_the_message_says_so(
    qtbot: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An open door is written closed (``closed: false`` is a window to Dungeondraft) with
    our own mark, which our import reads back: the doors come back as the GM left them."""
    art = png(60, 40)
    grid = GridMap(
        6,
        4,
        walls={((3, 1), (3, 2)): Wall(door=True, open=True), ((1, 1), (2, 1)): Wall(door=True)},
        wall_lines=[
            WallLine((5, 1), (6, 1), "door", open=True),
            WallLine((4, 0), (4, 1), "window"),
        ],
    )
    out = _exported(grid, art, tmp_path)
    assert capsys.readouterr().out.splitlines()[1] == (
        f"{out}: 2 open doors are written closed (Universal VTT has no open door that tools "
        "agree on) and drawn closed on the picture; tactical opens them again when it imports "
        "the file."
    )
    portals = json.loads(out.read_text())["portals"]
    assert [(p["closed"], p.get("tactical_open")) for p in portals] == [
        (True, None),
        (True, True),
        (True, True),
        (False, None),
    ]
    again, _ = import_map(out)
    assert again.grid is not None
    assert sorted((line.kind, line.open) for line in again.grid.wall_lines) == [
        ("door", False),
        ("door", True),
        ("door", True),
        ("window", False),
    ]


def test_export_refuses_an_area_map_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "tavern.uvtt"
    tavern = MAPS / "tavern-brawl.tactical.json"
    assert cli.main(["export", str(tavern), "--format", "uvtt", "-o", str(out)]) == 1
    assert capsys.readouterr().err == f"{tavern}: only grid maps can be exported to Universal VTT\n"
    assert not out.exists()


def test_several_maps_make_one_evening_without_writing_over_an_input_or_a_file_there(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 33: ``import A B -o OUT``, a scene each; the house rule: never over an input,
    never over an existing file (an evening the GM prepared) unless --force."""
    road = write(tmp_path / "Road.df2vtt", uvtt())
    crypt = write(tmp_path / "Crypt.df2vtt", uvtt())
    road_bytes = road.read_bytes()
    assert cli.main(["import", str(road), str(crypt), "-o", str(road)]) == 1
    assert road.read_bytes() == road_bytes
    assert "is the file being read" in capsys.readouterr().err
    prepared = tmp_path / "evening.tactical.json"
    prepared.write_text("the GM's prepared evening", encoding="utf-8")
    assert cli.main(["import", str(road), str(crypt), "-o", str(prepared)]) == 1
    assert prepared.read_text(encoding="utf-8") == "the GM's prepared evening"
    assert capsys.readouterr().err == (
        f"{prepared}: exists already and is kept; choose another name, or replace it with --force\n"
    )
    assert cli.main(["import", str(road), str(crypt), "-o", str(prepared), "--force"]) == 0
    assert capsys.readouterr().out.endswith('2 scenes: "Road", "Crypt"\n')
    assert cli.main(["scenes", str(prepared)]) == 0
    assert [line.split(":")[0] for line in capsys.readouterr().out.splitlines()] == [
        "Road",
        "Crypt",
    ]
