"""Touch on the GM's map and the players' screen, with synthesized touch events."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF
from PySide6.QtGui import QPointingDevice
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QWidget

from tactical.app.map.geometry import CELL
from tactical.app.map.map_view import MapView
from tactical.app.players.player_view import PlayerView
from tactical.app.window.main_window import MainWindow
from tactical.core.screen_scale import pixels_per_mm_from_diagonal

from .test_drag_view import screen

_DEVICE: list[QPointingDevice] = []


def device() -> QPointingDevice:
    """One touch screen for the whole run (Qt keeps registered devices)."""
    if not _DEVICE:
        _DEVICE.append(QTest.createTouchDevice())
    return _DEVICE[0]


def press(widget: QWidget, *points: QPoint) -> None:
    sequence = QTest.touchEvent(widget, device())
    for finger, point in enumerate(points):
        sequence.press(finger, point, widget)
    sequence.commit()


def move(widget: QWidget, *points: QPoint) -> None:
    sequence = QTest.touchEvent(widget, device())
    for finger, point in enumerate(points):
        sequence.move(finger, point, widget)
    sequence.commit()


def release(widget: QWidget, *points: QPoint) -> None:
    sequence = QTest.touchEvent(widget, device())
    for finger, point in enumerate(points):
        sequence.release(finger, point, widget)
    sequence.commit()


def at(view: MapView, col: float, row: float) -> QPoint:
    return view.mapFromScene(QPointF((col + 0.5) * CELL, (row + 0.5) * CELL))


def open_player(window: MainWindow, qtbot) -> PlayerView:  # type: ignore[no-untyped-def]
    window.player_controls.open_action.trigger()
    player = window.player_controls.player_view
    assert player is not None
    qtbot.addWidget(player)
    qtbot.waitExposed(player)
    player.set_following(False)
    player.view.fit_map()
    return player


def test_a_finger_drags_a_token_like_the_mouse(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    viewport = window.view.viewport()
    press(viewport, screen(window, 1, 1))
    assert window.scene.reach.isVisible()  # the same preview as a mouse press
    assert window.scene.reach.costs[(4, 1)] == 3
    move(viewport, screen(window, 2, 1))
    move(viewport, screen(window, 3, 0))
    assert window.scene.path.isVisible()
    assert window.scene.path.label == "2 of 4 squares"
    release(viewport, screen(window, 3, 0))
    assert window.document.encounter.tokens["hero"].position == (3, 0)
    assert window.document.undo_stack.count() == 1  # one drag, one undo step
    assert not window.scene.reach.isVisible()


def test_a_finger_drop_the_rules_forbid_puts_the_token_back(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    viewport = window.view.viewport()
    press(viewport, screen(window, 1, 1))
    move(viewport, screen(window, 7, 1))  # impassable
    release(viewport, screen(window, 7, 1))
    assert window.document.encounter.tokens["hero"].position == (1, 1)
    assert "impassable" in window.statusBar().currentMessage()


def test_one_finger_on_the_map_pans(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    window.view.zoom_by(3.0)
    viewport = window.view.viewport()
    start = QPoint(viewport.width() // 2, viewport.height() // 2)
    under = window.view.mapToScene(start)
    while window.scene.token_item_at(under) is not None:
        start += QPoint(13, 0)
        under = window.view.mapToScene(start)
    press(viewport, start)
    for step in range(1, 5):
        move(viewport, start + QPoint(-20 * step, -10 * step))
    release(viewport, start + QPoint(-80, -40))
    # The map moved with the finger: what was under it is under it still.
    assert window.view.mapFromScene(under) == start + QPoint(-80, -40)
    assert window.document.undo_stack.count() == 0


def test_two_fingers_pinch_zoom(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    viewport = window.view.viewport()
    zoom = window.view.zoom
    centre = QPoint(viewport.width() // 2, viewport.height() // 2)
    a, b = centre + QPoint(-40, 0), centre + QPoint(40, 0)
    press(viewport, a, b)
    move(viewport, a, b)
    move(viewport, centre + QPoint(-80, 0), centre + QPoint(80, 0))
    release(viewport, centre + QPoint(-80, 0), centre + QPoint(80, 0))
    assert abs(window.view.zoom / zoom - 2.0) < 0.01


def test_a_long_press_opens_the_tokens_menu(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    viewport = window.view.viewport()
    window.view.customContextMenuRequested.disconnect()  # no modal menu in a test
    with qtbot.waitSignal(window.view.customContextMenuRequested, timeout=2000) as signal:
        press(viewport, screen(window, 1, 1))
    assert signal.args == [screen(window, 1, 1)]
    assert not window.scene.reach.isVisible()  # the held token went back
    release(viewport, screen(window, 1, 1))
    assert window.document.undo_stack.count() == 0


def test_touches_on_the_players_screen_only_ping_when_edits_are_off(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    player = open_player(window, qtbot)
    viewport = player.view.viewport()
    zoom = player.view.zoom
    press(viewport, at(player.view, 1, 1))
    move(viewport, at(player.view, 3, 0))
    release(viewport, at(player.view, 3, 0))
    assert window.document.encounter.tokens["hero"].position == (1, 1)
    assert window.table_screen.ripples == []  # a drag is no tap
    press(viewport, at(player.view, 1, 1), at(player.view, 4, 4))
    move(viewport, at(player.view, 0, 0), at(player.view, 6, 6))
    release(viewport, at(player.view, 0, 0), at(player.view, 6, 6))
    assert player.view.zoom == zoom  # no pinch either
    press(viewport, at(player.view, 6, 2))
    release(viewport, at(player.view, 6, 2))
    ripples = window.table_screen.ripples
    assert [r.scene() for r in ripples] == [window.scene, player.scene]
    assert ripples[0].pos() == player.view.mapToScene(at(player.view, 6, 2))


def test_with_edits_allowed_a_finger_drags_on_the_players_screen(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    player = open_player(window, qtbot)
    window.player_controls.allow_edits_action.trigger()
    viewport = player.view.viewport()
    press(viewport, at(player.view, 1, 1))
    move(viewport, at(player.view, 2, 0))
    release(viewport, at(player.view, 2, 0))
    assert window.document.encounter.tokens["hero"].position == (2, 0)
    assert window.document.undo_stack.count() == 1


def test_no_pinch_zoom_on_a_battle_mat(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    window.table_screen.ask_calibration = lambda _p: pixels_per_mm_from_diagonal(43, 1920, 1080)
    player = open_player(window, qtbot)
    window.player_controls.allow_edits_action.trigger()
    window.table_screen.actions.battle_mat.trigger()
    zoom = player.view.zoom
    viewport = player.view.viewport()
    c = QPoint(viewport.width() // 2, viewport.height() // 2)
    press(viewport, c + QPoint(-30, 0), c + QPoint(30, 0))
    move(viewport, c + QPoint(-30, 0), c + QPoint(30, 0))
    move(viewport, c + QPoint(-90, 0), c + QPoint(90, 0))
    release(viewport, c + QPoint(-90, 0), c + QPoint(90, 0))
    assert player.view.zoom == zoom


def test_a_double_tap_pings(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    viewport = window.view.viewport()
    spot = screen(window, 6, 6)
    for _ in range(2):
        press(viewport, spot)
        release(viewport, spot)
    assert len(window.table_screen.ripples) == 1  # no player view: the GM's map only
    assert window.table_screen.ripples[0].scene() is window.scene


def test_a_finger_drags_the_players_frame_by_its_border(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    window.table_screen.ask_calibration = lambda _p: pixels_per_mm_from_diagonal(43, 1920, 1080)
    player = open_player(window, qtbot)
    # Beside the GM's window, as on a second screen: a touch goes to the window under it.
    player.move(window.geometry().right() + 100, 0)
    window.table_screen.actions.battle_mat.trigger()
    frame = window.table_screen.frame
    window.view.zoom_by(0.4)  # the whole frame in sight
    before = player.view.visible_scene_rect().center()
    viewport = window.view.viewport()
    box = window.view.mapFromScene(frame.rect).boundingRect()
    assert viewport.rect().contains(box)
    edge = QPoint(box.left() - 10, box.center().y())  # a finger's width off the line still takes it
    press(viewport, edge)
    move(viewport, edge + QPoint(20, 10))
    move(viewport, edge + QPoint(40, 20))
    release(viewport, edge + QPoint(40, 20))
    moved = player.view.visible_scene_rect().center() - before
    expected = window.view.mapToScene(edge + QPoint(40, 20)) - window.view.mapToScene(edge)
    assert abs(moved.x() - expected.x()) < 1.5 and abs(moved.y() - expected.y()) < 1.5
    assert frame.rect == player.view.visible_scene_rect()
    assert window.view.zoom > 0 and window.document.undo_stack.count() == 0
