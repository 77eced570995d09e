"""Files stay plain data: a key twice in one object and lone surrogates are refused by path,
and a save that would not open again writes nothing (issues 14 and 17)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tactical.core.encounter import Encounter
from tactical.core.grid import GridMap
from tactical.core.tokens import Token
from tactical.persistence import (
    LoadError,
    Problem,
    SaveError,
    load_encounter,
    loads_encounter,
    save_encounter,
    validate_file,
)

WriteJson = Callable[[Any], Path]


def test_a_key_twice_in_an_object_is_refused_with_path_and_key(
    grid_document: dict[str, Any], write_json: WriteJson
) -> None:
    text = json.dumps(grid_document)
    # the second token gets a second "name"; the file's top level a second "notes"
    text = text.replace('"name": "Ogre"', '"name": "Ogre", "name": "Troll"')
    text = text.replace('"notes": ""', '"notes": "", "notes": "x", "notes": "y"')
    path = write_json(text)
    assert validate_file(path) == [
        Problem("(file)", '"notes" appears 3 times in this object (a key may appear once)'),
        Problem("tokens[1]", '"name" appears twice in this object (a key may appear once)'),
    ]


def test_a_lone_surrogate_is_refused_at_load_with_its_path(
    grid_document: dict[str, Any], write_json: WriteJson
) -> None:
    grid_document["tokens"][0]["figures"]["mood"] = "\ud800"
    grid_document["procedure"] = {"id": "thrum", "state": {"notes": ["ok", "bad \udc00"]}}
    path = write_json(json.dumps(grid_document))  # ensure_ascii: written as \\ud800 escapes
    assert "\\ud800" in path.read_text(encoding="utf-8")
    problems = validate_file(path)
    assert [p.path for p in problems] == [
        "tokens[0].figures.mood",
        "procedure.state.notes[1]",
    ]
    assert all("lone surrogate" in p.message for p in problems)


def test_a_surrogate_pair_is_text_and_loads(
    grid_document: dict[str, Any], write_json: WriteJson
) -> None:
    grid_document["tokens"][0]["name"] = "Dragon \U0001f409"
    path = write_json(json.dumps(grid_document))  # written as \\ud83d\\udc09
    assert load_encounter(path).tokens["aldric"].name == "Dragon \U0001f409"


def encounter_with(**token: Any) -> Encounter:
    return Encounter(GridMap(3, 3), [Token("a", token.pop("name", "A"), "pcs", (0, 0), **token)])


@pytest.mark.parametrize(
    ("token", "path", "message"),
    [
        ({"name": "N" * 280}, "tokens[0].name", "may be at most 200 characters long"),
        ({"statuses": {"Slowed": 5_000_000}}, "tokens[0].statuses.Slowed", "must be at most"),
        ({"statuses": {"S" * 254: 1}}, "tokens[0].statuses[", "at most 200 characters"),
        ({"figures": {"hp": 2**70}}, "tokens[0].figures.hp", "a number must lie between"),
        ({"figures": {"hp": "x" * 1500}}, "tokens[0].figures.hp", "at most 1000 characters"),
        ({"figures": {"mood": "\ud800"}}, "tokens[0].figures.mood", "lone surrogate"),
    ],
)
def test_a_save_that_would_not_load_is_refused_and_the_old_file_stays(
    tmp_path: Path, token: dict[str, Any], path: str, message: str
) -> None:
    target = tmp_path / "fight.tactical.json"
    save_encounter(encounter_with(), target)
    before = target.read_bytes()
    with pytest.raises(SaveError) as caught:
        save_encounter(encounter_with(**token), target)
    assert len(caught.value.problems) == 1
    assert caught.value.problems[0].path.startswith(path)
    assert message in caught.value.problems[0].message
    assert "nothing was written" in str(caught.value)
    assert target.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fight.tactical.json"]


def test_a_raw_surrogate_in_text_given_to_the_loader_is_a_load_error() -> None:
    with pytest.raises(LoadError, match="not UTF-8"):
        loads_encounter('{"format": "tactical.encounter", "name": "\ud800"}')
