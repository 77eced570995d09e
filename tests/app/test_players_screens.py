"""Issue 23, the players' screens: only what the GM allows, and the GM always in charge of it.

Blackout and freeze belong to the players' screen (not to a window), the players' legend
and summary tell only what the players can see and turn with the screen, and the player
view never traps the GM.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QSettings, Qt
from PySide6.QtGui import QColor, QContextMenuEvent, QImage, QTransform
from PySide6.QtWidgets import QApplication

from tactical.app.players.player_view import PlayerView
from tactical.app.window.main_window import MainWindow
from tactical.core.changes import GM
from tactical.persistence import load_encounter, save_encounter

from .conftest import MAPS, small_grid
from .settle import settle

BLACK = QColor("#000000")


def opened(window: MainWindow, qtbot) -> PlayerView:  # type: ignore[no-untyped-def]
    """P: the player view, shown and drawn."""
    window.player_controls.open_action.trigger()
    player = window.player_controls.player_view
    assert player is not None
    qtbot.waitExposed(player)
    settle(qtbot, player)
    return player


def middle_of_map(player: PlayerView) -> QColor:
    middle = player.view.geometry().center()
    return player.grab().toImage().pixelColor(middle.x(), middle.y())


# -- blackout and freeze belong to the players' screen ------------------------------------


def test_blackout_set_while_the_view_is_closed_holds_when_it_reopens(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    player = opened(window, qtbot)
    assert middle_of_map(player) != BLACK
    player.close()
    actions = window.table_screen.actions
    actions.blackout.trigger()  # B, then Z, while the view is closed
    actions.freeze.trigger()
    assert window.table_screen.state_label.text() == "Players' screen: blacked out, frozen"
    player = opened(window, qtbot)
    assert middle_of_map(player) == BLACK  # was the frozen map
    actions.blackout.trigger()  # lifting the blackout shows the frozen map
    assert middle_of_map(player) != BLACK
    assert window.table_screen.states() == ["frozen"]


def test_blackout_holds_on_another_screen_and_full_screen(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    window.table_screen.actions.blackout.trigger()  # before the view was ever opened
    player = opened(window, qtbot)
    assert middle_of_map(player) == BLACK
    player.show_on(player.screen(), full_screen=True)
    qtbot.waitUntil(player.isFullScreen)
    settle(qtbot, player)
    assert middle_of_map(player) == BLACK
    player.show_on(player.screen(), full_screen=False)
    assert middle_of_map(player) == BLACK


def test_the_curtains_outlive_a_restart_on_the_same_file(
    make_window, qtbot, tmp_path: Path, settings: QSettings
) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "night.tactical.json"
    save_encounter(small_grid(), path)
    other = tmp_path / "other.tactical.json"
    save_encounter(small_grid(), other)
    window = make_window(load_encounter(path), path)
    window.table_screen.actions.blackout.trigger()
    window.table_screen.actions.freeze.trigger()
    window.close()
    again = make_window(load_encounter(path), path)  # the app started again on the file
    actions = again.table_screen.actions
    assert actions.blackout.isChecked() and actions.freeze.isChecked()
    assert again.table_screen.state_label.text() == "Players' screen: blacked out, frozen"
    player = opened(again, qtbot)
    assert middle_of_map(player) == BLACK
    actions.blackout.trigger()
    qtbot.waitUntil(lambda: window_parts(again).states() == ["frozen"])  # the curtain lifted
    settle(qtbot, player)
    frozen = window_parts(again).frozen
    assert frozen.isVisibleTo(player) and not frozen.picture.isNull()  # the first frame, held
    actions.freeze.trigger()
    third = make_window(load_encounter(path), path)
    assert not third.table_screen.actions.blackout.isChecked()
    assert not third.table_screen.actions.freeze.isChecked()


def window_parts(window: MainWindow):  # type: ignore[no-untyped-def]
    parts = window.table_screen.parts
    assert parts is not None
    return parts


def test_opening_another_file_takes_its_curtains_and_a_new_file_keeps_them(
    make_window, qtbot, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    dark, fresh = tmp_path / "dark.tactical.json", tmp_path / "fresh.tactical.json"
    save_encounter(small_grid(), dark)
    save_encounter(small_grid(), fresh)
    window = make_window(load_encounter(dark), dark)
    window.table_screen.actions.blackout.trigger()
    window.table_screen.actions.blackout.trigger()  # off again: remembered off for dark
    window.table_screen.actions.freeze.trigger()
    assert window.open_path(MAPS / "crypt-fog.tactical.json")  # never seen: still frozen
    assert window.table_screen.actions.freeze.isChecked()
    assert window.open_path(dark)  # remembered: frozen (it was frozen when it was left)
    window.table_screen.actions.freeze.trigger()
    assert window.open_path(fresh)  # never seen: still not frozen
    assert not window.table_screen.actions.freeze.isChecked()
    assert window.open_path(MAPS / "crypt-fog.tactical.json")  # remembered: frozen
    assert window.table_screen.actions.freeze.isChecked()


# -- the players' legend tells only what the players can see ------------------------------


def test_the_players_legend_on_crypt_fog_names_no_height_under_fog(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    from tactical.app.snapshot.content import build_content
    from tactical.core.commands.fog import reveal_all

    path = MAPS / "crypt-fog.tactical.json"
    window = make_window(load_encounter(path), path)
    player = opened(window, qtbot)
    heights = [value for value, _ in player.legend.entries]
    assert 1 not in heights and 2 not in heights  # every +1 and +2 square is under fog
    snapshot = build_content(window.document.encounter, None, "players")
    assert tuple(heights) == snapshot.elevations  # one function decides for both
    assert player.legend.terrain == snapshot.terrain
    gm_heights = [value for value, _ in window.view_menu.legend.entries]
    assert 1 in gm_heights and 2 in gm_heights  # the GM's legend names them all
    window.document.push(reveal_all(window.document.encounter), GM)
    assert [value for value, _ in player.legend.entries] == gm_heights
    window.document.undo_stack.undo()
    assert [value for value, _ in player.legend.entries] == heights


# -- the player view cannot trap the GM ---------------------------------------------------


def test_escape_from_full_screen_leaves_a_window_inside_the_screen(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    player = opened(window, qtbot)
    screen = window.screen()
    player.show_on(screen, full_screen=True)  # on the GM's own screen
    qtbot.waitUntil(player.isFullScreen)
    player.activateWindow()
    qtbot.keyClick(player.view, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not player.isFullScreen())
    room = screen.availableGeometry()
    assert room.contains(player.frameGeometry())  # the title bar on the screen
    assert player.width() < room.width() and player.height() < room.height()
    player.show_on(screen, full_screen=True)
    qtbot.waitUntil(player.isFullScreen)
    player.toggle_full_screen()  # F11 too
    assert not player.isFullScreen() and room.contains(player.frameGeometry())


def test_the_players_window_has_a_way_out_on_its_right_click(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    player = opened(window, qtbot)
    player.show_on(window.screen(), full_screen=True)
    qtbot.waitUntil(player.isFullScreen)
    texts = [action.text() for action in player.context_menu().actions()]
    assert "&Close player view" in texts and "&Leave full screen (Escape)" in texts
    player.close_action.trigger()
    assert not player.isVisible()


@pytest.mark.parametrize("curtain", ["blackout", "freeze"])
def test_the_right_click_way_out_works_over_a_blackout_or_a_frozen_frame(
    make_window, qtbot, monkeypatch, curtain: str
) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    player = opened(window, qtbot)
    getattr(window.table_screen.actions, curtain).trigger()
    settle(qtbot, player)
    middle = player.view.geometry().center()
    covering = player.childAt(middle)
    assert covering is not None and not player.view.isAncestorOf(covering)  # a curtain
    shown: list[QPoint] = []
    menu = player.context_menu()
    monkeypatch.setattr(menu, "popup", lambda at, *_: shown.append(at))
    monkeypatch.setattr(player, "context_menu", lambda: menu)
    event = QContextMenuEvent(
        QContextMenuEvent.Reason.Mouse, middle, covering.mapToGlobal(covering.rect().center())
    )
    QApplication.sendEvent(covering, event)
    assert len(shown) == 1  # the menu with "Close player view" opened over the curtain


@pytest.mark.parametrize(
    ("key", "action"),
    [
        (Qt.Key.Key_M, "battle_mat"),
        (Qt.Key.Key_B, "blackout"),
        (Qt.Key.Key_Z, "freeze"),
    ],
)
def test_the_gms_keys_work_after_a_click_on_the_players_window(
    make_window, qtbot, key: Qt.Key, action: str
) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    window.table_screen.ask_calibration = lambda _player: 3.0
    player = opened(window, qtbot)
    qtbot.mouseClick(player.view.viewport(), Qt.MouseButton.LeftButton)
    player.activateWindow()
    qtbot.keyClick(player.view, key)
    assert getattr(window.table_screen.actions, action).isChecked()


def test_undo_works_from_the_players_window(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    from tactical.core.commands import MoveToken

    window = make_window()
    player = opened(window, qtbot)
    window.document.push(MoveToken("hero", (4, 4)), GM)
    player.activateWindow()
    qtbot.keyClick(player.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.document.encounter.tokens["hero"].position == (1, 1)


# -- reveal after every move ------------------------------------------------------------


def test_the_glow_of_newly_seen_squares_is_not_the_reach_shading() -> None:
    import numpy as np

    from tactical.app.fog.preview import GLOW, glow_words
    from tactical.app.map.scene.overlays import cost_colour

    glow = QColor.fromRgba(int(GLOW))
    reach_hues = {cost_colour(cost, 6).hslHue() for cost in range(7)}
    assert all(
        min(abs(glow.hslHue() - hue), 360 - abs(glow.hslHue() - hue)) > 60 for hue in reach_hues
    )
    square = glow_words(np.ones((1, 1), dtype=np.bool_))
    assert len(np.unique(square)) == 2  # striped: a pattern, not a flat fill like the reach
    assert not glow_words(np.zeros((2, 2), dtype=np.bool_)).any()


def test_the_glow_strokes_its_stripes_across_the_new_squares_only() -> None:
    import numpy as np

    from tactical.app.fog.preview import GLOW, GLOW_SOFT, PATTERN, STRIPE, glow_words

    new = np.random.default_rng(3).random((7, 9)) < 0.5
    for pattern in range(2, PATTERN + 1):  # each size a square may get
        words = glow_words(new, pattern)
        assert words.shape == (7 * pattern, 9 * pattern) and words.dtype == np.uint32
        period = max(2, STRIPE * pattern // PATTERN)
        for row, col in ((0, 0), (5, 3), (7 * pattern - 1, 9 * pattern - 1), (13, 17)):
            strong = (row + col) % period < period // 2
            expected = (GLOW if strong else GLOW_SOFT) if new[row // pattern, col // pattern] else 0
            assert words[row, col] == expected, (pattern, row, col)


# -- a ping is seen from across the room ------------------------------------------------------


def ping_picture(progress: float, rotation: int = 0) -> QImage:
    """A ping ``progress`` of the way through, at (250, 250) on white."""
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QPainter

    from tactical.app.players.table_screen.ping import paint_ripple

    image = QImage(500, 500, QImage.Format.Format_ARGB32)
    image.fill(QColor("#ffffff"))
    painter = QPainter(image)
    paint_ripple(painter, QPointF(250, 250), progress, rotation)
    painter.end()
    return image


def yellow(image: QImage, x: int, y: int) -> bool:
    colour = image.pixelColor(x, y)
    return colour.red() > 200 and colour.green() > 170 and colour.blue() < 120


def yellow_reach(progress: float) -> float:
    """How far from the spot a ping paints yellow, in pixels."""
    import math

    image = ping_picture(progress)
    return max(
        (
            math.hypot(x - 250, y - 250)
            for y in range(0, 500, 2)
            for x in range(0, 500, 2)
            if yellow(image, x, y)
        ),
        default=0.0,
    )


def test_a_ping_is_big_bold_and_lasts_several_seconds() -> None:
    from tactical.app.players.table_screen.ping import PING_MS

    assert PING_MS >= 4000
    reach = [yellow_reach(p) for p in (0.2, 0.4, 0.6, 0.8)]
    assert max(reach) >= 150  # rings three squares out (a square is 51 px on a 43-inch TV)
    assert min(reach) >= 100  # something big all the way through: the arrow, new rings
    start = ping_picture(0.0)
    assert yellow(start, 250, 170)  # an arrow above the spot, pointing at it


def test_a_ping_turns_with_the_players_screen(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import QPointF

    window = make_window()
    opened(window, qtbot)
    window.table_screen.set_rotation(90)
    window.table_screen.ping(QPointF(100, 100))
    gm, players = window.table_screen.ripples
    assert (gm.rotation(), players.rotation()) == (0, 90)
    assert players.size > gm.size  # the players' label size: read across the table
    # Turned a quarter clockwise (the map's up is the screen's right), so is the arrow.
    turned = ping_picture(0.0, rotation=90)
    assert yellow(turned, 330, 250) and not yellow(turned, 250, 170)


# -- the players' summary and legend: turned, hidden, moved, within a tenth of the mat ----------


def thrum_players(make_window, qtbot):  # type: ignore[no-untyped-def]
    """The GM's window on thrum (a fight under way) and its player view at 1920 x 1080."""
    path = MAPS / "thrum.tactical.json"
    window = make_window(load_encounter(path), path)
    player = opened(window, qtbot)
    player.resize(1920, 1080)
    settle(qtbot, player)
    return window, player


