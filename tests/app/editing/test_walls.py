"""Walls and doors without Qt: which edge a click means, runs along grid lines, doors."""

from __future__ import annotations

from tactical.app.map.geometry import CELL
from tactical.app.map.interaction.events import Pointer
from tactical.app.map.interaction.walls import (
    WallDrawer,
    door_toggle,
    nearest_edge,
    staircase,
)
from tactical.core.commands import UndoStack
from tactical.core.encounter import Encounter
from tactical.core.grid import GridMap, Wall


def at(col: float, row: float, **keys: bool) -> Pointer:
    return Pointer(col * CELL, row * CELL, **keys)


def gesture(enc: Encounter, kind: str, points: list[tuple[float, float]], shift: bool = False):  # type: ignore[no-untyped-def]
    drawer = WallDrawer(lambda: enc, kind)  # type: ignore[arg-type]
    drawer.press(at(*points[0], left=True, shift=shift))
    for point in points[1:]:
        drawer.move(at(*point, left=True, shift=shift))
    return drawer.release(at(*points[-1]))


def test_the_nearest_edge_is_the_nearest_side_of_the_square_under_the_pointer() -> None:
    grid = GridMap(5, 5)
    assert nearest_edge(grid, 2.9 * CELL, 1.5 * CELL) == ((2, 1), (3, 1))  # right side
    assert nearest_edge(grid, 2.5 * CELL, 1.1 * CELL) == ((2, 0), (2, 1))  # top side
    # on the map's left border the nearest edge between two squares is taken instead
    assert nearest_edge(grid, 0.05 * CELL, 2.4 * CELL) == ((0, 1), (0, 2))


def test_a_click_toggles_a_wall_and_the_door_tool_a_door() -> None:
    enc = Encounter(GridMap(4, 4))
    grid = enc.grid
    assert grid is not None
    stack = UndoStack(enc)
    feedback = gesture(enc, "wall", [(1.95, 0.5)])
    assert feedback.edges == [((1, 0), (2, 0))]
    assert feedback.command is not None
    stack.push(feedback.command)
    assert grid.walls == {((1, 0), (2, 0)): Wall()}
    # the door tool turns the wall into a closed door, a second click removes it
    stack.push(gesture(enc, "door", [(2.02, 0.4)]).command)  # type: ignore[arg-type]
    assert grid.walls == {((1, 0), (2, 0)): Wall(door=True)}
    stack.push(gesture(enc, "door", [(2.02, 0.4)]).command)  # type: ignore[arg-type]
    assert grid.walls == {}
    stack.undo()
    assert grid.walls == {((1, 0), (2, 0)): Wall(door=True)}
    # Shift+click removes whatever is there; on an empty edge it has nothing to do
    stack.push(gesture(enc, "wall", [(2.02, 0.4)], shift=True).command)  # type: ignore[arg-type]
    assert grid.walls == {}
    nothing = gesture(enc, "wall", [(2.02, 0.4)], shift=True)
    assert nothing.command is None and nothing.message == "No wall here."


def test_a_drag_along_a_grid_line_walls_every_edge_in_one_step() -> None:
    enc = Encounter(GridMap(6, 6))
    grid = enc.grid
    assert grid is not None
    stack = UndoStack(enc)
    # from the corner (2, 0) down the vertical line x = 2 to the corner (2, 6)
    feedback = gesture(enc, "wall", [(2.1, 0.1), (2.1, 1.2), (1.9, 2.4), (2.2, 5.9)])
    assert feedback.command is not None and feedback.command.text == "Place 6 walls"
    stack.push(feedback.command)
    assert set(grid.walls) == {((1, row), (2, row)) for row in range(6)}
    stack.undo()
    assert grid.walls == {}


def test_a_run_pressed_mid_edge_includes_that_edge() -> None:
    enc = Encounter(GridMap(6, 6))
    # pressed on the edge between (1, 2) and (2, 2), past its middle, dragged on downwards
    feedback = gesture(enc, "wall", [(2.0, 2.7), (2.0, 4.1)])
    assert feedback.edges == [((1, 2), (2, 2)), ((1, 3), (2, 3))]


def test_a_run_ends_where_the_button_is_released() -> None:
    enc = Encounter(GridMap(6, 6))
    drawer = WallDrawer(lambda: enc)
    drawer.press(at(1.0, 1.0, left=True))
    drawer.move(at(2.0, 1.0, left=True))
    feedback = drawer.release(at(3.9, 1.1))  # no move event reported the last two corners
    assert feedback.edges == [((1, 0), (1, 1)), ((2, 0), (2, 1)), ((3, 0), (3, 1))]


def test_a_diagonal_drag_is_a_staircase_and_shift_drag_erases_a_run() -> None:
    assert staircase((0, 0), (2, 2)) == [(1, 0), (1, 1), (2, 1), (2, 2)]
    enc = Encounter(GridMap(6, 6))
    grid = enc.grid
    assert grid is not None
    stack = UndoStack(enc)
    stack.push(gesture(enc, "door", [(1.0, 1.0), (3.0, 1.0)]).command)  # type: ignore[arg-type]
    assert grid.walls == {((1, 0), (1, 1)): Wall(door=True), ((2, 0), (2, 1)): Wall(door=True)}
    erased = gesture(enc, "wall", [(0.0, 1.0), (4.0, 1.0)], shift=True)
    assert erased.command is not None and erased.command.text == "Remove 2 walls"
    stack.push(erased.command)
    assert grid.walls == {}


def test_doors_open_and_close_near_the_pointer_only() -> None:
    enc = Encounter(GridMap(4, 4, walls={((1, 1), (2, 1)): Wall(door=True)}))
    grid = enc.grid
    assert grid is not None
    assert door_toggle(grid, 1.5 * CELL, 1.5 * CELL) is None  # the middle of a square: too far
    command = door_toggle(grid, 1.9 * CELL, 1.5 * CELL)
    assert command is not None and command.text == "Open door"
    stack = UndoStack(enc)
    stack.push(command)
    assert grid.walls[((1, 1), (2, 1))] == Wall(door=True, open=True)
    close = door_toggle(grid, 2.1 * CELL, 1.5 * CELL)
    assert close is not None and close.text == "Close door"
    grid.set_wall((0, 0), (1, 0), Wall())
    assert door_toggle(grid, 1.0 * CELL, 0.5 * CELL) is None  # a plain wall is no door
