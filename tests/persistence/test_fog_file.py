"""Fog in the file: round trip, compact on big maps, bad text reported, old files fog-free."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from tactical.core.encounter import Encounter
from tactical.core.fog import Fog, polygon_mask
from tactical.core.grid import GridMap
from tactical.persistence import LoadError, dumps_encounter, load_encounter, loads_encounter
from tactical.persistence.fog_bits import decode_mask, encode_mask

WriteJson = Callable[[Any], Path]


def test_fog_round_trips(tmp_path: Path) -> None:
    grid = GridMap(30, 20)
    mask = polygon_mask([(2, 2), (25, 3), (12, 18)], 30, 20)
    fog = Fog(True, mask, set(), ("pcs", "hirelings"), True, "flat")
    encounter = Encounter(grid, fog=fog)
    text = dumps_encounter(encounter)
    again = loads_encounter(text)
    assert again.fog == fog
    assert again == encounter
    assert np.array_equal(again.fog.mask(grid), mask)
    assert dumps_encounter(again) == text
    document = json.loads(text)
    assert document["fog"]["enabled"] is True
    assert document["fog"]["style"] == "flat"


def test_no_fog_writes_no_key_and_loads_fog_off() -> None:
    text = dumps_encounter(Encounter(GridMap(3, 3)))
    assert "fog" not in json.loads(text)
    assert loads_encounter(text).fog == Fog()


def test_a_fogged_map_with_nothing_found_round_trips() -> None:
    encounter = Encounter(GridMap(3, 3), fog=Fog(enabled=True))
    again = loads_encounter(dumps_encounter(encounter))
    assert again.fog.enabled
    assert not again.fog.mask(again.map).any()  # type: ignore[arg-type]


def test_a_1024_square_map_grows_by_kilobytes_not_megabytes() -> None:
    grid = GridMap(1024, 1024)
    # half explored, in rooms: what a real crawl leaves
    mask = np.zeros((1024, 1024), dtype=np.bool_)
    rng = np.random.default_rng(9)
    for x, y, w, h in rng.integers(0, 1000, size=(300, 4)):
        mask[y : y + h % 60 + 4, x : x + w % 60 + 4] = True
    before = len(dumps_encounter(Encounter(grid)).encode())
    after = len(dumps_encounter(Encounter(grid, fog=Fog(True, mask))).encode())
    assert 0.2 < mask.mean() < 0.8
    assert after - before < 20_000
    # even noise (no shape at all) stays well under a megabyte
    noise = rng.random((1024, 1024)) < 0.5
    assert len(encode_mask(noise)) < 200_000


def test_mask_text_round_trips_odd_sizes() -> None:
    mask = np.random.default_rng(3).random((7, 13)) < 0.3
    assert np.array_equal(decode_mask(encode_mask(mask), 13, 7), mask)
    assert encode_mask(np.zeros((2, 2), dtype=np.bool_)) == ""


def test_bad_fog_is_reported_by_path(grid_document: dict[str, Any], write_json: WriteJson) -> None:
    grid_document["fog"] = {"enabled": True, "revealed": encode_mask(np.ones((2, 2), bool))}
    with pytest.raises(LoadError) as caught:
        load_encounter(write_json(grid_document))
    assert [(p.path, p.message) for p in caught.value.problems] == [
        ("fog.revealed", "does not hold the 4 x 3 squares of this map")
    ]
    grid_document["fog"] = {"revealed": "not base64!", "areas": ["hall"]}
    with pytest.raises(LoadError) as caught:
        load_encounter(write_json(grid_document))
    assert [p.path for p in caught.value.problems] == ["fog.areas", "fog.revealed"]
    grid_document["fog"] = {"enabled": True, "colour": "grey"}
    with pytest.raises(LoadError) as caught:
        load_encounter(write_json(grid_document))
    assert caught.value.problems[0].path == "fog.colour"


def test_revealed_areas_must_exist(area_document: dict[str, Any], write_json: WriteJson) -> None:
    area_document["fog"] = {"enabled": True, "areas": ["nowhere"]}
    with pytest.raises(LoadError) as caught:
        load_encounter(write_json(area_document))
    assert [(p.path, p.message) for p in caught.value.problems] == [
        ("fog.areas[0]", "names an area that does not exist")
    ]


def test_a_version_2_file_loads_with_fog_off(
    grid_document: dict[str, Any], write_json: WriteJson
) -> None:
    grid_document["schema_version"] = 2
    grid_document.pop("background", None)
    grid_document.pop("pictures", None)
    encounter = load_encounter(write_json(grid_document))
    assert encounter.fog == Fog()
    assert not encounter.fog.enabled


def test_the_crypt_example_is_what_its_builder_makes(tmp_path: Path) -> None:
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    out = tmp_path / "crypt-fog.tactical.json"
    result = subprocess.run(
        [sys.executable, str(root / "tools" / "make_fog_example.py"), str(out)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert out.read_bytes() == (root / "maps" / "crypt-fog.tactical.json").read_bytes()
