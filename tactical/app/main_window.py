"""The GM's main window: the map, its menus and tools, the status bar and side docks."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QPoint, QSettings, Qt
from PySide6.QtGui import (
    QCloseEvent,
    QResizeEvent,
)
from PySide6.QtWidgets import (
    QMainWindow,
    QWidget,
)
from shiboken6 import isValid

from tactical.app.about import install_about
from tactical.app.action_registry import ActionRegistry
from tactical.app.autosave import Autosave, default_directory
from tactical.app.autosave_notice import install_autosave_notice
from tactical.app.backgrounds import install_backgrounds
from tactical.app.document import EncounterDocument
from tactical.app.drops import install_drops
from tactical.app.editing import install_edit_tools
from tactical.app.editing.wall_line_actions import install_wall_line_actions
from tactical.app.files import FileController, document_name
from tactical.app.fog.install import install_fog
from tactical.app.help_keys import install_help_keys
from tactical.app.help_start import install_getting_started
from tactical.app.import_export import install_import_export
from tactical.app.legend import ElevationLegend
from tactical.app.map_view import MapView
from tactical.app.palette import install_palette
from tactical.app.plain_text import title_text
from tactical.app.player_view import PlayerView
from tactical.app.scene.map_scene import MapScene
from tactical.app.snapshot.printing import install_printing
from tactical.app.token_actions import TokenActions
from tactical.app.tool_options import install_tool_options
from tactical.app.toolbar_rows import install_toolbar_rows
from tactical.app.tools import CoverDisplay, RulerTool, SelectTool, TemplateTool
from tactical.app.window_docks import WindowDocks
from tactical.app.window_legend import WindowLegend
from tactical.app.window_menus import WindowMenus
from tactical.app.window_player import WindowPlayerView
from tactical.app.window_status import HIDE_SECRETS_SETTING, STATUS_TIMEOUT_MS, WindowStatus
from tactical.app.window_toolbar import WindowToolbar

__all__ = ["HIDE_SECRETS_SETTING", "STATUS_TIMEOUT_MS", "MainWindow"]

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
        self.token_actions = TokenActions(self, document, self.scene)
        self.select_tool = SelectTool(self.scene, document, self.say)
        self.select_tool.on_selection = self._on_selection
        self.ruler_tool = RulerTool(self.scene, document, self.say)
        self.template_tool = TemplateTool(
            self.scene, document, self.say, self.token_actions.selected
        )
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
        self._register_window_parts()
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
        self.map_editing = install_edit_tools(self)
        self.printing = install_printing(self)
        self.about_action = install_about(self)
        self.help_keys_action = install_help_keys(self)  # first in the Help menu
        self.getting_started_action = install_getting_started(self)  # before it
        self.import_export = install_import_export(self)
        self.backgrounds = install_backgrounds(self, self.map_editing)
        self.drops = install_drops(self)
        self.fog_controls = install_fog(self)
        self.token_palette = install_palette(self, self.token_actions, self.drops)
        hide = self.settings.value(HIDE_SECRETS_SETTING, False, type=bool)
        self.hide_secrets_action.setChecked(bool(hide))
        self._fit_first_size(1400, 900)
        self.panel: QWidget | None = None
        self._panel_pending = True
        self.player_view_hooks: list[Callable[[PlayerView], None]] = []
        """Called with the player view when it is created (the table screen attaches to it)."""
        from tactical.app.table_screen import install_table_screen  # the battle-mat controls

        self.table_screen = install_table_screen(self)
        from tactical.app.share.install import install_share  # phones at the table

        self.phone_sharing = install_share(self)
        from tactical.app.map_name_choice import install_map_name_choice  # players' outputs

        self.map_name_choice = install_map_name_choice(self)
        self.wall_line_actions = install_wall_line_actions(self.map_editing)
        from tactical.app.terrain_effect_choice import install_terrain_effect_choice

        self.terrain_effect_choice = install_terrain_effect_choice(self)
        from tactical.app.map_gestures import install_map_gestures

        self.map_gestures = install_map_gestures(  # after the table screen's ping
            self, self.map_editing, self.wall_line_actions, self.token_actions, self.select_tool
        )
        from tactical.app.status_freshness import install_status_freshness

        self.status_freshness = install_status_freshness(self.statusBar(), document, self.scene)
        self.tool_options = install_tool_options(self)  # the row the active tool's options show on
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
        selected = self.token_actions.selected()
        self.cover.set_attacker(selected[0] if len(selected) == 1 else None)

    def _context_menu(self, pos: QPoint) -> None:
        if self.view.tool is not self.select_tool:
            return  # the ruler and the template tool use the right button to cancel
        point = self.view.mapToScene(pos)
        menu = self.token_actions.context_menu(point)
        self.action_registry.fill_context_menu(menu, point)
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
