"""The palette's edits that are not "add a token": copies and sides, each one undo step."""

from __future__ import annotations

import copy
import re

from tactical.app.encounter.limits import MAX_ID, MAX_NAME
from tactical.core.commands import AddToken, Batch, Command
from tactical.core.commands.sides import AddSide, SetSide
from tactical.core.encounter import Encounter
from tactical.core.placement import free_corner
from tactical.core.sides import Side
from tactical.core.token_names import new_id, next_numbered_name
from tactical.core.tokens import Position

COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")


def duplicate_command(encounter: Encounter, token_ids: list[str]) -> tuple[Command, list[str]]:
    """Copies of tokens, each named with the next free number and set beside its original."""
    names = [t.name for t in encounter.tokens.values()]
    taken_ids = set(encounter.tokens)
    planned = copy.copy(encounter.tokens)  # copies placed so far count as taken squares
    commands: list[Command] = []
    new_ids: list[str] = []
    scratch = Encounter(encounter.map, [], list(encounter.sides.values()))
    for token_id in token_ids:
        original = encounter.tokens.get(token_id)
        if original is None:
            continue
        name = next_numbered_name(original.name, names)[:MAX_NAME]
        names.append(name)
        twin = copy.deepcopy(original)
        twin.id = new_id(taken_ids, name, MAX_ID)
        twin.name = name
        taken_ids.add(twin.id)
        position: Position = original.position
        if original.square is not None:
            scratch.tokens = dict(planned)
            position = free_corner(scratch, original.square, original.size)
        twin.position = position
        planned[twin.id] = twin
        commands.append(AddToken(twin))
        new_ids.append(twin.id)
    text = f"Duplicate {len(new_ids)} tokens" if len(new_ids) != 1 else "Duplicate token"
    return Batch(text, commands), new_ids


def add_side_command(encounter: Encounter, name: str, colour: str) -> tuple[Command, str]:
    """A new side (ValueError for an empty or over-long name, or a bad colour)."""
    name = name.strip()
    if not name or len(name) > MAX_NAME:
        raise ValueError(f"a side's name must be 1 to {MAX_NAME} characters long")
    if not COLOUR.match(colour):
        raise ValueError("a side's colour is #rrggbb")
    side = Side(new_id(encounter.sides, name, MAX_ID), name, colour.lower())
    return AddSide(side), side.id


def rename_side_command(side_id: str, name: str) -> Command:
    name = name.strip()
    if not name or len(name) > MAX_NAME:
        raise ValueError(f"a side's name must be 1 to {MAX_NAME} characters long")
    return SetSide(side_id, "name", name)


def recolour_side_command(side_id: str, colour: str) -> Command:
    if not COLOUR.match(colour):
        raise ValueError("a side's colour is #rrggbb")
    return SetSide(side_id, "color", colour.lower())
