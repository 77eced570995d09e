"""A file is reported whole: problems of every kind, not only the schema's (issue 14)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tactical import cli
from tactical.persistence import Problem, validate_file

WriteJson = Callable[[Any], Path]


def test_schema_and_meaning_problems_are_reported_together(
    grid_document: dict[str, Any], write_json: WriteJson
) -> None:
    grid_document["tokens"][1]["speed"] = "fast"  # the schema refuses this token
    grid_document["tokens"][0]["position"] = [9, 9]  # a sound token, off the map
    grid_document["tokens"][0]["side"] = "monsters"  # and on a side that does not exist
    grid_document["map"]["walls"][0]["b"] = [3, 3]  # a wall joining far squares
    assert validate_file(write_json(grid_document)) == [
        Problem("tokens[1].speed", "must be a whole number"),
        Problem("map.walls[0]", "a wall must join two squares that share an edge"),
        Problem("tokens[0].side", "names a side that does not exist"),
        Problem("tokens[0].position", "square is off the 4 x 3 map"),
    ]


def test_a_refused_map_does_not_make_positions_wrong(
    grid_document: dict[str, Any], write_json: WriteJson
) -> None:
    grid_document["map"]["width"] = "4"
    grid_document["tokens"][0]["side"] = "monsters"
    assert validate_file(write_json(grid_document)) == [
        Problem("map.width", "must be a whole number"),
        Problem("tokens[0].side", "names a side that does not exist"),
    ]


def test_a_refused_side_does_not_make_its_tokens_wrong(
    grid_document: dict[str, Any], write_json: WriteJson
) -> None:
    grid_document["sides"][1]["color"] = "red"
    grid_document["templates"] = [{"id": "t", "kind": "aura", "size": 2, "token_id": "nobody"}]
    assert validate_file(write_json(grid_document)) == [
        Problem("sides[1].color", "must be a colour written #rrggbb, e.g. #2f7fd8"),
        Problem("templates[0].token_id", "names a token that does not exist"),
    ]


def test_validate_prints_at_most_50_problems_and_the_count(
    grid_document: dict[str, Any], write_json: WriteJson, capsys: pytest.CaptureFixture[str]
) -> None:
    token = grid_document["tokens"][0]
    grid_document["tokens"] = [
        {**token, "id": f"t{i}", "position": [100 + i, 0]} for i in range(70)
    ]
    grid_document["tokens"][3]["speed"] = -1
    path = write_json(json.dumps(grid_document))
    assert cli.main(["validate", str(path)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 51
    assert lines[0] == f"{path}: tokens[3].speed: must be 0 or more"
    assert lines[1] == f"{path}: tokens[0].position: square is off the 4 x 3 map"
    assert lines[-1] == f"{path}: 70 problems in all, the first 50 shown above"
