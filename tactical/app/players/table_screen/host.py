"""What the table screen needs from the GM's window, as a protocol.

The window's services, and the player view it opens on demand (the table
screen attaches to it): the table screen imports no main window.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QStatusBar, QWidget

from tactical.app.encounter.document import EncounterDocument
from tactical.app.map.map_view import MapView
from tactical.app.map.scene.map_scene import MapScene
from tactical.app.map.tools import RulerTool, SelectTool, TemplateTool
from tactical.app.players.player_view import PlayerView
from tactical.app.window.action_registry import ActionRegistry
from tactical.app.window.services import Services


class TableHost(Protocol):
    """The GM's window as the table screen sees it."""

    document: EncounterDocument
    scene: MapScene
    view: MapView
    settings: QSettings
    action_registry: ActionRegistry
    services: Services

    ruler_tool: RulerTool
    template_tool: TemplateTool
    select_tool: SelectTool
    follow_action: QAction
    player_view: PlayerView | None
    player_view_hooks: list[Callable[[PlayerView], None]]

    def open_player_view(self) -> PlayerView: ...

    def say(self, message: str) -> None: ...

    def window(self) -> QWidget: ...

    def statusBar(self) -> QStatusBar: ...
