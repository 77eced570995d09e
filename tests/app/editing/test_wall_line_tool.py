"""The map editor's Wall line tool, driven by real mouse events through the view."""

from __future__ import annotations

from PySide6.QtCore import QPointF

from tactical.app.map.geometry import CELL
from tactical.core.wall_lines import WallLine

from ..wall_line_encounter import DOOR_INDEX, DOOR_MIDDLE, crypt, crypt_lines
from .test_editing_window import drag, status


def test_a_drag_draws_a_wall_line_snapped_to_quarter_squares(make_services, qtbot) -> None:  # type: ignore[no-untyped-def]
    services = make_services(crypt())
    services.install_editing()
    services.map_editing.set_editing(True)
    tool = services.wall_line_actions.tool
    assert tool is not None and tool.kinds_box is not None
    shown = [a.text() for a in services.map_editing.toolbar.actions() if a.isVisible()]
    assert shown[shown.index("Door") + 1] == "Wall line"
    tool.kinds_box.setCurrentIndex(2)  # Window: choosing a kind picks the tool
    assert services.view.tool is tool
    drag(qtbot, services, [(1.02, 1.1), (2.0, 1.6), (3.1, 2.1)])
    grid = services.document.encounter.grid
    assert grid is not None
    assert grid.wall_lines == [*crypt_lines(), WallLine((1.0, 1.0), (3.0, 2.0), "window")]
    assert status(services) == "Window line drawn."
    stack = services.document.undo_stack
    assert stack.count() == 1 and stack.undoText() == "Draw wall line"
    stack.undo()
    assert grid.wall_lines == crypt_lines()
    drag(qtbot, services, [(5.0, 5.0), (5.05, 5.05)])  # too short to be a line
    assert grid.wall_lines == crypt_lines()
    assert status(services) == "Drag from one end of the wall line to the other."


def test_right_click_in_the_tool_opens_a_door_or_deletes_a_line(make_services) -> None:  # type: ignore[no-untyped-def]
    services = make_services(crypt())
    services.install_editing()
    services.map_editing.set_editing(True)
    tool = services.wall_line_actions.tool
    assert tool is not None
    point = QPointF(DOOR_MIDDLE[0] * CELL, DOOR_MIDDLE[1] * CELL)
    menu = tool.context_menu(point, services.host)
    assert menu is not None
    assert [a.text() for a in menu.actions()] == ["Open door", "Delete wall line"]
    menu.actions()[1].trigger()
    grid = services.document.encounter.grid
    assert grid is not None
    assert grid.wall_lines == [w for i, w in enumerate(crypt_lines()) if i != DOOR_INDEX]
    assert tool.context_menu(QPointF(6 * CELL, 6 * CELL), services.host) is None
