"""The player view as a battle mat on a TV: scale, the frame, curtains, turns, handouts, pings."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, QSettings, Qt
from PySide6.QtGui import QColor, QImage

from tactical.app.map.geometry import CELL
from tactical.app.players.player_view import PlayerView
from tactical.app.players.table_screen import TableScreen
from tactical.app.players.table_screen.handout_file import HandoutError, read_handout
from tactical.app.players.table_screen.ping import PING_MS
from tactical.app.players.table_screen.settings import CALIBRATION_GROUP, key_for
from tactical.app.window.main_window import MainWindow
from tactical.core.changes import GM
from tactical.core.commands import MoveToken, PlaceTemplate
from tactical.core.screen_scale import pixels_per_mm_from_diagonal
from tactical.core.templates import Template

from .test_drag_view import screen

TV_43 = pixels_per_mm_from_diagonal(43, 1920, 1080)


def table(window: MainWindow) -> TableScreen:
    return window.table_screen


def open_mat(window: MainWindow, qtbot, per_mm: float | None = TV_43) -> PlayerView:  # type: ignore[no-untyped-def]
    """Open the player view and lock it to the scale of a 43-inch full HD TV."""
    asked: list[PlayerView] = []

    def ask(player: PlayerView) -> float | None:
        asked.append(player)
        return per_mm

    table(window).ask_calibration = ask
    window.player_controls.open_action.trigger()
    player = window.player_controls.player_view
    assert player is not None
    qtbot.addWidget(player)
    qtbot.waitExposed(player)
    table(window).actions.battle_mat.trigger()
    return player


def square_on_screen(player: PlayerView) -> QPointF:
    """How far apart, in viewport pixels, two neighbouring square corners are (x and y)."""
    a = player.view.mapFromScene(QPointF(0, 0))
    b = player.view.mapFromScene(QPointF(CELL, CELL))
    return QPointF(b - a)


# -- physical scale -----------------------------------------------------------------------


def test_one_inch_squares_are_51_pixels_on_a_43_inch_tv(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    player = open_mat(window, qtbot)
    assert table(window).actions.battle_mat.isChecked()
    assert not window.player_controls.follow_action.isChecked() and not player.following
    assert square_on_screen(player) == QPointF(51, 51)
    player.fit()  # F, the wheel, the GM zooming: the scale stays
    player.view.zoom_by(2.0)
    window.view.zoom_by(3.0)
    assert square_on_screen(player) == QPointF(51, 51)
    table(window).actions.squares["25 mm"].trigger()
    assert square_on_screen(player) == QPointF(50, 50)
    table(window).actions.battle_mat.trigger()  # off: zoom is free again
    player.view.zoom_by(2.0)
    assert square_on_screen(player) == QPointF(100, 100)


def test_calibration_is_remembered_per_screen(make_window, qtbot, settings: QSettings) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    player = open_mat(window, qtbot)
    key = f"{CALIBRATION_GROUP}/{key_for(player.screen())}"
    assert float(settings.value(key)) == pytest.approx(TV_43)
    table(window).actions.battle_mat.trigger()
    table(window).ask_calibration = lambda _player: pytest.fail("asked again")
    table(window).actions.battle_mat.trigger()  # the same screen: not asked again
    assert square_on_screen(player) == QPointF(51, 51)


def test_no_calibration_leaves_the_scale_free(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    open_mat(window, qtbot, per_mm=None)
    assert not table(window).actions.battle_mat.isChecked()
    assert "calibrated" in window.statusBar().currentMessage()


def test_following_the_gm_again_ends_the_battle_mat(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    player = open_mat(window, qtbot)
    window.player_controls.follow_action.trigger()
    assert player.following and not table(window).actions.battle_mat.isChecked()
    assert not table(window).frame.isVisible()


# -- the players' frame ------------------------------------------------------------------


def test_the_gm_drags_the_players_frame(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    player = open_mat(window, qtbot)
    frame = table(window).frame
    assert frame.isVisible() and frame.scene() is window.scene
    assert frame not in player.scene.items()
    assert frame.rect == player.view.visible_scene_rect()
    before = player.view.visible_scene_rect().center()
    viewport = window.view.viewport()
    tab = window.view.mapFromScene(frame.rect.topLeft()) + QPoint(20, 8)
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=tab)
    qtbot.mouseMove(viewport, tab + QPoint(60, 30))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=tab + QPoint(60, 30))
    moved = player.view.visible_scene_rect().center() - before
    expected = window.view.mapToScene(tab + QPoint(60, 30)) - window.view.mapToScene(tab)
    assert moved.x() == pytest.approx(expected.x(), abs=1.5)
    assert moved.y() == pytest.approx(expected.y(), abs=1.5)
    assert frame.rect == player.view.visible_scene_rect()
    assert square_on_screen(player) == QPointF(51, 51)
    assert window.document.undo_stack.count() == 0  # the frame is not an edit


def test_a_press_inside_the_frame_still_drags_tokens(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    open_mat(window, qtbot)
    viewport = window.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=screen(window, 1, 1))
    qtbot.mouseMove(viewport, screen(window, 2, 1))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=screen(window, 2, 1))
    assert window.document.encounter.tokens["hero"].position == (2, 1)


# -- blackout, freeze, handout -----------------------------------------------------------


def pixel(player: PlayerView, x: int, y: int) -> QColor:
    return player.grab().toImage().pixelColor(x, y)


def test_blackout_from_its_key(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    window.player_controls.open_action.trigger()
    player = window.player_controls.player_view
    assert player is not None
    qtbot.waitExposed(player)
    window.activateWindow()
    middle = player.view.geometry().center()
    assert pixel(player, middle.x(), middle.y()) != QColor("#000000")
    qtbot.keyClick(window, Qt.Key.Key_B)
    assert table(window).actions.blackout.isChecked()
    assert pixel(player, middle.x(), middle.y()) == QColor("#000000")
    assert table(window).state_label.text() == "Players' screen: blacked out"
    assert table(window).state_label.isVisibleTo(window)
    qtbot.keyClick(window, Qt.Key.Key_B)
    assert pixel(player, middle.x(), middle.y()) != QColor("#000000")
    assert not table(window).state_label.isVisibleTo(window)


def test_freeze_keeps_the_last_frame_while_the_gm_moves_things(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    player = open_mat(window, qtbot)
    hero = player.view.mapFromScene(QPointF(1.5 * CELL, 1.5 * CELL)) + player.view.pos()
    was = pixel(player, hero.x(), hero.y())
    table(window).actions.freeze.trigger()
    assert table(window).frame.state == "frozen"
    assert "frozen" in table(window).state_label.text()
    window.document.push(MoveToken("hero", (4, 4)), GM)
    assert pixel(player, hero.x(), hero.y()) == was  # still there for the players
    table(window).actions.freeze.trigger()
    assert pixel(player, hero.x(), hero.y()) != was
    assert table(window).frame.state == ""


def write_png(path: Path, image: QImage) -> Path:
    assert image.save(str(path))
    return path


def png_header(path: Path, width: int, height: int) -> Path:
    """A PNG whose header claims ``width`` x ``height`` (no pixels follow)."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    chunk = b"IHDR" + ihdr
    data = b"\x89PNG\r\n\x1a\n" + struct.pack(">I", len(ihdr)) + chunk
    data += struct.pack(">I", zlib.crc32(chunk))
    for name in (b"IDAT", b"IEND"):  # no pixels: the header is all that may be read
        data += struct.pack(">I", 0) + name + struct.pack(">I", zlib.crc32(name))
    path.write_bytes(data)
    return path


