"""On the players' screen the elevation legend never covers a token: tokens always win.

QA: in battle-mat scale on the hillside ruin, Mira Quickfoot and Brother Oswin stood under
the legend in its corner. Checked on every example map with a legend, at true scale with
each token brought to the legend's corner in turn, fitted, and following the GM.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, QRect, Qt

from tactical.app.players.player_view import PlayerView
from tactical.app.window.main_window import MainWindow
from tactical.core.changes import GM
from tactical.core.commands import MoveToken
from tactical.core.encounter import Encounter
from tactical.core.grid import GridMap
from tactical.core.tokens import Token
from tactical.persistence import load_encounter

from .conftest import MAPS
from .settle import settle
from .test_table_screen import open_mat

GRID_MAPS = sorted(
    path.name
    for path in MAPS.glob("*.tactical.json")
    if "benchmark" not in path.name and load_encounter(path).grid is not None
)


def legend_on_screen(player: PlayerView) -> QRect:
    legend = player.legend
    return QRect(player.view.viewport().mapFrom(player.view, legend.pos()), legend.size())


def tokens_on_screen(player: PlayerView) -> dict[str, QRect]:
    """Each shown token's rectangle on the players' screen (disc, name, badges)."""
    view = player.view
    return {
        item.look.name: view.mapFromScene(item.sceneBoundingRect()).boundingRect()
        for item in player.scene.token_items.values()
        if item.isVisible()
        and view.viewport()
        .rect()
        .intersects(view.mapFromScene(item.sceneBoundingRect()).boundingRect())
    }


def under_the_legend(player: PlayerView) -> list[str]:
    """The tokens the legend covers now (none when it is not shown)."""
    player.view.viewport().repaint()  # names take their size at this zoom, as the players see
    if not player.legend.isVisible():
        return []
    legend = legend_on_screen(player)
    return sorted(
        name for name, rect in tokens_on_screen(player).items() if rect.intersects(legend)
    )


def players_screen(make_window, qtbot, name: str) -> tuple[MainWindow, PlayerView]:  # type: ignore[no-untyped-def]
    path = MAPS / name
    window = make_window(load_encounter(path), path)
    window.player_controls.open_action.trigger()
    player = window.player_controls.player_view
    assert player is not None
    qtbot.addWidget(player)
    player.resize(1920, 1080)
    qtbot.waitExposed(player)
    settle(qtbot, player)
    return window, player


def bring_to_the_legends_corner(window: MainWindow, token_name: str) -> None:
    """Pan the battle mat so the token stands where the legend usually is (bottom left)."""
    parts = window.table_screen.parts
    assert parts is not None
    player = parts.player
    view, legend = player.view, player.legend
    item = next(i for i in player.scene.token_items.values() if i.look.name == token_name)
    spot = legend.spot(Qt.Corner.BottomLeftCorner, view.width(), view.height())
    middle = QPointF(spot) + QPointF(legend.width() / 2, legend.height() / 2)
    offset = view.mapToScene(view.viewport().rect().center()) - view.mapToScene(middle.toPoint())
    parts.mat.centre_on(item.sceneBoundingRect().center() + offset)


@pytest.mark.parametrize("name", GRID_MAPS)
def test_at_battle_mat_scale_no_token_is_under_the_legend(make_window, qtbot, name: str) -> None:  # type: ignore[no-untyped-def]
    window, player = players_screen(make_window, qtbot, name)
    open_mat(window, qtbot)
    assert window.table_screen.parts is not None and window.table_screen.parts.mat.locked
    assert player.legend.isVisible()
    assert under_the_legend(player) == []
    standing = [i for i in player.scene.token_items.values() if i.isVisible()]  # on the map
    assert standing
    for token_name in sorted(i.look.name for i in standing):
        bring_to_the_legends_corner(window, token_name)
        assert token_name in tokens_on_screen(player)
        assert under_the_legend(player) == [], token_name
        assert player.legend.isVisible(), token_name  # a corner was free: it moved there


@pytest.mark.parametrize("name", GRID_MAPS)
def test_fitted_or_following_no_token_is_under_the_legend(make_window, qtbot, name: str) -> None:  # type: ignore[no-untyped-def]
    window, player = players_screen(make_window, qtbot, name)
    window.view.fit_map()  # following the GM's fitted view
    assert player.following
    assert player.legend.isVisible() and under_the_legend(player) == []
    window.player_controls.follow_action.setChecked(False)
    player.fit()
    assert player.view.fitted and player.legend.isVisible()
    assert under_the_legend(player) == []
    window.view.zoom_by(2.5)  # the GM zooms in on the middle; the players follow again
    window.player_controls.follow_action.setChecked(True)
    assert under_the_legend(player) == []


def test_hillside_mira_and_oswin_stay_clear_of_the_legend(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    """The QA case: the mat locked on the GM's view of the hillside ruin."""
    window, player = players_screen(make_window, qtbot, "hillside-ruin.tactical.json")
    open_mat(window, qtbot)
    for name in ("Mira Quickfoot", "Brother Oswin"):
        bring_to_the_legends_corner(window, name)
        assert name in tokens_on_screen(player)
        assert player.legend.isVisible()
        assert under_the_legend(player) == []
        assert player.legend.corner != Qt.Corner.BottomLeftCorner  # it stepped aside
    window.table_screen.parts.mat.centre_on(player.scene.layer.scene_rect().center())
    assert under_the_legend(player) == []
    assert player.legend.corner == Qt.Corner.BottomLeftCorner  # the heroes left: back home
    window.table_screen.set_rotation(90)  # a TV lying flat, players along its other side
    for name in ("Mira Quickfoot", "Brother Oswin"):
        bring_to_the_legends_corner(window, name)
        assert name in tokens_on_screen(player)
        assert player.legend.isVisible() and under_the_legend(player) == []
        assert player.legend.corner != Qt.Corner.BottomLeftCorner


