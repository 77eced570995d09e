"""The map's heights are judged in one pass when whole, row by row otherwise: same verdicts."""

from __future__ import annotations

import copy
from typing import Any

import numpy as np
import pytest

from tactical.persistence import LoadError, loads_encounter
from tactical.persistence.jsonfmt import dumps
from tactical.persistence.problems import Problem


def problems(doc: dict[str, Any]) -> list[Problem]:
    with pytest.raises(LoadError) as caught:
        loads_encounter(dumps(doc))
    return caught.value.problems


def test_heights_at_the_bounds_open_as_written(grid_document: dict[str, Any]) -> None:
    doc = copy.deepcopy(grid_document)
    width = doc["map"]["width"]
    doc["map"]["elevation"][0] = [-1000, 1000] + [7] * (width - 2)
    encounter = loads_encounter(dumps(doc))
    assert encounter.grid is not None
    assert encounter.grid.elevation.tolist() == doc["map"]["elevation"]
    again = loads_encounter(dumps(doc))  # its own array, not the first file's
    assert again.grid is not None and again.grid.elevation is not encounter.grid.elevation
    assert np.array_equal(again.grid.elevation, encounter.grid.elevation)


@pytest.mark.parametrize("height", [1001, -1001, 2**70, -(2**64)])
def test_a_height_out_of_bounds_is_named_by_its_square(
    grid_document: dict[str, Any], height: int
) -> None:
    doc = copy.deepcopy(grid_document)
    doc["map"]["elevation"][1][2] = height
    assert Problem("map.elevation[1][2]", "an elevation must lie between -1000 and 1000") in (
        problems(doc)
    )


def test_a_save_proves_the_heights_from_their_array_and_names_a_bad_one() -> None:
    """The save's check reads the heights as the array they were written from (no second
    parse of a million numbers): a height the format refuses is still refused by its square."""
    from tactical.core.encounter import Encounter
    from tactical.core.grid import GridMap
    from tactical.persistence import SaveError, encounter_bytes

    encounter = Encounter(GridMap(6, 4), name="Heights")
    encounter.grid.elevation[2, 3] = 1000  # type: ignore[union-attr]
    assert loads_encounter(encounter_bytes(encounter)) == encounter
    encounter.grid.elevation[1, 4] = 1001  # type: ignore[union-attr]
    with pytest.raises(SaveError) as caught:
        encounter_bytes(encounter)
    assert caught.value.problems == [
        Problem("map.elevation[1][4]", "an elevation must lie between -1000 and 1000")
    ]
