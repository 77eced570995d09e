"""A picture's name is kept in the file (schema 4); version 3 files are upgraded on load."""

from __future__ import annotations

import base64
import copy
import json
from pathlib import Path
from typing import Any

from tactical.core.encounter import Encounter
from tactical.core.grid import GridMap
from tactical.core.pictures import Picture
from tactical.persistence import (
    Problem,
    dumps_encounter,
    load_encounter,
    loads_encounter,
    save_encounter,
)
from tactical.persistence.migrations import migrate_3_to_4

from .conftest import GRID_DOCUMENT
from .test_bad_files import problems_of
from .test_picture_header import png_header

PNG = png_header(8, 8)
B64 = base64.b64encode(PNG).decode("ascii")


def document(*pictures: dict[str, Any], version: int = 4) -> dict[str, Any]:
    out = copy.deepcopy(GRID_DOCUMENT)
    out["schema_version"] = version
    out["pictures"] = list(pictures)
    return out


def write(tmp_path: Path, data: dict[str, Any]) -> Path:
    path = tmp_path / "named.tactical.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_a_name_is_written_after_the_id_and_a_picture_without_one_writes_no_key() -> None:
    encounter = Encounter(
        GridMap(1, 1),
        pictures=[
            Picture("wolf", data=PNG, name="giant-wolf.png"),
            Picture("plain", data=PNG),
            Picture("door", path="art/door.png", name="door.png"),
        ],
    )
    text = dumps_encounter(encounter)
    tail = text[text.index('  "pictures": [') :]
    assert tail == (
        '  "pictures": [\n'
        f'    {{"id": "wolf", "name": "giant-wolf.png", "data": "{B64}"}},\n'
        f'    {{"id": "plain", "data": "{B64}"}},\n'
        '    {"id": "door", "name": "door.png", "path": "art/door.png"}\n'
        "  ]\n"
        "}\n"
    )


def test_save_and_reopen_keeps_every_name(tmp_path: Path) -> None:
    encounter = Encounter(
        GridMap(1, 1),
        pictures=[
            Picture("wolf", data=PNG, name="giant-wolf.png"),
            Picture("skull", data=PNG + b"\0", name="Skull"),
            Picture("plain", data=PNG + b"\0\0"),
            Picture("odd", data=PNG + b"\0\0\0", name='Ünïcode "quoted" \\ ✓'),
        ],
    )
    save_encounter(encounter, tmp_path / "named.tactical.json")
    again = load_encounter(tmp_path / "named.tactical.json")
    assert [(p.id, p.name) for p in again.pictures.values()] == [
        ("wolf", "giant-wolf.png"),
        ("skull", "Skull"),
        ("plain", ""),
        ("odd", 'Ünïcode "quoted" \\ ✓'),
    ]


def test_migrate_3_to_4_names_path_pictures_by_their_file_and_leaves_the_rest() -> None:
    v3 = document(
        {"id": "map", "data": B64},
        {"id": "chief", "path": "art/orc-chief.png"},
        {"id": "here", "path": "goblin.webp"},
        {"id": "long", "path": "art/" + "w" * 201 + ".png"},
        "not an object",
        {"id": "odd", "path": 7},
        version=3,
    )
    migrated = migrate_3_to_4(v3)
    assert migrated["schema_version"] == 4
    assert migrated["pictures"] == [
        {"id": "map", "data": B64},  # embedded: version 3 kept no name, none is made up
        {"id": "chief", "name": "orc-chief.png", "path": "art/orc-chief.png"},
        {"id": "here", "name": "goblin.webp", "path": "goblin.webp"},
        {"id": "long", "path": "art/" + "w" * 201 + ".png"},  # too long a name: none
        "not an object",  # left for the validator to report by its path
        {"id": "odd", "path": 7},
    ]
    assert list(migrated["pictures"][1]) == ["id", "name", "path"]
    assert v3["pictures"][1] == {"id": "chief", "path": "art/orc-chief.png"}  # not changed
    assert v3["schema_version"] == 3


def test_a_version_3_file_opens_with_its_path_pictures_named(tmp_path: Path) -> None:
    v3 = document(
        {"id": "map", "data": B64}, {"id": "chief", "path": "art/orc-chief.png"}, version=3
    )
    path = write(tmp_path, v3)
    before = path.read_bytes()
    encounter = load_encounter(path)
    assert encounter.pictures == {
        "map": Picture("map", data=PNG),
        "chief": Picture("chief", path="art/orc-chief.png", name="orc-chief.png"),
    }
    assert path.read_bytes() == before  # opening never rewrites the file
    assert json.loads(dumps_encounter(encounter))["pictures"][1] == {
        "id": "chief",
        "name": "orc-chief.png",
        "path": "art/orc-chief.png",
    }


def test_a_name_too_long_is_refused_with_its_path(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        document({"id": "map", "data": B64}, {"id": "wolf", "data": B64, "name": "w" * 201}),
    )
    assert problems_of(path) == [Problem("pictures[1].name", "may be at most 200 characters long")]


def test_a_name_with_a_control_character_is_refused_with_its_path(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        document(
            {"id": "a", "path": "a.png", "name": "two\nlines"},
            {"id": "b", "path": "b.png", "name": "fine"},
            {"id": "c", "path": "c.png", "name": "nul\x00"},
        ),
    )
    message = "holds a control character (a line break, a tab, ...): a name is one line of text"
    assert problems_of(path) == [
        Problem("pictures[0].name", message),
        Problem("pictures[2].name", message),
    ]


def test_a_name_that_is_not_text_and_an_unknown_key_are_refused(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        document(
            {"id": "a", "path": "a.png", "name": 7},
            {"id": "b", "path": "b.png", "title": "Wolf"},
        ),
    )
    assert problems_of(path) == [
        Problem("pictures[0].name", "must be text (in quotes)"),
        Problem("pictures[1].title", "unknown key (not part of the file format)"),
    ]


def test_a_version_3_file_with_a_name_too_long_for_a_path_picture_still_opens(
    tmp_path: Path,
) -> None:
    long = "w" * 250 + ".png"
    encounter = loads_encounter(json.dumps(document({"id": "a", "path": long}, version=3)))
    assert encounter.pictures["a"] == Picture("a", path=long)


def test_a_version_2_token_image_path_becomes_a_picture_named_by_its_file() -> None:
    v2 = copy.deepcopy(GRID_DOCUMENT)
    v2["schema_version"] = 2
    v2["tokens"][0]["image"] = "art/goblin-boss.png"
    encounter = loads_encounter(json.dumps(v2))
    token = encounter.tokens[v2["tokens"][0]["id"]]
    assert token.image == "image-1"
    assert encounter.pictures == {
        "image-1": Picture("image-1", path="art/goblin-boss.png", name="goblin-boss.png")
    }
