"""Move to scene onto the scene shown to players (issue 33): the GM stays on the tavern, the
TV and the phones show the party arrive in the crypt at once, and with "Reveal after every
move" on the crypt's fog opens by their sight there, on the TV and the phones too."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor

from tactical.app.map.geometry import CELL
from tactical.app.players.phones.install import PhoneSharing
from tactical.app.players.phones.session import ShareSession
from tactical.app.players.player_view import PlayerView
from tests.app.conftest import WindowFactory
from tests.app.settle import settle

from .evenings import evening
from .test_phones_follow import RawPage, is_view, link, names


def seen_tokens(player: PlayerView) -> set[str]:
    return {t.id for t in player.scene.visible_tokens()}


def pixel(player: PlayerView, col: int, row: int) -> QColor:
    """The colour the TV shows at a square's corner (clear of the tokens' discs)."""
    point = player.view.mapFromScene(QPointF((col + 0.1) * CELL, (row + 0.1) * CELL))
    return player.view.viewport().grab().toImage().pixelColor(point)


def test_the_party_moved_onto_the_shown_scene_arrives_on_the_tv_and_the_phones(
    make_window: WindowFactory, qtbot: Any
) -> None:
    night = evening(shown="crypt")
    crypt = night.scene("crypt").encounter
    crypt.fog.auto_reveal = True  # reveal after every move
    window = make_window(night.scene("tavern").encounter)  # the GM is on the tavern
    player = window.open_player_view()
    player.resize(600, 400)
    settle(qtbot, player)
    player.fit()
    phones: PhoneSharing = window.phone_sharing  # type: ignore[attr-defined]
    session = phones.start("127.0.0.1", 0)
    assert isinstance(session, ShareSession)
    table = RawPage(session.url(link(session, "Table")))
    try:
        first = table.wait_for(qtbot, is_view)
        assert names(first) == {"Mira"}  # the crypt, the warden in its fog
        assert seen_tokens(player) == {"mira-c"}
        fogged = pixel(player, 8, 2)
        window.travel.moves.move(["bram"], "crypt", (5, 2))  # found, by the fog  # type: ignore[attr-defined]
        assert window.document.encounter is night.scene("tavern").encounter  # the GM stayed
        assert "bram" in seen_tokens(player)  # on the TV at once
        grid = crypt.grid
        assert grid is not None
        qtbot.waitUntil(lambda: bool(crypt.fog.mask(grid)[2, 8]), timeout=5000)
        qtbot.waitUntil(lambda: pixel(player, 8, 2) != fogged, timeout=5000)  # the TV opens
        assert "warden" in seen_tokens(player)  # Bram sees the bone warden: so do the players
        arrived = table.wait_for(qtbot, lambda m: is_view(m) and "Bone warden" in names(m))
        assert names(arrived) == {"Mira", "Bram", "Bone warden"}
    finally:
        table.close()
        phones.stop()
    undo = window.document.undo_stack  # type: ignore[attr-defined]
    assert undo.undoText() == "Move Bram to Crypt of the Hollow Saint"
    undo.undo()  # the move and the reveal it brought: one step, gone from the TV too
    assert seen_tokens(player) == {"mira-c"}
    qtbot.waitUntil(lambda: pixel(player, 8, 2) == fogged, timeout=5000)