def corners_grid() -> Encounter:
    """A 12 x 8 grid with a token in each corner square."""
    tokens = [
        Token(f"t{n}", f"Corner {n}", "pcs", square)
        for n, square in enumerate(((0, 0), (11, 0), (0, 7), (11, 7)))
    ]
    return Encounter(GridMap.from_text("\n".join(["0 " * 11 + "1"] * 8)), tokens, name="Corners")


def test_with_a_token_in_every_corner_the_legend_waits_for_a_free_one(
    make_window, qtbot, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    window = make_window(corners_grid())
    window.player_controls.open_action.trigger()
    player = window.player_controls.player_view
    assert player is not None
    qtbot.addWidget(player)
    player.resize(640, 420)
    qtbot.waitExposed(player)
    window.player_controls.follow_action.setChecked(False)
    scene_rect = player.scene.layer.scene_rect()
    player.show_rect(scene_rect)  # the map edge to edge: a token in each corner of the screen
    assert not player.legend.isVisible() and player.legend_keeper.crowded
    assert under_the_legend(player) == []
    window.document.push(MoveToken("t3", (6, 4)), GM)  # the bottom-right corner is free again
    assert player.legend.isVisible() and not player.legend_keeper.crowded
    assert player.legend.corner == Qt.Corner.BottomRightCorner
    assert under_the_legend(player) == []


def test_a_larger_label_size_keeps_the_names_out_from_under_the_legend(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Huge names and a legend grown with them: Mira's name, just clear before, stays clear."""
    window, player = players_screen(make_window, qtbot, "hillside-ruin.tactical.json")
    open_mat(window, qtbot)
    window.table_screen.set_label_size("Normal")
    bring_to_the_legends_corner(window, "Mira Quickfoot")
    parts = window.table_screen.parts
    assert parts is not None
    above = (player.legend.height() / 2 + 60) / player.view.zoom  # Mira just above it
    parts.mat.centre_on(parts.mat.centre() + QPointF(0, above))
    assert player.legend.corner == Qt.Corner.BottomLeftCorner and under_the_legend(player) == []
    small = player.legend.size()
    window.table_screen.set_label_size("Huge")
    assert player.legend.width() > small.width() * 1.3  # grown, as far as a battle mat allows
    assert "Mira Quickfoot" in tokens_on_screen(player)
    assert player.legend.isVisible() and under_the_legend(player) == []
    assert player.legend.corner != Qt.Corner.BottomLeftCorner  # grown, it had to step aside
