"""Fog turned on repaints the players' cached map only where it may have written heights
(issue 32): a players' screen whose squares are too small for heights keeps its cached
background (repainting the whole of 1024 x 1024 held fog on's turn 8 ms); one zoomed in
close enough repaints it, and zooming in draws the cache afresh, as the fog then is."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainter

from tactical.app.map.geometry import CELL
from tactical.app.map.scene import map_scene
from tactical.app.map.scene.grid_layer import NUMBERS_FROM
from tactical.core.changes import GM
from tactical.core.commands.fog import SetFogSetting
from tactical.core.encounter import Encounter
from tactical.core.grid import GridMap


def hills() -> Encounter:
    grid = GridMap(200, 200)
    grid.elevation[::3, ::3] = 2  # heights written wherever squares are large enough
    return Encounter(grid, [], name="Hills")


@pytest.fixture
def painted(monkeypatch: pytest.MonkeyPatch) -> list[tuple[bool, QRectF]]:
    """Each background painted: whether the players' scene, and the scene rect."""
    drawn: list[tuple[bool, QRectF]] = []
    paint_map = map_scene.paint_map

    def counting(painter: QPainter, scene: Any, rect: QRectF) -> None:
        drawn.append((scene.player, QRectF(rect)))
        paint_map(painter, scene, rect)

    monkeypatch.setattr(map_scene, "paint_map", counting)
    return drawn


def players_painted(drawn: list[tuple[bool, QRectF]]) -> list[QRectF]:
    return [rect for player, rect in drawn if player]


def test_a_players_screen_too_far_out_for_heights_keeps_its_map_as_fog_goes_on(
    make_services: Any, qtbot: Any, painted: list[tuple[bool, QRectF]]
) -> None:
    services = make_services(hills())
    player = services.open_player_view()
    qtbot.waitExposed(player)
    view = player.view
    view.viewport().grab()
    assert CELL * view.zoom < NUMBERS_FROM * 0.9  # the whole map: no height written
    painted.clear()
    services.document.push(SetFogSetting("enabled", True), GM)
    view.viewport().grab()
    assert not players_painted(painted)  # the cached map kept: nothing on it changed

    view.zoom_by(NUMBERS_FROM / (CELL * view.zoom) * 1.5)  # close enough for heights
    view.viewport().grab()
    shown = view.mapToScene(view.viewport().rect()).boundingRect()
    drawn = players_painted(painted)
    assert drawn and drawn[-1].contains(shown.adjusted(CELL, CELL, -CELL, -CELL))  # afresh


def test_a_players_screen_close_enough_for_heights_repaints_them_as_the_fog_changes(
    make_services: Any, qtbot: Any, painted: list[tuple[bool, QRectF]]
) -> None:
    services = make_services(hills())
    player = services.open_player_view()
    qtbot.waitExposed(player)
    view = player.view
    view.zoom_by(NUMBERS_FROM / (CELL * view.zoom) * 1.5)
    view.viewport().grab()
    painted.clear()
    services.document.push(SetFogSetting("enabled", True), GM)  # every height goes
    view.viewport().grab()
    assert players_painted(painted)
