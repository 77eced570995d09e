"""Map editing in the main window: the Edit map mode, its toolbar, new empty maps, doors.

Edit map (key E, Tools menu, toolbar) is off by default and after every file
opened, so a fight never edits the map by accident. Turned on it shows the
editing toolbar for the kind of map: brushes, brush size and walls for a
grid; draw, reshape and link for an area map. The editing tools join the
window's tool group, so choosing Select, Ruler or Templates leaves them.

Outside edit mode, Alt+click on a door (or the right-click menu near one)
opens or closes it: that is play, not map editing.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6.QtCore import QObject, QPointF
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QComboBox, QMenu, QSpinBox, QToolBar

from tactical.app.editing import dialogs
from tactical.app.editing.area_tools import AreaDrawTool, AreaLinkTool, AreaShapeTool
from tactical.app.editing.events import EditingEvents
from tactical.app.editing.overlay import EditOverlay
from tactical.app.editing.tools import EditTool, PaintTool, WallTool
from tactical.app.fog.settings import new_map_fog
from tactical.app.map.interaction.paint import BRUSH_SIZES, Brush, BrushKind
from tactical.app.window.action_registry import Place
from tactical.app.window.services import Services
from tactical.core.encounter import Encounter
from tactical.persistence.checks import MAX_ELEVATION, MIN_ELEVATION

_BRUSHES: list[tuple[BrushKind, str, str]] = [
    ("raise", "Raise +1", "Raise the squares under the brush by 1"),
    ("lower", "Lower -1", "Lower the squares under the brush by 1"),
    ("level", "Set elevation", "Set the squares under the brush to the elevation beside"),
    ("open", "Open", "Open terrain"),
    ("difficult", "Difficult", "Difficult terrain"),
    ("impassable", "Impassable", "Impassable terrain"),
]


class MapEditing(QObject):
    """The editing mode of one main window (see the module's docstring)."""

    MENU_GROUP = "3_editing"
    """The Tools menu's group of Edit map and the editing tools (the Wall line tool joins it)."""

    def __init__(self, window: Services) -> None:
        super().__init__(window.window())
        self.window = window
        view, document = window.view, window.document
        self.overlay = EditOverlay()
        window.scene.addItem(self.overlay)
        self.ask_grid_size: Callable[[], tuple[int, int, int] | None] = lambda: (
            dialogs.ask_grid_size(window.window())
        )
        self.ask_area_details: Callable[[str, str], tuple[str, str] | None] = lambda name, tags: (
            dialogs.ask_area_details(window.window(), name, tags)
        )
        say = window.say
        self.paint_tool = PaintTool(view, document, self.overlay, say)
        self.wall_tool = WallTool(view, document, self.overlay, say, "wall")
        self.door_tool = WallTool(view, document, self.overlay, say, "door")
        self.draw_tool = AreaDrawTool(view, document, self.overlay, say)
        self.shape_tool = AreaShapeTool(
            view, document, self.overlay, say, lambda n, t: self.ask_area_details(n, t)
        )
        self.link_tool = AreaLinkTool(view, document, self.overlay, say)
        self.tools: dict[str, EditTool] = {
            "paint": self.paint_tool,
            "wall": self.wall_tool,
            "door": self.door_tool,
            "area-draw": self.draw_tool,
            "area-shape": self.shape_tool,
            "area-link": self.link_tool,
        }
        self.registry = registry = window.action_registry
        registry.tools.update(self.tools)
        self._brush: Brush = Brush()
        self._build_actions()
        self._build_toolbar()
        self._build_menus()
        self.last_grid_action = self.brush_actions["raise"]
        self.last_area_action = self.draw_action
        self.events = EditingEvents(window)
        """Keys, double-clicks and menus routed to the editing tools; doors opened in play."""
        registry.add_context_entries(self.door_menu_entries, "4_doors", 10)
        document.encounter_replaced.connect(self._on_replaced)
        window.scene.map_refreshed.connect(self._on_map_refreshed)
        self._sync_kind()

    # -- building --------------------------------------------------------------

    def _tool_action(self, text: str, tip: str, slot: Callable[[], None]) -> QAction:
        action = QAction(text, self.window.window())
        action.setCheckable(True)
        action.setToolTip(tip)
        action.triggered.connect(lambda _=False: slot())
        self.registry.tool_group.addAction(action)
        self.window.window().addAction(action)  # its key works anywhere in the window
        return action

    def _build_actions(self) -> None:
        window = self.window
        self.edit_action = QAction("&Edit map", window.window())
        self.edit_action.setCheckable(True)
        self.edit_action.setShortcut(QKeySequence("E"))
        self.edit_action.setToolTip("Edit the map: terrain, walls and doors, areas (E)")
        self.edit_action.toggled.connect(self.set_editing)
        self.registry.add("tools.edit-map", self.edit_action)
        self.brush_actions: dict[BrushKind, QAction] = {}
        for kind, text, tip in _BRUSHES:
            self.brush_actions[kind] = self._tool_action(text, tip, partial(self.use_brush, kind))
        self.wall_action = self._tool_action(
            "Wall",
            "Click an edge to put or take away a wall; drag along grid lines for a run; "
            "Shift removes",
            lambda: self._use("wall"),
        )
        self.door_action = self._tool_action(
            "Door",
            "Click an edge to put or take away a door; Alt+click opens or closes one",
            lambda: self._use("door"),
        )
        self.draw_action = self._tool_action(
            "Draw area",
            "Click the corners of a new area; double-click or Enter closes it (with Shift held, "
            "an outline over other areas is clipped to the free ground)",
            lambda: self._use("area-draw"),
        )
        self.shape_action = self._tool_action(
            "Reshape areas",
            "Drag corners; double-click an area to rename it; Delete removes it",
            lambda: self._use("area-shape"),
        )
        self.link_action = self._tool_action(
            "Link areas",
            "Click two areas to link or cut them (or to drop their link)",
            self._use_links,
        )
        self.grid_actions = [*self.brush_actions.values(), self.wall_action, self.door_action]
        self.area_actions = [self.draw_action, self.shape_action, self.link_action]
        self.new_grid_action = QAction("Empty &grid map…", window.window())
        self.new_grid_action.setShortcut(QKeySequence(QKeySequence.StandardKey.New))
        self.registry.add("file.new-grid", self.new_grid_action)
        self.new_grid_action.triggered.connect(lambda _=False: self.new_grid_map())
        self.new_area_action = QAction("Empty &area map", window.window())
        self.new_area_action.triggered.connect(lambda _=False: self.new_area_map())

    def _build_toolbar(self) -> None:
        window = self.window
        bar = QToolBar("Map editing", window.window())
        bar.setObjectName("map-editing")
        bar.setMovable(False)
        for kind, action in self.brush_actions.items():
            bar.addAction(action)
            if kind == "level":
                self.level_box = QSpinBox()
                self.level_box.setRange(MIN_ELEVATION, MAX_ELEVATION)
                self.level_box.setPrefix("to ")
                self.level_box.setToolTip("The elevation the Set elevation brush paints")
                self.level_box.valueChanged.connect(self._level_changed)
                self.level_widget = bar.addWidget(self.level_box)
        self.size_box = QComboBox()
        self.size_box.addItems([f"Brush {n} x {n}" for n in BRUSH_SIZES])
        self.size_box.currentIndexChanged.connect(self._size_changed)
        self.grid_separator = bar.addSeparator()
        self.size_widget = bar.addWidget(self.size_box)
        self.wall_separator = bar.addSeparator()
        bar.addAction(self.wall_action)
        bar.addAction(self.door_action)
        for action in self.area_actions:
            bar.addAction(action)
        self.registry.add_toolbar("map-editing", bar)
        bar.setVisible(False)
        self.toolbar = bar
        self.registry.put_on_toolbar("tools.edit-map", Place("tools", "4_editing", 10))

    def _build_menus(self) -> None:
        registry = self.registry
        registry.put_in_menu(self.edit_action, Place("tools", self.MENU_GROUP, 10))
        for order, action in enumerate([*self.grid_actions, *self.area_actions], start=20):
            registry.put_in_menu(action, Place("tools", self.MENU_GROUP, order))
        self.new_menu = registry.add_menu("new-empty", "&New", Place("file", "1_open", 10))
        registry.put_in_menu(self.new_grid_action, Place("new-empty", "1", 10))
        registry.put_in_menu(self.new_area_action, Place("new-empty", "1", 20))

    # -- the mode --------------------------------------------------------------

    @property
    def editing(self) -> bool:
        return self.edit_action.isChecked()

    def set_editing(self, on: bool) -> None:
        """Turn edit mode on (the last editing tool for this kind of map) or off."""
        if self.edit_action.isChecked() != on:
            self.edit_action.setChecked(on)  # comes back here through toggled
            return
        self._sync_kind()
        if on:
            grid = self.window.document.encounter.grid is not None
            self._activate(self.last_grid_action if grid else self.last_area_action)
        elif self.window.view.tool in self.tools.values():
            self.registry.action("tools.select").setChecked(True)
            self.window.use_tool("select")

    def _activate(self, action: QAction) -> None:
        for kind, brush_action in self.brush_actions.items():
            if brush_action is action:
                self.use_brush(kind)
                return
        names = {
            self.wall_action: "wall",
            self.door_action: "door",
            self.draw_action: "area-draw",
            self.shape_action: "area-shape",
        }
        if action is self.link_action:
            self._use_links()
        elif action in names:
            self._use(names[action])

    def _sync_kind(self) -> None:
        """Show the editing actions for this kind of map, only while editing."""
        grid = self.window.document.encounter.grid is not None
        on = self.editing
        for action in self.grid_actions:
            action.setVisible(on and grid)
        for action in self.area_actions:
            action.setVisible(on and not grid)
        for widget in (self.level_widget, self.size_widget, self.grid_separator):
            widget.setVisible(grid)
        self.wall_separator.setVisible(grid)
        self.toolbar.setVisible(on)

    def _on_replaced(self) -> None:
        self.set_editing(False)
        self._sync_kind()
        self.last_grid_action = self.brush_actions["raise"]
        self.last_area_action = self.draw_action

    def _on_map_refreshed(self) -> None:
        tool = self.window.view.tool
        if isinstance(tool, EditTool):
            tool.refresh()

    # -- choosing tools ----------------------------------------------------------

    def use_brush(self, kind: BrushKind) -> None:
        self._brush = Brush(kind, self._brush.size, self.level_box.value())
        self.paint_tool.brush = self._brush
        self.brush_actions[kind].setChecked(True)
        self.last_grid_action = self.brush_actions[kind]
        self.window.use_tool("paint")

    def _use(self, name: str) -> None:
        actions = {
            "wall": self.wall_action,
            "door": self.door_action,
            "area-draw": self.draw_action,
            "area-shape": self.shape_action,
            "area-link": self.link_action,
        }
        action = actions[name]
        action.setChecked(True)
        if name in ("wall", "door"):
            self.last_grid_action = action
        else:
            self.last_area_action = action
        self.window.use_tool(name)
        self.tools[name].refresh()

    def _use_links(self) -> None:
        self._use("area-link")
        adjacency = self.registry.action("view.adjacency")
        if adjacency.isEnabled() and not adjacency.isChecked():
            adjacency.setChecked(True)

    def _level_changed(self, value: int) -> None:
        self.use_brush("level")

    def _size_changed(self, index: int) -> None:
        self._brush = Brush(self._brush.kind, BRUSH_SIZES[index], self._brush.level)
        self.paint_tool.brush = self._brush

    # -- new maps ------------------------------------------------------------------

    def new_grid_map(self) -> bool:
        """File > New > Empty grid map: ask the size, then open it untitled in edit mode."""
        answer = self.ask_grid_size()
        if answer is None:
            return False
        width, height, feet = answer
        return self._open_new(dialogs.empty_grid(width, height, feet))

    def new_area_map(self) -> bool:
        """File > New > Empty area map: one rectangle area to draw the others against."""
        return self._open_new(dialogs.empty_area_map())

    def _open_new(self, encounter: Encounter) -> bool:
        if not self.window.files.maybe_save():
            return False
        encounter.fog = new_map_fog(self.window.settings)
        self.window.document.replace_encounter(encounter, None)
        self.set_editing(True)
        return True

    # -- doors in play -----------------------------------------------------------------

    def toggle_door_at(self, point: QPointF) -> bool:
        """Open or close the door near a scene point; False when there is none."""
        return self.events.toggle_door_at(point)

    def door_menu_entries(self, menu: QMenu, point: QPointF) -> None:
        """Add Open door / Close door to the normal right-click menu near a door."""
        self.events.door_menu_entries(menu, point)


def install_edit_tools(window: Services) -> MapEditing:
    """Add map editing to ``window`` (its actions, toolbar, tools and File > New entries)."""
    return MapEditing(window)
