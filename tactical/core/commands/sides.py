"""Commands that add sides and change a side's name or colour (the token palette's)."""

from __future__ import annotations

from tactical.core.changes import Change
from tactical.core.commands.base import Command
from tactical.core.encounter import Encounter, EncounterError
from tactical.core.sides import Side

SIDE_FIELDS = {"name", "color"}


class AddSide(Command):
    """Add a new side at the end of the encounter's sides."""

    def __init__(self, side: Side) -> None:
        self.side = side
        self.text = f"Add side {side.name}"

    def do(self, encounter: Encounter) -> None:
        if self.side.id in encounter.sides:
            raise EncounterError(f"two sides have the id '{self.side.id}'")
        encounter.sides[self.side.id] = self.side
        encounter.notify(Change("sides", frozenset({self.side.id})))

    def undo(self, encounter: Encounter) -> None:
        encounter.sides.pop(self.side.id, None)
        encounter.notify(Change("sides", frozenset({self.side.id})))


class SetSide(Command):
    """Rename a side (``field="name"``) or give it another colour (``field="color"``)."""

    def __init__(self, side_id: str, field: str, value: str) -> None:
        if field not in SIDE_FIELDS:
            raise ValueError(f"'{field}' is not an editable side field")
        self.side_id = side_id
        self.field = field
        self.value = value
        self.before = ""
        self.text = "Rename side" if field == "name" else "Recolour side"

    def do(self, encounter: Encounter) -> None:
        side = encounter.sides[self.side_id]
        self.before = getattr(side, self.field)
        setattr(side, self.field, self.value)
        encounter.notify(Change("sides", frozenset({self.side_id})))

    def undo(self, encounter: Encounter) -> None:
        setattr(encounter.sides[self.side_id], self.field, self.before)
        encounter.notify(Change("sides", frozenset({self.side_id})))
