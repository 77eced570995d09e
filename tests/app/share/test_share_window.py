"""Player view > Share with phones…: live pages, pause on blackout, moves from a phone (issue 25).

A page is played by an aiohttp WebSocket client in its own thread on 127.0.0.1;
every wait is bounded.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from tactical.app.players.phones.install import PhoneSharing
from tactical.app.players.phones.session import ShareSession
from tactical.core.changes import GM
from tactical.core.commands.tokens import MoveToken
from tactical.share.links import Link
from tests.app.conftest import small_grid
from tests.app.share.socket_page import SocketPage


class Page(SocketPage):
    """A WebSocket client in a thread: waits for the messages it got, parsed."""

    def latest(self, qtbot: Any, check: Any) -> dict[str, Any]:
        """Wait (at most 5 s, Qt's loop running) for a message passing ``check``."""
        found: list[dict[str, Any]] = []

        def seen() -> bool:
            while not self.texts.empty():
                message = json.loads(self.texts.get())
                if check(message):
                    found.append(message)
            return bool(found)

        qtbot.waitUntil(seen, timeout=5000)
        return found[-1]


@pytest.fixture
def sharing(make_window: Any) -> Iterator[tuple[Any, PhoneSharing, ShareSession]]:
    window = make_window(small_grid())
    phones: PhoneSharing = window.phone_sharing
    session = phones.start("127.0.0.1", 0)
    assert isinstance(session, ShareSession)
    try:
        yield window, phones, session
    finally:
        phones.stop()


def _link(session: ShareSession, label: str) -> Link:
    return next(x for x in session.links.all() if x.label == label)


def test_the_player_view_menu_offers_sharing(make_window: Any) -> None:
    window = make_window(small_grid())
    texts = [a.text() for a in window.player_controls.menu.actions()]
    assert "Share with pho&nes…" in texts
    assert window.phone_sharing.session is None  # nothing listens until sharing starts


def test_a_gm_move_reaches_the_page_and_blackout_pauses_it(
    sharing: tuple[Any, PhoneSharing, ShareSession], qtbot: Any
) -> None:
    window, _phones, session = sharing
    page = Page(session.url(_link(session, "Table")))
    try:
        first = page.latest(qtbot, lambda m: m.get("type") == "view")
        names = [t["name"] for t in first["tokens"]]
        assert "Spy" not in names and "Hero" in names
        window.document.push(MoveToken("hero", (2, 1)), GM)
        moved = page.latest(
            qtbot,
            lambda m: any(t.get("col") == 2 for t in m.get("tokens", []) if t["id"] == "hero"),
        )
        assert moved["kind"] == "table"
        window.table_screen.actions.blackout.trigger()
        paused = page.latest(qtbot, lambda m: m.get("paused") is True)
        assert set(paused) == {"type", "kind", "paused", "moves"}  # nothing else while paused
    finally:
        page.close()


def test_a_phone_moves_its_own_token_when_allowed_as_one_undo_step(
    sharing: tuple[Any, PhoneSharing, ShareSession], qtbot: Any
) -> None:
    window, phones, session = sharing
    hero = _link(session, "Hero")
    refused = phones.moves.try_move(hero, {"type": "move", "token": "hero", "col": 2, "row": 1})
    assert refused == "The GM has not allowed moves from this phone."
    session.set_moves(hero, True)
    assert phones.moves.try_move(hero, {"token": "orc", "col": 2, "row": 4}) == (
        "You can move only your own token."
    )
    far = phones.moves.try_move(hero, {"token": "hero", "col": 9, "row": 7})
    assert far is not None and far.startswith("Hero stays")
    assert phones.moves.try_move(hero, {"token": "hero", "col": 1, "row": 3}) is None
    assert window.document.encounter.tokens["hero"].position == (1, 3)
    stack = window.document.undo_stack
    assert stack.undoText() == "Moved by Hero's phone"
    stack.undo()
    assert window.document.encounter.tokens["hero"].position == (1, 1)


def test_a_move_sent_over_the_socket_comes_back_with_the_reason(
    sharing: tuple[Any, PhoneSharing, ShareSession], qtbot: Any
) -> None:
    window, _phones, session = sharing
    hero = _link(session, "Hero")
    session.set_moves(hero, True)
    page = Page(session.url(hero))
    try:
        view = page.latest(qtbot, lambda m: m.get("type") == "view" and m.get("moves"))
        assert view["may_move"] is True
        assert [1, 3, 2] in view["reach"] and not any(c[:2] == [9, 7] for c in view["reach"])
        page.outbox.put(json.dumps({"type": "move", "token": "hero", "col": 9, "row": 7}))
        answer = page.latest(qtbot, lambda m: m.get("type") == "moved")
        assert answer["ok"] is False and answer["reason"].startswith("Hero stays")
        page.outbox.put(json.dumps({"type": "move", "token": "hero", "col": 1, "row": 3}))
        answer = page.latest(qtbot, lambda m: m.get("type") == "moved")
        assert answer["ok"] is True
        assert window.document.encounter.tokens["hero"].position == (1, 3)
    finally:
        page.close()


def test_the_dialog_starts_shares_revokes_and_stops(make_window: Any, qtbot: Any) -> None:
    window = make_window(small_grid())
    phones: PhoneSharing = window.phone_sharing
    dialog = phones.open_dialog()
    dialog.confirm = lambda *_: True  # the GM answers "Stop sharing" when asked
    dialog.host.setText("127.0.0.1")
    dialog.port.setValue(0)
    dialog.toggle.click()
    try:
        session = phones.session
        assert session is not None and session.active
        assert dialog.toggle.text() == "Stop sharing…"
        assert [c.title.text() for c in dialog.cards] == [
            "Table (what the TV shows)",
            "Hero",
            "Ally",
        ]
        page = Page(session.url(_link(session, "Ally")))
        try:
            page.latest(qtbot, lambda m: m.get("type") == "view")
            qtbot.waitUntil(lambda: dialog.devices.rowCount() == 1, timeout=3000)
            row = [dialog.devices.item(0, c).text() for c in range(4)]
            assert row == ["1", "Ally", "unknown device", "127.0.0.1"]
            session.revoke(_link(session, "Ally"))
            qtbot.waitUntil(lambda: dialog.devices.rowCount() == 0, timeout=3000)
        finally:
            page.close()
        dialog.toggle.click()
        assert phones.session is None and dialog.toggle.text() == "Start sharing"
    finally:
        phones.stop()
        dialog.close()
