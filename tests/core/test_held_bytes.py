"""What an undo step says it keeps: the bound on the undo history's memory is counted from it."""

from __future__ import annotations

import numpy as np

from tactical.core.commands import Batch, PaintSquares, SetFigure, SetProcedureState, UndoStack
from tactical.core.commands.grid_size import ResizeGrid
from tactical.core.commands.held import held_bytes
from tactical.core.encounter import Encounter
from tactical.core.grid import GridMap, Terrain


def test_arrays_count_their_data_and_shared_objects_count_once() -> None:
    array = np.zeros(1000, dtype=np.int64)
    assert 8000 <= held_bytes(array) < 9000
    assert held_bytes([array, array]) < held_bytes(array) + 200


def test_resizing_a_big_map_keeps_the_old_map_and_says_so() -> None:
    encounter = Encounter(GridMap(512, 512))
    grid = encounter.grid
    assert grid is not None
    arrays = grid.elevation.nbytes + grid.terrain.nbytes
    resize = ResizeGrid(10, 10)
    UndoStack(encounter).push(resize)
    assert resize.held_bytes() >= arrays


def test_a_paint_stroke_says_about_what_a_walk_over_it_finds() -> None:
    encounter = Encounter(GridMap(200, 200))
    stack = UndoStack(encounter)
    for dab in range(40):
        squares = [(c, r) for c in range(dab * 2, dab * 2 + 5) for r in range(5)]
        stack.push(PaintSquares(squares, terrain=Terrain.DIFFICULT, stroke_id=1))
    (stroke,) = stack.done
    assert isinstance(stroke, PaintSquares)
    walked = held_bytes(stroke)
    assert 0.7 * walked <= stroke.held_bytes() <= 1.5 * walked


def test_a_batch_of_thousands_of_figure_edits_asks_a_sample() -> None:
    asked: list[int] = []

    class Counted(SetFigure):
        def held_bytes(self) -> int:
            asked.append(1)
            return super().held_bytes()

    edits = [Counted(f"t{i}", "hp", i) for i in range(5000)]
    batch = Batch("NPCs placed", [*edits, SetProcedureState({"round": 1})])
    each = sum(SetFigure.held_bytes(edit) for edit in edits)
    assert 0.8 * each <= batch.held_bytes() <= 1.2 * each + 10_000
    assert len(asked) <= 40
