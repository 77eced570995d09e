"""The main window's player view: opened on demand, on a chosen screen, following or not.

A mixin of :class:`tactical.app.window.main_window.MainWindow` (``open_player_view``,
``window.player_view``, ``window.player_view_hooks``).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QAction, QGuiApplication
from PySide6.QtWidgets import QMenu

from tactical.app.encounter.document import EncounterDocument
from tactical.app.map.map_view import MapView
from tactical.app.players.player_view import PlayerView
from tactical.app.players.shown_scene import shown_scene
from tactical.app.window.plain_text import menu_text
from tactical.app.window.window_base import WindowMixin


class WindowPlayerView(WindowMixin):
    """Opens and configures the player view (see the module's docstring)."""

    document: EncounterDocument
    view: MapView
    player_view: PlayerView | None
    player_view_hooks: list[Callable[[PlayerView], None]]
    follow_action: QAction
    allow_edits_action: QAction
    screens_menu: QMenu

    def open_player_view(self) -> PlayerView:
        """Show the player view (created on first use) as a normal window."""
        if self.player_view is None:
            # Loaded here: the panel and the rules load after the GM's first frame.
            from tactical.app.panel.public_view import PublicTracker

            tracker = PublicTracker(shown_scene(self.document))  # the players' scene
            self.player_view = PlayerView(self.document, self.view, tracker=tracker)
            # A window of its own (no parent), so it goes when this window goes: not when
            # Python happens to collect it, and its connections keep nothing of this one.
            self.destroyed.connect(self.player_view.deleteLater)
            self.player_view.set_following(self.follow_action.isChecked())
            self.player_view.set_edits_allowed(self.allow_edits_action.isChecked())
            for hook in self.player_view_hooks:
                hook(self.player_view)
        self.player_view.show()
        self.player_view.raise_()
        return self.player_view

    def _fill_screens(self) -> None:
        self.screens_menu.clear()
        for index, screen in enumerate(QGuiApplication.screens()):
            size = screen.geometry().size()
            label = f"{index + 1}: {screen.name() or 'screen'} ({size.width()} x {size.height()})"
            action = self.screens_menu.addAction(menu_text(label))
            action.triggered.connect(lambda _=False, s=screen: self.open_player_view().show_on(s))

    def _set_following(self, on: bool) -> None:
        if self.player_view is not None:
            self.player_view.set_following(on)

    def _set_player_edits(self, on: bool) -> None:
        if self.player_view is not None:
            self.player_view.set_edits_allowed(on)
