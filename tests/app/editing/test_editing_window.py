"""Map editing on fake services, with real mouse and key events through the view."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt, QTimer
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication, QDialog, QLineEdit, QMenu, QSpinBox

from tactical.app.editing.area_tools import AreaDrawTool, AreaShapeTool
from tactical.app.editing.tools import PaintTool, WallTool
from tactical.app.encounter import engine
from tactical.app.map.geometry import CELL
from tactical.app.map.scene import colours
from tactical.app.storage.files import document_name
from tactical.core.grid import Wall

from ..conftest import small_areas
from ..services_kit import FakeServices

LEFT = Qt.MouseButton.LeftButton
NONE = Qt.KeyboardModifier.NoModifier


def at(services: FakeServices, x: float, y: float) -> QPoint:
    """The viewport point over map point (x, y), in squares or area units."""
    return services.view.mapFromScene(QPointF(x * CELL, y * CELL))


def click(qtbot, services: FakeServices, x: float, y: float, mods=NONE) -> None:  # type: ignore[no-untyped-def]
    qtbot.mouseClick(services.view.viewport(), LEFT, mods, at(services, x, y))


def drag(qtbot, services: FakeServices, points: list[tuple[float, float]], mods=NONE) -> None:  # type: ignore[no-untyped-def]
    viewport = services.view.viewport()
    qtbot.mousePress(viewport, LEFT, mods, at(services, *points[0]))
    for point in points[1:]:
        qtbot.mouseMove(viewport, at(services, *point))
    qtbot.mouseRelease(viewport, LEFT, mods, at(services, *points[-1]))


def status(services: FakeServices) -> str:
    return services.host.statusBar().currentMessage()


def reachable(services: FakeServices) -> dict:  # type: ignore[type-arg]
    return engine.reachable(services.document.encounter, "hero", 4)


# -- the mode ----------------------------------------------------------------------------


def test_edit_mode_is_off_by_default_and_offers_the_tools_of_the_maps_kind(make_services) -> None:  # type: ignore[no-untyped-def]
    services = make_services()
    services.install_editing()
    editing = services.map_editing
    assert not editing.editing and not editing.toolbar.isVisible()
    assert services.view.tool is services.select_tool
    editing.edit_action.trigger()
    assert editing.toolbar.isVisible()
    assert isinstance(services.view.tool, PaintTool)
    assert (
        editing.brush_actions["raise"].isChecked()
        and not services.registry.action("tools.select").isChecked()
    )
    assert editing.wall_action.isVisible() and not editing.draw_action.isVisible()
    editing.edit_action.trigger()
    assert (
        services.view.tool is services.select_tool
        and services.registry.action("tools.select").isChecked()
    )
    assert not editing.wall_action.isVisible()


def test_opening_another_encounter_leaves_edit_mode(make_services) -> None:  # type: ignore[no-untyped-def]
    services = make_services()
    services.install_editing()
    services.map_editing.set_editing(True)
    services.document.replace_encounter(small_areas(), None)
    assert not services.map_editing.editing
    assert services.view.tool is services.select_tool
    services.map_editing.set_editing(True)
    assert isinstance(services.view.tool, AreaDrawTool)
    assert services.map_editing.draw_action.isVisible()
    assert not services.map_editing.brush_actions["raise"].isVisible()


# -- painting ------------------------------------------------------------------------------


def test_a_stroke_of_three_squares_is_one_undo_step(make_services, qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    services = make_services()
    services.install_editing()
    services.map_editing.set_editing(True)  # the raise brush, 1 x 1
    rebuilds: list[object] = []
    original = colours.elevation_argb
    monkeypatch.setattr(
        colours, "elevation_argb", lambda e: rebuilds.append(e) or original(e)
    )  # a full rebuild of the terrain image would call this
    grid = services.document.encounter.grid
    assert grid is not None
    drag(qtbot, services, [(0.5, 6.5), (1.5, 6.5), (2.5, 6.5)])
    assert [grid.elevation_at((c, 6)) for c in range(4)] == [1, 1, 1, 0]
    assert rebuilds == []
    assert QColor(services.scene.layer.image.pixel(1, 6)) == QColor(*colours.elevation_rgb(1))
    assert [value for value, _colour in services.scene.layer.legend()] == [0, 1, 2]
    stack = services.document.undo_stack
    assert stack.count() == 1 and stack.undoText() == "Paint terrain"
    stack.undo()
    assert [grid.elevation_at((c, 6)) for c in range(4)] == [0, 0, 0, 0]
    assert QColor(services.scene.layer.image.pixel(1, 6)) == QColor(*colours.elevation_rgb(0))
    assert [value for value, _colour in services.scene.layer.legend()] == [0, 2]  # +1 is gone again


def test_level_brush_with_a_2x2_size_and_impassable_terrain_in_the_reach_preview(  # type: ignore[no-untyped-def]
    make_services, qtbot
) -> None:
    services = make_services()
    services.install_editing()
    editing = services.map_editing
    editing.set_editing(True)
    editing.size_box.setCurrentIndex(1)  # 2 x 2
    editing.level_box.setValue(-2)  # choosing a level picks the Set elevation brush
    assert editing.brush_actions["level"].isChecked()
    click(qtbot, services, 3.0, 5.0)  # the corner between (2, 4), (3, 4), (2, 5), (3, 5)
    grid = services.document.encounter.grid
    assert grid is not None
    assert [grid.elevation_at(s) for s in [(2, 4), (3, 4), (2, 5), (3, 5), (4, 4)]] == [
        -2, -2, -2, -2, 0,
    ]  # fmt: skip
    editing.size_box.setCurrentIndex(0)
    editing.brush_actions["impassable"].trigger()
    click(qtbot, services, 2.5, 1.5)
    services.registry.action("tools.select").trigger()
    services.use_tool("select")
    qtbot.mousePress(services.view.viewport(), LEFT, NONE, at(services, 1.5, 1.5))
    assert (2, 1) not in services.scene.reach.costs  # the hero's preview knows the new block
    assert (1, 2) in services.scene.reach.costs
    qtbot.mouseRelease(services.view.viewport(), LEFT, NONE, at(services, 1.5, 1.5))


# -- walls and doors ---------------------------------------------------------------------------


def wall_off_column_two(services: FakeServices, qtbot) -> None:  # type: ignore[no-untyped-def]
    """A wall down the whole grid line between columns 1 and 2, drawn in one drag."""
    editing = services.map_editing
    editing.set_editing(True)
    editing.wall_action.trigger()
    assert isinstance(services.view.tool, WallTool)
    drag(qtbot, services, [(2.02, 0.05), (1.98, 1.1), (2.05, 3.9), (2.0, 7.95)])


def test_a_wall_run_blocks_movement_in_one_undo_step(make_services, qtbot) -> None:  # type: ignore[no-untyped-def]
    services = make_services()
    services.install_editing()
    assert (2, 1) in reachable(services)
    wall_off_column_two(services, qtbot)
    grid = services.document.encounter.grid
    assert grid is not None
    assert set(grid.walls) == {((1, row), (2, row)) for row in range(8)}
    assert not any(col >= 2 for col, _row in reachable(services))
    stack = services.document.undo_stack
    assert stack.count() == 1 and stack.undoText() == "Place 8 walls"
    stack.undo()
    assert grid.walls == {} and (2, 1) in reachable(services)


def test_a_door_in_the_wall_opens_with_alt_click_and_lets_the_hero_through(  # type: ignore[no-untyped-def]
    make_services, qtbot
) -> None:
    services = make_services()
    services.install_editing()
    wall_off_column_two(services, qtbot)
    editing = services.map_editing
    editing.door_action.trigger()
    click(qtbot, services, 1.96, 1.4)  # the wall between (1, 1) and (2, 1) becomes a door
    grid = services.document.encounter.grid
    assert grid is not None
    assert grid.walls[((1, 1), (2, 1))] == Wall(door=True)
    assert (2, 1) not in reachable(services)  # a closed door blocks
    editing.set_editing(False)
    click(qtbot, services, 2.03, 1.6, Qt.KeyboardModifier.AltModifier)
    assert grid.walls[((1, 1), (2, 1))] == Wall(door=True, open=True)
    assert status(services) == "Door opened."
    assert reachable(services)[(2, 1)] == 1
    assert services.document.undo_stack.undoText() == "Open door"
    # the right-click menu near the door offers to close it again
    menu = QMenu(services.host)
    editing.door_menu_entries(menu, QPointF(2.0 * CELL, 1.3 * CELL))
    entries = [a for a in menu.actions() if a.text()]
    assert [a.text() for a in entries] == ["Close door"]
    entries[0].trigger()
    assert grid.walls[((1, 1), (2, 1))] == Wall(door=True)
    far = QMenu(services.host)
    editing.door_menu_entries(far, QPointF(1.5 * CELL, 1.5 * CELL))
    assert far.isEmpty()


def test_alt_click_away_from_doors_is_a_normal_click(make_services, qtbot) -> None:  # type: ignore[no-untyped-def]
    services = make_services()
    services.install_editing()
    click(qtbot, services, 1.5, 1.5, Qt.KeyboardModifier.AltModifier)
    assert services.scene.token_items["hero"].isSelected()
    assert services.document.undo_stack.count() == 0


# -- areas --------------------------------------------------------------------------------------


def area_window(make_services):  # type: ignore[no-untyped-def]
    services = make_services(small_areas())
    services.install_editing()
    services.map_editing.set_editing(True)
    assert isinstance(services.view.tool, AreaDrawTool)
    return services


def test_a_triangle_drawn_against_the_bar_shares_its_edge(make_services, qtbot) -> None:  # type: ignore[no-untyped-def]
    services = area_window(make_services)
    # near the bar's bottom corners (0, 3) and (4, 3): a few pixels off, they snap exactly
    click(qtbot, services, 0.04, 3.03)
    click(qtbot, services, 3.97, 2.98)
    click(qtbot, services, 2.0, 4.5)
    qtbot.mouseDClick(services.view.viewport(), LEFT, NONE, at(services, 2.0, 4.5))
    area_map = services.document.encounter.area_map
    assert area_map is not None
    assert area_map.areas["area-4"].points == [(0.0, 3.0), (4.0, 3.0), (2.0, 4.5)]
    assert area_map.neighbours("area-4") == {"bar"}
    assert status(services) == "Added Area 4, adjacent to Bar."
    assert services.document.undo_stack.count() == 1
    services.document.undo_stack.undo()
    assert "area-4" not in area_map.areas


def test_a_bowtie_is_refused_and_enter_and_escape_work(make_services, qtbot) -> None:  # type: ignore[no-untyped-def]
    services = area_window(make_services)
    for x, y in [(0.5, 4.0), (2.5, 5.5), (2.5, 4.0), (0.5, 5.5)]:
        click(qtbot, services, x, y)
    qtbot.keyClick(services.view, Qt.Key.Key_Return)
    assert status(services).startswith("Refused: the outline crosses itself at")
    area_map = services.document.encounter.area_map
    assert area_map is not None and len(area_map.areas) == 3
    assert services.document.undo_stack.count() == 0
    tool = services.view.tool
    assert isinstance(tool, AreaDrawTool) and len(tool.draft.points) == 4
    qtbot.keyClick(services.view, Qt.Key.Key_Backspace)  # the last point goes
    assert len(tool.draft.points) == 3
    qtbot.keyClick(services.view, Qt.Key.Key_Return)  # now a triangle
    assert len(area_map.areas) == 4
    click(qtbot, services, 6.0, 4.0)
    qtbot.keyClick(services.view, Qt.Key.Key_Escape)
    assert tool.draft.points == []


def test_dragging_a_shared_vertex_reshapes_both_areas_or_is_refused(make_services, qtbot) -> None:  # type: ignore[no-untyped-def]
    services = area_window(make_services)
    services.map_editing.shape_action.trigger()
    drag(qtbot, services, [(4.02, 2.98), (4.3, 3.2), (4.5, 3.5)])
    area_map = services.document.encounter.area_map
    assert area_map is not None
    assert (4.5, 3.5) in area_map.areas["bar"].points
    assert (4.5, 3.5) in area_map.areas["floor"].points
    assert services.document.undo_stack.count() == 1
    drag(qtbot, services, [(0.0, 0.0), (5.0, 1.5)])  # the bar's outline would cross itself
    assert status(services).startswith("Refused: Bar: the outline crosses itself")
    assert (0.0, 0.0) in area_map.areas["bar"].points
    assert services.document.undo_stack.count() == 1


def test_rename_by_double_click_and_delete_with_its_tokens(make_services, qtbot) -> None:  # type: ignore[no-untyped-def]
    services = area_window(make_services)
    editing = services.map_editing
    editing.shape_action.trigger()
    asked: list[tuple[str, str]] = []
    editing.ask_area_details = lambda name, tags: (
        asked.append((name, tags))
        or (
            "Long bar",
            "loud, sticky",
        )
    )
    click(qtbot, services, 1.0, 2.0)
    qtbot.mouseDClick(services.view.viewport(), LEFT, NONE, at(services, 1.0, 2.0))
    encounter = services.document.encounter
    area_map = encounter.area_map
    assert area_map is not None
    assert asked == [("Bar", "")]
    assert area_map.areas["bar"].name == "Long bar"
    assert area_map.areas["bar"].tags == ["loud", "sticky"]
    click(qtbot, services, 6.0, 2.5)  # select the floor
    qtbot.keyClick(services.view, Qt.Key.Key_Delete)
    assert "floor" not in area_map.areas
    assert encounter.tokens["bouncer"].position is None
    assert encounter.tokens["brawler"].position == "bar"  # Delete removed no token
    assert status(services) == (
        "Removed Floor. 2 tokens in it went off the map (Undo puts them back)."
    )
    services.document.undo_stack.undo()
    assert "floor" in area_map.areas and encounter.tokens["bouncer"].position == "floor"


def test_linking_two_areas_that_do_not_touch(make_services, qtbot) -> None:  # type: ignore[no-untyped-def]
    services = area_window(make_services)
    services.map_editing.link_action.trigger()
    assert services.registry.action("view.adjacency").isChecked()
    area_map = services.document.encounter.area_map
    assert area_map is not None
    assert not area_map.adjacent("bar", "door")
    click(qtbot, services, 1.0, 2.0)
    click(qtbot, services, 10.0, 2.0)
    assert area_map.adjacent("bar", "door")
    assert status(services) == "Linked: Bar and Door are adjacent."
    services.document.undo_stack.undo()
    assert not area_map.adjacent("bar", "door")


# -- new maps ----------------------------------------------------------------------------------


def test_new_empty_grid_map_30_by_20_opens_untitled_in_edit_mode(make_services) -> None:  # type: ignore[no-untyped-def]
    services = make_services()
    services.install_editing()
    editing = services.map_editing
    editing.ask_grid_size = lambda: (30, 20, 10)
    editing.new_grid_action.trigger()
    encounter = services.document.encounter
    grid = encounter.grid
    assert grid is not None
    assert (grid.width, grid.height, grid.square_feet) == (30, 20, 10)
    assert not grid.elevation.any() and not grid.terrain.any() and grid.walls == {}
    assert encounter.tokens == {} and services.document.path is None
    assert document_name(services.document).startswith("Untitled")  # the title's name
    assert editing.editing and isinstance(services.view.tool, PaintTool)
    assert services.document.undo_stack.count() == 0


def test_new_empty_area_map_and_cancelled_size(make_services) -> None:  # type: ignore[no-untyped-def]
    services = make_services()
    services.install_editing()
    editing = services.map_editing
    editing.ask_grid_size = lambda: None
    assert not editing.new_grid_map()
    assert services.document.encounter.grid is not None  # nothing changed
    editing.new_area_action.trigger()
    area_map = services.document.encounter.area_map
    assert area_map is not None
    assert [(a.id, a.name, a.points) for a in area_map] == [
        ("area-1", "Area 1", [(0.0, 0.0), (8.0, 0.0), (8.0, 6.0), (0.0, 6.0)])
    ]
    assert isinstance(services.view.tool, AreaDrawTool)


def test_new_map_asks_about_unsaved_changes_first(make_services) -> None:  # type: ignore[no-untyped-def]
    services = make_services()
    services.install_editing()
    services.document.mark_modified()
    services.files.ask_unsaved = lambda: "cancel"
    services.map_editing.ask_grid_size = lambda: (5, 5, 5)
    assert not services.map_editing.new_grid_map()
    grid = services.document.encounter.grid
    assert grid is not None and grid.width == 10


# -- the default dialogs and menus ---------------------------------------------------------------


def answer_next_dialog(fill) -> None:  # type: ignore[no-untyped-def]
    """Fill in and accept the modal dialog that is about to open."""

    def answer() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, QDialog)
        fill(dialog)
        dialog.accept()

    QTimer.singleShot(0, answer)


def test_the_grid_size_dialog_starts_at_30_by_20_and_5_feet(make_services) -> None:  # type: ignore[no-untyped-def]
    services = make_services()
    services.install_editing()
    answer_next_dialog(lambda dialog: dialog.findChildren(QSpinBox)[1].setValue(12))
    services.map_editing.new_grid_action.trigger()
    grid = services.document.encounter.grid
    assert grid is not None and (grid.width, grid.height, grid.square_feet) == (30, 12, 5)


def test_the_area_dialog_and_the_reshape_tools_menu(make_services) -> None:  # type: ignore[no-untyped-def]
    services = area_window(make_services)
    editing = services.map_editing
    editing.shape_action.trigger()
    tool = services.view.tool
    assert isinstance(tool, AreaShapeTool)
    menu = tool.context_menu(QPointF(1.0 * CELL, 2.0 * CELL), services.host)
    assert menu is not None
    assert [a.text() for a in menu.actions()] == ["Bar", "Rename and tags…", "Delete area"]

    def fill(dialog: QDialog) -> None:
        name, tags = dialog.findChildren(QLineEdit)
        assert (name.text(), tags.text()) == ("Bar", "")
        name.setText("Taproom")
        tags.setText("smoky")

    answer_next_dialog(fill)
    menu.actions()[1].trigger()
    area_map = services.document.encounter.area_map
    assert area_map is not None
    assert (area_map.areas["bar"].name, area_map.areas["bar"].tags) == ("Taproom", ["smoky"])
    nowhere = QPointF(1.0 * CELL, 9.0 * CELL)
    assert tool.context_menu(nowhere, services.host) is None  # no area there
