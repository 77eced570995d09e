"""Dragging tokens with real mouse events through the view, and undoing the moves."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt

from tactical.app.map.geometry import CELL

from .conftest import small_areas
from .services_kit import FakeServices, ShowsMap


def screen(services: ShowsMap, col: float, row: float) -> QPoint:
    """The viewport point over the middle of square (col, row)."""
    return services.view.mapFromScene(QPointF((col + 0.5) * CELL, (row + 0.5) * CELL))


def drag(
    qtbot,
    services: FakeServices,
    start: QPoint,
    path: list[QPoint],
    mods=Qt.KeyboardModifier.NoModifier,
) -> None:  # type: ignore[no-untyped-def]
    viewport = services.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    for point in path:
        qtbot.mouseMove(viewport, point)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, mods, path[-1] if path else start)


def test_drag_moves_the_token_in_one_undoable_step(make_services, qtbot) -> None:  # type: ignore[no-untyped-def]
    services = make_services()
    scene = services.scene
    viewport = services.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=screen(services, 1, 1))
    assert scene.reach.isVisible()
    assert scene.reach.costs[(4, 1)] == 3
    assert scene.token_items["hero"].isSelected()
    for col in (2, 3, 4):
        qtbot.mouseMove(viewport, screen(services, col, 1))
    assert scene.path.isVisible()
    assert scene.path.label == "3 of 4 squares"
    assert len(scene.path.points) == 4
    assert scene.token_items["hero"].pos() == QPointF(4 * CELL, 1 * CELL)  # snapped preview
    assert services.document.encounter.tokens["hero"].position == (1, 1)  # model untouched
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=screen(services, 4, 1))
    assert services.document.encounter.tokens["hero"].position == (4, 1)
    assert not scene.reach.isVisible() and not scene.path.isVisible()
    stack = services.document.undo_stack
    assert stack.count() == 1
    assert stack.undoText() == "Move Hero"  # the undo menu names tokens by name
    assert services.host.statusBar().currentMessage() == "Hero moved (3 of 4 squares)."
    stack.undo()
    assert services.document.encounter.tokens["hero"].position == (1, 1)
    assert scene.token_items["hero"].pos() == QPointF(1 * CELL, 1 * CELL)
    stack.redo()
    assert scene.token_items["hero"].pos() == QPointF(4 * CELL, 1 * CELL)


def test_a_forbidden_drop_puts_the_token_back_and_says_why(make_services, qtbot) -> None:  # type: ignore[no-untyped-def]
    services = make_services()
    drag(qtbot, services, screen(services, 1, 1), [screen(services, 1, 2), screen(services, 1, 4)])
    assert services.document.encounter.tokens["hero"].position == (1, 1)
    assert services.scene.token_items["hero"].pos() == QPointF(1 * CELL, 1 * CELL)
    assert services.document.undo_stack.count() == 0
    assert services.host.statusBar().currentMessage() == (
        "Hero stays: an enemy (Orc) is there. Hold Shift while dropping to place it anyway."
    )


def test_shift_drop_places_it_anyway_as_one_step(make_services, qtbot) -> None:  # type: ignore[no-untyped-def]
    services = make_services()
    drag(
        qtbot,
        services,
        screen(services, 1, 1),
        [screen(services, 6, 1)],
        Qt.KeyboardModifier.ShiftModifier,
    )
    assert services.document.encounter.tokens["hero"].position == (6, 1)
    assert services.document.undo_stack.count() == 1


def test_every_token_moves_and_undoes(make_services, qtbot) -> None:  # type: ignore[no-untyped-def]
    services = make_services()
    moves = {
        "hero": ((1, 1), (2, 1)),
        "ally": ((3, 1), (3, 0)),
        "orc": ((1, 4), (2, 5)),
        "spy": ((8, 1), (8, 3)),
    }
    for token_id, (start, end) in moves.items():
        drag(qtbot, services, screen(services, *start), [screen(services, *end)])
        assert services.document.encounter.tokens[token_id].position == end, token_id
    assert services.document.undo_stack.count() == 4
    for _ in moves:
        services.document.undo_stack.undo()
    for token_id, (start, _end) in moves.items():
        assert services.document.encounter.tokens[token_id].position == start


def test_escape_cancels_a_drag(make_services, qtbot) -> None:  # type: ignore[no-untyped-def]
    services = make_services()
    viewport = services.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=screen(services, 1, 1))
    qtbot.mouseMove(viewport, screen(services, 3, 0))
    qtbot.keyClick(services.view, Qt.Key.Key_Escape)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=screen(services, 3, 0))
    assert services.document.encounter.tokens["hero"].position == (1, 1)
    assert services.scene.token_items["hero"].pos() == QPointF(1 * CELL, 1 * CELL)
    assert services.document.undo_stack.count() == 0


def area_point(services: FakeServices, x: float, y: float) -> QPoint:
    return services.view.mapFromScene(QPointF(x * CELL, y * CELL))


def test_drag_into_another_area_lays_tokens_out_without_overlap(make_services, qtbot) -> None:  # type: ignore[no-untyped-def]
    services = make_services(small_areas())
    scene = services.scene
    brawler = scene.token_items["brawler"]
    start = services.view.mapFromScene(brawler.centre())
    viewport = services.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    assert scene.reach.costs == {"bar": 0, "floor": 1}
    qtbot.mouseMove(viewport, area_point(services, 6, 1.5))
    assert scene.path.label == "1 of 1 area"
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=area_point(services, 6, 1.5))
    assert services.document.encounter.tokens["brawler"].position == "floor"
    in_floor = [scene.token_items[t] for t in ("brawler", "bouncer", "drunk")]
    centres = [item.centre() for item in in_floor]
    for i, a in enumerate(in_floor):
        assert 4 * CELL < centres[i].x() < 8 * CELL and 0 < centres[i].y() < 3 * CELL
        for j in range(i + 1, len(in_floor)):
            gap = (centres[i] - centres[j]).manhattanLength()
            assert gap >= a.diameter * 0.9
    services.document.undo_stack.undo()
    assert services.document.encounter.tokens["brawler"].position == "bar"


def test_area_drop_beyond_speed_is_refused(make_services, qtbot) -> None:  # type: ignore[no-untyped-def]
    services = make_services(small_areas())
    start = services.view.mapFromScene(services.scene.token_items["brawler"].centre())
    drag(qtbot, services, start, [area_point(services, 10, 1.5)])
    assert services.document.encounter.tokens["brawler"].position == "bar"
    assert "it costs 2, more than the 1 this turn" in services.host.statusBar().currentMessage()


def test_the_drag_label_keeps_a_readable_size_on_screen_at_any_zoom(make_services) -> None:  # type: ignore[no-untyped-def]
    services = make_services()
    view = services.view
    path = services.scene.path
    start, end = QPointF(1.5 * CELL, 4.5 * CELL), QPointF(4.5 * CELL, 4.5 * CELL)
    for zoom in (0.05, 0.2, 1.0, 3.0):
        view.resetTransform()
        view.scale(zoom, zoom)
        view.viewport().repaint()  # the view tells the scene its zoom as it paints
        path.show_path([start, end], "3 of 6 squares")
        on_screen = view.mapFromScene(path._label_box).boundingRect()
        assert on_screen.height() >= 18, (zoom, on_screen)  # about 15 px text and its margin
        assert on_screen.height() <= max(30, 0.6 * CELL * zoom), (zoom, on_screen)  # no larger
