"""Placing Aura / Area / Line templates: the engine's placement rule, highlighted tokens, undo."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from tactical.app.map.geometry import CELL
from tactical.app.map.interaction.events import Pointer
from tactical.app.map.interaction.templates import (
    TemplatePlacer,
    needs_user,
    no_user_message,
    snap_direction,
)
from tactical.core.commands import MoveToken, UndoStack
from tactical.persistence import load_encounter

from .conftest import small_areas, small_grid
from .test_drag_view import screen


def at(col: float, row: float) -> Pointer:
    return Pointer((col + 0.5) * CELL, (row + 0.5) * CELL, left=True)


def test_area_is_centred_on_the_pointer_and_lists_who_it_hits() -> None:
    encounter = small_grid()
    placer = TemplatePlacer(lambda: encounter, "area", 3, range_=6, user_id="hero")
    preview = placer.preview(at(2, 4))
    assert preview is not None and preview.ok
    assert preview.template is not None and preview.template.origin == (1, 3)
    assert set(preview.footprint) == {(c, r) for c in (1, 2, 3) for r in (3, 4, 5)}
    assert preview.affected == ["orc"]
    assert placer.preview(Pointer(2.9 * CELL, 4.1 * CELL)) is None  # same square


def test_out_of_range_placement_is_refused_by_the_engine() -> None:
    encounter = small_grid()
    placer = TemplatePlacer(lambda: encounter, "area", 1, range_=3, user_id="hero")
    preview = placer.click(at(8, 7))
    assert not preview.ok and preview.command is None
    assert preview.reason == "Refused: no square of it is within range 3."
    assert placer.click(at(4, 4)).ok  # distance 3 from (1, 1)


def test_range_zero_needs_the_users_own_space() -> None:
    encounter = small_grid()
    placer = TemplatePlacer(lambda: encounter, "area", 2, range_=0, user_id="hero")
    assert not placer.click(at(3, 3)).ok
    assert placer.click(at(1, 1)).ok


def test_line_runs_from_the_token_towards_the_pointer() -> None:
    encounter = small_grid()
    placer = TemplatePlacer(lambda: encounter, "line", 3, range_=1, user_id="hero")
    preview = placer.click(at(6, 1))
    assert preview.ok and preview.template is not None
    assert preview.template.origin == (2, 1) and preview.template.direction == (1, 0)
    assert set(preview.footprint) == {(2, 1), (3, 1), (4, 1)}
    assert preview.affected == ["ally"]
    diagonal = placer.click(at(4, 4))
    assert diagonal.template is not None and diagonal.template.direction == (1, 1)
    assert set(diagonal.footprint) == {(2, 2), (3, 3), (4, 4)}


def test_aura_surrounds_the_token_and_follows_it() -> None:
    encounter = small_grid()
    placer = TemplatePlacer(lambda: encounter, "aura", 2)
    preview = placer.click(at(1, 1), hovered_token="hero")
    assert preview.ok and preview.command is not None
    assert (1, 1) not in preview.footprint  # the hole in the middle (001)
    assert preview.affected == ["ally"]
    stack = UndoStack(encounter)
    stack.push(preview.command)
    stack.push(MoveToken("hero", (1, 5)))
    from tactical.app.encounter import engine

    footprint = engine.template_footprint(encounter, encounter.templates["template-1"])
    assert engine.tokens_in_footprint(encounter, footprint) == ["orc"]


def test_a_template_needs_its_user() -> None:
    encounter = small_grid()
    preview = TemplatePlacer(lambda: encounter, "area", 2, range_=3).click(at(2, 2))
    assert not preview.ok and preview.reason == "Select the token that makes the area first."


def test_area_map_templates_cover_one_area() -> None:
    encounter = small_areas()
    placer = TemplatePlacer(lambda: encounter, "area", 1, range_=1, user_id="brawler")
    preview = placer.click(Pointer(6 * CELL, 1 * CELL))
    assert preview.ok and set(preview.footprint) == {"floor"}
    assert preview.affected == ["bouncer", "drunk"]
    far = placer.click(Pointer(10 * CELL, 1 * CELL))
    assert not far.ok and far.reason == "Refused: it is more than 1 areas away."


def test_snap_direction() -> None:
    assert snap_direction(5, 0.4) == (1, 0)
    assert snap_direction(-3, -3.2) == (-1, -1)
    assert snap_direction(0, 0) is None


def test_place_a_template_in_the_window_and_read_the_highlighted_tokens(
    make_window, qtbot, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    viewport = window.view.viewport()
    qtbot.mouseClick(
        viewport, Qt.MouseButton.LeftButton, pos=screen(window, 1, 1)
    )  # select the hero
    assert window.token_edits.selected() == ["hero"]
    window.map_tools.template_action.trigger()
    window.template_options.kind.setCurrentText("Area")
    window.template_options.size.setValue(3)
    window.template_options.range.setValue(6)
    qtbot.mouseMove(viewport, screen(window, 2, 4))
    assert window.scene.template_preview.isVisible()
    assert window.scene.template_preview.affected == {"orc"}
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=screen(window, 2, 4))
    assert list(window.document.encounter.templates) == ["template-1"]
    assert window.scene.affected_by_templates() == {"orc"}
    assert window.document.undo_stack.undoText() == "Place area 3"
    window.files.ask_save_path = lambda: str(tmp_path / "t.tactical.json")
    assert window.files.save()
    assert "template-1" in load_encounter(tmp_path / "t.tactical.json").templates  # persists
    window.token_edits.remove_template("template-1")
    assert window.scene.template_items == {}
    window.document.undo_stack.undo()
    assert window.scene.affected_by_templates() == {"orc"}
    window.document.undo_stack.undo()
    assert window.document.encounter.templates == {}


def test_after_placing_the_preview_reads_as_a_preview_and_placed_stays_a_moment(
    make_window, qtbot
) -> None:  # type: ignore[no-untyped-def]
    """Reviewer: moving on after a placement replaced "Placed Area 2" with "Refused: ..."."""
    window = make_window()
    viewport = window.view.viewport()
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=screen(window, 1, 1))
    window.map_tools.template_action.trigger()
    window.template_options.kind.setCurrentText("Area")
    window.template_options.size.setValue(1)
    window.template_options.range.setValue(3)
    now = [100.0]
    window.map_tools.template_tool.clock = lambda: now[0]
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=screen(window, 2, 2))
    assert window.statusBar().currentMessage() == "Placed Area 1: nobody"
    qtbot.mouseMove(viewport, screen(window, 8, 7))  # out of range, a second later
    now[0] += 1.0
    qtbot.mouseMove(viewport, screen(window, 9, 7))
    assert window.statusBar().currentMessage() == "Placed Area 1: nobody"
    assert (
        window.map_tools.template_tool.last is not None
        and not window.map_tools.template_tool.last.ok
    )
    now[0] += 5.0
    qtbot.mouseMove(viewport, screen(window, 8, 6))
    assert window.statusBar().currentMessage() == (
        "Here it would be refused: no square of it is within range 3."
    )
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=screen(window, 8, 6))
    assert window.statusBar().currentMessage() == "Refused: no square of it is within range 3."
    assert len(window.document.encounter.templates) == 1


def test_choosing_templates_without_a_selected_token_says_area_and_line_need_one(
    make_window,
) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    window.scene.clearSelection()
    window.template_options.kind.setCurrentText("Area")
    window.map_tools.template_action.trigger()
    assert window.statusBar().currentMessage() == (
        "No token selected: an Area is made by a token. "
        "Press V, click the token that makes it, then T."
    )
    window.map_tools.select_action.trigger()
    window.statusBar().clearMessage()
    window.template_options.kind.setCurrentText("Aura")
    window.map_tools.template_action.trigger()
    assert window.statusBar().currentMessage() == ""  # an aura needs no selection


def test_the_preview_hint_and_the_missing_user_message() -> None:
    encounter = small_grid()
    placer = TemplatePlacer(lambda: encounter, "area", 1, range_=3, user_id="hero")
    far, near = placer.click(at(8, 7)), placer.click(at(1, 4))
    assert far.hint == "Here it would be refused: no square of it is within range 3."
    assert near.hint == "Here: Area 1: Orc" and near.reason == "Area 1: Orc"
    assert no_user_message("line").startswith("No token selected: a Line is made by a token.")
    assert needs_user("area") and needs_user("line") and not needs_user("aura")
