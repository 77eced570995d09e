"""The main window's actions and its File, Edit, View, Tools, Player view and Help menus.

A mixin of :class:`tactical.app.window.main_window.MainWindow`: the window's own
actions are registered by id and declared in its menus, each with a group and
an order (the features declare theirs the same way); the registry fills the Qt
menus once every feature is installed. The actions stay the window's
attributes (``window.save_action``...), which the tests use by name.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QToolBar

from tactical.app.encounter.document import EncounterDocument
from tactical.app.map.map_view import MapView
from tactical.app.map.tools import CoverDisplay
from tactical.app.players.player_view import PlayerView
from tactical.app.snapshot.dialog import SnapshotExporter
from tactical.app.storage.files import FileController, display_name
from tactical.app.tokens.token_edits import TokenEdits
from tactical.app.window.action_registry import MENU_BAR, ActionRegistry, Place
from tactical.app.window.plain_text import menu_text
from tactical.app.window.window_base import WindowMixin
from tactical.persistence.examples import example_files


class _SayUndone(Protocol):
    def __call__(self, *, undone: bool) -> None: ...


class WindowMenus(WindowMixin):
    """Builds the window's actions and menus (see the module's docstring)."""

    document: EncounterDocument
    view: MapView
    files: FileController
    cover: CoverDisplay
    token_edits: TokenEdits
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
            lambda: self.token_edits.add_status(self.token_edits.selected()),
        )
        self.hide_action = self._action(
            "&Hide or show selected to players",
            QKeySequence("H"),
            lambda: self.token_edits.toggle_hidden(self.token_edits.selected()),
        )
        self.remove_action = self._action(
            "Re&move selected tokens",
            QKeySequence.StandardKey.Delete,
            lambda: self.token_edits.remove_tokens(self.token_edits.selected()),
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
        """Declare the window's menus and its own entries in them (see the module's docstring)."""
        registry = self.action_registry
        for menu_id, title, order in (
            ("file", "&File", 10),
            ("edit", "&Edit", 20),
            ("view", "&View", 30),
            ("tools", "&Tools", 50),
            ("player", "&Player view", 70),
            ("help", "&Help", 90),
        ):
            registry.add_menu(menu_id, title, Place(MENU_BAR, "1", order))
        self.file_menu, self.edit_menu = registry.menu("file"), registry.menu("edit")
        self.view_menu, self.tools_menu = registry.menu("view"), registry.menu("tools")
        self.player_menu = registry.menu("player")
        self.new_menu = registry.add_menu("new", "New &from template", Place("file", "1_open", 20))
        for path in example_files():
            action = self.new_menu.addAction(menu_text(display_name(path)))
            action.triggered.connect(lambda _=False, p=path: self.files.new_from_template(p))
        self.new_menu.setEnabled(bool(example_files()))
        self.recent_menu = registry.add_menu("recent", "Open &recent", Place("file", "1_open", 40))
        self._fill_recent()
        self.screens_menu = registry.add_menu(
            "screens", "Full screen &on", Place("player", "1_view", 20)
        )
        self.screens_menu.aboutToShow.connect(self._fill_screens)
        for action_id, action, place in (
            ("file.open", self.open_action, Place("file", "1_open", 30)),
            ("file.save", self.save_action, Place("file", "2_save", 10)),
            ("file.save-as", self.save_as_action, Place("file", "2_save", 20)),
            ("file.snapshot", self.snapshot_action, Place("file", "2_save", 50)),
            ("file.quit", self.quit_action, Place("file", "9_quit", 10)),
            ("edit.undo", self.undo_action, Place("edit", "1_undo", 10)),
            ("edit.redo", self.redo_action, Place("edit", "1_undo", 20)),
            ("edit.add-status", self.add_status_action, Place("edit", "2_tokens", 10)),
            ("edit.hide", self.hide_action, Place("edit", "2_tokens", 20)),
            ("edit.remove", self.remove_action, Place("edit", "2_tokens", 30)),
            ("view.fit", self.fit_action, Place("view", "1_zoom", 10)),
            ("view.zoom-in", self.zoom_in_action, Place("view", "1_zoom", 20)),
            ("view.zoom-out", self.zoom_out_action, Place("view", "1_zoom", 30)),
            ("view.legend", self.legend_action, Place("view", "2_aids", 10)),
            ("view.adjacency", self.adjacency_action, Place("view", "2_aids", 20)),
            ("view.hide-secrets", self.hide_secrets_action, Place("view", "2_aids", 30)),
            ("tools.select", self.select_action, Place("tools", "1_tools", 10)),
            ("tools.ruler", self.ruler_action, Place("tools", "1_tools", 20)),
            ("tools.template", self.template_action, Place("tools", "1_tools", 30)),
            ("tools.cover", self.cover_action, Place("tools", "2_cover", 10)),
            ("player.open", self.player_action, Place("player", "1_view", 10)),
            ("player.follow", self.follow_action, Place("player", "1_view", 30)),
            ("player.allow-edits", self.allow_edits_action, Place("player", "1_view", 40)),
        ):
            registry.add(action_id, action, menu=place)

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
