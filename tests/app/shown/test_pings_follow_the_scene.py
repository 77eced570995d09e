"""A ping crosses between the GM's map and the TV only while both show the same scene (issue 33):
the GM's spot on the crypt is no place on the tavern the players look at, nor theirs on the GM's."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtWidgets import QGraphicsScene

from tactical.app.map.geometry import CELL
from tactical.app.map.map_view import MapView
from tactical.app.players.table_screen.ping import PingRipple
from tests.app.conftest import WindowFactory
from tests.app.settle import settle

from .evenings import evening, look_at


def rings(scene: QGraphicsScene) -> list[QPointF]:
    """Where pings ring on a map now."""
    return [item.pos() for item in scene.items() if isinstance(item, PingRipple)]


def double_click(qtbot: Any, view: MapView, col: int, row: int) -> QPointF:
    spot = QPointF((col + 0.5) * CELL, (row + 0.5) * CELL)
    pos: QPoint = view.mapFromScene(spot)
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    return view.mapToScene(pos)


def clear(*scenes: QGraphicsScene) -> None:
    for scene in scenes:
        for item in scene.items():
            if isinstance(item, PingRipple):
                scene.removeItem(item)


def test_a_ping_rings_on_the_other_screen_only_when_both_show_that_scene(
    make_window: WindowFactory, qtbot: Any
) -> None:
    night = evening(shown="tavern")
    window = make_window(night.scene("tavern").encounter)
    player = window.open_player_view()
    player.resize(600, 400)
    settle(qtbot, player)
    gm, tv = window.scene, player.scene

    spot = double_click(qtbot, window.view, 3, 4)  # both on the tavern: it rings on both
    assert rings(gm) == [spot] and rings(tv) == [spot]
    clear(gm, tv)

    look_at(window.document, "crypt")  # the players stay in the tavern
    settle(qtbot, player)
    spot = double_click(qtbot, window.view, 3, 4)
    assert rings(gm) == [spot]
    assert rings(tv) == []  # a spot of the crypt means nothing on the tavern's TV
    clear(gm)

    spot = double_click(qtbot, player.view, 4, 2)  # a player taps the TV twice
    assert rings(tv) == [spot]
    assert rings(gm) == []  # the GM's crypt has no such place
    clear(tv)

    look_at(window.document, "tavern")  # the GM comes back: pings cross again
    settle(qtbot, player)
    spot = double_click(qtbot, player.view, 4, 2)
    assert rings(tv) == [spot] and rings(gm) == [spot]
