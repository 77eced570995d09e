"""The GM's main window: the map, its menus and tools, the status bar and side docks."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, QPointF, QSettings, Qt
from PySide6.QtGui import QAction, QCloseEvent, QResizeEvent
from PySide6.QtWidgets import QMainWindow, QMenu, QWidget
from shiboken6 import isValid

from tactical.app.backgrounds import BackgroundTools, install_backgrounds
from tactical.app.editing import install_edit_tools
from tactical.app.editing.install import MapEditing
from tactical.app.editing.wall_line_actions import WallLineActions, install_wall_line_actions
from tactical.app.encounter.document import EncounterDocument
from tactical.app.fog.install import FogControls, install_fog
from tactical.app.map.legend import ElevationLegend
from tactical.app.map.map_view import MapView
from tactical.app.map.scene.map_scene import MapScene
from tactical.app.map.tools import CoverDisplay, RulerTool, SelectTool, TemplateTool
from tactical.app.players.player_view import PlayerView
from tactical.app.scenes import Scenes, install_scenes
from tactical.app.snapshot.printing import Printing, install_printing
from tactical.app.storage.autosave import Autosave, default_directory
from tactical.app.storage.autosave_notice import install_autosave_notice
from tactical.app.storage.drops import DropTarget, install_drops
from tactical.app.storage.files import FileController, document_name
from tactical.app.storage.import_export import ImportExport, install_import_export
from tactical.app.tokens.palette import install_palette
from tactical.app.tokens.palette.controller import Palette
from tactical.app.tokens.token_edits import TokenEdits
from tactical.app.window.about import install_about
from tactical.app.window.action_registry import ActionRegistry
from tactical.app.window.feature_order import Feature, install_order
from tactical.app.window.help_keys import install_help_keys
from tactical.app.window.help_start import install_getting_started
from tactical.app.window.plain_text import title_text
from tactical.app.window.services import Services
from tactical.app.window.tool_options import ToolOptions, install_tool_options
from tactical.app.window.toolbar_rows import install_toolbar_rows
from tactical.app.window.window_docks import WindowDocks
from tactical.app.window.window_legend import WindowLegend
from tactical.app.window.window_menus import WindowMenus
from tactical.app.window.window_player import WindowPlayerView
from tactical.app.window.window_status import HIDE_SECRETS_SETTING, STATUS_TIMEOUT_MS, WindowStatus
from tactical.app.window.window_toolbar import WindowToolbar

if TYPE_CHECKING:
    from tactical.app.map.map_gestures import MapGestures
    from tactical.app.players.map_name_choice import MapNameChoice
    from tactical.app.players.phones.install import PhoneSharing
    from tactical.app.players.table_screen import TableScreen
    from tactical.app.scenes.travel.install import Travel
    from tactical.app.window.status_freshness import StatusFreshness
    from tactical.app.window.terrain_effect_choice import TerrainEffectChoice

__all__ = ["FEATURES", "HIDE_SECRETS_SETTING", "STATUS_TIMEOUT_MS", "MainWindow"]

TITLE_BAR_PX = 40
"""Room left for the window manager's title bar when the window opens as tall as the screen."""


