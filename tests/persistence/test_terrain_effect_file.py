"""A template's ``terrain_effect`` in schema 3: optional, written only when true, checked."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tactical.core import Encounter, GridMap, Token
from tactical.core.templates import Template
from tactical.persistence import LoadError, dumps_encounter, loads_encounter


def encounter(terrain_effect: bool) -> Encounter:
    return Encounter(
        GridMap(4, 4),
        [Token("kara", "Kara", "pcs", (0, 0))],
        templates=[
            Template("fire", "area", 2, "kara", origin=(1, 1), terrain_effect=terrain_effect)
        ],
    )


def test_a_terrain_effect_is_saved_and_read_back() -> None:
    text = dumps_encounter(encounter(True))
    data = json.loads(text)
    assert data["schema_version"] == 5  # no version change of its own (5: the name's choice)
    assert data["templates"][0]["terrain_effect"] is True
    again = loads_encounter(text)
    assert again.templates["fire"].terrain_effect
    assert dumps_encounter(again) == text


def test_a_plain_template_is_written_as_before_without_the_key() -> None:
    data = json.loads(dumps_encounter(encounter(False)))
    assert "terrain_effect" not in data["templates"][0]
    assert not loads_encounter(json.dumps(data)).templates["fire"].terrain_effect


def test_a_terrain_effect_without_its_creator_is_refused_by_path(tmp_path: Path) -> None:
    data = json.loads(dumps_encounter(encounter(True)))
    data["templates"][0]["token_id"] = None
    with pytest.raises(LoadError) as caught:
        loads_encounter(json.dumps(data))
    assert [str(p) for p in caught.value.problems] == [
        "templates[0].terrain_effect: a Terrain Effect needs the token that created it (token_id)"
    ]
    data["templates"][0]["terrain_effect"] = "yes"
    with pytest.raises(LoadError) as caught:
        loads_encounter(json.dumps(data))
    assert [p.path for p in caught.value.problems] == ["templates[0].terrain_effect"]
