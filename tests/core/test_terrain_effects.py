"""001: "A particular character can only have one Terrain Effect in place at a time: if they
create a new one any previously placed Terrain Effects disappear." (one undo step)."""

from __future__ import annotations

from tactical.core import Encounter, GridMap, Token
from tactical.core.commands import UndoStack, place_template
from tactical.core.templates import Template


def fight() -> tuple[Encounter, UndoStack]:
    encounter = Encounter(
        GridMap(8, 8),
        [Token("kara", "Kara", "pcs", (1, 1)), Token("oz", "Oz", "npcs", (6, 6))],
        templates=[
            Template("fire", "area", 2, token_id="kara", origin=(2, 2), terrain_effect=True),
            Template("mark", "area", 1, token_id="kara", origin=(0, 5)),
            Template("mud", "area", 2, token_id="oz", origin=(5, 2), terrain_effect=True),
        ],
    )
    return encounter, UndoStack(encounter)


def test_a_new_terrain_effect_removes_its_creators_earlier_one_in_one_undo_step() -> None:
    encounter, stack = fight()
    ice = Template("ice", "line", 3, token_id="kara", origin=(2, 1), direction=(1, 0))
    ice.terrain_effect = True
    stack.push(place_template(encounter, ice))
    # Kara's fire disappears; her plain template and Oz's Terrain Effect stay.
    assert list(encounter.templates) == ["mark", "mud", "ice"]
    assert len(stack.done) == 1
    stack.undo()
    assert list(encounter.templates) == ["fire", "mark", "mud"]  # back in its place
    stack.redo()
    assert list(encounter.templates) == ["mark", "mud", "ice"]


def test_templates_that_are_no_terrain_effect_remove_nothing() -> None:
    encounter, stack = fight()
    stack.push(place_template(encounter, Template("wall", "area", 1, "kara", origin=(4, 4))))
    assert list(encounter.templates) == ["fire", "mark", "mud", "wall"]


def test_moving_a_terrain_effect_is_not_a_second_one() -> None:
    encounter, stack = fight()
    moved = Template("fire", "area", 2, token_id="kara", origin=(3, 3), terrain_effect=True)
    stack.push(place_template(encounter, moved))
    assert list(encounter.templates) == ["fire", "mark", "mud"]
    assert encounter.templates["fire"].origin == (3, 3)
