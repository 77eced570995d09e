"""The GM's main window, composed of parts: the map, its menus and tools, the status bar, docks.

The window builds one :class:`~tactical.app.window.services.Services` and makes
its parts with it, each an object that owns its widgets and actions, kept under
a name: ``status`` (the status bar), ``map_tools`` (the Tools menu and toolbar,
the tools, cover, the right-click menu), ``template_options`` (the Template
row), ``file_menu``, ``edit_menu``, ``view_menu`` (with the legend and Hide
secrets), ``player_controls`` (the player view) and ``docks`` (the combat
panel). Then it installs each feature of :data:`FEATURES` with the services and
fills the menus from every declaration (docs/app.md, "How the window is built").
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QSettings
from PySide6.QtGui import QAction, QCloseEvent, QResizeEvent
from PySide6.QtWidgets import QMainWindow, QMenu, QWidget

from tactical.app.backgrounds import BackgroundTools, install_backgrounds
from tactical.app.editing import install_edit_tools
from tactical.app.editing.install import MapEditing
from tactical.app.editing.wall_line_actions import WallLineActions, install_wall_line_actions
from tactical.app.encounter.document import EncounterDocument
from tactical.app.fog.install import FogControls, install_fog
from tactical.app.map.map_view import MapView
from tactical.app.map.scene.map_scene import MapScene
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
from tactical.app.window.action_registry import MENU_BAR, ActionRegistry, Place
from tactical.app.window.edit_menu import EditMenu
from tactical.app.window.feature_order import Feature, install_order
from tactical.app.window.file_menu import FileMenu
from tactical.app.window.help_keys import install_help_keys
from tactical.app.window.help_start import install_getting_started
from tactical.app.window.map_tools import MapTools
from tactical.app.window.plain_text import title_text
from tactical.app.window.player_controls import PlayerViewControls
from tactical.app.window.services import Services
from tactical.app.window.side_docks import SideDocks
from tactical.app.window.status_line import STATUS_TIMEOUT_MS, StatusLine
from tactical.app.window.template_options import TemplateOptions
from tactical.app.window.tool_options import ToolOptions, install_tool_options
from tactical.app.window.toolbar_rows import install_toolbar_rows
from tactical.app.window.view_menu import HIDE_SECRETS_SETTING, ViewMenu

if TYPE_CHECKING:
    from tactical.app.map.map_gestures import MapGestures
    from tactical.app.players.map_name_choice import MapNameChoice
    from tactical.app.players.phones.install import PhoneSharing
    from tactical.app.players.show_to_players import ShowToPlayers
    from tactical.app.players.table_screen import TableScreen
    from tactical.app.scenes.travel.install import Travel
    from tactical.app.window.status_freshness import StatusFreshness
    from tactical.app.window.terrain_effect_choice import TerrainEffectChoice

__all__ = ["FEATURES", "HIDE_SECRETS_SETTING", "STATUS_TIMEOUT_MS", "MainWindow"]

TITLE_BAR_PX = 40
"""Room left for the window manager's title bar when the window opens as tall as the screen."""


