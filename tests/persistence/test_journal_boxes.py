"""A brush's dab on a big map is handed to the journal's writer as its box of squares, not as
a copy of the whole map (3 MB a dab on 1024 x 1024: a fast stroke queued 80-100 MB while
the writer caught up), and written as the same record."""

from __future__ import annotations

from typing import Any

from tactical.core.changes import Change
from tactical.core.commands.terrain import PaintSquares
from tactical.core.encounter import Encounter
from tactical.core.grid import GridMap, Terrain
from tactical.persistence.journal_capture import GridBoxCopy, capture, capture_all
from tactical.persistence.journal_state import JournalState


def paint(encounter: Encounter, squares: list[tuple[int, int]], **kw: Any) -> list[Change]:
    """The changes ``PaintSquares`` notifies."""
    told: list[Change] = []
    encounter.subscribe(told.append)
    PaintSquares(squares, **kw).do(encounter)
    encounter.unsubscribe(told.append)
    return told


def dab(col: int, row: int) -> list[tuple[int, int]]:
    return [(col + i, row + j) for i in range(5) for j in range(5)]


def test_a_dab_on_a_big_map_is_its_box_and_the_same_record_as_a_whole_copy() -> None:
    encounter = Encounter(GridMap(1024, 1024))
    boxed = JournalState(capture_all(encounter))
    whole = JournalState(capture_all(encounter))
    base = boxed.parts["map"]
    for n, (col, row) in enumerate([(500, 600), (502, 603), (900, 10)]):
        changes = paint(encounter, dab(col, row), terrain=Terrain.DIFFICULT, elevation=n + 1)
        handed = capture(encounter, changes)
        part = handed.parts["map"]
        assert isinstance(part, GridBoxCopy)
        assert part.elevation.nbytes + part.terrain.nbytes == 25 * 3  # not 3 MB
        full = capture(encounter, [Change("terrain")])  # names no squares: the whole map
        assert not isinstance(full.parts["map"], GridBoxCopy)
        record = boxed.record(handed)
        assert record["squares"] == whole.record(full)["squares"]
        assert record["squares"][0] == [col, row, n + 1, "d"]
    assert int(base.elevation.max()) == 0  # the base's copy was not changed under it


def test_a_change_naming_no_squares_or_a_huge_box_copies_the_whole_map() -> None:
    encounter = Encounter(GridMap(64, 64))
    changes = paint(encounter, [(0, 0), (63, 63)], terrain=Terrain.DIFFICULT)
    assert not isinstance(capture(encounter, changes).parts["map"], GridBoxCopy)
    state = JournalState(capture_all(encounter))
    changes = paint(encounter, [(1, 1)], elevation=3)
    assert state.record(capture(encounter, changes))["squares"] == [[1, 1, 3, "."]]
