"""Double-click and the D key on the GM's map: edit a token, open or close a door.

Alt+click is taken by the window manager on most Linux desktops, so doors
open and close in ways that work everywhere: a double-click on the door, or
D with the mouse over it (edge doors of the grid and door lines of imported
maps alike; a plain click on a door line works as before). A double-click on
a token opens Edit token…. A double-click elsewhere goes on to the table
screen's ping. Only with the Select tool: the editing and template tools use
double-clicks themselves.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPointF, Qt
from PySide6.QtGui import QAction, QKeySequence, QMouseEvent

from tactical.app.editing.install import MapEditing
from tactical.app.editing.wall_line_actions import WallLineActions
from tactical.app.map.tools import SelectTool
from tactical.app.tokens.token_edits import TokenEdits
from tactical.app.window.services import Services

DOOR_KEY = "D"


class MapGestures(QObject):
    """The main window's double-clicks and door key (see the module's docstring)."""

    def __init__(
        self,
        services: Services,
        map_editing: MapEditing,
        wall_lines: WallLineActions,
        tokens: TokenEdits,
        select_tool: SelectTool,
    ) -> None:
        super().__init__(services.window())
        self.services = services
        self.map_editing = map_editing
        self.wall_lines = wall_lines
        self.tokens = tokens
        self.select_tool = select_tool
        self.pointer: QPointF | None = None
        """The scene point under the mouse, last seen (where D opens a door)."""
        services.view.hovered.connect(self._hovered)
        services.view.viewport().installEventFilter(self)
        self.door_action = QAction("Open or close the door under the mouse", services.window())
        self.door_action.setShortcut(QKeySequence(DOOR_KEY))
        self.door_action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.door_action.triggered.connect(self.door_key)
        services.action_registry.add("map.door", self.door_action)

    def _hovered(self, point: QPointF) -> None:
        self.pointer = point

    def toggle_door_at(self, point: QPointF) -> bool:
        """Open or close the door (an edge door or a door line) at a scene point."""
        if self.map_editing.toggle_door_at(point):
            return True
        return self.wall_lines.toggle_door_at(point)

    def door_key(self) -> None:
        """D: the door under the mouse opens or closes; said when there is none."""
        if not self.services.view.interactive:
            return
        if self.pointer is None or not self.toggle_door_at(self.pointer):
            self.services.say(f"No door under the mouse: point at a door and press {DOOR_KEY}.")

    def double_click(self, point: QPointF) -> bool:
        """A double-click with the Select tool: edit the token there, else open or close the
        door there; False (the ping follows) when there is neither."""
        item = self.services.scene.token_item_at(point)
        if item is not None:
            ids = self.tokens.selected() if item.isSelected() else [item.token_id]
            self.tokens.editor.edit(ids)
            return True
        if self.wall_lines.line_at(point, ("door",)) is not None:
            return True  # the first click of the two opened or closed the door line
        return self.map_editing.toggle_door_at(point)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Leave:
            self.pointer = None  # the mouse is no longer over the map
            return False
        if (
            event.type() != QEvent.Type.MouseButtonDblClick
            or not isinstance(event, QMouseEvent)
            or event.button() != Qt.MouseButton.LeftButton
        ):
            return False
        view = self.services.view
        if view.tool is not self.select_tool or not view.interactive:
            return False
        return self.double_click(view.mapToScene(event.position().toPoint()))


def install_map_gestures(
    services: Services,
    map_editing: MapEditing,
    wall_lines: WallLineActions,
    tokens: TokenEdits,
    select_tool: SelectTool,
) -> MapGestures:
    """Double-click a token to edit it or a door to open it, and D over a door (install after
    the table screen, so a double-click reaches the ping only when it is not used here)."""
    return MapGestures(services, map_editing, wall_lines, tokens, select_tool)
