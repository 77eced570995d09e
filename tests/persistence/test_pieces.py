"""Long lists of a file are validated a slice at a time, and a bad item is told as before.

pydantic validates in one call holding Python's lock: the save's proof (on a worker
thread, beside the GM's GUI thread) validates a grid's walls and the tokens a few hundred
at a time, so no one call is long (issue 32). What is allocated between two checkpoints
of the GUI's gate says how much one call did; no clock is read.
"""

from __future__ import annotations

import json

import pytest

from tactical.core import give_way
from tactical.core.encounter import Encounter
from tactical.core.grid import GridMap, Wall
from tactical.persistence import LoadError, dumps_encounter, loads_encounter
from tests.counting_gate import CountingGate

WALLS = 3_000


def walled() -> Encounter:
    """A grid with :data:`WALLS` walls (every vertical edge of the first rows)."""
    grid = GridMap(100, 40)
    for n in range(WALLS):
        col, row = n % 99, n // 99
        grid.set_wall((col, row), (col + 1, row), Wall(door=n % 7 == 0))
    return Encounter(grid, name="Walled")


def test_a_grid_s_walls_are_validated_a_slice_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """3,000 walls' models made in one call were about 25,000 memory blocks between two
    checkpoints; a slice of 500 makes a sixth of them."""
    text = dumps_encounter(walled())
    gate = CountingGate()
    monkeypatch.setattr(give_way, "GATE", gate)
    loads_encounter(text)  # warm
    gate.blocks.clear()
    encounter = loads_encounter(text)
    assert max(gate.steps()) < 8_000
    assert encounter == walled()


def test_a_bad_wall_among_many_is_told_by_its_place_as_before() -> None:
    document = json.loads(dumps_encounter(walled()))
    document["map"]["walls"][2_345]["door"] = "yes"
    document["map"]["walls"][2_900]["a"] = [1, 2, 3]
    with pytest.raises(LoadError) as raised:
        loads_encounter(json.dumps(document))
    assert [(p.path, p.message) for p in raised.value.problems] == [
        ("map.walls[2345].door", "must be true or false"),
        ("map.walls[2900].a", "may hold at most 2 items, it has 3"),
    ]
