"""A fog undo step keeps the squares it changed, as bits over their box, not a whole-map mask."""

from __future__ import annotations

import numpy as np

from tactical.core.commands import Batch, RevealSquares, UndoStack
from tactical.core.commands.fog import reveal_all
from tactical.core.encounter import Encounter
from tactical.core.fog import Fog, brush_squares
from tactical.core.grid import GridMap
from tactical.core.square_bits import SquareBits


def big() -> Encounter:
    return Encounter(GridMap(1024, 1024), fog=Fog(enabled=True))


def test_a_dab_keeps_bytes_not_a_megabyte() -> None:
    encounter = big()
    dab = RevealSquares(np.zeros((1024, 1024), dtype=np.bool_) | _square(500, 600), gesture=1)
    assert dab.held_bytes() > 1024 * 1024  # the region it was given, until it is done
    UndoStack(encounter).push(dab)
    assert dab.held_bytes() < 1024


def test_a_whole_map_step_keeps_one_bit_a_square() -> None:
    encounter = big()
    stack = UndoStack(encounter)
    stack.push(reveal_all(encounter))
    assert stack.done[0].held_bytes() < 1024 * 1024 // 8 + 1024
    batch = Batch("both", [reveal_all(encounter, reveal=False)])
    stack.push(batch)
    assert batch.held_bytes() < 1024 * 1024 // 8 + 2048


def test_merged_dabs_undo_and_redo_exactly_their_squares() -> None:
    encounter = big()
    stack = UndoStack(encounter)
    stack.push(RevealSquares(brush_squares((3, 3), 3)))  # before the stroke
    for centre in ((3, 5), (900, 1000), (4, 5)):
        stack.push(RevealSquares(brush_squares(centre, 3), gesture="stroke"))
    grid = encounter.grid
    assert grid is not None
    after = encounter.fog.mask(grid).copy()
    assert len(stack.done) == 2
    stack.undo()
    assert set(zip(*np.nonzero(encounter.fog.mask(grid)), strict=True)) == {
        (r, c) for r in (2, 3, 4) for c in (2, 3, 4)
    }
    stack.redo()
    assert np.array_equal(encounter.fog.mask(grid), after)


def test_square_bits_union_and_set() -> None:
    a, b = SquareBits(_square(2, 3)), SquareBits(_square(700, 10))
    both = a.union(b)
    assert both.box == (2, 3, 701, 11) and len(both) == 2
    mask = np.zeros((1024, 1024), dtype=np.bool_)
    both.set_in(mask, True)
    assert set(zip(*np.nonzero(mask), strict=True)) == {(2, 3), (700, 10)}
    empty = SquareBits(np.zeros((4, 4), dtype=np.bool_))
    assert len(empty) == 0 and empty.union(a) is a and a.union(empty) is a


def _square(row: int, col: int) -> np.ndarray:
    mask = np.zeros((1024, 1024), dtype=np.bool_)
    mask[row, col] = True
    return mask
