"""The GM's side of scenes (issue 33): the Scenes dock, switching scenes, one history.

Each dock command is one undo step, and the list the GM sees is the evening's
after it and after its undo; a step done on another scene is undone there,
with the GM taken to that scene; each scene keeps its own fight; a file saved
after dock edits opens again with the same scenes in order.
"""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

from PySide6.QtCore import QModelIndex

from tactical.app.scenes.thumbnails import Thumbnails
from tactical.core.changes import GM
from tactical.core.commands import MoveToken
from tactical.core.evening import Evening, Scene
from tactical.persistence.evening_file import load_evening
from tests.app.conftest import small_areas, small_grid
from tests.app.panel.conftest import toy, toy_encounter  # noqa: F401 (a fixture)
from tests.persistence.uvtt_files import png


def evening_window(make_window: Any, path: Path | None = None) -> Any:
    grid, areas = small_grid(), small_areas()
    Evening([Scene("road", grid), Scene("tavern", areas)], shown="tavern")
    window = make_window(grid, path)
    window.scenes.dock.show()
    return window


def names(window: Any) -> list[str]:
    shown = window.scenes.dock.rows()
    assert shown == [s.name for s in window.document.evening.scenes]
    return shown


def test_each_dock_command_is_one_step_and_its_undo_gives_the_list_back(
    make_window: Any,
) -> None:
    window = evening_window(make_window)
    edits, stack = window.scenes.edits, window.document.undo_stack
    assert names(window) == ["Small grid", "Small tavern"]
    edits.ask_grid_size = lambda parent: (12, 9, 5)
    grid, copy, tavern = "Small grid", "Small grid (copy)", "Small tavern"
    steps = [
        (edits.new_grid_scene, [grid, "Scene 3", tavern]),
        (lambda: edits.duplicate("road"), [grid, copy, "Scene 3", tavern]),
        (edits.new_area_scene, [grid, "Scene 5", copy, "Scene 3", tavern]),
    ]
    edits.ask_name = lambda name: "<b>Crypt</b>"
    edits.ask_delete = lambda name: True
    for run, after in steps:
        edits.open("road")  # a new scene comes after the GM's
        before = names(window)
        count = stack.count()
        run()
        assert names(window) == after and stack.count() == count + 1
        added = next(name for name in after if name not in before)
        assert window.document.encounter.name == added  # opened for the GM
        stack.undo()
        assert names(window) == before
        stack.redo()
        assert names(window) == after
    before = names(window)
    for run, after in [
        (lambda: edits.rename("tavern"), [*before[:-1], "<b>Crypt</b>"]),
        (lambda: edits.move(-1, "tavern"), [*before[:3], "<b>Crypt</b>", before[3]]),
        (lambda: edits.delete("road"), [before[1], before[2], "<b>Crypt</b>", before[3]]),
    ]:
        start = names(window)
        run()
        assert names(window) == after
        stack.undo()
        assert names(window) == start
        stack.redo()
        assert names(window) == after
    assert window.scenes.dock.list.item(2).text() == "<b>Crypt</b>"  # plain text


def test_the_last_scene_is_never_deleted(make_window: Any) -> None:
    window = make_window(small_grid())
    window.scenes.edits.ask_delete = lambda name: True
    assert not window.scenes.edits.delete()
    assert len(window.document.evening.scenes) == 1


def test_undoing_a_step_of_another_scene_does_it_there_and_takes_the_gm_there(
    make_window: Any, qtbot: Any
) -> None:
    window = evening_window(make_window)
    document = window.document
    road = document.encounter
    document.push(MoveToken("hero", (2, 1)), GM)
    assert window.scenes.edits.open("tavern")
    tavern = document.encounter
    assert window.scene.document.encounter is tavern and "Small tavern" in window.windowTitle()
    document.push(MoveToken("brawler", "floor"), GM)
    document.undo_stack.undo()
    assert tavern.tokens["brawler"].position == "bar" and document.encounter is tavern
    document.undo_stack.undo()  # the road's step: done on the road, the GM taken there
    assert document.encounter is road and road.tokens["hero"].square == (1, 1)
    assert tavern.tokens["brawler"].position == "bar"
    qtbot.waitUntil(lambda: "on the scene Small grid" in window.statusBar().currentMessage())
    assert "Small grid" in window.windowTitle()
    document.undo_stack.redo()
    assert road.tokens["hero"].square == (2, 1)


def test_switching_keeps_the_history_and_each_scene_its_zoom(make_window: Any) -> None:
    window = evening_window(make_window)
    document, view = window.document, window.view
    document.push(MoveToken("hero", (2, 1)), GM)
    view.zoom_by(2.0)
    zoom = view.zoom
    following = window.scenes.actions["next"]
    assert following.shortcut().toString() == "Ctrl+PgDown"
    following.trigger()
    assert document.encounter.name == "Small tavern"
    assert document.undo_stack.count() == 1 and document.modified
    window.scenes.actions["previous"].trigger()
    assert document.encounter.name == "Small grid" and abs(view.zoom - zoom) < 1e-6


