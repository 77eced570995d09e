"""A file whose areas overlap is refused by path: areas may share edges, not ground."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tactical.persistence import Problem, validate_file


def test_a_file_with_overlapping_areas_is_refused_by_path(
    area_document: dict[str, Any], tmp_path: Path
) -> None:
    area_document["map"]["areas"][1]["polygon"] = [[1, 0], [6, 0], [6, 4], [1, 4]]
    path = tmp_path / "overlap.tactical.json"
    path.write_text(json.dumps(area_document), encoding="utf-8")
    assert validate_file(path) == [
        Problem("map.areas[1].polygon", "overlaps map.areas[0]: areas may share edges, not ground")
    ]
