"""The template tool's "Terrain Effect of <token>" choice (001: one Terrain Effect at a time).

001: "A particular character can only have one Terrain Effect in place at a time: if they
create a new one any previously placed Terrain Effects disappear."
"""

from __future__ import annotations

from PySide6.QtCore import Qt

from tactical.app.map.geometry import CELL
from tactical.app.map.interaction.events import Pointer
from tactical.app.map.interaction.templates import TemplatePlacer
from tactical.app.window.terrain_effect_choice import choice_text
from tactical.core.changes import GM
from tactical.core.commands import PlaceTemplate, UndoStack
from tactical.core.templates import Template

from .conftest import small_grid
from .test_drag_view import screen


def at(col: float, row: float) -> Pointer:
    return Pointer((col + 0.5) * CELL, (row + 0.5) * CELL, left=True)


def test_the_placer_marks_the_effect_and_says_what_disappears() -> None:
    encounter = small_grid()
    stack = UndoStack(encounter)
    placer = TemplatePlacer(lambda: encounter, "area", 1, range_=6, user_id="hero")
    placer.terrain_effect = True
    first = placer.click(at(2, 4))
    assert first.reason == "Area 1: nobody (Terrain Effect of Hero)"
    assert first.command is not None
    stack.push(first.command)
    assert encounter.templates["template-1"].terrain_effect
    hover = placer.preview(at(1, 4))
    assert hover is not None
    assert hover.hint == "Here: Area 1: Orc (Terrain Effect of Hero; the earlier one disappears)"
    second = placer.click(at(1, 4))
    assert second.command is not None
    stack.push(second.command)
    assert list(encounter.templates) == ["template-2"]
    stack.undo()
    assert list(encounter.templates) == ["template-1"]
    # Another token's Terrain Effect leaves Hero's alone.
    placer.user_id = "orc"
    third = placer.click(at(1, 4))
    assert third.reason == "Area 1: Orc (Terrain Effect of Orc)"
    assert third.command is not None
    stack.push(third.command)
    assert list(encounter.templates) == ["template-1", "template-2"]


def test_without_the_choice_templates_pile_up_as_before() -> None:
    encounter = small_grid()
    stack = UndoStack(encounter)
    placer = TemplatePlacer(lambda: encounter, "area", 1, range_=6, user_id="hero")
    for col in (2, 3):
        preview = placer.click(at(col, 4))
        assert preview.command is not None
        stack.push(preview.command)
    assert list(encounter.templates) == ["template-1", "template-2"]
    assert not any(t.terrain_effect for t in encounter.templates.values())


def test_the_choice_in_the_window_names_the_selected_token_and_replaces_in_one_undo(
    make_window, qtbot
) -> None:
    window = make_window()
    box = window.terrain_effect_choice.box
    assert box.text() == "Terrain Effect"
    actions = window.template_options.bar.actions()
    label = next(
        i
        for i, a in enumerate(actions)
        if window.template_options.bar.widgetForAction(a) is window.template_options.label
    )
    assert (
        window.template_options.bar.widgetForAction(actions[label + 1]) is box
    )  # beside the label field
    viewport = window.view.viewport()
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=screen(window, 1, 1))
    assert box.text() == "Terrain Effect of Hero"
    window.map_tools.template_action.trigger()
    window.template_options.kind.setCurrentText("Area")
    window.template_options.size.setValue(1)
    box.setChecked(True)
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=screen(window, 2, 4))
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=screen(window, 1, 4))
    encounter = window.document.encounter
    assert list(encounter.templates) == ["template-2"]
    assert window.scene.affected_by_templates() == {"orc"}
    window.document.undo_stack.undo()
    assert list(encounter.templates) == ["template-1"]
    window.template_options.kind.setCurrentText("Aura")
    assert box.text() == "Terrain Effect"


def test_a_name_with_an_ampersand_is_shown_literally() -> None:
    assert choice_text("Salt & Pepper") == "Terrain Effect of Salt && Pepper"


def test_removing_a_token_removes_its_terrain_effect_in_the_same_step(make_window) -> None:
    window = make_window()
    document = window.document
    fire = Template("fire", "area", 2, token_id="hero", origin=(4, 4), terrain_effect=True)
    document.push(PlaceTemplate(fire), GM)
    document.push(PlaceTemplate(Template("mark", "area", 1, origin=(0, 6))), GM)
    window.token_edits.remove_tokens(["hero"])
    assert list(document.encounter.templates) == ["mark"]
    document.undo_stack.undo()
    assert list(document.encounter.templates) == ["fire", "mark"]


def test_a_long_name_is_shortened_on_the_tools_bar() -> None:
    assert choice_text("Brug the hill ogre") == "Terrain Effect of Brug the hill ogre"
    long_name = "Grak, goblin chief of the Broken Tooth clan"
    assert choice_text(long_name) == "Terrain Effect of Grak, goblin chief\N{HORIZONTAL ELLIPSIS}"
