"""Fake services: one feature of the GM's window installed and tested without the window.

A feature is installed with a :class:`~tactical.app.window.services.Services`
(docs/app.md, "How the window is built"); :class:`FakeServices` is a real one
around a bare QMainWindow: a real :class:`EncounterDocument`, a real
:class:`MapScene` and :class:`MapView` on it, an :class:`ActionRegistry` with the
window's menus and Tools toolbar declared (so a feature's entries can be read
back with :meth:`FakeServices.menu_texts`), the status line as a list of what
was said (shown on the bare window's status bar too) and the tool switch as a
list of the tools asked for (the tool is made the view's, as the window does).
It also holds the few parts every window has and features are handed (the
select, ruler and template tools, the token edits), built as the window builds
them, and installs what a feature comes after as the window does
(:meth:`~FakeServices.install_editing`, :meth:`~FakeServices.install_backgrounds`,
:meth:`~FakeServices.install_tool_options`), or docks the combat panel and opens a
player view (:meth:`~FakeServices.open_panel`, :meth:`~FakeServices.open_player_view`).
When the window's own parts change (tactical/app/window/), this kit follows them.

Tests get it from the ``make_services`` fixture (tests/app/conftest.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QPointF, QSettings, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMenu, QToolBar

from tactical.app.encounter.document import EncounterDocument
from tactical.app.map.map_view import MapView
from tactical.app.map.scene.map_scene import MapScene
from tactical.app.map.tools import RulerTool, SelectTool, TemplateTool
from tactical.app.players.player_view import PlayerView
from tactical.app.storage.files import FileController
from tactical.app.tokens.token_edits import TokenEdits
from tactical.app.window.action_registry import MENU_BAR, ActionRegistry, Place
from tactical.app.window.plain_text import shown_text
from tactical.app.window.services import Services
from tactical.core.encounter import Encounter

if TYPE_CHECKING:
    from tactical.app.backgrounds import BackgroundTools
    from tactical.app.editing.install import MapEditing
    from tactical.app.editing.wall_line_actions import WallLineActions
    from tactical.app.map.map_gestures import MapGestures
    from tactical.app.panel import CombatPanel
    from tactical.app.storage.drops import DropTarget
    from tactical.app.window.tool_options import ToolOptions

MENUS = (
    ("file", "&File", 10),
    ("edit", "&Edit", 20),
    ("view", "&View", 30),
    ("tools", "&Tools", 50),
    ("player", "&Player view", 70),
    ("help", "&Help", 90),
)
"""The menus the window itself declares (features add theirs: Map, Fog)."""

TOOLS = (
    ("select", "&Select and move", 10),
    ("ruler", "&Ruler", 20),
    ("template", "&Templates", 30),
)
"""The window's own map tools, their actions ("tools.select"...) and order in the Tools menu."""


class ShowsMap(Protocol):
    """The window or fake services: what a helper that clicks on the map needs."""

    view: MapView


STATUS_MS = 8000
"""How long a message stays on the status bar (the window's time)."""


