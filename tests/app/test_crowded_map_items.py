"""A crowded big map on fake services: what the GM sees is whole, and the first frame is cheap.

The window's tokens start as dots until the view tells its zoom (issue 22, second pass):
the names are measured and laid out once, at the zoom the GM sees. Everything a GM does
with the tokens (scrolling to a corner, clicking a dot, dragging, printing, the players'
screen) must work as before.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QApplication

from tactical.app.map.geometry import CELL
from tactical.app.map.scene import token_item
from tactical.app.players.player_view import PlayerView
from tactical.app.snapshot.map_drawing import make_scene
from tactical.core.changes import GM
from tactical.core.encounter import Encounter
from tactical.core.grid import GridMap
from tactical.core.sides import Side
from tactical.core.tokens import Token
from tactical.persistence import save_encounter

from .services_kit import FakeServices

RED, BLUE = "#d01010", "#1030d0"
SIZE = 240
"""Squares a side: fitted in the test window, a token is a dot of a few pixels."""


def crowded() -> Encounter:
    """1,200 tokens spread over a 240 x 240 field, a red one alone in each far corner,
    and a hidden blue one (a spy) beside the south-east corner's."""
    tokens = [
        Token(f"t{i}", f"Soldier {i}", "blue" if i % 2 else "red", (8 + (i * 7) % 220, 8 + i // 6))
        for i in range(1200)
    ]
    tokens += [
        Token("nw", "Northwest", "red", (1, 1)),
        Token("se", "Southeast", "red", (SIZE - 2, SIZE - 2)),
        Token("spy", "Spy", "blue", (SIZE - 6, SIZE - 2), hidden=True),
    ]
    sides = [Side("red", "Red", RED), Side("blue", "Blue", BLUE)]
    return Encounter(GridMap(SIZE, SIZE), tokens, sides=sides, name="Crowded field")


def crowd_on_the_tv(make_services: Any, qtbot: Any) -> tuple[Any, Any]:
    """The crowded field open, its player view (the TV) shown: (services, player view)."""
    services = make_services(crowded())
    player = services.open_player_view()
    qtbot.waitExposed(player)
    return services, player


def open_crowded(
    make_services: Any, folder: Path, counted: list[int] | None = None
) -> FakeServices:
    """The window open on a small map, then File > Open of the crowded one (as at start-up).

    ``counted``: emptied before the crowded map opens (what the small one measured).
    """
    path = folder / "crowded.tactical.json"
    save_encounter(crowded(), path)
    services: FakeServices = make_services()
    if counted is not None:
        counted.clear()
    assert services.files.load_path(path)
    QApplication.processEvents()
    return services


def close_to(colour: QColor, hex_colour: str, slack: int = 40) -> bool:
    want = QColor(hex_colour)
    got = (colour.red(), colour.green(), colour.blue())
    return all(abs(a - b) <= slack for a, b in zip(got, want.getRgb()[:3], strict=True))


def ring_point(item: token_item.TokenItem) -> QPointF:
    """A point on the ring in the side's colour (left edge of the disc, half way down)."""
    return item.pos() + QPointF(item.diameter * 0.06, item.diameter / 2)


def colour_on_view(view: Any, point: QPointF) -> QColor:
    image = view.viewport().grab().toImage()
    where = view.mapFromScene(point)
    return image.pixelColor(where.x(), where.y())


def show_up_close(services: FakeServices, point: QPointF) -> None:
    """Zoom in to 1:1 (a square is CELL pixels) on ``point``, as the GM's wheel would."""
    services.view.resetTransform()
    services.view.centerOn(point)
    services.view.viewport().repaint()
    QApplication.processEvents()


@pytest.fixture
def names_measured(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """How many times a token's name was measured (its font's metrics asked)."""
    calls: list[int] = []
    real = token_item.shared_metrics

    def counting(pixel_size: int, bold: bool = False) -> Any:
        if not bold:
            calls.append(pixel_size)
        return real(pixel_size, bold)

    monkeypatch.setattr(token_item, "shared_metrics", counting)
    yield calls


def test_a_fitted_crowded_map_shows_every_token_without_measuring_a_name(
    make_services: Any, names_measured: list[int], tmp_path: Path
) -> None:
    services = open_crowded(make_services, tmp_path, names_measured)
    services.view.viewport().repaint()
    QApplication.processEvents()
    items = services.scene.token_items
    assert len(items) == 1203
    assert all(item.dotted for item in items.values())
    assert names_measured == []  # a dot has no name to measure, before or after the zoom
    for token_id in ("nw", "se"):  # dots of two or three pixels: their edges blend
        assert close_to(colour_on_view(services.view, items[token_id].centre()), RED, 60)
    assert close_to(colour_on_view(services.view, items["t5"].centre()), BLUE, 60)


def test_scrolling_to_a_far_corner_shows_the_tokens_there_with_their_names(
    make_services: Any, names_measured: list[int], tmp_path: Path
) -> None:
    services = open_crowded(make_services, tmp_path, names_measured)
    services.view.viewport().repaint()
    item = services.scene.token_items["se"]
    show_up_close(services, item.centre())
    assert not item.dotted
    assert close_to(colour_on_view(services.view, ring_point(item)), RED)
    assert item.label_rect().width() > item.diameter  # "Southeast" drawn whole under it
    assert names_measured  # measured now, at the zoom the GM sees
    nw = services.scene.token_items["nw"]
    show_up_close(services, nw.centre())
    assert close_to(colour_on_view(services.view, ring_point(nw)), RED)
    assert not nw.label_rect().isEmpty()


def test_zooming_in_on_a_corner_measures_the_names_there_once_and_no_others(
    make_services: Any, names_measured: list[int], tmp_path: Path
) -> None:
    services = open_crowded(make_services, tmp_path, names_measured)
    services.view.viewport().repaint()
    items = services.scene.token_items
    show_up_close(services, items["se"].centre())
    tokens = [item for item in items.values() if not item.dotted]
    assert items["se"] in tokens and items["spy"] in tokens  # the corner, up close
    assert len(names_measured) == len(tokens)  # once each, not created, then boosted again
    assert items["nw"].dotted  # the far corner waits, measured when the GM goes there
    show_up_close(services, items["nw"].centre())
    assert not items["nw"].dotted
    awake = [item for item in items.values() if not item.asleep]
    assert len(names_measured) == len(awake) < len(items) / 10  # each once, the rest asleep


def test_clicking_a_far_dot_selects_it_and_a_drag_moves_it_in_one_undo_entry(
    make_services: Any, qtbot: Any, tmp_path: Path
) -> None:
    services = open_crowded(make_services, tmp_path)
    services.view.viewport().repaint()
    item = services.scene.token_items["se"]
    assert item.dotted
    viewport = services.view.viewport()
    start = services.view.mapFromScene(item.centre())
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=start)
    assert services.scene.selectedItems() == [item]
    assert services.document.undo_stack.count() == 0  # a click moves nothing
    show_up_close(services, item.centre())  # the same token, grabbed up close
    start = services.view.mapFromScene(item.centre())
    goal = QPointF((SIZE - 4 + 0.5) * CELL, (SIZE - 3 + 0.5) * CELL)
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    for step in (QPointF(item.centre().x() - CELL, item.centre().y()), goal):
        qtbot.mouseMove(viewport, services.view.mapFromScene(step))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=services.view.mapFromScene(goal))
    assert services.document.encounter.tokens["se"].position == (SIZE - 4, SIZE - 3)
    assert services.document.undo_stack.count() == 1
    services.view.viewport().repaint()
    assert close_to(colour_on_view(services.view, ring_point(item)), RED)
    services.document.undo_stack.undo()
    assert services.document.encounter.tokens["se"].position == (SIZE - 2, SIZE - 2)
    assert item.pos() == QPointF((SIZE - 2) * CELL, (SIZE - 2) * CELL)


def test_a_print_scene_draws_every_token_whole(make_services: Any, tmp_path: Path) -> None:
    services = open_crowded(make_services, tmp_path)
    services.view.viewport().repaint()
    scene = make_scene(services.document, "gm")
    try:
        assert set(scene.token_items) == set(services.document.encounter.tokens)
        assert not any(item.dotted for item in scene.token_items.values())
        assert all(not item.label_rect().isEmpty() for item in scene.token_items.values())
        source = QRectF(0, 0, SIZE * CELL, SIZE * CELL)
        image = QImage(SIZE * 8, SIZE * 8, QImage.Format.Format_RGB32)  # 8 px a square
        image.fill(Qt.GlobalColor.white)
        painter = QPainter(image)
        scene.render(painter, QRectF(image.rect()), source)
        painter.end()
        scale = image.width() / source.width()
        missing = []
        for token_id, item in scene.token_items.items():
            point = item.centre() * scale
            if close_to(image.pixelColor(int(point.x()), int(point.y())), "#ffffff", 10):
                missing.append(token_id)
        assert missing == []
    finally:
        scene.deleteLater()


def test_a_hidden_token_never_appears_on_the_players_screen(
    make_services: Any, qtbot: Any, tmp_path: Path
) -> None:
    services = open_crowded(make_services, tmp_path)
    player = services.open_player_view()
    assert isinstance(player, PlayerView)
    qtbot.addWidget(player)
    qtbot.waitExposed(player)
    player.view.viewport().repaint()
    assert "spy" not in player.scene.token_items
    assert len(player.scene.token_items) == 1202
    spy = services.scene.token_items["spy"]
    where = spy.centre()
    assert not close_to(colour_on_view(player.view, where), BLUE)
    player.view.resetTransform()  # up close on the spy's square: still nothing there
    player.view.centerOn(where)
    player.view.viewport().repaint()
    QApplication.processEvents()
    assert not close_to(colour_on_view(player.view, where), BLUE)
    se = player.scene.token_items["se"]
    assert not se.dotted
    assert close_to(colour_on_view(player.view, ring_point(se)), RED)


def test_a_token_dropped_beside_another_up_close_shares_the_row_with_its_name(
    make_services: Any, tmp_path: Path
) -> None:
    from tactical.core.commands import MoveToken

    services = open_crowded(make_services, tmp_path)
    services.view.viewport().repaint()
    nw, se = services.scene.token_items["nw"], services.scene.token_items["se"]
    show_up_close(services, se.centre())
    assert se.label_rect().width() > se.diameter  # "Southeast", whole
    services.document.push(MoveToken("nw", (SIZE - 3, SIZE - 2)), GM)  # right beside it
    services.view.viewport().repaint()
    left, right = nw.mapRectToScene(nw.label_rect()), se.mapRectToScene(se.label_rect())
    assert nw.crowded and se.crowded
    assert left.isEmpty() or right.isEmpty() or not left.intersects(right)
    assert se.toolTip() == "Southeast" or nw.toolTip() == "Northwest"  # one name cut short
    services.document.undo_stack.undo()  # back to its corner: the name has its room again
    services.view.viewport().repaint()
    assert not se.crowded
    assert se.label_rect().width() > se.diameter
    assert se.toolTip() == ""
