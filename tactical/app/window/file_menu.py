"""The File menu: open, new from template, open recent, save, save as, snapshots, quit.

A part of the main window (``window.file_menu``), made with the window's
services and what quitting does. Its actions are registered by id
(``file.open``, ``file.save``...) and declared in the File menu with a group and
an order; features add theirs (print, import, export) the same way.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject
from PySide6.QtGui import QKeySequence

from tactical.app.snapshot.dialog import SnapshotExporter
from tactical.app.storage.files import display_name
from tactical.app.window.action_registry import MENU_BAR, Place, new_action
from tactical.app.window.plain_text import menu_text
from tactical.app.window.services import Services
from tactical.persistence.examples import example_files


class FileMenu(QObject):
    """The File menu's own entries (see the module's docstring)."""

    def __init__(self, services: Services, quit_app: Callable[[], object]) -> None:
        super().__init__(services.host)
        host, files, registry = services.host, services.files, services.registry
        self.files = files
        self.open_action = new_action(
            host, "&Open…", QKeySequence.StandardKey.Open, files.open_dialog
        )
        self.save_action = new_action(
            host, "&Save", QKeySequence.StandardKey.Save, files.start_save
        )
        self.save_as_action = new_action(host, "Save &as…", "Ctrl+Shift+S", files.start_save_as)
        self.snapshots = SnapshotExporter(
            host, services.document, services.view.visible_scene_rect, services.say
        )
        self.snapshot_action = new_action(
            host, "&Export snapshot…", "Ctrl+E", self.snapshots.export
        )
        self.quit_action = new_action(host, "&Quit", QKeySequence.StandardKey.Quit, quit_app)
        self.menu = registry.add_menu("file", "&File", Place(MENU_BAR, "1", 10))
        self.new_menu = registry.add_menu("new", "New &from template", Place("file", "1_open", 20))
        for path in example_files():
            action = self.new_menu.addAction(menu_text(display_name(path)))
            action.triggered.connect(lambda _=False, p=path: files.new_from_template(p))
        self.new_menu.setEnabled(bool(example_files()))
        self.recent_menu = registry.add_menu("recent", "Open &recent", Place("file", "1_open", 40))
        self.fill_recent()
        files.recent_changed.connect(self.fill_recent)
        for action_id, action, place in (
            ("file.open", self.open_action, Place("file", "1_open", 30)),
            ("file.save", self.save_action, Place("file", "2_save", 10)),
            ("file.save-as", self.save_as_action, Place("file", "2_save", 20)),
            ("file.snapshot", self.snapshot_action, Place("file", "2_save", 50)),
            ("file.quit", self.quit_action, Place("file", "9_quit", 10)),
        ):
            registry.add(action_id, action, menu=place)

    def fill_recent(self) -> None:
        self.recent_menu.clear()
        recent = self.files.recent_files()
        for path in recent:
            action = self.recent_menu.addAction(menu_text(str(path)))
            action.triggered.connect(lambda _=False, p=path: self.files.open_path(p))
        if recent:
            self.recent_menu.addSeparator()
            self.recent_menu.addAction("Clear list", self.files.clear_recent)
        self.recent_menu.setEnabled(bool(recent))
