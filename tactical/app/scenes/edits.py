"""What the Scenes dock and menu do to the evening: each edit one undo step, pushed as the GM.

New scene (a grid of a size, an area map), Import a Universal VTT file as a
scene, Duplicate, Rename, Move up and down, Delete (asked first; never the
last scene), and opening a scene for the GM (the one on screen; the players
stay on theirs). The questions are attributes (``ask_grid_size``,
``ask_name``, ``ask_delete``, ``ask_import_path``), so a test answers them.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QCursor
from PySide6.QtWidgets import QApplication, QInputDialog, QLineEdit, QMessageBox, QWidget

from tactical.app.editing import dialogs
from tactical.app.fog.settings import new_map_fog
from tactical.app.storage.pictures import check_decodes
from tactical.app.window.services import Services
from tactical.core.changes import GM
from tactical.core.commands.scenes import (
    AddScene,
    DeleteScene,
    DuplicateScene,
    RenameScene,
    ReorderScene,
)
from tactical.core.encounter import Encounter
from tactical.core.evening import Scene
from tactical.persistence.problems import LoadError

AskGridSize = Callable[[QWidget | None], tuple[int, int, int] | None]


class SceneEdits:
    """The scene list's edits on the window's document (see the module's docstring)."""

    def __init__(self, services: Services, ask_import_path: Callable[[], str | None]) -> None:
        self.services = services
        self.document = services.document
        self.ask_grid_size: AskGridSize = dialogs.ask_grid_size
        self.ask_name: Callable[[str], str | None] = self._dialog_name
        self.ask_delete: Callable[[str], bool] = self._dialog_delete
        self.ask_import_path = ask_import_path

    @property
    def scenes(self) -> list[Scene]:
        return self.document.evening.scenes

    def _scene(self, scene_id: str | None) -> Scene:
        evening = self.document.evening
        return evening.scene(self.document.scene_id if scene_id is None else scene_id)

    # -- opening ---------------------------------------------------------------------

    def open(self, scene_id: str) -> bool:
        """Show ``scene_id`` to the GM (the players stay on theirs)."""
        return self.document.switch_scene(scene_id)

    def step(self, by: int) -> bool:
        """Open the scene ``by`` places after the GM's (before, when negative), wrapping."""
        scenes = self.scenes
        if len(scenes) < 2:
            return False
        index = self.document.evening.index(self.document.scene_id)
        return self.open(scenes[(index + by) % len(scenes)].id)

    # -- adding ----------------------------------------------------------------------

    def new_grid_scene(self) -> str | None:
        """Add an empty grid of the size asked, after the GM's scene, and open it."""
        answer = self.ask_grid_size(self.services.window())
        if answer is None:
            return None
        width, height, feet = answer
        return self._add(dialogs.empty_grid(width, height, feet), "Add grid scene")

    def new_area_scene(self) -> str | None:
        """Add an area map of one rectangle, after the GM's scene, and open it."""
        return self._add(dialogs.empty_area_map(), "Add area scene")

    def import_scene(self) -> str | None:
        """Import a Universal VTT file (as File > Import does) as a scene named after it."""
        from tactical.persistence.foreign import import_map

        name = self.ask_import_path()
        if not name:
            return None
        path = Path(name)
        try:
            QApplication.setOverrideCursor(QCursor(Qt.CursorShape.WaitCursor))
            try:
                encounter, _foreign = import_map(path, check_decodes)
            finally:
                QApplication.restoreOverrideCursor()
        except LoadError as error:
            self.services.files.show_error(
                "Could not import the map", f"{path.name} could not be imported:\n\n{error}"
            )
            return None
        encounter.name = path.name.split(".")[0]
        return self._add(encounter, f"Import scene {encounter.name}", fog=False)

    def _add(self, encounter: Encounter, text: str, *, fog: bool = True) -> str:
        evening = self.document.evening
        if fog:
            encounter.fog = new_map_fog(self.services.settings)
        if not encounter.name:
            encounter.name = f"Scene {len(evening.scenes) + 1}"
        scene = Scene(evening.new_scene_id(), encounter)
        command = AddScene(evening, scene, evening.index(self.document.scene_id) + 1)
        command.text = text
        self.document.push(command, GM)
        self.open(scene.id)
        return scene.id

    def duplicate(self, scene_id: str | None = None) -> str:
        """A copy of the scene (map, tokens, fog, fight) right after it, opened."""
        source = self._scene(scene_id)
        command = DuplicateScene(self.document.evening, source.id)
        self.document.push(command, GM)
        self.open(command.scene.id)
        return command.scene.id

    # -- changing --------------------------------------------------------------------

    def rename(self, scene_id: str | None = None) -> bool:
        scene = self._scene(scene_id)
        name = self.ask_name(scene.name)
        if name is None or name == scene.name:
            return False
        self.document.push(RenameScene(self.document.evening, scene.id, name), GM)
        return True

    def move(self, by: int, scene_id: str | None = None) -> bool:
        """Move the scene ``by`` places down the list (up when negative)."""
        scene = self._scene(scene_id)
        return self.move_to(scene.id, self.document.evening.index(scene.id) + by)

    def move_to(self, scene_id: str, index: int) -> bool:
        evening = self.document.evening
        index = max(0, min(index, len(evening.scenes) - 1))
        if index == evening.index(scene_id):
            return False
        self.document.push(ReorderScene(evening, scene_id, index), GM)
        return True

    def delete(self, scene_id: str | None = None) -> bool:
        """Delete the scene after asking (never the last one); the GM goes to a neighbour."""
        scene = self._scene(scene_id)
        evening = self.document.evening
        if len(evening.scenes) < 2:
            self.services.say("An evening keeps at least one scene: this one stays.")
            return False
        if not self.ask_delete(scene.name):
            return False
        if scene.id == self.document.scene_id:
            index = evening.index(scene.id)
            self.open(evening.scenes[index + 1 if index == 0 else index - 1].id)
        self.document.push(DeleteScene(evening, scene.id), GM)
        return True

    # -- the questions ----------------------------------------------------------------

    def _dialog_name(self, name: str) -> str | None:
        text, ok = QInputDialog.getText(
            self.services.window(), "Rename scene", "Name:", QLineEdit.EchoMode.Normal, name
        )
        return text.strip() if ok and text.strip() else None

    def _dialog_delete(self, name: str) -> bool:
        shown = f"“{name}”" if name else "this scene"
        box = QMessageBox(self.services.window())
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle("Delete scene")
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.setText(f"Delete the scene {shown}? Undo (Ctrl+Z) brings it back.")
        box.setStandardButtons(QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel)
        return box.exec() == QMessageBox.StandardButton.Yes
