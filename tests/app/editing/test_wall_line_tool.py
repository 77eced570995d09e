"""The map editor's Wall line tool, driven by real mouse events through the view."""

from __future__ import annotations

from PySide6.QtCore import QPointF

from tactical.app.map.geometry import CELL
from tactical.core.wall_lines import WallLine

from ..wall_line_encounter import DOOR_INDEX, DOOR_MIDDLE, crypt, crypt_lines
from .test_editing_window import drag, status


def test_a_drag_draws_a_wall_line_snapped_to_quarter_squares(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(crypt())
    window.map_editing.set_editing(True)
    tool = window.wall_line_actions.tool
    assert tool is not None and tool.kinds_box is not None
    shown = [a.text() for a in window.map_editing.toolbar.actions() if a.isVisible()]
    assert shown[shown.index("Door") + 1] == "Wall line"
    tool.kinds_box.setCurrentIndex(2)  # Window: choosing a kind picks the tool
    assert window.view.tool is tool
    drag(qtbot, window, [(1.02, 1.1), (2.0, 1.6), (3.1, 2.1)])
    grid = window.document.encounter.grid
    assert grid is not None
    assert grid.wall_lines == [*crypt_lines(), WallLine((1.0, 1.0), (3.0, 2.0), "window")]
    assert status(window) == "Window line drawn."
    stack = window.document.undo_stack
    assert stack.count() == 1 and stack.undoText() == "Draw wall line"
    stack.undo()
    assert grid.wall_lines == crypt_lines()
    drag(qtbot, window, [(5.0, 5.0), (5.05, 5.05)])  # too short to be a line
    assert grid.wall_lines == crypt_lines()
    assert status(window) == "Drag from one end of the wall line to the other."


def test_right_click_in_the_tool_opens_a_door_or_deletes_a_line(make_window) -> None:  # type: ignore[no-untyped-def]
    window = make_window(crypt())
    window.map_editing.set_editing(True)
    tool = window.wall_line_actions.tool
    assert tool is not None
    point = QPointF(DOOR_MIDDLE[0] * CELL, DOOR_MIDDLE[1] * CELL)
    menu = tool.context_menu(point, window)
    assert menu is not None
    assert [a.text() for a in menu.actions()] == ["Open door", "Delete wall line"]
    menu.actions()[1].trigger()
    grid = window.document.encounter.grid
    assert grid is not None
    assert grid.wall_lines == [w for i, w in enumerate(crypt_lines()) if i != DOOR_INDEX]
    assert tool.context_menu(QPointF(6 * CELL, 6 * CELL), window) is None
