"""Player view > Show the map's name to players: the GM's choice, one undoable step.

A map's name may give its secret away ("Crypt of the Hollow Saint"), so every
players' output (the TV's title, the phones, a players' print, picture and PDF
title) shows it only while this is ticked (:mod:`tactical.share.players`); until
then they read "Players' view". The choice is saved with the encounter, so a file
the GM never ticked shows the players nothing of its name.
"""

from __future__ import annotations

from PySide6.QtGui import QAction

from tactical.app.window.action_registry import Place
from tactical.app.window.services import Services
from tactical.core.changes import GM
from tactical.core.commands.name_shown import ShowNameToPlayers

ACTION_ID = "player.show-name"


class MapNameChoice:
    """The checkable entry, kept in step with the encounter (undo, redo, another file)."""

    def __init__(self, services: Services) -> None:
        self.services = services
        self.action = QAction("Show the map's name to pla&yers", services.window())
        self.action.setCheckable(True)
        self.action.setStatusTip(
            "Let the TV, the phones and the players' prints show the map's name "
            "(unticked, they read: Players' view)"
        )
        self.action.triggered.connect(self.choose)
        registry = services.action_registry
        registry.add(ACTION_ID, self.action, menu=Place("player", "4_labels", 10))
        document = services.document
        document.changes_done.connect(self.refresh)
        document.encounter_replaced.connect(self.refresh)
        self.refresh()

    def refresh(self, *_: object) -> None:
        """Tick the entry as the encounter has it."""
        self.action.setChecked(self.services.document.encounter.show_name_to_players)

    def choose(self, on: bool) -> None:
        """The GM ticked or unticked the entry: one undoable step (nothing when unchanged)."""
        document = self.services.document
        if bool(on) != document.encounter.show_name_to_players:
            document.push(ShowNameToPlayers(bool(on)), GM)
        self.refresh()


def install_map_name_choice(services: Services) -> MapNameChoice:
    """Add Player view > Show the map's name to players to the window of ``services``."""
    return MapNameChoice(services)