class MainWindow(
    WindowMenus,
    WindowToolbar,
    WindowStatus,
    WindowLegend,
    WindowDocks,
    WindowPlayerView,
    QMainWindow,
):
    """One open encounter on the GM's screen."""

    def __init__(
        self,
        document: EncounterDocument,
        *,
        settings: QSettings | None = None,
        recovery_dir: Path | None = None,
        autosave_ms: int | None = None,
        features: Sequence[Feature[MainWindow]] | None = None,
    ) -> None:
        super().__init__()
        self.document = document
        self.settings = settings if settings is not None else QSettings("tactical", "tactical")
        self.scene = MapScene(document, in_view=True)
        self.view = MapView(self.scene, self)
        self.setCentralWidget(self.view)
        self.legend = ElevationLegend(self.view)
        self.files = FileController(self, document, self.settings)
        self.autosave = Autosave(
            document,
            recovery_dir if recovery_dir is not None else default_directory(),
            *(() if autosave_ms is None else (autosave_ms,)),
        )
        self.files.saved = self.autosave.discard
        self.autosave_notice = install_autosave_notice(self, self.autosave)
        self._build_status_bar()
        self.action_registry = ActionRegistry(self)
        """The actions, menus, toolbars and tools of this window by id, for features to fill."""
        self.token_edits = TokenEdits(self, document, self.scene, self.say)
        self.token_edits.declare_entries(self.action_registry)
        self.select_tool = SelectTool(self.scene, document, self.say)
        self.select_tool.on_selection = self._on_selection
        self.ruler_tool = RulerTool(self.scene, document, self.say)
        self.template_tool = TemplateTool(self.scene, document, self.say, self.token_edits.selected)
        self.tools = self.action_registry.tools
        self.tools.update(
            {"select": self.select_tool, "ruler": self.ruler_tool, "template": self.template_tool}
        )
        self.view.tool = self.select_tool
        self.cover = CoverDisplay(self.scene, document)
        self.player_view: PlayerView | None = None
        self._build_actions()
        self._build_menus()
        self._build_toolbar()
        self.view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.view.customContextMenuRequested.connect(self._context_menu)
        self.scene.tokens_refreshed.connect(self.cover.refresh)
        self.scene.map_refreshed.connect(self.cover.refresh)
        self.scene.selectionChanged.connect(self._on_selection)
        document.path_changed.connect(self._update_title)
        document.modified_changed.connect(self._update_title)
        document.replacing.connect(self._clear_status)  # what is said of the new file stays
        document.encounter_replaced.connect(self._on_replaced)
        self.view.hovered.connect(self._on_hover)
        document.changes_done.connect(self._refresh_hover)
        self.scene.map_refreshed.connect(self._update_legend)
        self.files.recent_changed.connect(self._fill_recent)
        self._update_title()
        self._update_legend()
        self.panel: QWidget | None = None
        self._panel_pending = True
        self.player_view_hooks: list[Callable[[PlayerView], None]] = []
        """Called with the player view when it is created (the table screen attaches to it)."""
        self.services = Services(
            host=self,
            document=document,
            scene=self.scene,
            view=self.view,
            settings=self.settings,
            registry=self.action_registry,
            files=self.files,
            say=lambda message: self.say(message),  # the window's say, even when replaced
            use_tool=self.use_tool,
        )
        """What every feature is installed with (:mod:`tactical.app.window.services`)."""
        for feature in install_order(FEATURES if features is None else features):
            setattr(self, feature.name, feature.install(self))
        hide = self.settings.value(HIDE_SECRETS_SETTING, False, type=bool)
        self.hide_secrets_action.setChecked(bool(hide))
        self._fit_first_size(1400, 900)
        self.action_registry.build()  # the menus and toolbars, from every feature's entries
        install_toolbar_rows(self)  # last: after every feature added its toolbar
        self.view.viewport().installEventFilter(self)
        # The window owns the document from here on, and as its last child it is
        # destroyed after the docks that listen to its undo stack.
        document.setParent(self)

    def _fit_first_size(self, width: int, height: int) -> None:
        """Open at ``width`` x ``height``, or the screen's free room when that is smaller
        (a 1366 x 768 laptop gets the whole of its screen, not a window running off it)."""
        screen = self.screen()
        if screen is not None:
            room = screen.availableGeometry()  # the title bar comes on top of the height
            width, height = min(width, room.width()), min(height, room.height() - TITLE_BAR_PX)
        self.resize(width, height)

    # -- features installed by FEATURES (declared for the type checker) ------------

    map_editing: MapEditing
    printing: Printing
    about_action: QAction
    help_keys_action: QAction
    getting_started_action: QAction
    import_export: ImportExport
    backgrounds: BackgroundTools
    drops: DropTarget
    fog_controls: FogControls
    scenes: Scenes
    token_palette: Palette
    table_screen: TableScreen
    phone_sharing: PhoneSharing
    map_name_choice: MapNameChoice
    wall_line_actions: WallLineActions
    terrain_effect_choice: TerrainEffectChoice
    map_gestures: MapGestures
    status_freshness: StatusFreshness
    tool_options: ToolOptions
    travel: Travel

    # -- public --------------------------------------------------------------

    def open_path(self, path: Path) -> bool:
        return self.files.load_path(path)

    # -- tools ---------------------------------------------------------------

    def use_tool(self, name: str) -> None:
        current = self.view.tool
        if current is not None:
            current.cancel()
        tool = self.tools.get(name, self.select_tool)
        self.view.tool = tool  # type: ignore[assignment]

    def _on_selection(self) -> None:
        if not isValid(self.scene):  # the scene announces its items' removal as it is destroyed
            return
        selected = self.token_edits.selected()
        self.cover.set_attacker(selected[0] if len(selected) == 1 else None)

    def context_menu_at(self, point: QPointF) -> QMenu:
        """The map's right-click menu at a scene point, from the declared entries."""
        menu = QMenu(self)
        self.action_registry.fill_context_menu(menu, point)
        return menu

    def _context_menu(self, pos: QPoint) -> None:
        if self.view.tool is not self.select_tool:
            return  # the ruler and the template tool use the right button to cancel
        menu = self.context_menu_at(self.view.mapToScene(pos))
        if not menu.isEmpty():
            menu.exec(self.view.viewport().mapToGlobal(pos))

    # -- reactions -----------------------------------------------------------

    def _update_title(self, *_: object) -> None:
        self.setWindowTitle(f"{title_text(document_name(self.document))}[*] — tactical")
        self.setWindowModified(self.document.modified)

    def _on_replaced(self) -> None:
        self.cover.set_attacker(None)
        self.use_tool("select")
        self.select_action.setChecked(True)
        self.view.fit_map()
        self._update_legend()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._place_legend()

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.files.maybe_save():
            event.ignore()
            return
        self.autosave.discard()
        self.autosave.stop()  # frees the recovery folder, after it is emptied
        if self.player_view is not None:
            self.player_view.close()
        event.accept()


