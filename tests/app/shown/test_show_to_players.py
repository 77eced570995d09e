"""Player view > Show this scene to players (issue 33): the TV stays on the scene shown to the
players while the GM looks at another, moves to the GM's scene in one undo step, and shows the
curtain until the new scene is drawn with its fog: no frame of the next map shows what it hides."""

from __future__ import annotations

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPointF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QApplication

from tactical.app.map.geometry import CELL
from tactical.app.players.player_view import PlayerView
from tactical.app.players.show_to_players import ACTION_ID
from tactical.core.encounter import Encounter
from tactical.core.evening import Evening
from tactical.core.pictures import Background, Picture, picture_id
from tactical.core.sides import Side
from tests.app.conftest import WindowFactory
from tests.app.settle import settle

from .evenings import evening, look_at

MAGENTA = (255, 0, 255)
"""The crypt's art under its fog (columns 6 on): no frame on the TV may show one such pixel."""
CYAN = (0, 255, 255)
"""The bone warden's side (it stands under the fog): nor one of these."""
STONE = (120, 118, 110)
"""The crypt's art where the party has been: the new scene drawn at last."""


def art_png(width: int, height: int) -> bytes:
    """Stone grey, magenta over the east half (10 pixels a square)."""
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(QColor(*STONE))
    painter = QPainter(image)
    painter.fillRect(width // 2, 0, width - width // 2, height, QColor(*MAGENTA))
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    return bytes(data.data())


def with_art(crypt: Encounter) -> None:
    """Art under the crypt (fully opaque), the warden's side cyan."""
    data = art_png(120, 60)
    picture = Picture(picture_id(data), data=data)
    crypt.pictures[picture.id] = picture
    crypt.background = Background(picture.id, 0, 0, 10, 0.0)
    crypt.sides["npcs"] = Side("npcs", "Monsters", "#00ffff")


def colours(image: QImage) -> set[tuple[int, int, int]]:
    small = image.convertToFormat(QImage.Format.Format_RGB32)
    found = set()
    for y in range(0, small.height(), 2):
        for x in range(0, small.width(), 2):
            colour = small.pixelColor(x, y)
            found.add((colour.red(), colour.green(), colour.blue()))
    return found


Rgb = tuple[int, int, int]


def near(found: set[Rgb], colour: Rgb, tolerance: int = 12) -> bool:
    return any(all(abs(a - b) <= tolerance for a, b in zip(c, colour, strict=True)) for c in found)


def shown_ids(player: PlayerView) -> set[str]:
    return {t.id for t in player.scene.visible_tokens()}


def opened(make_window: WindowFactory, qtbot, night: Evening) -> tuple[object, PlayerView]:  # type: ignore[no-untyped-def]
    window = make_window(night.scene(night.shown or "tavern").encounter)
    player = window.open_player_view()
    player.resize(600, 400)
    settle(qtbot, player)
    return window, player


def test_the_tv_stays_on_the_shown_scene_and_moves_when_the_gm_shows_another(
    make_window: WindowFactory,
    qtbot,  # type: ignore[no-untyped-def]
) -> None:
    night = evening(shown="tavern")
    window, player = opened(make_window, qtbot, night)
    action = window.action_registry.action(ACTION_ID)  # type: ignore[attr-defined]
    assert not action.isEnabled()  # the GM looks at the scene shown
    assert player.following
    tv = player.view.visible_scene_rect()
    look_at(window.document, "crypt")  # type: ignore[attr-defined]
    settle(qtbot, player)
    assert action.isEnabled()
    assert player.view.visible_scene_rect() == tv  # the TV does not follow the GM away
    assert shown_ids(player) == {"mira-t", "bram", "keep"}  # still the tavern
    assert player.windowTitle() == "Player view"
    action.trigger()
    assert player.scene.encounter is night.scene("crypt").encounter
    assert shown_ids(player) == {"mira-c"}  # the warden stands in fog
    assert window.document.undo_stack.undoText() == "Show Crypt of the Hollow Saint to players"  # type: ignore[attr-defined]
    assert not action.isEnabled()
    assert "Hollow" not in player.windowTitle()  # the map's name is not shown to players
    window.document.undo_stack.undo()  # type: ignore[attr-defined]
    assert shown_ids(player) == {"mira-t", "bram", "keep"}


def test_no_frame_of_the_next_scene_shows_what_its_fog_hides(
    make_window: WindowFactory,
    qtbot,  # type: ignore[no-untyped-def]
) -> None:
    night = evening(shown="tavern")
    with_art(night.scene("crypt").encounter)
    window, player = opened(make_window, qtbot, night)
    parts = window.table_screen.parts  # type: ignore[attr-defined]
    assert parts is not None
    look_at(window.document, "crypt")  # type: ignore[attr-defined]
    frames = [player.grab().toImage()]
    window.action_registry.action(ACTION_ID).trigger()  # type: ignore[attr-defined]
    frames.append(player.grab().toImage())  # before the event loop turns: the curtain
    turns = 0
    while (parts.scene_curtain.is_down or turns < 5) and turns < 200:  # bounded
        QApplication.processEvents()
        frames.append(player.grab().toImage())
        turns += 1
    seen = [colours(frame) for frame in frames]
    assert not [i for i, found in enumerate(seen) if near(found, MAGENTA) or near(found, CYAN)]
    assert seen[1] == {(0, 0, 0)}  # the curtain, at once
    assert near(seen[-1], STONE)  # and then the crypt, drawn with its fog
    assert not parts.scene_curtain.is_down


def test_the_gms_ruler_and_the_players_frame_stay_on_the_scene_the_players_see(
    make_window: WindowFactory,
    qtbot,  # type: ignore[no-untyped-def]
) -> None:
    night = evening(shown="tavern")
    window, player = opened(make_window, qtbot, night)
    table = window.table_screen  # type: ignore[attr-defined]
    table.actions.mirror.trigger()  # the GM shows the ruler to the players
    window.player_controls.follow_action.setChecked(False)  # type: ignore[attr-defined]
    settle(qtbot, player)
    assert table.frame.isVisible()  # where the TV looks, on the GM's map
    look_at(window.document, "crypt")  # type: ignore[attr-defined]
    assert not table.frame.isVisible()  # another map: the TV does not look at it
    window.use_tool("ruler")  # type: ignore[attr-defined]
    view = window.view  # type: ignore[attr-defined]
    viewport = view.viewport()

    def at(col: int, row: int):  # type: ignore[no-untyped-def]
        return view.mapFromScene(QPointF((col + 0.5) * CELL, (row + 0.5) * CELL))

    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=at(1, 2))
    qtbot.mouseMove(viewport, at(4, 2))  # a path across the crypt
    assert window.scene.ruler.isVisible()  # type: ignore[attr-defined]
    assert not player.scene.ruler.isVisible()  # nothing of the crypt on the tavern's TV
    look_at(window.document, "tavern")  # type: ignore[attr-defined]
    assert table.frame.isVisible()


def test_the_tvs_fight_summary_is_the_shown_scenes(
    make_window: WindowFactory,
    qtbot,  # type: ignore[no-untyped-def]
) -> None:
    night = evening(shown="tavern")
    window, player = opened(make_window, qtbot, night)
    look_at(window.document, "crypt")  # type: ignore[attr-defined]
    window.ensure_panel()  # type: ignore[attr-defined]
    window.docks.panel.start("two-second-turns")  # type: ignore[attr-defined]
    assert night.scene("crypt").encounter.procedure
    assert player.tracker.lines() == []  # the tavern has no fight
    assert not player.tracker_shown
    window.action_registry.action(ACTION_ID).trigger()  # type: ignore[attr-defined]
    lines = player.tracker.lines()
    assert "Mira" in lines and not [x for x in lines if "warden" in x.lower()]  # in fog
    assert player.tracker_shown
