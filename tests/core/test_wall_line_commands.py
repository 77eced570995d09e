"""Opening, closing and deleting wall lines: one undo step each, and movement follows."""

from __future__ import annotations

import pytest

from tactical.core import Encounter, GridMap, Token, reachable
from tactical.core.changes import Change
from tactical.core.commands import SetWallLine, UndoStack, toggle_door
from tactical.core.wall_lines import WallLine

DOOR = WallLine((1.25, 0), (1.25, 1), "door")
WALL = WallLine((4, 4), (5, 5))


def _corridor() -> tuple[Encounter, list[Change]]:
    grid = GridMap(3, 1, wall_lines=[WALL, DOOR])
    encounter = Encounter(map=grid, tokens=[Token(id="me", side="pcs", position=(0, 0))])
    heard: list[Change] = []
    encounter.subscribe(heard.append)
    return encounter, heard


def test_opening_a_door_line_is_one_undo_step_and_lets_tokens_through() -> None:
    encounter, heard = _corridor()
    stack = UndoStack(encounter)
    command = toggle_door(encounter, 1)
    assert command.text == "Open door"
    stack.push(command)
    assert encounter.grid is not None
    assert encounter.grid.wall_lines == [WALL, WallLine((1.25, 0), (1.25, 1), "door", True)]
    assert reachable(encounter, "me", 5) == {(0, 0): 0, (1, 0): 1, (2, 0): 2}
    assert heard[-1].kind == "walls" and (1, 0) in heard[-1].squares
    assert toggle_door(encounter, 1).text == "Close door"
    stack.undo()
    assert encounter.grid.wall_lines == [WALL, DOOR]
    assert reachable(encounter, "me", 5) == {(0, 0): 0}
    assert len(stack.done) == 0


def test_only_a_door_line_can_be_toggled() -> None:
    encounter, _ = _corridor()
    with pytest.raises(ValueError, match="not a door"):
        toggle_door(encounter, 0)


def test_deleting_a_wall_line_and_undoing_puts_it_back_in_its_place() -> None:
    encounter, _ = _corridor()
    stack = UndoStack(encounter)
    stack.push(SetWallLine(0, None))
    assert encounter.grid is not None
    assert encounter.grid.wall_lines == [DOOR]
    stack.push(SetWallLine(0, None))
    assert encounter.grid.wall_lines == []
    assert reachable(encounter, "me", 5) == {(0, 0): 0, (1, 0): 1, (2, 0): 2}
    stack.undo()
    stack.undo()
    assert encounter.grid.wall_lines == [WALL, DOOR]
    assert reachable(encounter, "me", 5) == {(0, 0): 0}
    stack.redo()
    assert encounter.grid.wall_lines == [DOOR]


def test_drawing_a_wall_line_appends_it_and_undo_removes_it() -> None:
    encounter, _ = _corridor()
    stack = UndoStack(encounter)
    line = WallLine((0.5, 0), (0.5, 1))
    stack.push(SetWallLine(2, line))
    assert encounter.grid is not None and encounter.grid.wall_lines[-1] == line
    stack.undo()
    assert encounter.grid.wall_lines == [WALL, DOOR]
