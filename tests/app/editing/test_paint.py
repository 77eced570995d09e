"""The paint brush without Qt: which squares a brush covers, strokes, one undo step each."""

from __future__ import annotations

import pytest

from tactical.app.map.geometry import CELL
from tactical.app.map.interaction.events import Pointer
from tactical.app.map.interaction.paint import Brush, PaintStroke, brush_squares
from tactical.core.commands import PaintSquares, UndoStack
from tactical.core.encounter import Encounter
from tactical.core.grid import GridMap, Terrain


def at(col: float, row: float, **buttons: bool) -> Pointer:
    """A pointer over the point (col, row) in squares (0.5 is a square's middle)."""
    return Pointer(col * CELL, row * CELL, **buttons)


def encounter(text: str = "0 0 0 0\n0 1 2 0\n0 0 0 0\n0 0 0 0") -> Encounter:
    return Encounter(GridMap.from_text(text))


def stroke(enc: Encounter, brush: Brush, points: list[tuple[float, float]]) -> UndoStack:
    stack = UndoStack(enc)
    paint = PaintStroke(lambda: enc, brush)
    first, *rest = points
    for command in [paint.press(at(*first, left=True)), *(paint.move(at(*p)) for p in rest)]:
        if command is not None:
            stack.push(command)
    paint.release(at(*points[-1]))
    return stack


def test_brush_sizes_cover_the_square_under_the_pointer_or_the_nearest_corner() -> None:
    grid = GridMap(8, 8)
    assert brush_squares(grid, 2.5 * CELL, 3.5 * CELL, 1) == [(2, 3)]
    # 2 x 2: the four squares around the grid corner nearest the pointer, (3, 4) here
    assert brush_squares(grid, 2.8 * CELL, 3.7 * CELL, 2) == [(2, 3), (3, 3), (2, 4), (3, 4)]
    assert brush_squares(grid, 2.5 * CELL, 3.5 * CELL, 3) == [
        (1, 2), (2, 2), (3, 2), (1, 3), (2, 3), (3, 3), (1, 4), (2, 4), (3, 4),
    ]  # fmt: skip
    # clipped to the map at its corner
    assert brush_squares(grid, 0.5 * CELL, 0.5 * CELL, 3) == [(0, 0), (1, 0), (0, 1), (1, 1)]


def test_a_raise_stroke_raises_each_square_once_in_one_undo_step() -> None:
    enc = encounter()
    # along row 1 and back again: (0, 1) 0 -> 1, (1, 1) 1 -> 2, (2, 1) 2 -> 3, once each
    stack = stroke(enc, Brush("raise"), [(0.5, 1.5), (1.5, 1.5), (2.5, 1.5), (1.5, 1.5)])
    grid = enc.grid
    assert grid is not None
    assert grid.to_text().splitlines()[1] == "1 2 3 0"
    assert len(stack.done) == 1
    stack.undo()
    assert grid.to_text().splitlines()[1] == "0 1 2 0"
    stack.redo()
    assert grid.to_text().splitlines()[1] == "1 2 3 0"


def test_a_fast_drag_leaves_no_gap() -> None:
    enc = encounter("0 0 0 0 0 0 0 0")
    stroke(enc, Brush("lower"), [(0.5, 0.5), (7.5, 0.5)])  # one move event across the map
    assert enc.grid is not None and enc.grid.to_text() == "-1 -1 -1 -1 -1 -1 -1 -1"


def test_level_and_terrain_brushes_skip_squares_already_so() -> None:
    enc = encounter()
    paint = PaintStroke(lambda: enc, Brush("level", level=2))
    command = paint.press(at(2.5, 1.5, left=True))  # (2, 1) is already at 2
    assert command is None
    command = paint.move(at(1.5, 1.5))
    assert isinstance(command, PaintSquares) and command.squares == [(1, 1)]
    enc2 = encounter()
    stack = stroke(enc2, Brush("difficult", size=2), [(1.1, 1.1)])
    grid = enc2.grid
    assert grid is not None
    difficult = {s for s in grid.squares() if grid.terrain_at(s) == Terrain.DIFFICULT}
    assert difficult == {(0, 0), (1, 0), (0, 1), (1, 1)}
    assert stack.done[0].text == "Paint terrain"


def test_only_the_left_button_paints_and_moves_without_a_stroke_paint_nothing() -> None:
    enc = encounter()
    paint = PaintStroke(lambda: enc)
    assert paint.press(at(0.5, 0.5, right=True)) is None
    assert paint.move(at(1.5, 0.5)) is None
    assert paint.under(at(1.5, 0.5)) == [(1, 0)]


def test_raising_stops_at_the_file_formats_limit() -> None:
    enc = encounter("999 1000")
    paint = PaintStroke(lambda: enc, Brush("raise"))
    command = paint.press(at(0.5, 0.5, left=True))
    assert isinstance(command, PaintSquares) and command.squares == [(0, 0)]
    assert paint.move(at(1.5, 0.5)) is None
    assert paint.message == "Elevation stops at +1000."


def test_raised_squares_merge_only_when_they_do_not_overlap() -> None:
    first = PaintSquares([(0, 0)], raise_by=1, stroke_id=7)
    assert first.merge(PaintSquares([(1, 0)], raise_by=1, stroke_id=7))
    assert not first.merge(PaintSquares([(1, 0)], raise_by=1, stroke_id=7))
    assert not first.merge(PaintSquares([(2, 0)], raise_by=-1, stroke_id=7))
    with pytest.raises(ValueError, match="either an elevation or raise_by"):
        PaintSquares([(0, 0)], elevation=1, raise_by=1)
