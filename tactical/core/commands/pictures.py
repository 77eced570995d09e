"""Commands that add pictures to an encounter and lay one under the map."""

from __future__ import annotations

from dataclasses import replace

from tactical.core.changes import Change
from tactical.core.commands.base import Command
from tactical.core.encounter import Encounter
from tactical.core.pictures import Background, Picture


class AddPicture(Command):
    """Put a picture in the encounter's table; adding one already there keeps the first.

    Pictures are keyed by id (for embedded ones a hash of the bytes, see
    :func:`tactical.core.pictures.picture_id`), so the same art added twice is
    stored once, under its first name, and its undo leaves the first copy in
    place. The one change to a picture already there: one that came without a
    name (from a version 3 file) takes the name of the same picture coming in
    again (the GM chose its file), and the undo takes that name away again.
    """

    def __init__(self, picture: Picture) -> None:
        self.picture = picture
        self.before: Picture | None = None
        """The entry the table had under this id (None: there was none)."""
        self.changed = False
        self.text = "Add picture"

    def do(self, encounter: Encounter) -> None:
        self.before = encounter.pictures.get(self.picture.id)
        if self.before is None:
            encounter.pictures[self.picture.id] = self.picture
        elif not self.before.name and self.picture.name:
            encounter.pictures[self.picture.id] = replace(self.before, name=self.picture.name)
        else:
            self.changed = False
            return
        self.changed = True
        encounter.notify(Change("pictures", frozenset({self.picture.id})))

    def undo(self, encounter: Encounter) -> None:
        if not self.changed:
            return
        if self.before is None:
            del encounter.pictures[self.picture.id]
        else:
            encounter.pictures[self.picture.id] = self.before
        encounter.notify(Change("pictures", frozenset({self.picture.id})))


class SetBackground(Command):
    """Lay a picture under the map, realign it, or take it away (None).

    Consecutive edits with the same ``gesture`` (one drag of the alignment box,
    one move of the opacity slider) merge into one undo entry.
    """

    def __init__(
        self, background: Background | None, *, text: str = "", gesture: object | None = None
    ) -> None:
        self.background = background
        self.before: Background | None = None
        self.text = text or ("Remove background" if background is None else "Set background")
        self.merge_key = ("background", gesture) if gesture is not None else None

    def do(self, encounter: Encounter) -> None:
        self.before = encounter.background
        encounter.background = self.background
        encounter.notify(Change("background"))

    def undo(self, encounter: Encounter) -> None:
        encounter.background = self.before
        encounter.notify(Change("background"))

    def merge(self, other: Command) -> bool:
        if not isinstance(other, SetBackground):
            return False
        self.background = other.background
        return True
