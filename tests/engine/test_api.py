"""The public API of the rules engine: every name the issue and docs/api.md promise."""

from __future__ import annotations

import re
from pathlib import Path

import tactical.core as core
from tactical.core import Encounter, GridMap, Token, find_path, reachable

API_DOC = Path(__file__).resolve().parents[2] / "docs" / "api.md"

ISSUE_NAMES = (
    "Encounter",
    "GridMap",
    "Token",
    "distance",
    "reachable",
    "find_path",
    "aura",
    "area",
    "line",
    "placement_ok",
    "cover",
    "Cover",
    "areas_between",
    "reachable_areas",
    "same_area_is_melee",
    "area_footprint",
)


def test_the_issues_names_are_importable_from_tactical_core() -> None:
    for name in ISSUE_NAMES:
        assert name in core.__all__, name
        assert callable(getattr(core, name)), name
    assert {c.name for c in core.Cover} == {"NONE", "COVER", "OBSTRUCTED"}


def test_every_name_in_the_api_tables_is_exported() -> None:
    # The first cell of each table row in docs/api.md names a function or class.
    names = set()
    for row in re.findall(r"^\| `([^`]+)`", API_DOC.read_text(encoding="utf-8"), re.M):
        names.add(re.split(r"[(\s]", row, maxsplit=1)[0])
    assert "cover_table" in names and "reachable" in names
    missing = sorted(n for n in names if n not in core.__all__)
    assert missing == []


def test_the_example_in_api_md_answers_as_written() -> None:
    encounter = Encounter(
        map=GridMap.from_text("0 0 0 3\n0 0d 0 0\n0 0 0x 0"),
        tokens=[
            Token(id="a", side="pcs", position=(0, 0), speed=6),
            Token(id="b", side="npcs", position=(3, 2)),
        ],
    )
    assert reachable(encounter, "a", 3) == {
        (0, 0): 0,
        (1, 0): 1,
        (2, 0): 2,
        (0, 1): 1,
        (1, 1): 1,
        (2, 1): 2,
        (3, 1): 3,
        (0, 2): 2,
        (1, 2): 2,
    }
    assert find_path(encounter, "a", (3, 0)) == ([(0, 0), (1, 0), (2, 0), (3, 0)], 5)
    assert find_path(encounter, "a", (3, 2)) is None
    assert encounter.are_enemies("pcs", "npcs")
