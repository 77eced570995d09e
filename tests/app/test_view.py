"""Zoom about the cursor, middle-drag and space-drag panning, zoom limits: the map view on fake
services (the F key, the window's Fit map, is in test_shortcuts.py)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication

from tactical.app.map.map_view import MAX_SCALE


def wheel(view, pos: QPoint, delta: int) -> None:  # type: ignore[no-untyped-def]
    event = QWheelEvent(
        QPointF(pos),
        QPointF(view.viewport().mapToGlobal(pos)),
        QPoint(0, 0),
        QPoint(0, delta),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(view.viewport(), event)


def test_wheel_zooms_about_the_cursor(make_services) -> None:  # type: ignore[no-untyped-def]
    view = make_services().view
    pos = QPoint(200, 150)
    under = view.mapToScene(pos)
    before = view.zoom
    wheel(view, pos, 120)
    assert view.zoom > before * 1.1
    after = view.mapToScene(pos)
    assert abs(after.x() - under.x()) < 2 and abs(after.y() - under.y()) < 2
    wheel(view, pos, -240)
    assert view.zoom < before


def test_zoom_is_limited(make_services) -> None:  # type: ignore[no-untyped-def]
    view = make_services().view
    for _ in range(40):
        view.zoom_by(2.0)
    assert view.zoom == MAX_SCALE


def test_middle_drag_pans_and_moves_nothing(make_services, qtbot) -> None:  # type: ignore[no-untyped-def]
    services = make_services()
    view = services.view
    view.zoom_by(4.0)
    viewport = view.viewport()
    start = view.mapToScene(viewport.rect().center())
    centre = viewport.rect().center()
    qtbot.mousePress(viewport, Qt.MouseButton.MiddleButton, pos=centre)
    qtbot.mouseMove(viewport, centre + QPoint(-80, -40))
    qtbot.mouseRelease(viewport, Qt.MouseButton.MiddleButton, pos=centre + QPoint(-80, -40))
    moved = view.mapToScene(viewport.rect().center()) - start
    assert abs(moved.x() - 80 / view.zoom) < 2 and abs(moved.y() - 40 / view.zoom) < 2
    assert services.document.undo_stack.count() == 0


def test_space_drag_pans_even_over_a_token(make_services, qtbot) -> None:  # type: ignore[no-untyped-def]
    services = make_services()
    view = services.view
    view.zoom_by(3.0)
    hero = view.mapFromScene(services.scene.token_items["hero"].centre())
    view.centerOn(services.scene.token_items["hero"].centre())
    hero = view.mapFromScene(services.scene.token_items["hero"].centre())
    before = view.mapToScene(view.viewport().rect().center())
    qtbot.keyPress(view, Qt.Key.Key_Space)
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=hero)
    qtbot.mouseMove(view.viewport(), hero + QPoint(60, 0))
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=hero + QPoint(60, 0))
    qtbot.keyRelease(view, Qt.Key.Key_Space)
    after = view.mapToScene(view.viewport().rect().center())
    assert after.x() < before.x() - 10
    assert services.document.encounter.tokens["hero"].position == (1, 1)
    assert services.document.undo_stack.count() == 0
