"""Wall lines on the GM's map: drawn by kind, a click opens a door line, no line deleted in play."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QMenu

from tactical.app.map.geometry import CELL
from tactical.app.map.scene import colours
from tactical.app.map.scene.wall_lines_layer import WINDOW, paths_for

from .services_kit import FakeServices
from .wall_line_encounter import DOOR_INDEX, DOOR_MIDDLE, WALL_MIDDLE, WINDOW_MIDDLE, crypt


def _at(services: FakeServices, x: float, y: float) -> QPoint:
    """The viewport point over the map point (x, y) in squares."""
    return services.view.mapFromScene(QPointF(x * CELL, y * CELL))


def _paint(services: FakeServices) -> QImage:
    """The map's background as the scene paints it, one scene unit per pixel."""
    grid = services.document.encounter.grid
    assert grid is not None
    image = QImage(grid.width * CELL, grid.height * CELL, QImage.Format.Format_RGB32)
    painter = QPainter(image)
    services.scene.layer.paint(painter, QRectF(0, 0, image.width(), image.height()), 1.0)
    painter.end()
    return image


def _near(colour: QColor, wanted: QColor, slack: int = 40) -> bool:
    return all(
        abs(a - b) <= slack for a, b in zip(colour.getRgb()[:3], wanted.getRgb()[:3], strict=True)
    )


def test_walls_doors_and_windows_are_drawn_each_in_their_colour(make_services) -> None:  # type: ignore[no-untyped-def]
    services = make_services(crypt())
    services.install_editing()
    image = _paint(services)

    def pixel(point: tuple[float, float]) -> QColor:
        return image.pixelColor(int(point[0] * CELL), int(point[1] * CELL))

    assert _near(pixel(WALL_MIDDLE), colours.WALL)
    assert _near(pixel(DOOR_MIDDLE), colours.DOOR)
    assert _near(pixel((WINDOW_MIDDLE[0] + 0.04, WINDOW_MIDDLE[1] - 0.04)), WINDOW)
    assert not _near(pixel((6.0, 6.0)), colours.WALL)  # open floor


def test_a_click_on_a_door_line_opens_it_in_one_undo_step(make_services, qtbot) -> None:  # type: ignore[no-untyped-def]
    services = make_services(crypt())
    services.install_editing()
    grid = services.document.encounter.grid
    assert grid is not None
    viewport = services.view.viewport()
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=_at(services, *DOOR_MIDDLE))
    assert grid.wall_lines[DOOR_INDEX].open
    assert not paths_for(grid)["open"].isEmpty() and paths_for(grid)["door"].isEmpty()
    stack = services.document.undo_stack
    assert stack.count() == 1 and stack.undoText() == "Open door"
    assert services.host.statusBar().currentMessage() == "Door opened."
    stack.undo()
    assert not grid.wall_lines[DOOR_INDEX].open
    # A click on plain floor opens nothing.
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=_at(services, 6.0, 6.0))
    assert stack.index() == 0


def test_a_token_cannot_be_dragged_through_a_closed_door_line(make_services, qtbot) -> None:  # type: ignore[no-untyped-def]
    services = make_services(crypt())
    services.install_editing()
    viewport = services.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=_at(services, 2.5, 5.5))
    assert (8, 3) not in services.scene.reach.costs
    assert services.scene.reach.costs[(7, 3)] == 5
    for x, y in ((4.5, 4.5), (6.5, 3.5), (8.5, 3.5)):
        qtbot.mouseMove(viewport, _at(services, x, y))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=_at(services, 8.5, 3.5))
    assert services.document.encounter.tokens["hero"].position == (2, 5)
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=_at(services, *DOOR_MIDDLE))
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=_at(services, 2.5, 5.5))
    assert services.scene.reach.costs[(8, 3)] == 6
    for x, y in ((4.5, 4.5), (6.5, 3.5), (8.5, 3.5)):
        qtbot.mouseMove(viewport, _at(services, x, y))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=_at(services, 8.5, 3.5))
    assert services.document.encounter.tokens["hero"].position == (8, 3)


def test_the_right_click_menu_in_play_opens_a_door_and_edits_no_wall_line(make_services) -> None:  # type: ignore[no-untyped-def]
    services = make_services(crypt())
    services.install_editing()
    grid = services.document.encounter.grid
    assert grid is not None
    actions = services.wall_line_actions
    menu = QMenu()
    actions.menu_entries(menu, QPointF(DOOR_MIDDLE[0] * CELL, DOOR_MIDDLE[1] * CELL))
    texts = [a.text() for a in menu.actions()]
    assert texts == ["Open door"]  # in play the map changes only through play
    menu.actions()[0].trigger()
    assert grid.wall_lines[DOOR_INDEX].open
    menu = QMenu()
    actions.menu_entries(menu, QPointF(WALL_MIDDLE[0] * CELL, WALL_MIDDLE[1] * CELL))
    assert menu.isEmpty()
    menu = QMenu()
    actions.menu_entries(menu, QPointF(6.0 * CELL, 6.0 * CELL))
    assert menu.isEmpty()