def _table_screen(window: MainWindow) -> TableScreen:
    from tactical.app.players.table_screen import install_table_screen  # the battle-mat controls

    return install_table_screen(window)


def _phone_sharing(window: MainWindow) -> PhoneSharing:
    from tactical.app.players.phones.install import install_share  # phones at the table

    actions = window.table_screen.actions
    return install_share(window.services, (actions.blackout, actions.freeze))


def _map_name_choice(window: MainWindow) -> MapNameChoice:
    from tactical.app.players.map_name_choice import install_map_name_choice  # players' outputs

    return install_map_name_choice(window.services)


def _terrain_effect_choice(window: MainWindow) -> TerrainEffectChoice:
    from tactical.app.window.terrain_effect_choice import install_terrain_effect_choice

    return install_terrain_effect_choice(
        window.services,
        window.template_tool,
        window.template_kind,
        window.template_label,
        window.token_edits.selected,
    )


def _map_gestures(window: MainWindow) -> MapGestures:
    from tactical.app.map.map_gestures import install_map_gestures

    return install_map_gestures(
        window.services,
        window.map_editing,
        window.wall_line_actions,
        window.token_edits,
        window.select_tool,
    )


def _travel(window: MainWindow) -> Travel:
    from tactical.app.scenes.travel.install import install_travel  # the party between scenes

    return install_travel(
        window.services, window.token_edits, window.fog_controls, window.token_palette
    )


def _status_freshness(window: MainWindow) -> StatusFreshness:
    from tactical.app.window.status_freshness import install_status_freshness

    return install_status_freshness(window.statusBar(), window.document, window.scene)


FEATURES: tuple[Feature[MainWindow], ...] = (
    Feature("map_editing", lambda w: install_edit_tools(w.services)),
    Feature("printing", lambda w: install_printing(w.services)),
    Feature("about_action", lambda w: install_about(w.services, w.autosave.directory)),
    Feature("help_keys_action", lambda w: install_help_keys(w.services)),
    Feature("getting_started_action", lambda w: install_getting_started(w.services)),
    Feature("import_export", lambda w: install_import_export(w.services)),
    Feature(
        "backgrounds",
        lambda w: install_backgrounds(w.services, w.map_editing),
        after=("map_editing",),
    ),
    Feature("drops", lambda w: install_drops(w.services, w.backgrounds), after=("backgrounds",)),
    Feature("fog_controls", lambda w: install_fog(w.services)),
    Feature(
        "scenes",
        lambda w: install_scenes(w.services, lambda: w.import_export.ask_import_path()),
        after=("import_export",),
    ),
    Feature(
        "token_palette",
        lambda w: install_palette(w.services, w.token_edits, w.drops),
        after=("drops",),
    ),
    Feature("table_screen", _table_screen),
    Feature("phone_sharing", _phone_sharing, after=("table_screen",)),
    Feature("map_name_choice", _map_name_choice),
    Feature(
        "wall_line_actions",
        lambda w: install_wall_line_actions(w.map_editing),
        after=("map_editing",),
    ),
    Feature("terrain_effect_choice", _terrain_effect_choice),
    # after the table screen's ping: a double-click reaches it only when not used here
    Feature(
        "map_gestures", _map_gestures, after=("map_editing", "wall_line_actions", "table_screen")
    ),
    Feature("status_freshness", _status_freshness),
    # the row the active tool's options show on, the fog tool's among them
    Feature("tool_options", lambda w: install_tool_options(w.services), after=("fog_controls",)),
    Feature("travel", _travel, after=("fog_controls", "token_palette", "backgrounds")),
)
"""The features of the window, installed in this order (each after those it names)."""
