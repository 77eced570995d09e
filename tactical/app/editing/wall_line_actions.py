"""The GM plays with wall lines: a click on a door line opens or closes it; the right-click
menu offers Open door / Close door.

Opening a door is play, not map editing, so it works with the Select tool as
edge doors do (a double-click or D over the door works too, see
:mod:`tactical.app.map.map_gestures`); a click on a token still picks the token.
In play the map changes only through play: deleting a line is the Wall line
tool's, in Edit map. Every change is one undo step
(:mod:`tactical.core.commands.wall_lines`).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QMenu

from tactical.app.editing.install import MapEditing
from tactical.app.editing.wall_line_tool import WallLineTool, install_wall_line_tool
from tactical.app.map.geometry import CELL
from tactical.app.map.scene.wall_lines_layer import scene_reach
from tactical.app.window.services import Services
from tactical.core.changes import GM
from tactical.core.commands.wall_lines import toggle_door
from tactical.core.line_crossing import nearest_line


class WallLineActions(QObject):
    """Door clicks and menu entries for the wall lines of one main window's map."""

    def __init__(self, window: Services) -> None:
        super().__init__(window.view)
        self.window = window
        self.tool: WallLineTool | None = None
        """The map editor's Wall line tool."""
        window.action_registry.add_context_entries(self.menu_entries, "4_doors", 20)
        window.view.viewport().installEventFilter(self)

    def _reach(self) -> float:
        return scene_reach(self.window.view.transform().m11())

    def line_at(self, point: QPointF, kinds: tuple[str, ...] | None = None) -> int | None:
        """The index of the wall line under a scene point (within a few screen pixels)."""
        grid = self.window.document.encounter.grid
        if grid is None or not grid.wall_lines:
            return None
        return nearest_line(
            grid.wall_lines, point.x() / CELL, point.y() / CELL, self._reach(), kinds
        )

    def toggle_door_at(self, point: QPointF) -> bool:
        """Open or close the door line under a scene point; False when there is none."""
        index = self.line_at(point, ("door",))
        if index is None:
            return False
        command = toggle_door(self.window.document.encounter, index)
        self.window.document.push(command, GM)
        self.window.say("Door opened." if command.text == "Open door" else "Door closed.")
        return True

    def menu_entries(self, menu: QMenu, point: QPointF) -> None:
        """Add Open door / Close door near a door line (the map is not edited in play)."""
        index = self.line_at(point, ("door",))
        if index is None:
            return
        grid = self.window.document.encounter.grid
        assert grid is not None
        line = grid.wall_lines[index]
        text = "Close door" if line.open else "Open door"
        menu.addAction(text, lambda: self._toggle(index))

    def _toggle(self, index: int) -> None:
        command = toggle_door(self.window.document.encounter, index)
        self.window.document.push(command, GM)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() != QEvent.Type.MouseButtonPress
            or not isinstance(event, QMouseEvent)
            or event.button() != Qt.MouseButton.LeftButton
        ):
            return False
        view = self.window.view
        select = self.window.action_registry.tools.get("select")
        if select is None or view.tool is not select or not view.interactive:
            return False
        if event.modifiers() & ~Qt.KeyboardModifier.AltModifier:
            return False  # Shift and Ctrl clicks stay the select tool's
        point = view.mapToScene(event.position().toPoint())
        if self.window.scene.token_item_at(point) is not None:
            return False
        return self.toggle_door_at(point)


def install_wall_line_actions(editing: MapEditing) -> WallLineActions:
    """Let the GM open, close and delete wall lines on the editor's window's map, and draw
    them in the map editor (the Wall line tool)."""
    actions = WallLineActions(editing.window)
    actions.tool = install_wall_line_tool(editing)
    return actions
