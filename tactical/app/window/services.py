"""What a feature of the GM's window may use: one services object, not the window.

The window builds one :class:`Services` and hands it to every feature it
installs (the fog controls, the token palette, map editing...): the open
document, the map's scene and view, the settings, the window's
:class:`~tactical.app.window.action_registry.ActionRegistry` (actions, menus,
toolbars, map tools and right-click entries by id), the file controller, the
status line and the top-level widget. A test builds one on a bare QMainWindow
with fakes for the status line and the tool switch, so a feature is tested
without the whole window; no feature imports :mod:`tactical.app.window.main_window`
(an import-linter contract keeps that true). What one feature needs of another
(map editing for the backgrounds, the drops for the palette) is handed to its
install function by name.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMainWindow

from tactical.app.encounter.document import EncounterDocument
from tactical.app.map.map_view import MapView
from tactical.app.map.scene.map_scene import MapScene
from tactical.app.storage.files import FileController
from tactical.app.window.action_registry import ActionRegistry

Say = Callable[[str], None]
"""Shows a short message on the status line (plain text)."""

UseTool = Callable[[str], None]
"""Makes the registered map tool of that name the one the mouse uses."""


@dataclass(eq=False)
class Services:
    """The parts of one window its features use (see the module's docstring)."""

    host: QMainWindow
    """The top-level window: the parent of dialogs and of the features' objects."""
    document: EncounterDocument
    scene: MapScene
    view: MapView
    settings: QSettings
    registry: ActionRegistry
    files: FileController
    say: Say
    use_tool: UseTool

    @property
    def action_registry(self) -> ActionRegistry:
        """The registry (its older name, which the features use)."""
        return self.registry

    def window(self) -> QMainWindow:
        """The top-level window (a method, as on a widget)."""
        return self.host
