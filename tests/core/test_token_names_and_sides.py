"""Numbered copies' names, free corners for new tokens, side commands with undo."""

from __future__ import annotations

from tactical.core.commands import UndoStack
from tactical.core.commands.sides import AddSide, SetSide
from tactical.core.encounter import Encounter
from tactical.core.grid import GridMap
from tactical.core.placement import free_corner
from tactical.core.sides import Side
from tactical.core.token_names import base_name, next_numbered_name
from tactical.core.tokens import Token


def test_copies_take_the_next_free_number() -> None:
    assert base_name("Goblin 12") == "Goblin"
    assert next_numbered_name("Goblin", ["Goblin"]) == "Goblin 2"
    assert next_numbered_name("Goblin 1", ["Goblin 1"]) == "Goblin 2"
    assert next_numbered_name("Goblin 3", ["Goblin 1", "Goblin 3"]) == "Goblin 2"
    assert next_numbered_name("Goblin", ["Goblin 1", "Goblin 2", "Goblin archer"]) == "Goblin 3"
    assert next_numbered_name("Orc", []) == "Orc 1"


def test_a_free_corner_skips_tokens_and_impassable_squares() -> None:
    grid = GridMap.from_text("0 0 0 0\n0 0x 0 0\n0 0 0 0")
    encounter = Encounter(grid, [Token("a", "A", "pcs", (0, 0))])
    assert free_corner(encounter, (0, 0)) == (1, 0)
    assert free_corner(encounter, (1, 1)) == (1, 0)  # (1, 1) is impassable; row by row
    assert free_corner(encounter, (0, 0), size=2) == (2, 0)
    assert free_corner(encounter, (0, 0), size=4) is None


def test_sides_are_added_renamed_and_recoloured_with_undo() -> None:
    encounter = Encounter(GridMap.from_text("0 0"), [Token("a", "A", "npcs", (0, 0))])
    heard: list[str] = []
    encounter.subscribe(lambda change: heard.append(change.kind))
    stack = UndoStack(encounter)
    stack.push(AddSide(Side("rats", "Rats", "#228b22")))
    stack.push(SetSide("npcs", "name", "Bandits"))
    stack.push(SetSide("npcs", "color", "#000000"))
    assert (encounter.sides["npcs"].name, encounter.sides["npcs"].color) == ("Bandits", "#000000")
    assert list(encounter.sides) == ["pcs", "npcs", "rats"]
    for _ in range(3):
        stack.undo()
    assert list(encounter.sides) == ["pcs", "npcs"]
    assert encounter.sides["npcs"] == Side("npcs", "Non-player characters", "#d8432f")
    assert heard == ["sides"] * 6
