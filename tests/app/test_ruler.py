"""The ruler measures by the encounter's metric, with waypoints."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt

from tactical.app.map.geometry import CELL
from tactical.app.map.interaction.events import Pointer
from tactical.app.map.interaction.ruler import Ruler

from .conftest import small_areas, small_grid
from .test_drag_view import screen


def at(col: float, row: float, **keys: bool) -> Pointer:
    return Pointer((col + 0.5) * CELL, (row + 0.5) * CELL, **keys)


def test_chebyshev_distance_with_feet() -> None:
    encounter = small_grid()
    ruler = Ruler(lambda: encounter)
    ruler.press(at(1, 1, left=True))
    reading = ruler.move(at(4, 3))
    assert reading is not None
    assert reading.points == [(1, 1), (4, 3)]
    assert reading.label == "3 squares (15 ft)"
    assert ruler.move(at(4.2, 3.1)) is None  # same square: nothing to redo


def test_waypoints_add_up() -> None:
    encounter = small_grid()
    ruler = Ruler(lambda: encounter)
    ruler.press(at(1, 1, left=True))
    ruler.press(at(4, 1, left=True))
    reading = ruler.move(at(4, 5))
    assert reading is not None
    assert reading.legs == [3, 4]
    assert reading.total == 7


def test_orthogonal_metric_counts_climbing() -> None:
    encounter = small_grid()
    encounter.metric = "orthogonal"
    ruler = Ruler(lambda: encounter)
    ruler.press(at(4, 0, left=True))
    reading = ruler.move(at(6, 0))
    assert reading is not None and reading.total == 4  # 2 across, 2 up the ridge (003)


def test_feet_metric() -> None:
    encounter = small_grid()
    encounter.metric = "feet"
    ruler = Ruler(lambda: encounter)
    ruler.press(at(0, 0, left=True))
    reading = ruler.move(at(2, 0))
    assert reading is not None and reading.label == "10 ft"


def test_areas_are_counted_in_areas() -> None:
    encounter = small_areas()
    ruler = Ruler(lambda: encounter)
    ruler.press(Pointer(1 * CELL, 1 * CELL, left=True))
    reading = ruler.move(Pointer(10 * CELL, 1 * CELL))
    assert reading is not None and reading.label == "2 areas"


def test_right_click_puts_it_away() -> None:
    encounter = small_grid()
    ruler = Ruler(lambda: encounter)
    ruler.press(at(1, 1, left=True))
    assert ruler.press(at(1, 1, right=True)) is None
    assert not ruler.active


def test_the_ruler_tool_on_the_map(make_services, qtbot) -> None:  # type: ignore[no-untyped-def]
    services = make_services()
    services.registry.action("tools.ruler").trigger()
    viewport = services.view.viewport()
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=screen(services, 0, 0))
    qtbot.mouseMove(viewport, screen(services, 6, 2))
    assert services.scene.ruler.isVisible()
    assert services.scene.ruler.label == "6 squares (30 ft)"
    assert services.scene.ruler.points[-1] == QPointF(6.5 * CELL, 2.5 * CELL)
    assert services.document.undo_stack.count() == 0  # measuring edits nothing
    qtbot.keyClick(services.view, Qt.Key.Key_Escape)
    assert not services.scene.ruler.isVisible()
