"""Problems in a version-1 file are said by its own keys: one per bad square, a status by
its index in the list, and the rest of the file is still judged (issue 14)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from tactical.persistence import LoadError, Problem, load_encounter

from .test_migrations import V1_DOCUMENT


def _v1_problems(tmp_path: Path, document: dict[str, Any]) -> list[Problem]:
    path = tmp_path / "old.tactical.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(LoadError) as caught:
        load_encounter(path)
    return caught.value.problems


def test_a_version_1_file_hears_one_problem_per_bad_square(tmp_path: Path) -> None:
    document = copy.deepcopy(V1_DOCUMENT)
    document["map"]["rows"][1] = "-1 1q 0 zz"
    document["map"]["rows"].append("0 q")
    assert [(p.path, p.message.split(" must")[0]) for p in _v1_problems(tmp_path, document)] == [
        ("map.rows[1]", "square 1"),
        ("map.rows[1]", "square 3"),
        ("map.rows[2]", "square 1"),
    ]


def test_a_version_1_file_hears_of_its_rows_not_of_elevation(tmp_path: Path) -> None:
    document = copy.deepcopy(V1_DOCUMENT)
    document["map"]["rows"][0] = "0 5000 2d"
    document["map"]["rows"][1] = "-1 1x -2000"
    assert _v1_problems(tmp_path, document) == [
        Problem("map.rows[0]", "square 1: an elevation must lie between -1000 and 1000"),
        Problem("map.rows[1]", "square 2: an elevation must lie between -1000 and 1000"),
    ]


def test_a_version_1_map_too_wide_is_said_of_its_rows(tmp_path: Path) -> None:
    document = copy.deepcopy(V1_DOCUMENT)
    document["map"]["rows"] = [" ".join(["0"] * 1100)] * 2
    assert _v1_problems(tmp_path, document)[0] == Problem(
        "map.rows", "the map's width (from the rows) must be at most 1024"
    )


def test_a_version_1_status_is_named_by_its_index_in_the_list(tmp_path: Path) -> None:
    document = copy.deepcopy(V1_DOCUMENT)
    document["tokens"][0]["statuses"] = ["Prone", "S" * 300]
    document["tokens"][1]["statuses"] = ["Prone", 3]
    assert _v1_problems(tmp_path, document) == [
        Problem("tokens[0].statuses[1]", "may be at most 200 characters long"),
        Problem("tokens[1].statuses", "must be a list of status names (text)"),
    ]


def test_a_version_1_file_with_bad_rows_still_hears_of_its_other_problems(tmp_path: Path) -> None:
    document = copy.deepcopy(V1_DOCUMENT)
    document["map"]["rows"][1] = "-1 1q 0"
    document["tokens"][1]["side"] = "monsters"
    document["tokens"][0]["speed"] = "fast"
    assert _v1_problems(tmp_path, document) == [
        Problem(
            "map.rows[1]",
            "square 1 must be an elevation optionally followed by 'd' (difficult) "
            "or 'x' (impassable)",
        ),
        Problem("tokens[0].speed", "must be a whole number"),
        Problem("tokens[1].side", "names a side that does not exist"),
    ]
