"""The players' tracker beside the player view's map: only while a fight runs, never a secret."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tactical.app.players.players_summary import THICKNESS as TRACKER_WIDTH
from tactical.core.changes import GM
from tactical.persistence import load_encounter
from tactical.rules import ProcedureController

from .fights import FRAY, FRAY_PLAYS, HILLSIDE


def open_player_view(window, qtbot):  # type: ignore[no-untyped-def]
    window.player_controls.open_action.trigger()
    player = window.player_controls.player_view
    assert player is not None
    qtbot.addWidget(player)
    qtbot.waitExposed(player)
    return player


def test_the_tracker_never_shows_the_hidden_token_or_a_secret(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(load_encounter(FRAY), FRAY)
    player = open_player_view(window, qtbot)
    document = window.document
    hidden = [t for t in document.encounter.tokens.values() if t.hidden]
    assert [t.name for t in hidden] == ["Goblin Shaman"]
    controller = ProcedureController(document.encounter, document.push_as(GM))
    assert player.tracker_shown and player.column.width() == TRACKER_WIDTH
    seen: list[str] = []
    secrets_met: set[str] = set()

    def check() -> None:
        lines = player.tracker.lines()
        assert lines, "a fight runs: the tracker has something to say"
        secrets = {c.secret for c in controller.view().combatants if c.secret}
        secrets_met.update(secrets)
        for line in lines:
            assert not any(token.name in line or token.id in line for token in hidden), line
            assert not any(secret in line for secret in secrets), line
        seen.extend(lines)

    check()
    for token_id, params in FRAY_PLAYS:
        controller.perform(f"declare:{token_id}", params)
        check()
    controller.perform("begin")  # 000 l.37: the First cards flip
    check()
    controller.perform("resolve", {"result": "hit"}, manual=[2])
    check()
    controller.perform("resolve", {"result": "hit"}, manual=[3])
    check()
    assert len(secrets_met) == 7  # every card was secret at some point
    assert "Fire Field: Last attack on West bank" in secrets_met  # the shaman's
    assert "Round 1 \N{EM DASH} Staging: cards chosen in secret" in seen
    assert "Brother Bram \N{EM DASH} Rebuke: First attack (morale) on Marsh Ogre" in seen


def test_the_tracker_takes_room_only_while_a_fight_runs_and_t_hides_it(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(load_encounter(HILLSIDE), HILLSIDE)
    player = open_player_view(window, qtbot)
    assert not player.tracker_shown  # no procedure on the hillside
    assert player.tracker.lines() == []
    wide = player.view.width()
    window.files.load_path(FRAY)
    assert player.tracker_shown
    qtbot.waitUntil(lambda: player.view.width() < wide)
    player.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is player)
    qtbot.keyClick(player.view, Qt.Key.Key_T)
    assert not player.tracker_shown and not player.tracker_action.isChecked()
    controller = ProcedureController(window.document.encounter, window.document.push_as(GM))
    controller.perform("declare:bram", {"card": "Rebuke", "target": "ogre"})  # a change
    assert not player.tracker_shown  # stays hidden until asked for
    qtbot.keyClick(player.view, Qt.Key.Key_T)
    assert player.tracker_shown
    window.files.load_path(HILLSIDE)
    assert not player.tracker_shown and player.tracker_action.isChecked()


def test_the_context_menu_offers_the_tracker(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(load_encounter(FRAY), FRAY)
    player = open_player_view(window, qtbot)
    assert player.view.contextMenuPolicy() == Qt.ContextMenuPolicy.CustomContextMenu
    assert player.tracker_action in player.actions()
    assert player.tracker_action.text() == "Show the &fight's summary"
    player.tracker_action.trigger()
    assert not player.tracker_shown
