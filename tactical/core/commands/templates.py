"""Commands that place, change and remove Aura / Area / Line templates."""

from __future__ import annotations

from dataclasses import replace

from tactical.core.changes import Change
from tactical.core.commands.base import Batch, Command
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


def earlier_terrain_effects(encounter: Encounter, template: Template) -> list[str]:
    """Ids of the Terrain Effects ``template`` would replace: its creator's other ones."""
    if not template.terrain_effect or template.token_id is None:
        return []
    return [
        t.id
        for t in encounter.templates.values()
        if t.terrain_effect and t.token_id == template.token_id and t.id != template.id
    ]


def place_template(encounter: Encounter, template: Template) -> Command:
    """The command that places ``template``, keeping 001's Terrain Effect rule.

    001: "A particular character can only have one Terrain Effect in place at a
    time: if they create a new one any previously placed Terrain Effects
    disappear." A Terrain Effect of a token is placed together with the removal
    of that token's earlier ones, as one undo step; any other template is a
    plain :class:`PlaceTemplate`.
    """
    place = PlaceTemplate(template)
    earlier = earlier_terrain_effects(encounter, template)
    if not earlier:
        return place
    return Batch(place.text, [*(RemoveTemplate(t) for t in earlier), place])


def remove_tokens(encounter: Encounter, token_ids: list[str], text: str = "") -> Batch:
    """Remove tokens as one undo step, leaving no template naming a removed token.

    Auras and Terrain Effects go with the token that makes them; an Area or
    Line template the token placed stays on the map and forgets its creator
    (a file naming a missing token would refuse to save).
    """
    from tactical.core.commands.tokens import RemoveToken  # tokens does not import templates

    gone = set(token_ids)
    removed: list[Command] = []
    kept: list[Command] = []
    for template in encounter.templates.values():
        if template.token_id not in gone:
            continue
        if template.kind == "aura" or template.terrain_effect:
            removed.append(RemoveTemplate(template.id))
        else:
            kept.append(PlaceTemplate(replace(template, token_id=None)))
    if not text:
        text = "Remove token" if len(token_ids) == 1 else f"Remove {len(token_ids)} tokens"
    return Batch(text, [*removed, *kept, *(RemoveToken(t) for t in token_ids)])