def test_a_handout_full_screen_until_put_away(make_window, qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    picture = QImage(40, 20, QImage.Format.Format_RGB32)
    picture.fill(QColor("#ff0000"))
    table(window).ask_handout = lambda: write_png(tmp_path / "letter.png", picture)
    table(window).actions.handout.trigger()
    player = window.player_controls.player_view
    assert player is not None
    qtbot.waitExposed(player)
    middle = player.rect().center()
    assert pixel(player, middle.x(), middle.y()) == QColor("#ff0000")
    assert pixel(player, middle.x(), 2) == QColor("#000000")  # letterboxed on black
    assert "handout" in table(window).state_label.text()
    table(window).actions.dismiss.trigger()
    assert pixel(player, middle.x(), middle.y()) != QColor("#ff0000")
    assert not table(window).actions.dismiss.isEnabled()


@pytest.mark.parametrize(
    ("width", "height", "words"),
    [(20_000, 10, "16,384 pixels a side"), (15_000, 15_000, "200 megapixels")],
)
def test_huge_handouts_are_refused_by_their_header(
    make_window, qtbot, tmp_path: Path, width: int, height: int, words: str
) -> None:  # type: ignore[no-untyped-def]
    path = png_header(tmp_path / "huge.png", width, height)
    with pytest.raises(HandoutError, match=words):
        read_handout(path)
    window = make_window()
    errors: list[str] = []
    table(window).show_error = errors.append
    table(window).ask_handout = lambda: path
    table(window).actions.handout.trigger()
    assert len(errors) == 1 and words in errors[0] and "huge.png" in errors[0]
    assert table(window).states() == []


def test_a_file_that_is_not_a_picture_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "notes.png"
    path.write_text("not a picture")
    with pytest.raises(HandoutError, match=r"notes\.png"):
        read_handout(path)


# -- turning ------------------------------------------------------------------------------


def test_a_quarter_turn_for_a_tv_lying_flat(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    player = open_mat(window, qtbot)
    wide = player.view.visible_scene_rect()
    window.activateWindow()
    qtbot.keyClick(window, Qt.Key.Key_O)
    assert table(window).rotation == 90
    assert table(window).actions.rotations[90].isChecked()
    step = square_on_screen(player)  # a square's corner: right on the map is down on the TV
    a = player.view.mapFromScene(QPointF(0, 0))
    right = player.view.mapFromScene(QPointF(CELL, 0)) - a
    assert (right.x(), right.y()) == (0, 51)
    assert abs(step.x()) == 51 and abs(step.y()) == 51
    turned = player.view.visible_scene_rect()
    assert turned.width() == pytest.approx(wide.height(), abs=1)
    assert turned.height() == pytest.approx(wide.width(), abs=1)
    assert table(window).frame.rect == turned
    table(window).actions.rotations[180].trigger()
    right = player.view.mapFromScene(QPointF(CELL, 0)) - player.view.mapFromScene(QPointF(0, 0))
    assert (right.x(), right.y()) == (-51, 0)


# -- pings ----------------------------------------------------------------------------------


@pytest.mark.slow
def test_a_double_click_pings_both_windows_for_two_seconds(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    player = open_mat(window, qtbot)
    spot = screen(window, 4, 3)
    qtbot.mouseDClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=spot)
    ripples = table(window).ripples
    assert [r.scene() for r in ripples] == [window.scene, player.scene]
    assert all(r.pos() == window.view.mapToScene(spot) for r in ripples)
    qtbot.waitUntil(lambda: all(r.scene() is None for r in ripples), timeout=PING_MS + 1500)


def test_g_pings_the_middle_of_the_players_screen(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    player = open_mat(window, qtbot)
    window.view.viewport().cursor().setPos(QPoint(-500, -500))
    table(window).actions.ping.trigger()
    ripples = table(window).ripples
    assert len(ripples) == 2
    centre = player.view.visible_scene_rect().center()
    assert ripples[1].pos().x() == pytest.approx(centre.x(), abs=1)


# -- labels, the ruler, secrets ----------------------------------------------------------------


def test_player_labels_are_larger_and_have_a_size_setting(make_window, qtbot, settings) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    window.player_controls.open_action.trigger()
    player = window.player_controls.player_view
    assert player is not None
    gm_label = window.scene.token_items["hero"]._font.pixelSize()
    large = player.scene.token_items["hero"]._font.pixelSize()
    assert large > gm_label  # Large by default on the players' screen
    table(window).actions.labels["Huge"].trigger()
    assert player.scene.token_items["hero"]._font.pixelSize() > large
    assert window.scene.token_items["hero"]._font.pixelSize() == gm_label
    assert settings.value("table_screen/label_size") == "Huge"


def test_the_ruler_reaches_the_players_only_when_the_gm_wants(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    window.player_controls.open_action.trigger()
    player = window.player_controls.player_view
    assert player is not None
    window.use_tool("ruler")
    viewport = window.view.viewport()
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=screen(window, 0, 0))
    qtbot.mouseMove(viewport, screen(window, 3, 0))
    assert window.scene.ruler.isVisible()
    assert not player.scene.ruler.isVisible()
    table(window).actions.mirror.trigger()
    assert player.scene.ruler.isVisible()
    assert player.scene.ruler.label == window.scene.ruler.label
    window.use_tool("select")  # the ruler put away
    assert not player.scene.ruler.isVisible()


def test_secret_template_previews_stay_off_the_players_screen(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    window.player_controls.open_action.trigger()
    player = window.player_controls.player_view
    assert player is not None
    table(window).actions.mirror.trigger()
    window.template_options.kind.setCurrentText("Aura")
    window.use_tool("template")
    viewport = window.view.viewport()
    qtbot.mouseMove(viewport, screen(window, 8, 1))  # the hidden spy: its aura would tell
    assert window.scene.template_preview.isVisible()
    assert not player.scene.template_preview.isVisible()
    qtbot.mouseMove(viewport, screen(window, 1, 4))  # the orc, whom everyone sees
    assert player.scene.template_preview.isVisible()
    window.document.push(PlaceTemplate(Template("trap", "area", 2, origin=(4, 4), hidden=True)), GM)
    assert "trap" not in player.scene.template_items


def test_nothing_hidden_on_the_battle_mat(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    player = open_mat(window, qtbot)
    table(window).actions.rotations[90].trigger()
    assert "spy" not in player.scene.token_items
    viewport = window.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=screen(window, 1, 1))
    qtbot.mouseMove(viewport, screen(window, 2, 1))
    assert window.scene.reach.isVisible()
    assert not player.scene.reach.isVisible() and not player.scene.path.isVisible()
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=screen(window, 2, 1))


# -- the calibration dialog -----------------------------------------------------------------


def test_the_calibration_dialog_by_diagonal_and_by_ruler_marks(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    from tactical.app.players.table_screen.calibration import CalibrationDialog, reported_ppi
    from tactical.core.screen_scale import DEFAULT_SQUARE, starting_ppi

    window = make_window()
    window.player_controls.open_action.trigger()
    parts = table(window).parts
    assert parts is not None
    screen_ = parts.player.screen()
    dialog = CalibrationDialog(screen_, DEFAULT_SQUARE, parts.marks, window)
    qtbot.addWidget(dialog)
    dialog.resolution = (1920, 1080)  # as if the player view stood on a full HD TV
    dialog.diagonal.setText("")
    dialog.diagonal.setText("43")
    assert dialog.result_label.text() == "51.2 pixels per inch: a square of 1 inch is 51 pixels."
    assert dialog.result() == 0  # QDialog's own result, once hidden by the label of that name
    dialog.diagonal.setText("109.22 cm")
    assert dialog.px_per_mm() == pytest.approx(TV_43)
    dialog.diagonal.setText("large")
    assert dialog.px_per_mm() is None
    assert not dialog.buttons.button(dialog.buttons.StandardButton.Ok).isEnabled()
    dialog.by_ruler.setChecked(True)
    assert parts.marks.isVisible()  # the marks stand on the players' screen
    # They start 10 cm apart as the screen reports its size, not a third of its width apart.
    reported = reported_ppi(screen_)
    assert reported == starting_ppi(
        screen_.physicalDotsPerInch(), screen_.logicalDotsPerInch() * screen_.devicePixelRatio()
    )
    width = parts.marks.width()
    if 100 / 25.4 * reported < width * 0.9:  # 10 cm fits across the players' window
        assert dialog.px_per_mm() * 25.4 == pytest.approx(reported, abs=0.6)
    parts.marks.set_marks(100, 300.0)
    assert dialog.px_per_mm() == pytest.approx(2.0)  # 200 px in 10 cm
    dialog.square.setCurrentText("25 mm")
    assert dialog.result_label.text().endswith("a square of 25 mm is 50 pixels.")
    dialog.reject()
    assert not parts.marks.isVisible()


def test_curtain_keys_work_in_the_players_window_too(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    window.player_controls.open_action.trigger()
    player = window.player_controls.player_view
    assert player is not None
    qtbot.waitExposed(player)
    player.activateWindow()
    qtbot.keyClick(player.view, Qt.Key.Key_B)
    assert table(window).actions.blackout.isChecked()
    assert table(window).states() == ["blacked out"]


def test_moved_to_a_screen_without_calibration_the_battle_mat_stops(
    make_window, qtbot, settings
) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    player = open_mat(window, qtbot)
    assert player.windowHandle() is not None
    settings.remove(f"{CALIBRATION_GROUP}/{key_for(player.screen())}")  # as if another TV
    player.windowHandle().screenChanged.emit(player.screen())
    assert not table(window).actions.battle_mat.isChecked()
    assert "not calibrated" in window.statusBar().currentMessage()


def test_the_players_tracker_grows_with_the_label_size(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    from tactical.persistence import load_encounter

    from .conftest import MAPS

    path = MAPS / "thrum.tactical.json"
    window = make_window(load_encounter(path), path)  # opens with its fight under way
    window.player_controls.open_action.trigger()
    player = window.player_controls.player_view
    assert player is not None
    column = player.column
    assert column.isVisibleTo(player) and column.lines()
    table(window).actions.labels["Normal"].trigger()
    assert column.width() == 260
    normal = [font.pixelSize() for _text, font, _look in column._layout()]
    table(window).actions.labels["Extra large"].trigger()
    large = [font.pixelSize() for _text, font, _look in column._layout()]
    assert large[0] == pytest.approx(normal[0] * 2, abs=1)  # the heading, bold
    assert column._layout()[0][1].bold()
    assert large[-1] == pytest.approx(normal[-1] * 2, abs=1)  # the order's rows
    assert column.width() == 260  # the column keeps its room on the players' right
    rows = player.tracker.order.count()
    shown = [t.id for t in window.document.encounter.tokens.values() if not t.hidden]
    window.token_edits.toggle_hidden(shown[:1])  # the tracker rebuilds its rows
    assert player.tracker.order.count() == rows - 1
    assert column._layout()[-1][1].pixelSize() == large[-1]


@pytest.mark.slow
def test_a_ping_shows_on_a_frozen_screen_where_its_picture_has_the_spot(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    player = open_mat(window, qtbot)
    spot = QPointF(4.5 * CELL, 3.5 * CELL)
    seen = player.view.viewport().mapTo(player, player.view.mapFromScene(spot))
    table(window).actions.freeze.trigger()
    player.view.centerOn(QPointF(0, 0))  # the GM drags the frame while the players see the past
    table(window).ping(spot)
    frozen = table(window).parts.frozen  # type: ignore[union-attr]
    assert len(frozen.pings) == 1
    where = frozen.pings[0][0]
    assert abs(where.x() - seen.x()) <= 1 and abs(where.y() - seen.y()) <= 1
    ring = pixel(player, seen.x() + 1, seen.y() + 1)  # the ping's yellow dot
    assert ring.red() > 200 and ring.green() > 150 and ring.blue() < 120
    qtbot.waitUntil(lambda: not frozen.pings, timeout=PING_MS + 1500)
    table(window).actions.blackout.trigger()
    table(window).ping(spot)
    assert not frozen.pings  # blacked out: nothing shows


def test_a_frozen_screen_never_shows_what_fog_hides_now(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    from tactical.core.commands import SetFogSetting
    from tactical.core.commands.fog import reveal_all

    window = make_window()
    window.document.push(SetFogSetting("enabled", True), GM)
    window.document.push(reveal_all(window.document.encounter), GM)
    player = open_mat(window, qtbot)
    table(window).actions.turn.trigger()  # a TV lying flat: turned a quarter
    hero = player.view.mapFromScene(QPointF(1.5 * CELL, 1.5 * CELL)) + player.view.pos()
    was = pixel(player, hero.x(), hero.y())
    table(window).actions.freeze.trigger()
    window.document.push(MoveToken("hero", (4, 4)), GM)
    assert pixel(player, hero.x(), hero.y()) == was  # frozen: the hero still stands there
    window.document.push(reveal_all(window.document.encounter, reveal=False), GM)
    hidden = pixel(player, hero.x(), hero.y())
    assert hidden != was  # the GM hid the room again: fog covers it on the frozen frame
    table(window).actions.freeze.trigger()
    assert pixel(player, hero.x(), hero.y()) == hidden  # the live screen: the same fog
