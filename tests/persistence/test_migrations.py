"""Older files are upgraded by a chain of migrations, one schema version at a time."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from tactical.core.grid import Terrain
from tactical.persistence import SCHEMA_VERSION, LoadError, Problem, load_encounter
from tactical.persistence.migrations import MIGRATIONS, migrate, migrate_1_to_2

V1_DOCUMENT: dict[str, Any] = {
    "format": "tactical.encounter",
    "schema_version": 1,
    "app_version": "0.0.1",
    "name": "Old bridge",
    "metric": "chebyshev",
    "map": {
        "kind": "grid",
        "square_feet": 5,
        "rows": ["0 0 2d", "-1 1x 0"],
        "walls": [{"a": [0, 0], "b": [0, 1], "door": False, "open": False}],
    },
    "sides": [
        {"id": "pcs", "name": "Player characters", "color": "#2f7fd8", "allies": []},
        {"id": "npcs", "name": "Non-player characters", "color": "#d8432f", "allies": []},
    ],
    "tokens": [
        {
            "id": "aldric",
            "name": "Ser Aldric",
            "side": "pcs",
            "position": [0, 0],
            "statuses": ["Prone", "Frayed"],
        },
        {"id": "gob", "name": "Goblin archer", "side": "npcs", "position": [2, 1], "statuses": []},
    ],
    "procedure": None,
    "dice_log": [],
}


def test_every_version_below_the_current_has_one_migration() -> None:
    assert sorted(MIGRATIONS) == list(range(1, SCHEMA_VERSION))


def test_migrate_1_to_2_reshapes_a_version_1_document() -> None:
    original = copy.deepcopy(V1_DOCUMENT)
    migrated = migrate_1_to_2(V1_DOCUMENT)
    assert original == V1_DOCUMENT  # the input is not changed in place
    assert migrated["schema_version"] == 2
    assert migrated["notes"] == ""
    assert migrated["templates"] == []
    assert migrated["map"] == {
        "kind": "grid",
        "width": 3,
        "height": 2,
        "square_feet": 5,
        "elevation": [[0, 0, 2], [-1, 1, 0]],
        "terrain": ["..d", ".x."],
        "walls": [{"a": [0, 0], "b": [0, 1], "door": False, "open": False}],
    }
    assert migrated["tokens"][0]["statuses"] == {"Prone": 1, "Frayed": 1}
    assert migrated["tokens"][1]["statuses"] == {}


def test_a_version_1_file_loads_as_the_current_model(tmp_path: Path) -> None:
    path = tmp_path / "old.tactical.json"
    path.write_text(json.dumps(V1_DOCUMENT), encoding="utf-8")
    before = path.read_bytes()
    encounter = load_encounter(path)
    assert path.read_bytes() == before  # loading never rewrites the old file
    grid = encounter.grid
    assert grid is not None
    assert grid.to_text() == "0 0 2d\n-1 1x 0"
    assert grid.terrain_at((1, 1)) is Terrain.IMPASSABLE
    assert encounter.tokens["aldric"].statuses == {"Prone": 1, "Frayed": 1}
    assert encounter.notes == ""
    assert encounter.templates == {}


def test_a_bad_version_1_row_is_reported_with_its_path(tmp_path: Path) -> None:
    document = copy.deepcopy(V1_DOCUMENT)
    document["map"]["rows"][1] = "-1 1q 0"
    path = tmp_path / "old.tactical.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(LoadError) as caught:
        load_encounter(path)
    assert caught.value.problems == [
        Problem(
            "map.rows[1]",
            "square 1 must be an elevation optionally followed by 'd' (difficult) "
            "or 'x' (impassable)",
        )
    ]


def test_version_1_rows_of_different_lengths_are_reported_by_row(tmp_path: Path) -> None:
    document = copy.deepcopy(V1_DOCUMENT)
    document["map"]["rows"].append("0 0")
    path = tmp_path / "old.tactical.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(LoadError) as caught:
        load_encounter(path)
    assert caught.value.problems == [Problem("map.rows[2]", "has 2 squares, the first row has 3")]


def test_a_version_1_problem_after_migration_keeps_its_path(tmp_path: Path) -> None:
    document = copy.deepcopy(V1_DOCUMENT)
    document["tokens"][1]["position"] = [3, 1]
    path = tmp_path / "old.tactical.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(LoadError) as caught:
        load_encounter(path)
    assert caught.value.problems == [Problem("tokens[1].position", "square is off the 3 x 2 map")]


def test_the_chain_runs_each_step_in_order(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []

    def step(version: int) -> Any:
        def upgrade(data: dict[str, Any]) -> dict[str, Any]:
            calls.append(version)
            return {**data, "schema_version": version + 1, f"v{version + 1}": True}

        return upgrade

    monkeypatch.setattr("tactical.persistence.migrations.SCHEMA_VERSION", 4)
    monkeypatch.setattr(
        "tactical.persistence.migrations.MIGRATIONS", {1: step(1), 2: step(2), 3: step(3)}
    )
    assert migrate({"schema_version": 2}, 2) == {"schema_version": 4, "v3": True, "v4": True}
    assert calls == [2, 3]
    assert migrate({"schema_version": 4}, 4) == {"schema_version": 4}


def test_migrate_2_to_3_turns_token_image_paths_into_one_picture_each() -> None:
    from tactical.persistence.migrations import migrate_2_to_3

    v2 = {
        "schema_version": 2,
        "tokens": [
            {"id": "a", "image": "art/goblin.png"},
            {"id": "b", "image": "art/goblin.png"},
            {"id": "c", "image": None},
            {"id": "d", "image": "ogre.webp"},
        ],
    }
    migrated = migrate_2_to_3(v2)
    assert migrated["schema_version"] == 3
    assert [t["image"] for t in migrated["tokens"]] == ["image-1", "image-1", None, "image-2"]
    assert migrated["pictures"] == [
        {"id": "image-1", "path": "art/goblin.png"},
        {"id": "image-2", "path": "ogre.webp"},
    ]
    assert v2["tokens"][0]["image"] == "art/goblin.png"  # the input is not changed in place


def test_a_version_4_file_keeps_the_maps_name_from_the_players() -> None:
    """Schema 5's choice to show the name: a file written before it never made it."""
    from tactical.persistence.migrations import migrate_4_to_5

    v4 = {"schema_version": 4, "name": "Crypt of the Hollow Saint", "notes": ""}
    assert migrate_4_to_5(v4) == {**v4, "schema_version": 5}
    golden = Path(__file__).resolve().parent / "golden" / "picture-map-v4.tactical.json"
    encounter = load_encounter(golden)
    assert encounter.name == "Paw print" and not encounter.show_name_to_players
    assert golden.read_text(encoding="utf-8").count('"schema_version": 4,') == 1  # untouched


def test_the_choice_to_show_the_name_is_saved_and_read_back() -> None:
    from tactical.core import Encounter, GridMap
    from tactical.persistence import dumps_encounter, loads_encounter

    shown = Encounter(GridMap(2, 2), name="The Ford", show_name_to_players=True)
    text = dumps_encounter(shown)
    assert '  "name": "The Ford",\n  "show_name_to_players": true,\n' in text
    assert loads_encounter(text).show_name_to_players
    bad = text.replace('"show_name_to_players": true', '"show_name_to_players": "yes"')
    with pytest.raises(LoadError) as caught:
        loads_encounter(bad)
    assert [p.path for p in caught.value.problems] == ["show_name_to_players"]
