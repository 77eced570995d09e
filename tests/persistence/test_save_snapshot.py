"""Ctrl+S's snapshot: the file made from it on another thread is the file saved here, and
the edits made after it was taken are not in it."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tactical.core.encounter import Encounter
from tactical.core.grid import GridMap, Wall
from tactical.core.tokens import Token
from tactical.core.wall_lines import WallLine
from tactical.persistence import (
    LoadError,
    dumps_encounter,
    encounter_bytes,
    load_encounter,
    loads_encounter,
)
from tactical.persistence.files import document_parts, file_chunks
from tactical.persistence.snapshot import finish_document, take_snapshot

from .test_save_bytes import picture_map

ROOT = Path(__file__).resolve().parents[2]


def busy_map() -> Encounter:
    """The picture map with walls, a wall line, fog, statuses, figures and a procedure."""
    encounter = picture_map()
    grid = encounter.grid
    assert grid is not None
    grid.set_wall((0, 0), (1, 0), Wall(door=True))
    grid.set_wall_line(0, WallLine((0.5, 0.5), (3.5, 0.5), kind="window"))
    encounter.fog.enabled = True
    encounter.fog.set_mask(np.eye(4, 6, dtype=np.bool_))
    encounter.tokens["g1"].statuses["Slowed"] = 2
    encounter.tokens["g1"].figures.update({"hp": 7, "note": "Ünïcode ✓", "bloodied": True})
    encounter.procedure = "thrum"
    encounter.procedure_state = {"round": 3, "order": ["g1", "h"]}
    return encounter


def made(encounter: Encounter) -> bytes:
    snapshot = take_snapshot(encounter)
    return b"".join(file_chunks(document_parts(finish_document(snapshot.full_document()))))


def crowded() -> Encounter:
    """More tokens than one slice of the loader's validation, on a grid wider than two."""
    encounter = Encounter(GridMap(40, 30), name="Crowded")
    encounter.grid.elevation[:] = np.arange(40) % 7 - 2  # type: ignore[union-attr]
    for n in range(1200):
        encounter.add_token(Token(f"t{n}", f"T {n}", "npcs", (n % 40, n // 40)))
    return encounter


@pytest.mark.parametrize(
    "encounter",
    [
        busy_map(),
        crowded(),
        *(load_encounter(p) for p in sorted((ROOT / "maps").glob("*.tactical.json"))),
    ],
    ids=lambda e: e.name,
)
def test_the_snapshots_file_is_the_file_saved_here(encounter: Encounter) -> None:
    assert made(encounter) == encounter_bytes(encounter)
    assert loads_encounter(made(encounter)) == encounter


def test_a_bad_token_among_many_is_named_by_its_place() -> None:
    """Many tokens are validated a slice at a time; a bad one is said as before."""
    text = dumps_encounter(crowded()).replace('"name": "T 900"', '"name": 900')
    with pytest.raises(LoadError) as caught:
        loads_encounter(text)
    assert [str(p) for p in caught.value.problems] == ["tokens[900].name: must be text (in quotes)"]


def test_a_snapshot_is_not_changed_by_later_edits() -> None:
    encounter = busy_map()
    snapshot = take_snapshot(encounter)
    before = b"".join(file_chunks(document_parts(finish_document(snapshot.full_document()))))
    encounter.tokens["g1"].statuses["Slowed"] = 5
    encounter.tokens["g1"].figures["hp"] = 1
    encounter.tokens["g2"].name = "Renamed"
    encounter.procedure_state["order"].append("g2")
    encounter.grid.elevation[0, 0] = 9  # type: ignore[union-attr]
    again = b"".join(file_chunks(document_parts(finish_document(snapshot.full_document()))))
    assert again == before
