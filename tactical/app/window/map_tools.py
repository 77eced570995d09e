"""The Tools menu and toolbar: select and move, the ruler, templates, cover; the tool in use.

A part of the main window (``window.map_tools``), made with the window's
services and the token edits. It owns the three tools every map has (features
register theirs, the fog brush and the editing tools, in the same registry),
their actions in the tool group, the cover display, the Tools toolbar the
features add to, and the map's right-click menu, shown while Select is the tool
(the ruler and the template tool use the right button to cancel).

The Tools bar holds what the GM reaches for at any moment (the tools, cover,
the player view, hiding secrets; map editing and fog add theirs), so it fits a
1280 px wide window; the template's options show on the tool options row
(:mod:`tactical.app.window.template_options`).
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QPoint, QPointF, Qt
from PySide6.QtWidgets import QMenu, QToolBar
from shiboken6 import isValid

from tactical.app.map.tools import CoverDisplay, RulerTool, SelectTool, TemplateTool
from tactical.app.tokens.token_edits import TokenEdits
from tactical.app.window.action_registry import MENU_BAR, Place, new_action
from tactical.app.window.services import Services


class MapTools(QObject):
    """The map's tools, their menu and toolbar (see the module's docstring)."""

    def __init__(self, services: Services, tokens: TokenEdits) -> None:
        super().__init__(services.host)
        host, registry, self.view = services.host, services.registry, services.view
        scene, document, say = services.scene, services.document, services.say
        self.host, self.scene, self.registry, self.tokens = host, scene, registry, tokens
        self.select_tool = SelectTool(scene, document, say)
        self.select_tool.on_selection = self._on_selection
        self.ruler_tool = RulerTool(scene, document, say)
        self.template_tool = TemplateTool(scene, document, say, tokens.selected)
        self.view.tool = self.select_tool
        self.cover = CoverDisplay(scene, document)
        self.toolbar = QToolBar("Tools", host)
        self.toolbar.setObjectName("tools")
        self.toolbar.setMovable(False)
        registry.add_toolbar("tools", self.toolbar)
        registry.add_menu("tools", "&Tools", Place(MENU_BAR, "1", 50))
        self.select_action = new_action(host, "&Select and move", "V", checkable=True)
        self.ruler_action = new_action(host, "&Ruler", "R", checkable=True)
        self.template_action = new_action(host, "&Templates", "T", checkable=True)
        self.cover_action = new_action(
            host, "&Cover from the selected token", "C", self.cover.set_enabled, checkable=True
        )
        self.tool_group = registry.tool_group
        for name, tool, action, order, tip in (
            ("select", self.select_tool, self.select_action, 10, "Select tokens and drag them (V)"),
            (
                "ruler",
                self.ruler_tool,
                self.ruler_action,
                20,
                "Measure with waypoints (R); right-click or Escape puts it away",
            ),
            (
                "template",
                self.template_tool,
                self.template_action,
                30,
                "Place an Aura, Area or Line (T): its options show below",
            ),
        ):
            action.setToolTip(tip)
            registry.add(f"tools.{name}", action, menu=Place("tools", "1_tools", order))
            registry.put_on_toolbar(f"tools.{name}", Place("tools", "1_tools", order))
            registry.add_tool(name, tool, f"tools.{name}")
            action.triggered.connect(lambda _=False, n=name: services.use_tool(n))
        self.select_action.setChecked(True)
        self.cover_action.setToolTip(
            "Cover from the selected token (C): the others show - (none), C (cover) "
            "or X (obstructed); an overlay over whichever tool is active, not a tool"
        )
        registry.add("tools.cover", self.cover_action, menu=Place("tools", "2_cover", 10))
        registry.put_on_toolbar("tools.cover", Place("tools", "2_cover", 10))
        scene.tokens_refreshed.connect(self.cover.refresh)
        scene.map_refreshed.connect(self.cover.refresh)
        scene.selectionChanged.connect(self._on_selection)
        self.view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.view.customContextMenuRequested.connect(self._context_menu)

    def use(self, name: str) -> None:
        """Make the registered tool ``name`` the one the mouse uses (Select if none is)."""
        current = self.view.tool
        if current is not None:
            current.cancel()
        self.view.tool = self.registry.tools.get(name, self.select_tool)

    def reset(self) -> None:
        """Another map: Select is the tool, and cover is from no one."""
        self.cover.set_attacker(None)
        self.use("select")
        self.select_action.setChecked(True)

    def hover(self, point: QPointF) -> None:
        """The cursor is at ``point``: cover shows from the hovered token too."""
        if self.cover.enabled:
            item = self.scene.token_item_at(point)
            hovered = item.token_id if item is not None else None
            if hovered != self.cover.hovered:
                self.cover.hover(hovered)

    def _on_selection(self) -> None:
        if not isValid(self.scene):  # the scene announces its items' removal as it is destroyed
            return
        selected = self.tokens.selected()
        self.cover.set_attacker(selected[0] if len(selected) == 1 else None)

    def context_menu_at(self, point: QPointF) -> QMenu:
        """The map's right-click menu at a scene point, from the declared entries."""
        menu = QMenu(self.host)
        self.registry.fill_context_menu(menu, point)
        return menu

    def _context_menu(self, pos: QPoint) -> None:
        if self.view.tool is not self.select_tool:
            return  # the ruler and the template tool use the right button to cancel
        menu = self.context_menu_at(self.view.mapToScene(pos))
        if not menu.isEmpty():
            menu.exec(self.view.viewport().mapToGlobal(pos))
