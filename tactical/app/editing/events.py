"""What map editing does with the map view's events, and doors opened in play.

Keys, double-clicks and the right-click menu go to the active editing tool (the
menu with the entries declared for Edit map below the tool's own: exits);
outside edit mode, Alt+click on a door (or the right-click menu near one)
opens or closes it: that is play, not map editing.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPoint, QPointF, Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent
from PySide6.QtWidgets import QMenu

from tactical.app.editing.tools import EditTool, WallTool
from tactical.app.map.interaction.walls import DOOR_REACH, door_command, door_toggle, edge_near
from tactical.app.map.map_view import pointer_from
from tactical.app.window.services import Services
from tactical.core.changes import GM


class EditingEvents(QObject):
    """Routes the map view's events to the editing tools (see the module's docstring)."""

    def __init__(self, window: Services) -> None:
        super().__init__(window.window())
        self.window = window
        view = window.view
        view.installEventFilter(self)
        view.viewport().installEventFilter(self)
        view.customContextMenuRequested.connect(self._context_menu)

    # -- doors in play -----------------------------------------------------------------

    def toggle_door_at(self, point: QPointF) -> bool:
        """Open or close the door near a scene point; False when there is none."""
        grid = self.window.document.encounter.grid
        if grid is None:
            return False
        command = door_toggle(grid, point.x(), point.y())
        if command is None:
            return False
        self.window.document.push(command, GM)
        self.window.say("Door opened." if command.text == "Open door" else "Door closed.")
        return True

    def door_menu_entries(self, menu: QMenu, point: QPointF) -> None:
        """Add Open door / Close door to the normal right-click menu near a door."""
        grid = self.window.document.encounter.grid
        if grid is None:
            return
        found = edge_near(grid, point.x(), point.y(), DOOR_REACH)
        wall = grid.walls.get(found) if found is not None else None
        if found is None or wall is None or not wall.door:
            return
        command = door_command(found, wall)
        menu.addAction(command.text, lambda: self.toggle_door_at(point))

    # -- routing keys, double-clicks and menus to the editing tools ----------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        view = self.window.view
        tool = view.tool
        if kind in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress):
            if (
                watched is view
                and isinstance(tool, EditTool)
                and isinstance(event, QKeyEvent)
                and tool.wants_key(event.key())
            ):
                if kind == QEvent.Type.KeyPress:
                    tool.key(event.key())
                event.accept()
                return True
            return False
        if kind == QEvent.Type.Leave and watched is view.viewport():
            if isinstance(tool, EditTool):
                tool.leave()
            return False
        if kind == QEvent.Type.MouseButtonDblClick and isinstance(event, QMouseEvent):
            if isinstance(tool, EditTool):
                scene_point = view.mapToScene(event.position().toPoint())
                return tool.double_click(pointer_from(event, scene_point))
            return False
        if (
            kind == QEvent.Type.MouseButtonPress
            and isinstance(event, QMouseEvent)
            and event.button() == Qt.MouseButton.LeftButton
            and event.modifiers() & Qt.KeyboardModifier.AltModifier
            and (
                tool is self.window.action_registry.tools.get("select")
                or isinstance(tool, WallTool)
            )
        ):
            return self.toggle_door_at(view.mapToScene(event.position().toPoint()))
        return False

    def context_menu_at(self, point: QPointF) -> QMenu | None:
        """The right-click menu of the editing tool in hand at a scene point: the tool's own
        entries, then those declared for Edit map (exits); None outside edit mode."""
        tool = self.window.view.tool
        if not isinstance(tool, EditTool) or tool.takes_right_click():
            return None
        menu = tool.context_menu(point, self.window.window()) or QMenu(self.window.window())
        before = len(menu.actions())
        self.window.action_registry.fill_editing_context_menu(menu, point)
        added = menu.actions()[before:]
        if before and added:
            menu.insertSeparator(added[0])
        return menu

    def _context_menu(self, pos: QPoint) -> None:
        view = self.window.view
        menu = self.context_menu_at(view.mapToScene(pos))
        if menu is not None and not menu.isEmpty():
            menu.exec(view.viewport().mapToGlobal(pos))
