"""The table screen is made with the window's services and two named parts (the map tools,
the player view's controls), not the window: here on a bare QMainWindow."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtGui import QAction

from tactical.app.map.tools import RulerTool, SelectTool, TemplateTool
from tactical.app.panel.public_view import PublicTracker
from tactical.app.players.player_view import PlayerView
from tactical.app.players.table_screen import install_table_screen
from tactical.app.window.plain_text import shown_text

from .conftest import ServicesFactory
from .services_kit import FakeServices


class Tools:
    """The map tools the table screen mirrors and watches."""

    def __init__(self, services: FakeServices) -> None:
        args = (services.scene, services.document, services.say)
        self.select_tool = SelectTool(*args)
        self.ruler_tool = RulerTool(*args)
        self.template_tool = TemplateTool(*args, list)


class Players:
    """The player view as the window opens it: created on first use."""

    def __init__(self, services: FakeServices) -> None:
        self.services = services
        self.follow_action = QAction("follows", services.host, checkable=True)
        self.follow_action.setChecked(True)
        self.player_view: PlayerView | None = None
        self.hooks: list[Callable[[PlayerView], None]] = []

    def open(self) -> PlayerView:
        if self.player_view is None:
            document = self.services.document
            self.player_view = PlayerView(
                document, self.services.view, tracker=PublicTracker(document)
            )
            for hook in self.hooks:
                hook(self.player_view)
        self.player_view.show()
        return self.player_view


@pytest.fixture
def services(make_services: ServicesFactory) -> FakeServices:
    return make_services(shown=False)


def test_the_table_screen_needs_only_the_services_and_two_parts(
    services: FakeServices, qtbot: Any
) -> None:
    players = Players(services)
    screen = install_table_screen(services, Tools(services), players)
    services.registry.build()
    entries = [shown_text(a.text()) for a in services.registry.menu("player").actions()]
    assert "Blackout" in entries
    screen.actions.blackout.trigger()  # B, before the players' screen is open
    assert screen.state_label.text() == "Players' screen: blacked out"
    assert screen.state_label.isVisibleTo(services.host)
    screen.actions.turn.trigger()  # turning it opens the player view, through the part
    assert players.player_view is not None
    qtbot.addWidget(players.player_view)
    assert screen.parts is not None and screen.parts.player is players.player_view
    assert screen.rotation == 90
