"""The Player view menu's own entries: open the player view, on which screen, following or not.

A part of the main window (``window.player_controls``), made with the window's
services. The player view is a window of its own, created on first use and
then shown again; what belongs to it (the table screen's battle mat, the
players' legend) is attached by the hooks called when it is created
(``player_controls.hooks``). The Player view menu's other entries are the
features' (the table screen's, the phones').
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject
from PySide6.QtGui import QGuiApplication

from tactical.app.players.player_view import PlayerView
from tactical.app.players.shown_scene import shown_scene
from tactical.app.window.action_registry import MENU_BAR, Place, new_action
from tactical.app.window.plain_text import menu_text
from tactical.app.window.services import Services


class PlayerViewControls(QObject):
    """Opens and configures the player view (see the module's docstring)."""

    def __init__(self, services: Services) -> None:
        super().__init__(services.host)
        host, registry = services.host, services.registry
        self.services = services
        self.player_view: PlayerView | None = None
        self.hooks: list[Callable[[PlayerView], None]] = []
        """Called with the player view when it is created (the table screen attaches to it)."""
        self.open_action = new_action(host, "Open &player view", "P", self.open)
        self.open_action.setToolTip("Open the player view (P)")
        self.follow_action = new_action(
            host, "Player view &follows this view", None, self._set_following, checkable=True
        )
        self.follow_action.setChecked(True)
        self.allow_edits_action = new_action(
            host, "&Allow edits in the player view", None, self._set_edits, checkable=True
        )
        self.menu = registry.add_menu("player", "&Player view", Place(MENU_BAR, "1", 70))
        self.screens_menu = registry.add_menu(
            "screens", "Full screen &on", Place("player", "1_view", 20)
        )
        self.screens_menu.aboutToShow.connect(self._fill_screens)
        registry.add("player.open", self.open_action, menu=Place("player", "1_view", 10))
        registry.add("player.follow", self.follow_action, menu=Place("player", "1_view", 30))
        registry.add(
            "player.allow-edits", self.allow_edits_action, menu=Place("player", "1_view", 40)
        )
        registry.put_on_toolbar("player.open", Place("tools", "3_player", 10))

    def open(self) -> PlayerView:
        """Show the player view (created on first use) as a normal window."""
        if self.player_view is None:
            # Loaded here: the panel and the rules load after the GM's first frame.
            from tactical.app.panel.public_view import PublicTracker

            document = self.services.document
            tracker = PublicTracker(shown_scene(document))  # the players' scene
            self.player_view = PlayerView(document, self.services.view, tracker=tracker)
            # A window of its own (no parent), so it goes when this window goes: not when
            # Python happens to collect it, and its connections keep nothing of this one.
            self.services.host.destroyed.connect(self.player_view.deleteLater)
            self.player_view.set_following(self.follow_action.isChecked())
            self.player_view.set_edits_allowed(self.allow_edits_action.isChecked())
            for hook in self.hooks:
                hook(self.player_view)
        self.player_view.show()
        self.player_view.raise_()
        return self.player_view

    def close(self) -> None:
        if self.player_view is not None:
            self.player_view.close()

    def _fill_screens(self) -> None:
        self.screens_menu.clear()
        for index, screen in enumerate(QGuiApplication.screens()):
            size = screen.geometry().size()
            label = f"{index + 1}: {screen.name() or 'screen'} ({size.width()} x {size.height()})"
            action = self.screens_menu.addAction(menu_text(label))
            action.triggered.connect(lambda _=False, s=screen: self.open().show_on(s))

    def _set_following(self, on: bool) -> None:
        if self.player_view is not None:
            self.player_view.set_following(on)

    def _set_edits(self, on: bool) -> None:
        if self.player_view is not None:
            self.player_view.set_edits_allowed(on)
