"""Commands that edit an area map: add, reshape, rename and remove areas, and links."""

from __future__ import annotations

from tactical.core.areas import Area, AreaLink, AreaMap
from tactical.core.changes import Change
from tactical.core.commands.base import Command
from tactical.core.encounter import Encounter


def _areas(encounter: Encounter) -> AreaMap:
    area_map = encounter.area_map
    if area_map is None:
        raise TypeError("this edit needs an area map")
    return area_map


class PutArea(Command):
    """Add an area, or replace the one with the same id (reshape, rename, retag)."""

    def __init__(self, area: Area) -> None:
        self.area = area
        self.before: Area | None = None
        self.index: int | None = None
        self.text = f"Edit area {area.name}"

    def do(self, encounter: Encounter) -> None:
        area_map = _areas(encounter)
        ids = list(area_map.areas)
        self.index = ids.index(self.area.id) if self.area.id in ids else None
        self.before = area_map.put_area(self.area, self.index)
        encounter.notify(Change("areas", frozenset((self.area.id,))))

    def undo(self, encounter: Encounter) -> None:
        area_map = _areas(encounter)
        if self.before is None:
            area_map.remove_area(self.area.id)
        else:
            area_map.put_area(self.before, self.index)
        encounter.notify(Change("areas", frozenset((self.area.id,))))


class RemoveArea(Command):
    """Remove an area. Tokens standing in it are taken off the map and put back on undo."""

    def __init__(self, area_id: str) -> None:
        self.area_id = area_id
        self.removed: tuple[Area, int] | None = None
        self.displaced: list[str] = []
        self.text = f"Remove area {area_id}"

    def do(self, encounter: Encounter) -> None:
        self.removed = _areas(encounter).remove_area(self.area_id)
        self.displaced = [t.id for t in encounter.tokens_in_area(self.area_id)]
        for token_id in self.displaced:
            encounter.tokens[token_id].position = None
        encounter.notify(Change("areas", frozenset((self.area_id,))))
        if self.displaced:
            encounter.notify(Change("tokens", frozenset(self.displaced)))

    def undo(self, encounter: Encounter) -> None:
        assert self.removed is not None
        area, index = self.removed
        _areas(encounter).put_area(area, index)
        for token_id in self.displaced:
            encounter.tokens[token_id].position = self.area_id
        encounter.notify(Change("areas", frozenset((self.area_id,))))
        if self.displaced:
            encounter.notify(Change("tokens", frozenset(self.displaced)))


class SetAreaLinks(Command):
    """Replace the explicit added and cut links between areas."""

    def __init__(self, links: list[AreaLink]) -> None:
        self.links = list(links)
        self.before: list[AreaLink] = []
        self.text = "Edit area links"

    def do(self, encounter: Encounter) -> None:
        self.before = _areas(encounter).set_links(self.links)
        encounter.notify(Change("areas"))

    def undo(self, encounter: Encounter) -> None:
        _areas(encounter).set_links(self.before)
        encounter.notify(Change("areas"))
