"""Resizing a grid keeps what fits, takes off tokens that do not, and undoes exactly."""

from __future__ import annotations

from tactical.core.commands.base import Batch, UndoStack
from tactical.core.commands.grid_size import ResizeGrid
from tactical.core.commands.pictures import AddPicture, SetBackground
from tactical.core.encounter import Encounter
from tactical.core.grid import GridMap, Terrain, Wall
from tactical.core.pictures import Background, Picture
from tactical.core.tokens import Token
from tactical.core.wall_lines import WallLine


def _encounter() -> Encounter:
    grid = GridMap.from_text("0 1 2 3\n0 0d 0 5x\n1 1 1 1")
    grid.set_wall((0, 0), (1, 0), Wall())
    grid.set_wall((2, 1), (3, 1), Wall(door=True))
    grid.wall_lines.append(WallLine((0.5, 0.5), (1.5, 2.5), "wall", False))
    grid.wall_lines.append(WallLine((3.5, 0.0), (3.5, 2.0), "window", False))
    return Encounter(
        grid,
        [
            Token("a", position=(1, 1)),
            Token("big", position=(1, 1), size=2),
            Token("far", position=(3, 2)),
        ],
    )


def test_shrinking_keeps_what_fits_and_takes_off_tokens_that_do_not() -> None:
    encounter = _encounter()
    stack = UndoStack(encounter)
    stack.push(ResizeGrid(2, 2))
    grid = encounter.grid
    assert grid is not None
    assert grid.to_text() == "0 1\n0 0d"
    assert grid.walls == {((0, 0), (1, 0)): Wall()}
    assert grid.wall_lines == []  # the first line reaches row 2.5, the second column 3.5
    assert encounter.tokens["a"].position == (1, 1)
    assert encounter.tokens["big"].position is None  # would cover column 2 and row 2
    assert encounter.tokens["far"].position is None


def test_growing_adds_open_flat_squares() -> None:
    encounter = _encounter()
    UndoStack(encounter).push(ResizeGrid(5, 4))
    grid = encounter.grid
    assert grid is not None
    assert grid.to_text() == "0 1 2 3 0\n0 0d 0 5x 0\n1 1 1 1 0\n0 0 0 0 0"
    assert grid.terrain_at((3, 1)) == Terrain.IMPASSABLE
    assert len(grid.walls) == 2 and len(grid.wall_lines) == 2
    assert all(t.position is not None for t in encounter.tokens.values())


def test_undo_restores_the_grid_and_the_tokens_exactly() -> None:
    encounter = _encounter()
    original = GridMap.copy(encounter.grid)  # type: ignore[arg-type]
    stack = UndoStack(encounter)
    stack.push(ResizeGrid(2, 2))
    stack.undo()
    assert encounter.map == original
    assert encounter.tokens["big"].position == (1, 1)
    assert encounter.tokens["far"].position == (3, 2)
    stack.redo()
    assert encounter.grid is not None and (encounter.grid.width, encounter.grid.height) == (2, 2)


def test_alignment_and_resize_are_one_undo_step() -> None:
    encounter = _encounter()
    picture = Picture("pic-1", data=b"x")
    stack = UndoStack(encounter)
    stack.push(AddPicture(picture))
    before = GridMap.copy(encounter.grid)  # type: ignore[arg-type]
    stack.push(
        Batch(
            "Align background",
            [SetBackground(Background("pic-1", 13, 13, 70.4)), ResizeGrid(14, 10)],
        )
    )
    assert encounter.background == Background("pic-1", 13, 13, 70.4)
    assert encounter.grid is not None and encounter.grid.width == 14
    stack.undo()
    assert encounter.background is None
    assert encounter.map == before
    assert "pic-1" in encounter.pictures
