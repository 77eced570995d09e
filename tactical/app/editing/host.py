"""What map editing needs from the main window, as a protocol.

The editing package is installed into the main window (``install_edit_tools(window)``)
and must not import it back: this names the window's parts it uses instead.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtCore import QPointF, QSettings, Qt
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu, QToolBar, QWidget

from tactical.app.document import EncounterDocument
from tactical.app.files import FileController
from tactical.app.map_view import MapView
from tactical.app.scene.map_scene import MapScene
from tactical.app.tools import SelectTool


class EditingHost(Protocol):
    """The main window as map editing sees it."""

    document: EncounterDocument
    scene: MapScene
    view: MapView
    settings: QSettings
    files: FileController
    tools: dict[str, object]
    tool_group: QActionGroup
    toolbar: QToolBar
    tools_menu: QMenu
    new_menu: QMenu
    select_action: QAction
    select_tool: SelectTool
    adjacency_action: QAction
    context_menu_extras: list[Callable[[QMenu, QPointF], None]]

    def say(self, message: str) -> None: ...

    def use_tool(self, name: str) -> None: ...

    def window(self) -> QWidget:
        """The top-level widget: the main window itself, as a dialog's parent."""
        ...

    def addAction(self, action: QAction) -> None: ...

    def addToolBar(self, area: Qt.ToolBarArea, toolbar: QToolBar) -> None: ...

    def addToolBarBreak(self, area: Qt.ToolBarArea = ...) -> None: ...