def test_a_quarter_turn_turns_the_summary_and_the_legend(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window, player = thrum_players(make_window, qtbot)
    column, legend = player.column, player.legend
    assert column.isVisibleTo(player) and column.lines()
    assert column.geometry().right() == player.width() - 1  # the players' right
    upright = legend.size()
    window.table_screen.set_rotation(90)  # players on the TV's left side: their right is down
    settle(qtbot, player)
    assert column.rotation == 90 and legend.rotation == 90
    assert column.geometry().bottom() == player.height() - 1
    assert column.width() == player.width() and column.height() < player.height() / 3
    assert (legend.width(), legend.height()) == (upright.height(), upright.width())
    assert legend.corner == Qt.Corner.TopLeftCorner  # the players' bottom left
    window.table_screen.set_rotation(180)
    settle(qtbot, player)
    assert column.geometry().left() == 0 and legend.size() == upright
    assert legend.corner == Qt.Corner.TopRightCorner


def test_a_turned_summary_reads_the_players_way_up(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window, player = thrum_players(make_window, qtbot)
    column = player.column
    upright = column.grab().toImage()
    window.table_screen.set_rotation(180)
    settle(qtbot, player)
    turned = column.grab().toImage().transformed(QTransform().rotate(180))
    assert turned.size() == upright.size()
    # Half a turn: the players read the same picture, upside down on the glass
    # (but for a pixel's rounding here and there in the letters).
    same = sum(
        turned.pixelColor(x, y) == upright.pixelColor(x, y)
        for x in range(0, upright.width(), 3)
        for y in range(0, upright.height(), 3)
    )
    assert same > 0.97 * (upright.width() // 3 + 1) * (upright.height() // 3 + 1)
    inked = sum(
        upright.pixelColor(x, 20) != upright.pixelColor(2, 2) for x in range(upright.width())
    )
    assert inked > 0  # the heading's letters at the top, upright


def test_the_gm_hides_and_moves_the_players_legend_and_summary(
    make_window, qtbot, settings: QSettings
) -> None:  # type: ignore[no-untyped-def]
    window, player = thrum_players(make_window, qtbot)
    aids = window.table_screen.aids
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window.view, Qt.Key.Key_L)  # L: the GM's own legend only
    assert not window.view_menu.legend_action.isChecked() and player.legend.isVisible()
    qtbot.keyClick(window.view, Qt.Key.Key_L, Qt.KeyboardModifier.ShiftModifier)
    assert not player.legend.isVisible()
    qtbot.keyClick(window.view, Qt.Key.Key_T, Qt.KeyboardModifier.ShiftModifier)
    assert not player.column.isVisible()
    aids.summary.trigger()
    assert player.column.isVisible()
    aids.sides["left"].trigger()
    settle(qtbot, player)
    assert player.column.geometry().left() == 0
    aids.legend.trigger()
    aids.corners["top right"].trigger()
    settle(qtbot, player)
    assert player.legend.isVisible() and player.legend.corner == Qt.Corner.TopRightCorner
    assert settings.value("table_screen/players_summary_side") == "left"
    again = make_window(load_encounter(MAPS / "thrum.tactical.json"))
    assert again.table_screen.aids.corners["top right"].isChecked()


def test_at_battle_mat_scale_legend_and_summary_keep_to_a_tenth(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    from .test_table_screen import open_mat

    path = MAPS / "thrum.tactical.json"
    window = make_window(load_encounter(path), path)
    player = open_mat(window, qtbot)
    player.resize(1920, 1080)
    for size in ("Normal", "Large", "Extra large", "Huge"):
        window.table_screen.set_label_size(size)
        for rotation in (0, 90):
            window.table_screen.set_rotation(rotation)
            settle(qtbot, player)
            screen = player.width() * player.height()
            column = player.column.width() * player.column.height()
            legend = player.legend.width() * player.legend.height()
            assert column + legend <= screen / 10, (size, rotation)


def test_a_long_name_ends_in_an_ellipsis_after_a_whole_word() -> None:
    from tactical.app.players.players_summary import elide_words

    def width(text: str) -> float:
        return 10.0 * len(text)

    name = "Brother Oswin the Unyielding"
    assert elide_words(name, 400, width) == name
    assert elide_words(name, 150, width) == "Brother Oswin\N{HORIZONTAL ELLIPSIS}"
    assert elide_words(name, 100, width) == "Brother\N{HORIZONTAL ELLIPSIS}"
    assert elide_words("Mira \N{EM DASH} Rebuke: First attack", 120, width) == (
        "Mira\N{HORIZONTAL ELLIPSIS}"
    )


def test_the_summary_column_cuts_no_name_mid_word(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    from .test_table_screen import open_mat

    path = MAPS / "thrum.tactical.json"
    window = make_window(load_encounter(path), path)
    player = open_mat(window, qtbot)  # narrow at battle-mat scale
    window.table_screen.set_label_size("Huge")
    names = [player.tracker.order.item(i).text() for i in range(player.tracker.order.count())]
    shown = player.column.lines()[-len(names) :]
    assert any(line.endswith("\N{HORIZONTAL ELLIPSIS}") for line in shown)
    assert any(line == full for full, line in zip(names, shown, strict=True))
    for full, line in zip(names, shown, strict=True):
        if line != full:
            kept = line.removesuffix("\N{HORIZONTAL ELLIPSIS}")
            assert full.startswith(kept) and full[len(kept)] == " ", (full, line)


def test_a_frozen_screen_going_full_screen_shows_its_picture_whole(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import QPointF

    from tactical.app.map.geometry import CELL
    from tactical.core.commands import MoveToken

    window = make_window()
    player = opened(window, qtbot)
    player.resize(800, 500)
    settle(qtbot, player)
    hero = player.view.mapFromScene(QPointF(1.5 * CELL, 1.5 * CELL)) + player.view.pos()
    was = player.grab().toImage().pixelColor(hero.x(), hero.y())
    window.table_screen.actions.freeze.trigger()
    window.document.push(MoveToken("hero", (4, 4)), GM)  # moved since: the frame is the past
    player.resize(1600, 1000)  # full screen on a larger screen: the picture, twice as large
    settle(qtbot, player)
    image = player.grab().toImage()
    now = image.pixelColor(2 * hero.x(), 2 * hero.y())  # the hero's disc, smoothed a little
    assert abs(now.hueF() - was.hueF()) < 0.05 and now.blue() > now.red() + 40
    assert image.pixelColor(1590, 990) != BLACK  # no black band where the picture ended


# -- no label names what is under fog ------------------------------------------------------


def test_an_area_under_fog_is_not_named_on_the_players_screen(qtbot) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QPainter

    from tactical.app.encounter.document import EncounterDocument
    from tactical.app.fog.layer import install_fog_layer
    from tactical.app.map.geometry import CELL
    from tactical.app.map.scene.map_scene import MapScene
    from tactical.core.areas import Area, AreaMap, polygon_from_points
    from tactical.core.commands import RevealAreas
    from tactical.core.encounter import Encounter
    from tactical.core.fog import Fog

    def box(x: float) -> list[tuple[float, float]]:
        return [(x, 0), (x + 2, 0), (x + 2, 2), (x, 2)]

    def hall_seen_by_players(crypt_name: str) -> tuple[QImage, EncounterDocument, MapScene]:
        """The hall (found) on the players' screen, beside the crypt (under fog)."""
        areas = [
            Area("hall", "Hall", polygon_from_points(box(0))),
            Area("crypt", crypt_name, polygon_from_points(box(2))),
        ]
        encounter = Encounter(AreaMap(areas), [], name="Names")
        encounter.fog = Fog(enabled=True, areas={"hall"})
        document = EncounterDocument(encounter)
        scene = MapScene(document, player=True)
        install_fog_layer(scene)
        return picture(scene), document, scene

    def picture(scene: MapScene) -> QImage:
        image = QImage(round(2 * CELL), round(2 * CELL), QImage.Format.Format_ARGB32)
        image.fill(QColor("#000000"))
        painter = QPainter(image)
        scene.render(painter, QRectF(image.rect()), QRectF(0, 0, 2 * CELL, 2 * CELL))
        painter.end()
        return image

    unnamed, _, _ = hall_seen_by_players("")
    # A long name in a small room: drawn, its label would reach well into the hall.
    fogged, document, scene = hall_seen_by_players("The Crypt of the Forgotten Saint")
    assert fogged == unnamed
    document.push(RevealAreas(["crypt"], reveal=True), GM)
    assert picture(scene) != unnamed  # found, the crypt is named
    document.undo_stack.undo()
    assert picture(scene) == unnamed
