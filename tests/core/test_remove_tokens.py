"""Removing a token leaves a file that saves: no template names a removed token."""

from __future__ import annotations

from tactical.core.commands import UndoStack
from tactical.core.commands.templates import remove_tokens
from tactical.core.encounter import Encounter
from tactical.core.grid import GridMap
from tactical.core.templates import Template
from tactical.core.tokens import Token
from tactical.persistence import dumps_encounter, loads_encounter


def test_removing_the_maker_of_an_area_keeps_the_area_and_the_file_saves() -> None:
    encounter = Encounter(
        GridMap(8, 8),
        [Token("mage", "Mage", "pcs", (1, 1)), Token("orc", "Orc", "npcs", (5, 5))],
        templates=[
            Template("fire", "area", 2, token_id="mage", origin=(3, 3)),
            Template("glow", "aura", 1, token_id="mage"),
            Template("wall", "line", 3, token_id="orc", origin=(0, 7), direction=(1, 0)),
        ],
    )
    before = dumps_encounter(encounter)
    stack = UndoStack(encounter)
    stack.push(remove_tokens(encounter, ["mage"]))
    assert list(encounter.tokens) == ["orc"]
    assert list(encounter.templates) == ["fire", "wall"]
    assert encounter.templates["fire"].token_id is None
    assert encounter.templates["fire"].origin == (3, 3)
    reloaded = loads_encounter(dumps_encounter(encounter))  # it saves and opens again
    assert list(reloaded.templates) == ["fire", "wall"]
    stack.undo()
    assert dumps_encounter(encounter) == before
