"""Issue 34: a frozen frame is the players' screen as it was, at full size.

Its legend stands over the map as the players saw it (never cut by the fog painted
over the frozen map), and a frame held before anything changed follows the window
to full screen rather than shrinking into a letterboxed picture.
"""

from __future__ import annotations

from PySide6.QtCore import QRect
from PySide6.QtGui import QImage

from tactical.app.players.player_view import PlayerView
from tactical.app.window.main_window import MainWindow
from tactical.core.changes import GM
from tactical.core.commands.fog import reveal_all
from tactical.persistence import load_encounter

from .conftest import MAPS
from .settle import settle

CRYPT = MAPS / "crypt-fog.tactical.json"


def crypt(make_window) -> MainWindow:  # type: ignore[no-untyped-def]
    return make_window(load_encounter(CRYPT), CRYPT)  # type: ignore[no-any-return]


def seen(player: PlayerView) -> QImage:
    """The players' screen as its window shows it (curtains and all), in device pixels."""
    return player.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)


def full_screen(window: MainWindow, qtbot) -> PlayerView:  # type: ignore[no-untyped-def]
    """Player view > Full screen on (this screen), shown and drawn."""
    player = window.open_player_view()
    player.show_on(window.screen(), full_screen=True)
    qtbot.waitUntil(lambda: player.isFullScreen() and player.size() == window.screen().size())
    settle(qtbot, player)
    return player


def largest_difference(a: QImage, b: QImage, rect: QRect) -> int:
    """The largest difference of a colour channel between ``a`` and ``b`` inside ``rect``."""
    largest = 0
    for y in range(rect.top(), rect.bottom() + 1):
        for x in range(rect.left(), rect.right() + 1):
            p, q = a.pixelColor(x, y), b.pixelColor(x, y)
            channels = zip(p.getRgb()[:3], q.getRgb()[:3], strict=True)
            largest = max(largest, *(abs(i - j) for i, j in channels))
    return largest


def legend_over_fog(player: PlayerView) -> bool:
    """Whether the players' legend stands over the map's fogged squares (the case that cut it)."""
    legend = player.legend.geometry().translated(player.view.pos())
    fogged = player.view.mapFromScene(player.scene.sceneRect()).boundingRect()
    return legend.intersects(fogged.translated(player.view.pos()))


def test_the_frozen_frame_is_the_live_frame_grabbed_just_before(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = crypt(make_window)
    window.table_screen.set_label_size("Huge")  # a wide legend, reaching over the fog
    player = full_screen(window, qtbot)
    assert player.legend.isVisible() and legend_over_fog(player)
    live = seen(player)
    window.table_screen.actions.freeze.trigger()
    assert window.table_screen.states() == ["frozen"]
    assert seen(player) == live  # pixel for pixel: the legend whole, over the same fog
    window.document.push(reveal_all(window.document.encounter, reveal=False), GM)
    hidden = seen(player)
    assert hidden != live  # the GM hid the rooms: today's fog over the frozen map...
    legend = player.legend.geometry().translated(player.view.pos())
    assert largest_difference(hidden, live, legend) <= 8  # ...and the legend still over it


def test_a_screen_opened_frozen_holds_its_first_frame_at_full_size(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = crypt(make_window)
    window.table_screen.actions.freeze.trigger()  # Z before the view was ever shown
    window.player_controls.open_action.trigger()  # P: a window first...
    player = window.player_controls.player_view
    assert player is not None
    parts = window.table_screen.parts
    assert parts is not None
    qtbot.waitUntil(lambda: not parts.frozen.picture.isNull())
    small = parts.frozen.picture.size()
    player.show_on(window.screen(), full_screen=True)  # ...then full screen on the TV
    qtbot.waitUntil(lambda: player.isFullScreen() and player.size() == window.screen().size())
    qtbot.waitUntil(lambda: parts.frozen.picture.size() != small)
    ratio = player.devicePixelRatioF()
    assert parts.frozen.picture.size() == player.size() * ratio  # its device pixels, 1:1
    frozen = seen(player)
    window.table_screen.actions.freeze.trigger()  # lifted: nothing had changed
    qtbot.waitUntil(lambda: parts.states() == [])  # the frozen frame taken down
    settle(qtbot, player)
    assert seen(player) == frozen  # no black band, no smaller picture: the same screen


def test_a_frame_held_still_follows_a_window_shut_and_shown_full_screen(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = crypt(make_window)
    window.table_screen.actions.freeze.trigger()
    window.player_controls.open_action.trigger()
    player = window.player_controls.player_view
    assert player is not None
    parts = window.table_screen.parts
    assert parts is not None
    qtbot.waitUntil(lambda: not parts.frozen.picture.isNull())
    player.close()  # as a move to another X screen does: the window goes, and comes back
    player.show_on(window.screen(), full_screen=True)
    qtbot.waitUntil(lambda: parts.frozen.picture.size() == player.size())
    frozen = seen(player)
    window.table_screen.actions.freeze.trigger()
    qtbot.waitUntil(lambda: parts.states() == [])  # the frozen frame taken down
    settle(qtbot, player)
    assert seen(player) == frozen