def test_each_scene_keeps_its_own_fight_at_its_step(make_window: Any, toy: Any) -> None:  # noqa: F811
    fight, calm = toy_encounter(), small_grid()
    Evening([Scene("fight", fight), Scene("calm", calm)])
    window = make_window(fight)
    panel = window.ensure_panel()
    panel.start("toy")
    panel.actions_bar.typed.setText("3, 1, 2, 6")  # Hero, Ally, Orc, Spy
    panel.advance()
    step = panel.outline.current_step()
    instruction = panel.header.instruction.text()
    assert step == "declare"
    window.scenes.edits.open("calm")
    assert panel.outline.current_step() != step  # no fight on the calm scene
    window.scenes.edits.open("fight")
    assert panel.outline.current_step() == step
    assert panel.header.instruction.text() == instruction


def test_a_file_saved_after_dock_edits_opens_with_the_same_scenes_in_order(
    make_window: Any, tmp_path: Path
) -> None:
    path = tmp_path / "evening.tactical.json"
    window = evening_window(make_window, path)
    edits = window.scenes.edits
    edits.duplicate("tavern")
    edits.move(-2)
    edits.ask_name = lambda name: "Cellar"
    edits.rename()
    assert window.files.save()
    order = [(s.id, s.name) for s in window.document.evening.scenes]
    assert [name for _id, name in order] == ["Cellar", "Small grid", "Small tavern"]
    again = load_evening(path)
    assert [(s.id, s.name) for s in again.scenes] == order
    assert again.shown == "tavern"


def test_a_scenes_picture_is_drawn_once_and_again_after_it_changed() -> None:
    pictures = Thumbnails()
    scene = Scene("road", small_grid())
    first = pictures.picture(scene)
    assert not first.isNull() and pictures.picture(scene) is first and pictures.drawn == 1
    scene.encounter.revision += 1
    pictures.picture(scene)
    assert pictures.drawn == 2
    areas = Scene("tavern", small_areas())
    assert not pictures.picture(areas).toImage().isNull()


def test_a_row_dragged_to_another_place_moves_its_scene_in_one_step(
    make_window: Any, qtbot: Any
) -> None:
    window = evening_window(make_window)
    window.scenes.edits.duplicate("road")  # Small grid, Small grid (copy), Small tavern
    dock, stack = window.scenes.dock, window.document.undo_stack
    count = stack.count()
    assert dock.list.model().moveRow(QModelIndex(), 2, QModelIndex(), 0)  # as a drop does
    qtbot.waitUntil(lambda: stack.count() == count + 1)
    assert names(window) == ["Small tavern", "Small grid", "Small grid (copy)"]
    stack.undo()
    assert names(window) == ["Small grid", "Small grid (copy)", "Small tavern"]


def test_a_universal_vtt_file_is_imported_as_a_scene_named_after_it(
    make_window: Any, tmp_path: Path
) -> None:
    source = tmp_path / "Cellar.dd2vtt"
    resolution = {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": 4, "y": 3}}
    source.write_text(
        json.dumps(
            {
                "format": 0.3,
                "resolution": {**resolution, "pixels_per_grid": 50},
                "line_of_sight": [[{"x": 2, "y": 0}, {"x": 2, "y": 3}]],
                "portals": [],
                "image": base64.b64encode(png(4 * 50, 3 * 50)).decode("ascii"),
            }
        ),
        encoding="utf-8",
    )
    window = evening_window(make_window)
    edits = window.scenes.edits
    edits.ask_import_path = lambda: str(source)
    assert edits.import_scene() is not None
    assert names(window) == ["Small grid", "Cellar", "Small tavern"]
    assert window.document.encounter.background is not None  # its art, opened for the GM
    window.document.undo_stack.undo()
    assert names(window) == ["Small grid", "Small tavern"]


def test_the_dock_shows_itself_for_a_file_of_several_scenes_unless_the_gm_closed_it(
    make_window: Any, tmp_path: Path
) -> None:
    from tactical.persistence import save_encounter

    grid = small_grid()
    Evening([Scene("road", grid), Scene("tavern", small_areas())], shown="road")
    evening_file, one_map = tmp_path / "evening.tactical.json", tmp_path / "one.tactical.json"
    save_encounter(grid, evening_file)
    save_encounter(small_grid(), one_map)
    assert len(load_evening(evening_file).scenes) == 2
    window = make_window()  # one map: the dock stays closed
    dock = window.scenes.dock
    assert not dock.isVisible()
    assert window.open_path(evening_file)
    assert dock.isVisible()  # an evening: the GM sees its scenes
    assert window.open_path(one_map)
    assert not dock.isVisible()
    assert window.open_path(evening_file)
    dock.toggleViewAction().trigger()  # View > Scenes: the GM closes it
    assert not dock.isVisible()
    assert window.open_path(one_map) and window.open_path(evening_file)
    assert not dock.isVisible()  # closed, as the GM left it
    assert not make_window(grid).scenes.dock.isVisible()  # in the next session too