class FakeServices(Services):
    """The window's services around a bare QMainWindow (see the module's docstring)."""

    def __init__(
        self,
        encounter: Encounter,
        settings: QSettings,
        path: Path | None = None,
    ) -> None:
        host = QMainWindow()
        host.setWindowTitle("fake services")
        document = EncounterDocument(encounter, path)
        scene = MapScene(document, in_view=True)
        view = MapView(scene, host)
        host.setCentralWidget(view)
        registry = ActionRegistry(host)
        self.said: list[str] = []
        """What the feature said on the status line, in order."""
        self.tools_used: list[str] = []
        """The tools the feature asked for by name, in order."""
        self.player_views: list[PlayerView] = []
        """The player views opened (closed with the host, as the window closes its own)."""
        self.errors: list[tuple[str, str]] = []
        """The file controller's error dialogs (title, text), shown to no one."""
        files = FileController(host, document, settings)
        files.ask_unsaved = lambda: "discard"
        files.show_error = lambda title, text: self.errors.append((title, text))
        super().__init__(
            host=host,
            document=document,
            scene=scene,
            view=view,
            settings=settings,
            registry=registry,
            files=files,
            say=self._say,
            use_tool=self._use_tool,
        )
        for menu_id, title, order in MENUS:
            registry.add_menu(menu_id, title, Place(MENU_BAR, "1", order))
        registry.add_toolbar("tools", QToolBar("Tools", host))
        self.token_edits = TokenEdits(host, document, scene, self.say)
        self.token_edits.declare_entries(registry)
        self.select_tool = SelectTool(scene, document, self.say)
        self.ruler_tool = RulerTool(scene, document, self.say)
        self.template_tool = TemplateTool(scene, document, self.say, self.token_edits.selected)
        registry.tools.update(
            {"select": self.select_tool, "ruler": self.ruler_tool, "template": self.template_tool}
        )
        for name, text, order in TOOLS:
            action = QAction(text, host)
            action.setCheckable(True)
            action.triggered.connect(lambda _=False, n=name: self.use_tool(n))
            registry.tool_group.addAction(action)
            place = Place("tools", "1_tools", order)
            registry.add(f"tools.{name}", action, menu=place, toolbar=place)
        registry.action("tools.select").setChecked(True)
        for action_id, text, place in (
            ("tools.cover", "&Cover from the selected token", Place("tools", "2_cover", 10)),
            ("view.adjacency", "Show area &adjacency", Place("view", "2_aids", 20)),
        ):
            action = QAction(text, host)
            action.setCheckable(True)
            registry.add(action_id, action, menu=place)
        view.tool = self.select_tool
        document.encounter_replaced.connect(self._on_replaced)
        self.map_editing: MapEditing | None = None
        self.wall_line_actions: WallLineActions | None = None
        self.map_gestures: MapGestures | None = None
        """Map editing and what comes with it, once :meth:`install_editing` installed them."""
        self.backgrounds: BackgroundTools | None = None
        self.drops: DropTarget | None = None
        """The background pictures and the drops, once :meth:`install_backgrounds` did."""

    def _say(self, message: str) -> None:
        """Record what was said and show it on the bare window's status bar, as the window does."""
        self.said.append(message)
        self.host.statusBar().showMessage(message, STATUS_MS)

    def _use_tool(self, name: str) -> None:
        """Record the tool asked for and make it the view's, as the window does."""
        self.tools_used.append(name)
        current = self.view.tool
        if current is not None:
            current.cancel()
        self.view.tool = self.registry.tools.get(name, self.select_tool)  # type: ignore[assignment]

    def install_editing(self) -> MapEditing:
        """Install map editing, its wall lines and the map's gestures, as the window does."""
        from tactical.app.editing import install_edit_tools
        from tactical.app.editing.wall_line_actions import install_wall_line_actions
        from tactical.app.map.map_gestures import install_map_gestures

        self.map_editing = install_edit_tools(self)
        self.wall_line_actions = install_wall_line_actions(self.map_editing)
        self.map_gestures = install_map_gestures(
            self, self.map_editing, self.wall_line_actions, self.token_edits, self.select_tool
        )
        return self.map_editing

    def install_backgrounds(self) -> BackgroundTools:
        """Install the background pictures and the drops on the window (after map editing,
        installed first if it is not), as the window does."""
        from tactical.app.backgrounds import install_backgrounds
        from tactical.app.storage.drops import install_drops

        editing = self.map_editing if self.map_editing is not None else self.install_editing()
        self.backgrounds = install_backgrounds(self, editing)
        self.drops = install_drops(self, self.backgrounds)
        return self.backgrounds

    def install_tool_options(self) -> ToolOptions:
        """Install the tool options row (after the fog's controls), with an empty Template row
        standing for the window's, as the window does."""
        from tactical.app.window.tool_options import install_tool_options

        self.registry.add_toolbar("template", QToolBar("Template", self.host))
        return install_tool_options(self)

    def open_panel(self) -> CombatPanel:
        """The combat panel docked at the right, its messages said on the status line, as the
        window docks it."""
        from tactical.app.panel import CombatPanel

        panel = CombatPanel(self.document, self.host, self.settings)
        panel.said.connect(self.say)
        dock = QDockWidget("Combat", self.host)
        dock.setWidget(panel)
        self.host.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        return panel

    def open_player_view(self) -> PlayerView:
        """A shown player view on this document, following this view (as Open player view
        makes it); closed and deleted at the end of the test."""
        from tactical.app.panel.public_view import PublicTracker

        player = PlayerView(self.document, self.view, tracker=PublicTracker(self.document))
        player.set_following(True)  # the window's defaults: follows this view, no edits
        player.set_edits_allowed(False)
        self.player_views.append(player)
        player.show()
        return player

    def _on_replaced(self) -> None:
        """Another encounter opened: the select tool, the whole map in view, as the window does."""
        self.use_tool("select")
        self.registry.action("tools.select").setChecked(True)
        self.view.fit_map()

    # -- reading back -------------------------------------------------------------------

    def build(self) -> None:
        """Fill the menus and toolbars from the declarations, as the window does last."""
        self.registry.build()

    def menu_texts(self, menu_id: str = MENU_BAR) -> list[str]:
        """A menu's entries as shown ("" for a separator); the menu bar's by default."""
        if menu_id == MENU_BAR:
            actions = self.host.menuBar().actions()
        else:
            actions = self.registry.menu(menu_id).actions()
        return [shown_text(a.text()) for a in actions]

    def toolbar_texts(self, toolbar_id: str) -> list[str]:
        """A toolbar's entries as shown ("" for a separator)."""
        return [shown_text(a.text()) for a in self.registry.toolbar(toolbar_id).actions()]

    def context_menu_at(self, point: QPointF) -> QMenu:
        """The map's right-click menu at a scene point, from the declared entries."""
        menu = QMenu(self.host)
        self.registry.fill_context_menu(menu, point)
        return menu
