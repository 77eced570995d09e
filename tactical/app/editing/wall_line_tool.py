"""The map editor's Wall line tool: drag to draw a free wall line (wall, door, window, object).

Edge walls follow the grid; imported maps bring free lines, and a GM fixing
an import (a missing door, a wall the exporter forgot) needs to draw one.
Drag from one end to the other: the ends snap to quarter squares, so a line
can be put exactly on a grid line, a centre line or halfway between, and a
line shorter than a quarter square is refused. The kind comes from the combo
box beside the tool. Right-click a line to delete it (or open / close a door).
Every line drawn or deleted is one undo step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QLineF, QPointF
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QComboBox, QMenu, QWidget

from tactical.app.editing.overlay import EditOverlay, EditPicture
from tactical.app.editing.tools import EditTool, Say
from tactical.app.encounter.document import EncounterDocument
from tactical.app.map.geometry import CELL
from tactical.app.map.interaction.events import Pointer
from tactical.app.map.map_view import MapView
from tactical.app.map.scene import colours
from tactical.app.map.scene.wall_lines_layer import OBJECT, WINDOW, scene_reach
from tactical.app.window.action_registry import Place
from tactical.core.commands.wall_lines import SetWallLine, toggle_door
from tactical.core.line_crossing import nearest_line
from tactical.core.wall_lines import WALL_LINE_KINDS, WallLine, WallLineKind

if TYPE_CHECKING:
    from tactical.app.editing.install import MapEditing

SNAP = 4
"""Ends snap to 1 / SNAP of a square."""

PREVIEW = {"wall": colours.WALL, "door": colours.DOOR, "window": WINDOW, "object": OBJECT}


def snapped(x: float, y: float) -> tuple[float, float]:
    """A scene point as map coordinates in squares, on the nearest quarter square."""
    return (round(x / CELL * SNAP) / SNAP, round(y / CELL * SNAP) / SNAP)


class WallLineTool(EditTool):
    """Drag to draw one wall line of :attr:`kind`."""

    def __init__(
        self, view: MapView, document: EncounterDocument, overlay: EditOverlay, say: Say
    ) -> None:
        super().__init__(view, document, overlay, say)
        self.kind: WallLineKind = "wall"
        self.kinds_box: QComboBox | None = None
        """The toolbar's choice of kind (set by :func:`install_wall_line_tool`)."""
        self._start: tuple[float, float] | None = None

    def _picture(self, a: tuple[float, float], b: tuple[float, float]) -> EditPicture:
        line = QLineF(a[0] * CELL, a[1] * CELL, b[0] * CELL, b[1] * CELL)
        return EditPicture(segments=[line], segment_colour=QColor(PREVIEW[self.kind]))

    def press(self, pointer: Pointer) -> bool:
        if not pointer.left or self.document.encounter.grid is None:
            return False
        self._start = snapped(pointer.x, pointer.y)
        self.show(self._picture(self._start, self._start))
        return True

    def move(self, pointer: Pointer) -> bool:
        if self._start is None:
            return False
        self.show(self._picture(self._start, snapped(pointer.x, pointer.y)))
        return True

    def release(self, pointer: Pointer) -> bool:
        if self._start is None:
            return False
        a, b = self._start, snapped(pointer.x, pointer.y)
        self._start = None
        self.overlay.clear()
        grid = self.document.encounter.grid
        if grid is None:
            return True
        if max(abs(a[0] - b[0]), abs(a[1] - b[1])) < 1 / SNAP:
            self.say("Drag from one end of the wall line to the other.")
            return True
        line = WallLine(a, b, self.kind)
        self.push(SetWallLine(len(grid.wall_lines), line), f"{self.kind.capitalize()} line drawn.")
        return True

    def cancel(self) -> None:
        self._start = None
        super().cancel()

    def context_menu(self, point: QPointF, parent: QWidget) -> QMenu | None:
        grid = self.document.encounter.grid
        if grid is None:
            return None
        reach = scene_reach(self.view.zoom)
        index = nearest_line(grid.wall_lines, point.x() / CELL, point.y() / CELL, reach)
        if index is None:
            return None
        menu = QMenu(parent)
        if grid.wall_lines[index].kind == "door":
            command = toggle_door(self.document.encounter, index)
            menu.addAction(command.text, lambda: self.push(command))
        menu.addAction("Delete wall line", lambda: self.push(SetWallLine(index, None)))
        return menu


def install_wall_line_tool(editing: MapEditing) -> WallLineTool:
    """Add the Wall line tool and its kind box to the map editing toolbar (grid maps)."""
    window = editing.window
    tool = WallLineTool(window.view, window.document, editing.overlay, window.say)
    editing.tools["wall-line"] = tool
    window.action_registry.tools["wall-line"] = tool

    def use() -> None:
        action.setChecked(True)
        window.use_tool("wall-line")

    action = editing._tool_action(
        "Wall line",
        "Drag to draw a free wall line (ends snap to quarter squares); right-click one to "
        "delete it",
        use,
    )
    kinds = QComboBox()
    kinds.addItems([kind.capitalize() for kind in WALL_LINE_KINDS])
    kinds.setToolTip("What the Wall line tool draws")

    def choose(index: int) -> None:
        tool.kind = WALL_LINE_KINDS[index]
        use()

    kinds.currentIndexChanged.connect(choose)
    before = editing.area_actions[0]  # after the Wall and Door tools
    editing.toolbar.insertAction(before, action)
    box_action = editing.toolbar.insertWidget(before, kinds)
    editing.grid_actions += [action, box_action]
    window.action_registry.put_in_menu(action, Place("tools", editing.MENU_GROUP, 90))
    editing._sync_kind()
    tool.kinds_box = kinds
    return tool
