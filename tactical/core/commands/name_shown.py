"""Show the map's name to the players, or keep it the GM's: one undoable command.

The name may give a secret away ("Crypt of the Hollow Saint"), so the players'
screens and prints show it only after the GM says so (:mod:`tactical.share.players`).
"""

from __future__ import annotations

from tactical.core.changes import Change
from tactical.core.commands.base import Command
from tactical.core.encounter import Encounter

SHOW_TEXT = "Show the map's name to players"
HIDE_TEXT = "Keep the map's name from players"


class ShowNameToPlayers(Command):
    """Set :attr:`Encounter.show_name_to_players` to ``on`` (undo puts back what was there)."""

    def __init__(self, on: bool) -> None:
        self.on = on
        self.before = False
        self.text = SHOW_TEXT if on else HIDE_TEXT

    def do(self, encounter: Encounter) -> None:
        self.before = encounter.show_name_to_players
        encounter.show_name_to_players = self.on
        encounter.notify(Change("meta"))

    def undo(self, encounter: Encounter) -> None:
        encounter.show_name_to_players = self.before
        encounter.notify(Change("meta"))
