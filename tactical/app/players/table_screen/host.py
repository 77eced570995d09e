"""What the table screen needs of the GM's window besides its services, as protocols.

The table screen is made with the window's services and two named parts: the
map tools it mirrors and watches (:class:`TableTools`, the window's
``map_tools``) and the player view it attaches to (:class:`PlayerViewHost`, the
window's ``player_controls``). It imports no main window and none of its parts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtGui import QAction

from tactical.app.map.tools import RulerTool, SelectTool, TemplateTool
from tactical.app.players.player_view import PlayerView


class TableTools(Protocol):
    """The GM's map tools: the ruler and templates are shown to the players too, and a
    double-click pings only while Select is the tool."""

    @property
    def select_tool(self) -> SelectTool: ...
    @property
    def ruler_tool(self) -> RulerTool: ...
    @property
    def template_tool(self) -> TemplateTool: ...


class PlayerViewHost(Protocol):
    """The player view as the GM's window opens it: created on first use, then shown."""

    @property
    def follow_action(self) -> QAction:
        """Checked while the player view follows the GM's view."""

    @property
    def player_view(self) -> PlayerView | None:
        """The player view, once it was opened."""

    @property
    def hooks(self) -> list[Callable[[PlayerView], None]]:
        """Called with the player view when it is created."""

    def open(self) -> PlayerView: ...
