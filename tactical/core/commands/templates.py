"""Commands that place, change and remove Aura / Area / Line templates."""

from __future__ import annotations

from tactical.core.changes import Change
from tactical.core.commands.base import Command
from tactical.core.encounter import Encounter
from tactical.core.templates import Template


class PlaceTemplate(Command):
    """Place a template, or replace the one with the same id (moving it)."""

    def __init__(self, template: Template) -> None:
        self.template = template
        self.before: Template | None = None
        self.text = f"Place {template.kind} {template.size}"

    def do(self, encounter: Encounter) -> None:
        self.before = encounter.templates.get(self.template.id)
        encounter.templates[self.template.id] = self.template
        encounter.notify(Change("templates", frozenset((self.template.id,))))

    def undo(self, encounter: Encounter) -> None:
        if self.before is None:
            del encounter.templates[self.template.id]
        else:
            encounter.templates[self.template.id] = self.before
        encounter.notify(Change("templates", frozenset((self.template.id,))))


class RemoveTemplate(Command):
    def __init__(self, template_id: str) -> None:
        self.template_id = template_id
        self.removed: Template | None = None
        self.index = 0
        self.text = "Remove template"

    def do(self, encounter: Encounter) -> None:
        self.index = list(encounter.templates).index(self.template_id)
        self.removed = encounter.templates.pop(self.template_id)
        encounter.notify(Change("templates", frozenset((self.template_id,))))

    def undo(self, encounter: Encounter) -> None:
        assert self.removed is not None
        items = list(encounter.templates.items())
        items.insert(self.index, (self.template_id, self.removed))
        encounter.templates = dict(items)
        encounter.notify(Change("templates", frozenset((self.template_id,))))
