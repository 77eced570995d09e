"""Commands that add pictures to an encounter and lay one under the map."""

from __future__ import annotations

from tactical.core.changes import Change
from tactical.core.commands.base import Command
from tactical.core.encounter import Encounter
from tactical.core.pictures import Background, Picture


class AddPicture(Command):
    """Put a picture in the encounter's table; adding one already there changes nothing.

    Pictures are keyed by id (for embedded ones a hash of the bytes, see
    :func:`tactical.core.pictures.picture_id`), so the same art added twice is
    stored once and its undo leaves the first copy in place.
    """

    def __init__(self, picture: Picture) -> None:
        self.picture = picture
        self.added = False
        self.text = "Add picture"

    def do(self, encounter: Encounter) -> None:
        self.added = self.picture.id not in encounter.pictures
        if self.added:
            encounter.pictures[self.picture.id] = self.picture
            encounter.notify(Change("pictures", frozenset({self.picture.id})))

    def undo(self, encounter: Encounter) -> None:
        if self.added:
            del encounter.pictures[self.picture.id]
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
