"""The GM's main window: the map, its menus and tools, the status bar and side docks."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, QPoint, QPointF, QSettings, Qt, QTimer
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QGuiApplication,
    QKeySequence,
    QResizeEvent,
)
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMenu,
    QSpinBox,
    QToolBar,
    QWidget,
)
from shiboken6 import isValid

from tactical.app.about import install_about
from tactical.app.autosave import Autosave, default_directory
from tactical.app.autosave_notice import install_autosave_notice
from tactical.app.backgrounds import install_backgrounds
from tactical.app.document import EncounterDocument
from tactical.app.drops import install_drops
from tactical.app.editing import install_edit_tools
from tactical.app.files import FileController, display_name
from tactical.app.fog.install import install_fog
from tactical.app.import_export import install_import_export
from tactical.app.interaction.wall_line_actions import install_wall_line_actions
from tactical.app.legend import ElevationLegend
from tactical.app.map_view import MapView
from tactical.app.palette import install_palette
from tactical.app.plain_text import title_text
from tactical.app.player_view import PlayerView
from tactical.app.scene.grid_layer import GridLayer
from tactical.app.scene.map_scene import MapScene
from tactical.app.secrets import Secrets
from tactical.app.snapshot.dialog import SnapshotExporter
from tactical.app.snapshot.printing import install_printing
from tactical.app.token_actions import TokenActions, menu_text
from tactical.app.tools import CoverDisplay, RulerTool, SelectTool, TemplateTool
from tactical.persistence.examples import example_files

STATUS_TIMEOUT_MS = 8000
HIDE_SECRETS_SETTING = "privacy/hide_secrets"


class MainWindow(QMainWindow):
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
        self.scene = MapScene(document)
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
        self.hover_label = QLabel()
        self.hover_label.setTextFormat(Qt.TextFormat.PlainText)
        self.statusBar().addPermanentWidget(self.hover_label)
        self.secrets_label = QLabel("Secrets hidden")
        self.secrets_label.setStyleSheet(
            "background: #6a1b9a; color: white; font-weight: bold; padding: 1px 8px;"
        )
        self.secrets_label.setToolTip("Hide secrets on this screen is on (Ctrl+Shift+H)")
        self.secrets_label.hide()
        self.statusBar().addPermanentWidget(self.secrets_label)
        self.token_actions = TokenActions(self, document, self.scene)
        self.select_tool = SelectTool(self.scene, document, self.say)
        self.select_tool.on_selection = self._on_selection
        self.ruler_tool = RulerTool(self.scene, document, self.say)
        self.template_tool = TemplateTool(
            self.scene, document, self.say, self.token_actions.selected
        )
        self.tools: dict[str, object] = {
            "select": self.select_tool,
            "ruler": self.ruler_tool,
            "template": self.template_tool,
        }
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
        document.encounter_replaced.connect(self._on_replaced)
        self.view.hovered.connect(self._on_hover)
        self._hover_point: QPointF | None = None
        document.changed.connect(self._refresh_hover)
        self.scene.map_refreshed.connect(self._update_legend)
        self.files.recent_changed.connect(self._fill_recent)
        self._update_title()
        self._update_legend()
        self.context_menu_extras: list[Callable[[QMenu, QPointF], None]] = []
        """Adders of entries to the map's right-click menu (map editing adds doors)."""
        self.map_editing = install_edit_tools(self)
        self.printing = install_printing(self)
        self.about_action = install_about(self)
        self.import_export = install_import_export(self)
        self.backgrounds = install_backgrounds(self)
        self.drops = install_drops(self)
        self.fog_controls = install_fog(self)
        self.token_palette = install_palette(self)
        hide = self.settings.value(HIDE_SECRETS_SETTING, False, type=bool)
        self.hide_secrets_action.setChecked(bool(hide))
        self.resize(1400, 900)
        self.panel: QWidget | None = None
        self._panel_pending = True
        self.player_view_hooks: list[Callable[[PlayerView], None]] = []
        """Called with the player view when it is created (the table screen attaches to it)."""
        from tactical.app.table_screen import install_table_screen  # the battle-mat controls

        self.table_screen = install_table_screen(self)
        self.wall_line_actions = install_wall_line_actions(self)
        from tactical.app.terrain_effect_choice import install_terrain_effect_choice

        self.terrain_effect_choice = install_terrain_effect_choice(self)
        self.view.viewport().installEventFilter(self)
        # The window owns the document from here on, and as its last child it is
        # destroyed after the docks that listen to its undo stack.
        document.setParent(self)

    # -- public --------------------------------------------------------------

    def say(self, message: str) -> None:
        """Show a short message in the status bar (plain text)."""
        self.statusBar().showMessage(message, STATUS_TIMEOUT_MS)

    def add_side_dock(self, widget: QWidget, title: str = "") -> QDockWidget:
        """Dock ``widget`` on the right; a QDockWidget is docked as it is."""
        if isinstance(widget, QDockWidget):
            dock = widget
        else:
            dock = QDockWidget(title or widget.windowTitle() or "Panel", self)
            dock.setWidget(widget)
        dock.setParent(self)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        self.view_menu.addAction(dock.toggleViewAction())
        return dock

    def open_path(self, path: Path) -> bool:
        return self.files.load_path(path)

    # -- building --------------------------------------------------------------

    def _action(
        self,
        text: str,
        shortcut: str | QKeySequence | QKeySequence.StandardKey | None = None,
        slot: Callable[..., object] | None = None,
        checkable: bool = False,
    ) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.setCheckable(checkable)
        if slot is not None:
            (action.toggled if checkable else action.triggered).connect(slot)
        self.addAction(action)
        return action

    def _build_actions(self) -> None:
        self.open_action = self._action(
            "&Open…", QKeySequence.StandardKey.Open, self.files.open_dialog
        )
        self.save_action = self._action("&Save", QKeySequence.StandardKey.Save, self.files.save)
        self.save_as_action = self._action(
            "Save &as…", QKeySequence("Ctrl+Shift+S"), self.files.save_as
        )
        self.snapshots = SnapshotExporter(
            self, self.document, self.view.visible_scene_rect, self.say
        )
        self.snapshot_action = self._action(
            "&Export snapshot…", QKeySequence("Ctrl+E"), self.snapshots.export
        )
        self.quit_action = self._action("&Quit", QKeySequence.StandardKey.Quit, self.close)
        self.undo_action = self.document.undo_stack.createUndoAction(self, "&Undo")
        self.undo_action.setShortcut(QKeySequence.StandardKey.Undo)
        self.redo_action = self.document.undo_stack.createRedoAction(self, "&Redo")
        self.redo_action.setShortcuts(
            [QKeySequence(QKeySequence.StandardKey.Redo), QKeySequence("Ctrl+Y")]
        )
        self.addActions([self.undo_action, self.redo_action])
        # Qt relabels these on every push; with secrets hidden, relabel them again after it.
        self.document.undo_stack.undoTextChanged.connect(self._label_undo_actions)
        self.document.undo_stack.redoTextChanged.connect(self._label_undo_actions)
        self.fit_action = self._action("&Fit map", QKeySequence("F"), self.view.fit_map)
        self.zoom_in_action = self._action(
            "Zoom &in", QKeySequence("+"), lambda: self.view.zoom_by(1.25)
        )
        self.zoom_out_action = self._action(
            "Zoom &out", QKeySequence("-"), lambda: self.view.zoom_by(0.8)
        )
        self.adjacency_action = self._action(
            "Show area &adjacency", QKeySequence("A"), self._toggle_adjacency, checkable=True
        )
        self.legend_action = self._action(
            "Elevation &legend", QKeySequence("L"), self._toggle_legend, checkable=True
        )
        self.legend_action.setChecked(True)
        self.hide_secrets_action = self._action(
            "&Hide secrets on this screen",
            QKeySequence("Ctrl+Shift+H"),
            self._set_hide_secrets,
            checkable=True,
        )
        self.tool_group = QActionGroup(self)
        self.tool_group.setExclusive(True)
        self.select_action = self._action("&Select and move", QKeySequence("V"), checkable=True)
        self.ruler_action = self._action("&Ruler", QKeySequence("R"), checkable=True)
        self.template_action = self._action("&Templates", QKeySequence("T"), checkable=True)
        for name, action in (
            ("select", self.select_action),
            ("ruler", self.ruler_action),
            ("template", self.template_action),
        ):
            self.tool_group.addAction(action)
            action.triggered.connect(lambda _=False, n=name: self.use_tool(n))
        self.select_action.setChecked(True)
        self.cover_action = self._action(
            "&Cover from the selected token",
            QKeySequence("C"),
            self.cover.set_enabled,
            checkable=True,
        )
        self.add_status_action = self._action(
            "Add &status to selected…",
            QKeySequence("S"),
            lambda: self.token_actions.add_status(self.token_actions.selected()),
        )
        self.hide_action = self._action(
            "&Hide or show selected to players",
            QKeySequence("H"),
            lambda: self.token_actions.toggle_hidden(self.token_actions.selected()),
        )
        self.remove_action = self._action(
            "&Remove selected tokens",
            QKeySequence.StandardKey.Delete,
            lambda: self.token_actions.remove_tokens(self.token_actions.selected()),
        )
        self.player_action = self._action(
            "Open &player view", QKeySequence("P"), self.open_player_view
        )
        self.follow_action = self._action(
            "Player view &follows this view", None, self._set_following, checkable=True
        )
        self.follow_action.setChecked(True)
        self.allow_edits_action = self._action(
            "&Allow edits in the player view", None, self._set_player_edits, checkable=True
        )

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        self.new_menu = file_menu.addMenu("&New from template")
        for path in example_files():
            action = self.new_menu.addAction(menu_text(display_name(path)))
            action.triggered.connect(lambda _=False, p=path: self.files.new_from_template(p))
        self.new_menu.setEnabled(bool(example_files()))
        file_menu.addAction(self.open_action)
        self.recent_menu = file_menu.addMenu("Open &recent")
        self._fill_recent()
        file_menu.addSeparator()
        file_menu.addAction(self.save_action)
        file_menu.addAction(self.save_as_action)
        file_menu.addAction(self.snapshot_action)
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        self.edit_menu = bar.addMenu("&Edit")
        self.edit_menu.addAction(self.undo_action)
        self.edit_menu.addAction(self.redo_action)
        self.edit_menu.addSeparator()
        for action in (self.add_status_action, self.hide_action, self.remove_action):
            self.edit_menu.addAction(action)
        self.view_menu = bar.addMenu("&View")
        for action in (self.fit_action, self.zoom_in_action, self.zoom_out_action):
            self.view_menu.addAction(action)
        self.view_menu.addSeparator()
        self.view_menu.addAction(self.legend_action)
        self.view_menu.addAction(self.adjacency_action)
        self.view_menu.addAction(self.hide_secrets_action)
        self.view_menu.addSeparator()
        self.tools_menu = bar.addMenu("&Tools")
        for action in (self.select_action, self.ruler_action, self.template_action):
            self.tools_menu.addAction(action)
        self.tools_menu.addSeparator()
        self.tools_menu.addAction(self.cover_action)
        self.player_menu = bar.addMenu("&Player view")
        self.player_menu.addAction(self.player_action)
        self.screens_menu = self.player_menu.addMenu("Full screen &on")
        self.screens_menu.aboutToShow.connect(self._fill_screens)
        self.player_menu.addAction(self.follow_action)
        self.player_menu.addAction(self.allow_edits_action)

    def _build_toolbar(self) -> None:
        bar = QToolBar("Tools", self)
        bar.setObjectName("tools")
        bar.setMovable(False)
        for action in (self.select_action, self.ruler_action, self.template_action):
            bar.addAction(action)
        bar.addSeparator()
        self.template_kind = QComboBox()
        self.template_kind.addItems(["Aura", "Area", "Line"])
        self.template_kind.setCurrentIndex(1)
        self.template_size = QSpinBox()
        self.template_size.setRange(1, 30)
        self.template_size.setValue(2)
        self.template_size.setPrefix("X = ")
        self.template_range = QSpinBox()
        self.template_range.setRange(0, 99)
        self.template_range.setValue(6)
        self.template_range.setPrefix("range ")
        self.template_label = QLineEdit()
        self.template_label.setPlaceholderText("label (optional)")
        self.template_label.setMaxLength(200)  # a template's label in the file
        self.template_label.setMaximumWidth(160)
        for widget in (
            self.template_kind,
            self.template_size,
            self.template_range,
            self.template_label,
        ):
            bar.addWidget(widget)
        self.template_kind.currentIndexChanged.connect(self._configure_templates)
        self.template_size.valueChanged.connect(self._configure_templates)
        self.template_range.valueChanged.connect(self._configure_templates)
        self.template_label.textChanged.connect(self._configure_templates)
        bar.addSeparator()
        bar.addAction(self.cover_action)
        bar.addSeparator()
        bar.addAction(self.player_action)
        bar.addAction(self.hide_secrets_action)  # a one-screen GM turns it on before anyone looks
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, bar)
        self.toolbar = bar
        self._configure_templates()

    def _configure_templates(self, *_: object) -> None:
        kind = self.template_kind.currentText().lower()
        self.template_range.setEnabled(kind != "aura")
        self.template_tool.configure(
            kind,  # type: ignore[arg-type]
            self.template_size.value(),
            self.template_range.value(),
            self.template_label.text().strip(),
        )

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        recent = self.files.recent_files()
        for path in recent:
            action = self.recent_menu.addAction(menu_text(str(path)))
            action.triggered.connect(lambda _=False, p=path: self.files.open_path(p))
        if recent:
            self.recent_menu.addSeparator()
            self.recent_menu.addAction("Clear list", self.files.clear_recent)
        self.recent_menu.setEnabled(bool(recent))

    def ensure_panel(self) -> QWidget | None:
        """Dock the combat panel (written separately) if it is installed and not docked yet.

        It is loaded after the map's first frame is painted (the rules and the
        panel take a third of start-up), or whenever this is called first.
        """
        if not self._panel_pending:
            return self.panel
        self._panel_pending = False
        self.view.viewport().removeEventFilter(self)
        try:
            from tactical.app.panel import CombatPanel  # type: ignore[attr-defined]
        except ImportError:
            return None
        self.panel = CombatPanel(self.document, self)
        self.panel.use_privacy_action(self.hide_secrets_action)
        self.add_side_dock(self.panel, "Combat")
        # Keep the document the window's last child (destroyed after the panel).
        self.document.setParent(None)
        self.document.setParent(self)
        return self.panel

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if self._panel_pending and event.type() == QEvent.Type.Paint:
            QTimer.singleShot(0, self.ensure_panel)
        return False

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
        for extend in self.context_menu_extras:
            extend(menu, point)
        if not menu.isEmpty():
            menu.exec(self.view.viewport().mapToGlobal(pos))

    # -- player view -----------------------------------------------------------

    def open_player_view(self) -> PlayerView:
        """Show the player view (created on first use) as a normal window."""
        if self.player_view is None:
            self.player_view = PlayerView(self.document, self.view)
            self.player_view.set_following(self.follow_action.isChecked())
            self.player_view.set_edits_allowed(self.allow_edits_action.isChecked())
            for hook in self.player_view_hooks:
                hook(self.player_view)
        self.player_view.show()
        self.player_view.raise_()
        return self.player_view

    def _fill_screens(self) -> None:
        self.screens_menu.clear()
        for index, screen in enumerate(QGuiApplication.screens()):
            size = screen.geometry().size()
            label = f"{index + 1}: {screen.name() or 'screen'} ({size.width()} x {size.height()})"
            action = self.screens_menu.addAction(menu_text(label))
            action.triggered.connect(lambda _=False, s=screen: self.open_player_view().show_on(s))

    def _set_following(self, on: bool) -> None:
        if self.player_view is not None:
            self.player_view.set_following(on)

    def _set_player_edits(self, on: bool) -> None:
        if self.player_view is not None:
            self.player_view.set_edits_allowed(on)

    # -- reactions -----------------------------------------------------------

    def _update_title(self, *_: object) -> None:
        self.setWindowTitle(f"{title_text(display_name(self.document.path))}[*] — tactical")
        self.setWindowModified(self.document.modified)

    def _on_replaced(self) -> None:
        self.cover.set_attacker(None)
        self.use_tool("select")
        self.select_action.setChecked(True)
        self.view.fit_map()
        self._update_legend()

    def _on_hover(self, point: QPointF) -> None:
        self._hover_point = point
        self.hover_label.setText(self.scene.describe(point))
        if self.cover.enabled:
            item = self.scene.token_item_at(point)
            hovered = item.token_id if item is not None else None
            if hovered != self.cover.hovered:
                self.cover.hover(hovered)

    def _refresh_hover(self, *_: object) -> None:
        """After an edit (a drop, an undo) the cursor has not moved, but what is under it has."""
        if self._hover_point is not None:
            self.hover_label.setText(self.scene.describe(self._hover_point))

    def _update_legend(self) -> None:
        layer = self.scene.layer
        is_grid = isinstance(layer, GridLayer)
        if isinstance(layer, GridLayer):
            self.legend.set_entries(layer.legend())
        self.legend.setVisible(is_grid and self.legend_action.isChecked())
        self.adjacency_action.setEnabled(not is_grid)
        self._place_legend()

    def _toggle_legend(self, on: bool) -> None:
        self.legend.setVisible(on and isinstance(self.scene.layer, GridLayer))

    def _set_hide_secrets(self, on: bool) -> None:
        """The table sees this screen: show only what the player view shows (the panel too)."""
        self.settings.setValue(HIDE_SECRETS_SETTING, on)
        self.secrets_label.setVisible(on)
        self.scene.set_player_filter(on)
        self._refresh_hover()
        self._label_undo_actions()

    def _label_undo_actions(self) -> None:
        """Mask a hidden token's name in "Undo Move Goblin Shaman" while secrets are hidden."""
        privacy = getattr(self, "hide_secrets_action", None)  # built after the undo actions
        hide = privacy is not None and privacy.isChecked()
        secrets = Secrets(self.document.encounter) if hide else None
        stack = self.document.undo_stack
        for action, prefix, text in (
            (self.undo_action, "&Undo", stack.undoText()),
            (self.redo_action, "&Redo", stack.redoText()),
        ):
            if secrets is not None:
                text = secrets.relabel(text)
            action.setText(f"{prefix} {menu_text(text)}" if text else prefix)

    def _toggle_adjacency(self, on: bool) -> None:
        from tactical.app.scene.area_layer import AreaLayer

        if isinstance(self.scene.layer, AreaLayer):
            self.scene.layer.show_adjacency = on
            self.scene.invalidate(self.scene.sceneRect(), self.scene.SceneLayer.BackgroundLayer)

    def _place_legend(self) -> None:
        self.legend.move(10, max(10, self.view.height() - self.legend.height() - 10))

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
