"""What a feature of the GM's window may use: the services, not the window.

A feature (the fog controls, the token palette, map editing...) is built with
an object that satisfies :class:`Services`: the open document, the status line,
the map's view and scene, the settings, and the window's
:class:`~tactical.app.action_registry.ActionRegistry` to add its actions to
menus, toolbars and the right-click menu. The main window satisfies it; a test
satisfies it with a few parts and a bare QMainWindow, so a feature is tested
without the whole window, and no feature imports :mod:`tactical.app.main_window`
(an import-linter contract keeps that true).
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QWidget

from tactical.app.action_registry import ActionRegistry
from tactical.app.document import EncounterDocument
from tactical.app.files import FileController
from tactical.app.map_view import MapView
from tactical.app.scene.map_scene import MapScene


class Services(Protocol):
    """The services a window gives its features (see the module's docstring)."""

    @property
    def document(self) -> EncounterDocument: ...

    @property
    def scene(self) -> MapScene: ...

    @property
    def view(self) -> MapView: ...

    @property
    def settings(self) -> QSettings: ...

    @property
    def action_registry(self) -> ActionRegistry: ...

    def say(self, message: str) -> None:
        """Show a short message on the status line (plain text)."""
        ...

    def use_tool(self, name: str) -> None:
        """Make the registered map tool ``name`` the one the mouse uses."""
        ...

    def window(self) -> QWidget:
        """The top-level widget: the parent of dialogs and of the feature's objects."""
        ...


class FileServices(Services, Protocol):
    """The services of a feature that opens or imports files (drops, import, backgrounds)."""

    @property
    def files(self) -> FileController: ...
