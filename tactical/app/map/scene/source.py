"""What a map scene reads of the document it draws: the GM's document, or the players' relay.

The GM's :class:`~tactical.app.encounter.document.EncounterDocument` is one
source; the scene shown to players (:mod:`tactical.app.players.shown_scene`) is
another, which the player view, its fight summary and the phones read while the
GM may look at another scene. A scene and its layers read only this much.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from PySide6.QtCore import SignalInstance

from tactical.core.changes import Initiator
from tactical.core.commands.base import Command
from tactical.core.encounter import Encounter
from tactical.core.tokens import Token


class MapSource(Protocol):
    """An encounter with its change sets, its file's folder and what the procedure marks."""

    @property
    def encounter(self) -> Encounter: ...

    @property
    def path(self) -> Path | None:
        """The file's path (pictures named by path are read beside it)."""
        ...

    @property
    def acting(self) -> set[str]: ...

    @property
    def targets(self) -> set[str]: ...

    @property
    def public_targets(self) -> set[str]:
        """The targets of revealed actions: the only targets a players' scene shows."""
        ...

    @property
    def changes_done(self) -> SignalInstance:
        """One :class:`~tactical.core.changes.ChangeSet` per edit, undo, redo or operation."""
        ...

    @property
    def encounter_replaced(self) -> SignalInstance:
        """Another encounter is read from now on (a file opened, another scene shown)."""
        ...

    @property
    def highlights_changed(self) -> SignalInstance: ...


class EditedSource(MapSource, Protocol):
    """A source a tool may edit: a drag's budget, and a push with its initiator."""

    def move_budget(self, token: Token) -> int | None: ...

    def push(self, command: Command, initiator: Initiator) -> None: ...