class MainWindow(QMainWindow):
    """One open encounter on the GM's screen (see the module's docstring)."""

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
        self.files = FileController(self, document, self.settings)
        self.autosave = Autosave(
            document,
            recovery_dir if recovery_dir is not None else default_directory(),
            *(() if autosave_ms is None else (autosave_ms,)),
        )
        self.files.saved = self.autosave.discard
        self.autosave_notice = install_autosave_notice(self, self.autosave)
        self.status = StatusLine(self.statusBar(), self.scene)
        self.action_registry = ActionRegistry(self)
        """The actions, menus, toolbars and tools of this window by id, for features to fill."""
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
        """What every part and feature is made with (:mod:`tactical.app.window.services`)."""
        self.token_edits = TokenEdits(self, document, self.scene, self.say)
        self.token_edits.declare_entries(self.action_registry)
        self.map_tools = MapTools(self.services, self.token_edits)
        self.template_options = TemplateOptions(
            self.action_registry, self, self.map_tools.template_tool
        )
        self.file_menu = FileMenu(self.services, self.close)
        self.view_menu = ViewMenu(self.services)
        hide_secrets = self.view_menu.hide_secrets_action
        hide_secrets.toggled.connect(self.status.show_secrets_hidden)
        self.edit_menu = EditMenu(self.services, self.token_edits, hide_secrets)
        self.player_controls = PlayerViewControls(self.services)
        self.docks = SideDocks(self.services, hide_secrets)
        self.action_registry.add_menu("help", "&Help", Place(MENU_BAR, "1", 90))
        document.path_changed.connect(self._update_title)
        document.modified_changed.connect(self._update_title)
        document.replacing.connect(self.status.clear)  # what is said of the new file stays
        document.encounter_replaced.connect(self._on_replaced)
        self.view.hovered.connect(self.status.show_hover)
        self.view.hovered.connect(self.map_tools.hover)
        document.changes_done.connect(self.status.refresh_hover)
        self._update_title()
        for feature in install_order(FEATURES if features is None else features):
            setattr(self, feature.name, feature.install(self))
        self.view_menu.restore_hide_secrets()
        self._fit_first_size(1400, 900)
        self.action_registry.build()  # the menus and toolbars, from every feature's entries
        install_toolbar_rows(self)  # last: after every feature added its toolbar
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
    show_to_players: ShowToPlayers
    wall_line_actions: WallLineActions
    terrain_effect_choice: TerrainEffectChoice
    map_gestures: MapGestures
    status_freshness: StatusFreshness
    tool_options: ToolOptions
    travel: Travel

    # -- what the window does (its parts do the work) ------------------------------

    def open_path(self, path: Path) -> bool:
        return self.files.load_path(path)

    def say(self, message: str) -> None:
        """Show a short message on the status line (plain text)."""
        self.status.say(message)

    def use_tool(self, name: str) -> None:
        """Make the registered map tool ``name`` the one the mouse uses."""
        self.map_tools.use(name)

    def context_menu_at(self, point: QPointF) -> QMenu:
        """The map's right-click menu at a scene point, from the declared entries."""
        return self.map_tools.context_menu_at(point)

    def ensure_panel(self) -> QWidget | None:
        """Dock the combat panel now if it is not docked yet (:class:`SideDocks`)."""
        return self.docks.ensure_panel()

    def open_player_view(self) -> PlayerView:
        """Show the player view, created on first use (:class:`PlayerViewControls`)."""
        return self.player_controls.open()

    # -- reactions -----------------------------------------------------------

    def _update_title(self, *_: object) -> None:
        self.setWindowTitle(f"{title_text(document_name(self.document))}[*] — tactical")
        self.setWindowModified(self.document.modified)

    def _on_replaced(self) -> None:
        self.map_tools.reset()
        self.view.fit_map()
        self.view_menu.update_legend()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.view_menu.legend.place()

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.files.maybe_save():
            event.ignore()
            return
        self.autosave.discard()
        self.autosave.stop()  # frees the recovery folder, after it is emptied
        self.player_controls.close()
        event.accept()


def _table_screen(window: MainWindow) -> TableScreen:
    from tactical.app.players.table_screen import install_table_screen  # the battle-mat controls

    return install_table_screen(window.services, window.map_tools, window.player_controls)


def _phone_sharing(window: MainWindow) -> PhoneSharing:
    from tactical.app.players.phones.install import install_share  # phones at the table

    actions = window.table_screen.actions
    curtains = (actions.blackout, actions.freeze)
    docks = window.docks
    return install_share(window.services, curtains, docks.add_to_panel, docks.say_in_panel)


def _map_name_choice(window: MainWindow) -> MapNameChoice:
    from tactical.app.players.map_name_choice import install_map_name_choice  # players' outputs

    return install_map_name_choice(window.services)


def _show_to_players(window: MainWindow) -> ShowToPlayers:
    from tactical.app.players.show_to_players import install_show_to_players  # the evening

    return install_show_to_players(window.services)


def _terrain_effect_choice(window: MainWindow) -> TerrainEffectChoice:
    from tactical.app.window.terrain_effect_choice import install_terrain_effect_choice

    return install_terrain_effect_choice(
        window.services,
        window.map_tools.template_tool,
        window.template_options.kind,
        window.template_options.label,
        window.token_edits.selected,
    )


def _map_gestures(window: MainWindow) -> MapGestures:
    from tactical.app.map.map_gestures import install_map_gestures

    return install_map_gestures(
        window.services,
        window.map_editing,
        window.wall_line_actions,
        window.token_edits,
        window.map_tools.select_tool,
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
    Feature("show_to_players", _show_to_players),
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
