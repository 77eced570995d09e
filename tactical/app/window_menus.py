"""The main window's actions and its File, Edit, View, Tools and Player view menus.

A mixin of :class:`tactical.app.main_window.MainWindow`: the actions stay the
window's attributes (``window.save_action``, ``window.tools_menu``...), which
the installed features and the tests use by name.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QToolBar

from tactical.app.action_registry import ActionRegistry
from tactical.app.document import EncounterDocument
from tactical.app.files import FileController, display_name
from tactical.app.map_view import MapView
from tactical.app.plain_text import menu_text
from tactical.app.player_view import PlayerView
from tactical.app.snapshot.dialog import SnapshotExporter
from tactical.app.token_actions import TokenActions
from tactical.app.tools import CoverDisplay
from tactical.app.window_base import WindowMixin
from tactical.persistence.examples import example_files


class _SayUndone(Protocol):
    def __call__(self, *, undone: bool) -> None: ...


class WindowMenus(WindowMixin):
    """Builds the window's actions and menus (see the module's docstring)."""

    document: EncounterDocument
    view: MapView
    files: FileController
    cover: CoverDisplay
    token_actions: TokenActions
    recent_menu: QMenu
    action_registry: ActionRegistry
    toolbar: QToolBar
    template_bar: QToolBar
    say: Callable[[str], None]
    use_tool: Callable[[str], None]
    # the slots of the sibling mixins (window_status, window_legend, window_player)
    _say_undone: _SayUndone
    _label_undo_actions: Callable[[], None]
    _toggle_adjacency: Callable[[bool], None]
    _toggle_legend: Callable[[bool], None]
    _set_hide_secrets: Callable[[bool], None]
    open_player_view: Callable[[], PlayerView]
    _set_following: Callable[[bool], None]
    _set_player_edits: Callable[[bool], None]
    _fill_screens: Callable[[], None]

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
        self.save_action = self._action(
            "&Save", QKeySequence.StandardKey.Save, self.files.start_save
        )
        self.save_as_action = self._action(
            "Save &as…", QKeySequence("Ctrl+Shift+S"), self.files.start_save_as
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
        self.redo_action.setShortcuts(redo_keys())
        self.addActions([self.undo_action, self.redo_action])
        self.undo_action.triggered.connect(lambda _=False: self._say_undone(undone=True))
        self.redo_action.triggered.connect(lambda _=False: self._say_undone(undone=False))
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
        self.tool_group = self.action_registry.tool_group
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
            "Re&move selected tokens",
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
        self.file_menu = file_menu = bar.addMenu("&File")
        self.new_menu = file_menu.addMenu("New &from template")
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

    def _register_window_parts(self) -> None:
        """Name the window's own actions, menus and toolbars in its registry, for features."""
        registry = self.action_registry
        for action_id, action in (
            ("file.open", self.open_action),
            ("file.save", self.save_action),
            ("file.save-as", self.save_as_action),
            ("file.snapshot", self.snapshot_action),
            ("file.quit", self.quit_action),
            ("edit.undo", self.undo_action),
            ("edit.redo", self.redo_action),
            ("edit.add-status", self.add_status_action),
            ("edit.hide", self.hide_action),
            ("edit.remove", self.remove_action),
            ("view.fit", self.fit_action),
            ("view.zoom-in", self.zoom_in_action),
            ("view.zoom-out", self.zoom_out_action),
            ("view.adjacency", self.adjacency_action),
            ("view.legend", self.legend_action),
            ("view.hide-secrets", self.hide_secrets_action),
            ("tools.select", self.select_action),
            ("tools.ruler", self.ruler_action),
            ("tools.template", self.template_action),
            ("tools.cover", self.cover_action),
            ("player.open", self.player_action),
            ("player.follow", self.follow_action),
            ("player.allow-edits", self.allow_edits_action),
        ):
            registry.add(action_id, action)
        for menu_id, menu in (
            ("file", self.file_menu),
            ("new", self.new_menu),
            ("recent", self.recent_menu),
            ("edit", self.edit_menu),
            ("view", self.view_menu),
            ("tools", self.tools_menu),
            ("player", self.player_menu),
            ("screens", self.screens_menu),
        ):
            registry.add_menu(menu_id, menu)
        registry.add_toolbar("tools", self.toolbar, place=False)
        registry.add_toolbar("template", self.template_bar, place=False)


def redo_keys() -> list[QKeySequence]:
    """Redo's keys: the platform's, Ctrl+Shift+Z and Ctrl+Y (Help > Keys lists both).

    Platforms bind one or the other as Redo already: a key listed twice is
    ambiguous to Qt and fires nothing, so each is listed once.
    """
    keys: list[QKeySequence] = []
    for key in (
        QKeySequence(QKeySequence.StandardKey.Redo),
        QKeySequence("Ctrl+Shift+Z"),
        QKeySequence("Ctrl+Y"),
    ):
        if not key.isEmpty() and key not in keys:
            keys.append(key)
    return keys
