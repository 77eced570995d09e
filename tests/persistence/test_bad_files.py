"""A bad file gives one message per problem, each naming its JSON path, and is left untouched.

These are the failures issue 2 lists (wrong type, unknown key, NaN, a 2000 x 2000
grid, a self-intersecting area, a newer schema version) and their neighbours.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tactical.persistence import (
    LoadError,
    Problem,
    load_encounter,
    loads_encounter,
    validate_file,
)
from tactical.persistence import loading as files_module

WriteJson = Callable[[Any], Path]


def problems_of(path: Path) -> list[Problem]:
    """Load ``path`` expecting failure; check the file is byte-for-byte untouched."""
    before = path.read_bytes()
    stat = path.stat()
    with pytest.raises(LoadError) as caught:
        load_encounter(path)
    assert path.read_bytes() == before
    assert path.stat().st_mtime_ns == stat.st_mtime_ns
    assert validate_file(path) == caught.value.problems
    return caught.value.problems


def test_sound_fixtures_load(grid_document: dict[str, Any], write_json: WriteJson) -> None:
    encounter = load_encounter(write_json(grid_document))
    assert encounter.tokens["ogre"].position == (2, 1)
    assert validate_file(write_json(grid_document)) == []


def test_wrong_type(grid_document: dict[str, Any], write_json: WriteJson) -> None:
    grid_document["tokens"][1]["speed"] = "fast"
    assert problems_of(write_json(grid_document)) == [
        Problem("tokens[1].speed", "must be a whole number")
    ]


def test_wrong_type_of_position(grid_document: dict[str, Any], write_json: WriteJson) -> None:
    grid_document["tokens"][0]["position"] = {"col": 1, "row": 2}
    assert problems_of(write_json(grid_document)) == [
        Problem(
            "tokens[0].position",
            "must be a square [column, row] of two integers, an area id, or null",
        )
    ]


def test_a_number_in_text_is_not_coerced(
    grid_document: dict[str, Any], write_json: WriteJson
) -> None:
    grid_document["map"]["width"] = "4"
    assert problems_of(write_json(grid_document)) == [
        Problem("map.width", "must be a whole number")
    ]


def test_unknown_key(grid_document: dict[str, Any], write_json: WriteJson) -> None:
    grid_document["tokens"][0]["colour"] = "#ffffff"
    grid_document["map"]["fog"] = True
    assert problems_of(write_json(grid_document)) == [
        Problem("map.fog", "unknown key (not part of the file format)"),
        Problem("tokens[0].colour", "unknown key (not part of the file format)"),
    ]


def test_missing_key(grid_document: dict[str, Any], write_json: WriteJson) -> None:
    del grid_document["tokens"][1]["side"]
    assert problems_of(write_json(grid_document)) == [
        Problem("tokens[1].side", "required key is missing")
    ]


def test_nan(grid_document: dict[str, Any], write_json: WriteJson) -> None:
    text = json.dumps(grid_document).replace('"fatigue": 2', '"fatigue": NaN')
    assert "NaN" in text
    assert problems_of(write_json(text)) == [
        Problem(
            "tokens[0].figures.fatigue",
            "must be a finite number (NaN and infinity are not allowed)",
        )
    ]


def test_infinity_in_a_polygon(area_document: dict[str, Any], write_json: WriteJson) -> None:
    text = json.dumps(area_document).replace("[6, 0]", "[Infinity, 0]", 1)
    assert problems_of(write_json(text)) == [
        Problem(
            "map.areas[1].polygon[1][0]",
            "must be a finite number (NaN and infinity are not allowed)",
        )
    ]


def test_nan_in_procedure_state(grid_document: dict[str, Any], write_json: WriteJson) -> None:
    grid_document["procedure"] = {"id": "thrum", "state": {"round": 1, "loads": [1.5, 2.0]}}
    text = json.dumps(grid_document).replace("2.0]", "-Infinity]")
    assert problems_of(write_json(text)) == [
        Problem(
            "procedure.state.loads[1]",
            "must be a finite number (NaN and infinity are not allowed)",
        )
    ]


def test_a_2000_by_2000_grid(grid_document: dict[str, Any], write_json: WriteJson) -> None:
    grid_document["map"].update(
        width=2000,
        height=2000,
        elevation=[[0] * 2000] * 2000,
        terrain=["." * 2000] * 2000,
        walls=[],
    )
    grid_document["tokens"] = []
    assert problems_of(write_json(grid_document)) == [
        Problem("map.width", "must be at most 1024"),
        Problem("map.height", "must be at most 1024"),
        Problem("map.elevation", "may hold at most 1024 items, it has 2000"),
        Problem("map.terrain", "may hold at most 1024 items, it has 2000"),
    ]


def test_self_intersecting_area(area_document: dict[str, Any], write_json: WriteJson) -> None:
    # a bow tie: the outline crosses itself at (4, 2)
    area_document["map"]["areas"][1]["polygon"] = [[2, 0], [6, 4], [6, 0], [2, 4]]
    assert problems_of(write_json(area_document)) == [
        Problem(
            "map.areas[1].polygon",
            "the outline crosses itself at (4, 2)",
        )
    ]


def test_a_flat_outline_says_it_encloses_no_area(
    area_document: dict[str, Any], write_json: WriteJson
) -> None:
    # three points on one line: shapely would call it a self-intersection
    area_document["map"]["areas"][1]["polygon"] = [[2, 0], [4, 0], [6, 0]]
    assert problems_of(write_json(area_document)) == [
        Problem("map.areas[1].polygon", "the outline encloses no area (its points lie on one line)")
    ]


def test_type_and_limit_messages_are_in_a_gms_words(
    grid_document: dict[str, Any], write_json: WriteJson
) -> None:
    doc = grid_document
    doc["name"] = ["Bridge"]
    doc["metric"] = "hexes"
    doc["map"]["walls"][0]["a"] = [0, 0, 0]
    doc["map"]["walls"][0]["b"] = [1]
    doc["map"]["walls"][0]["door"] = "yes"
    doc["sides"][0]["id"] = ""
    doc["sides"][1]["name"] = "N" * 201
    doc["tokens"][0] = 7
    doc["tokens"][1]["size"] = 0
    doc["tokens"][1]["statuses"] = ["Prone"]
    doc["templates"] = {}
    assert problems_of(write_json(doc)) == [
        Problem("name", "must be text (in quotes)"),
        Problem("metric", "must be 'chebyshev', 'orthogonal' or 'feet'"),
        Problem("map.walls[0].a", "may hold at most 2 items, it has 3"),
        Problem("map.walls[0].b", "needs at least 2 items, it has 1"),
        Problem("map.walls[0].door", "must be true or false"),
        Problem("sides[0].id", "must not be empty"),
        Problem("sides[1].name", "may be at most 200 characters long"),
        Problem("tokens[0]", "must be an object ({...})"),
        Problem("tokens[1].size", "must be 1 or more"),
        Problem("tokens[1].statuses", "must be an object ({...})"),
        Problem("templates", "must be a list ([...])"),
    ]


def test_newer_schema_version(grid_document: dict[str, Any], write_json: WriteJson) -> None:
    grid_document["schema_version"] = 7
    grid_document["map"]["hexes"] = "a future feature"
    assert problems_of(write_json(grid_document)) == [
        Problem(
            "schema_version",
            "the file uses schema version 7, newer than this version of tactical can read "
            "(up to 6); update tactical to open it",
        )
    ]


@pytest.mark.parametrize(
    ("version", "message"),
    [
        (0, "must be a whole number, 1 or more"),
        ("2", "must be a whole number, 1 or more"),
        (True, "must be a whole number, 1 or more"),
    ],
)
def test_bad_schema_version(
    grid_document: dict[str, Any], write_json: WriteJson, version: object, message: str
) -> None:
    grid_document["schema_version"] = version
    assert problems_of(write_json(grid_document)) == [Problem("schema_version", message)]


def test_not_an_encounter_file(write_json: WriteJson) -> None:
    assert problems_of(write_json({"type": "FeatureCollection"})) == [
        Problem("format", 'required key is missing (it is "tactical.encounter")'),
        Problem("schema_version", "required key is missing"),
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"format": ', "is not valid JSON: Expecting value (line 1, column 12)"),
        ("[1, 2]", "must hold one JSON object (an encounter)"),
        ("", "is empty: an encounter file holds a JSON object"),
        (" \n", "is empty: an encounter file holds a JSON object"),
        ("[" * 100_000 + "]" * 100_000, "nests lists or objects too deeply"),
    ],
)
def test_not_json(write_json: WriteJson, text: str, message: str) -> None:
    assert problems_of(write_json(text)) == [Problem("(file)", message)]


def test_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin1.tactical.json"
    path.write_bytes('{"name": "Caf\xe9"}'.encode("latin-1"))
    assert problems_of(path) == [Problem("(file)", "is not UTF-8 text (bad byte at offset 13)")]


def test_too_big_is_refused_before_parsing(
    grid_document: dict[str, Any], write_json: WriteJson, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(files_module, "MAX_FILE_BYTES", 100)

    def no_parsing(*args: object, **kwargs: object) -> None:
        raise AssertionError("a file over the cap must not be parsed")

    monkeypatch.setattr(files_module.json, "loads", no_parsing)
    assert problems_of(write_json(grid_document)) == [
        Problem("(file)", "is larger than 0 MiB, the largest file tactical opens")
    ]


def test_missing_file_and_folder(tmp_path: Path) -> None:
    assert validate_file(tmp_path / "nowhere.tactical.json") == [
        Problem("(file)", "there is no such file")
    ]
    assert validate_file(tmp_path) == [Problem("(file)", "is a folder, not a file")]


def test_the_input_is_never_echoed(grid_document: dict[str, Any], write_json: WriteJson) -> None:
    secret = "SECRET-INPUT-7d1f" * 3
    grid_document["tokens"][0]["size"] = secret
    grid_document["tokens"][0]["position"] = [secret, 1]
    grid_document["sides"][0]["color"] = secret
    grid_document["map"]["kind"] = secret
    grid_document["metric"] = secret
    problems = problems_of(write_json(grid_document))
    assert len(problems) == 5
    assert all("SECRET" not in str(p) for p in problems)


def test_semantic_problems_name_their_paths(
    grid_document: dict[str, Any], write_json: WriteJson
) -> None:
    doc = grid_document
    doc["map"]["elevation"][1] = [0, 5000, 0]
    doc["map"]["terrain"][2] = "..?."
    doc["map"]["walls"].append({"a": [3, 2], "b": [3, 3]})
    doc["map"]["walls"].append({"a": [0, 0], "b": [2, 0]})
    doc["map"]["walls"].append({"a": [1, 0], "b": [0, 0]})
    doc["sides"][1]["allies"] = ["goblins"]
    doc["tokens"][1]["position"] = [3, 1]  # a size-2 token reaching past the right edge
    doc["tokens"].append({"id": "aldric", "side": "elves", "position": "bridge"})
    doc["templates"] = [
        {"id": "t1", "kind": "line", "size": 3, "origin": [0, 0], "direction": [2, 0]},
        {"id": "t2", "kind": "aura", "size": 1, "token_id": "nobody"},
    ]
    assert problems_of(write_json(doc)) == [
        Problem("sides[1].allies[0]", "names a side that does not exist"),
        Problem("map.elevation[1]", "has 3 squares, the map is 4 wide"),
        Problem("map.elevation[1][1]", "an elevation must lie between -1000 and 1000"),
        Problem(
            "map.terrain[2]", "square 2 must be '.' (open), 'd' (difficult) or 'x' (impassable)"
        ),
        Problem("map.walls[1]", "a wall must join two squares on the map"),
        Problem("map.walls[2]", "a wall must join two squares that share an edge"),
        Problem("map.walls[3]", "another wall before this one is on the same edge"),
        Problem("tokens[2].id", "another token before this one has the same id"),
        Problem("tokens[1].position", "a size 2 token here would reach off the 4 x 3 map"),
        Problem("tokens[2].side", "names a side that does not exist"),
        Problem(
            "tokens[2].position",
            "on a grid map a position is a square [column, row], not an area id",
        ),
        Problem(
            "templates[0].direction", "must be one of the 8 unit steps, e.g. [1, 0] or [-1, 1]"
        ),
        Problem("templates[1].token_id", "names a token that does not exist"),
    ]


def test_area_map_references(area_document: dict[str, Any], write_json: WriteJson) -> None:
    doc = area_document
    doc["map"]["areas"].append({"id": "stairs", "polygon": [[0, 4], [2, 4]]})
    doc["map"]["links"] = [{"a": "stairs", "b": "well", "kind": "add"}]
    doc["tokens"][1]["position"] = [1, 1]
    doc["templates"] = [{"id": "fire", "kind": "area", "size": 1}]
    assert problems_of(write_json(doc)) == [
        Problem("map.areas[2].id", "another area before this one has the same id"),
        Problem("map.areas[2].polygon", "an area needs at least 3 points, this one has 2"),
        Problem("map.links[0].b", "names an area that does not exist"),
        Problem("tokens[1].position", "on an area map a position is an area id, not a square"),
        Problem("templates[0].area_id", "on an area map a template covers one area, name it"),
    ]


def test_load_error_text_is_one_line_per_problem(
    grid_document: dict[str, Any], write_json: WriteJson
) -> None:
    grid_document["tokens"][0]["speed"] = -1
    grid_document["tokens"][1]["hidden"] = "no"
    with pytest.raises(LoadError) as caught:
        load_encounter(write_json(grid_document))
    assert str(caught.value).splitlines() == [
        "tokens[0].speed: must be 0 or more",
        "tokens[1].hidden: must be true or false",
    ]


def test_many_problems_are_all_counted_but_only_fifty_listed(
    grid_document: dict[str, Any],
) -> None:
    grid_document["map"].update(
        width=10, height=10, elevation=[[9999] * 10] * 10, terrain=["." * 10] * 10, walls=[]
    )
    with pytest.raises(LoadError) as caught:
        loads_encounter(json.dumps(grid_document))
    assert len(caught.value.problems) == 100
    lines = str(caught.value).splitlines()
    assert len(lines) == 51
    assert lines[0] == "map.elevation[0][0]: an elevation must lie between -1000 and 1000"
    assert lines[49] == "map.elevation[4][9]: an elevation must lie between -1000 and 1000"
    assert lines[50] == "... and 50 more problems"


def test_failed_load_leaves_no_stray_files(
    grid_document: dict[str, Any], write_json: WriteJson
) -> None:
    grid_document["metric"] = "hexes"
    path = write_json(grid_document)
    before = sorted(os.listdir(path.parent))
    problems_of(path)
    assert sorted(os.listdir(path.parent)) == before
