"""Phones follow the scene shown to players (issue 33).

The table link shows the shown scene; a character's link shows it while that character stands
in it, else a plain waiting page that carries nothing of that scene (every byte the phone gets
is scanned, across switches and a reconnection); a phone's move is made on the shown scene while
the GM looks at another. Pages are aiohttp clients on 127.0.0.1; every wait is bounded.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tactical.app.players.phones.install import PhoneSharing
from tactical.app.players.phones.session import ShareSession
from tactical.app.players.show_to_players import ACTION_ID
from tactical.core.evening import Evening
from tactical.share.links import Link
from tests.app.share.socket_page import SocketPage

from .evenings import CRYPT_SECRETS, evening, look_at

WAITING_KEYS = {"type", "kind", "paused", "waiting", "moves", "may"}
"""What a waiting page is told: no map, no name, no token (``may``: what its link may do)."""


class RawPage(SocketPage):
    """A page's WebSocket in a thread: every text it receives, byte for byte, in order."""

    def __init__(self, url: str) -> None:
        self.received: list[str] = []
        super().__init__(url)

    def wait_for(self, qtbot: Any, check: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """The first message from now on passing ``check`` (at most 5 s, Qt's loop running)."""
        found: list[dict[str, Any]] = []

        def seen() -> bool:
            while not found and not self.texts.empty():
                text = self.texts.get()
                self.received.append(text)
                message = json.loads(text)
                if check(message):
                    found.append(message)
            return bool(found)

        qtbot.waitUntil(seen, timeout=5000)
        return found[0]

    def close(self) -> None:
        super().close()
        while not self.texts.empty():
            self.received.append(self.texts.get())


def is_view(message: dict[str, Any]) -> bool:
    return message.get("type") == "view"


def names(message: dict[str, Any]) -> set[str]:
    return {t["name"] for t in message.get("tokens", [])}


@pytest.fixture
def shared(make_window: Any) -> Iterator[tuple[Any, Evening, ShareSession]]:
    night = evening(shown="tavern")
    night.scene("crypt").encounter.show_name_to_players = True  # the table may read it
    window = make_window(night.scene("tavern").encounter)
    phones: PhoneSharing = window.phone_sharing
    session = phones.start("127.0.0.1", 0)
    assert isinstance(session, ShareSession)
    try:
        yield window, night, session
    finally:
        phones.stop()


def link(session: ShareSession, label: str) -> Link:
    return next(x for x in session.links.all() if x.label == label)


def show(window: Any, scene_id: str) -> None:
    """The GM goes to the scene and shows it to the players."""
    look_at(window.document, scene_id)
    window.action_registry.action(ACTION_ID).trigger()


def test_the_pages_follow_the_shown_scene_and_a_character_elsewhere_waits(
    shared: tuple[Any, Evening, ShareSession], qtbot: Any
) -> None:
    window, _night, session = shared
    assert [x.label for x in session.links.all()] == ["Table", "Mira", "Bram"]
    table, mira, bram = (RawPage(session.url(link(session, n))) for n in ("Table", "Mira", "Bram"))
    try:
        assert "Barkeep" in names(table.wait_for(qtbot, is_view))
        assert names(bram.wait_for(qtbot, is_view)) == {"Mira", "Bram", "Barkeep"}
        mira.wait_for(qtbot, is_view)
        look_at(window.document, "crypt")  # the GM prepares the crypt: the pages stay
        window.action_registry.action(ACTION_ID).trigger()
        crypt = table.wait_for(qtbot, lambda m: is_view(m) and "Barkeep" not in names(m))
        assert crypt["name"] == "Crypt of the Hollow Saint" and names(crypt) == {"Mira"}
        hers = mira.wait_for(qtbot, lambda m: is_view(m) and m["map"]["width"] == 12)
        assert [t["id"] for t in hers["tokens"] if t["mine"]] == ["mira-c"]
        waiting = bram.wait_for(qtbot, lambda m: is_view(m) and m.get("waiting") is True)
        assert set(waiting) == WAITING_KEYS
        bram.close()  # Bram's phone sleeps and wakes while the crypt is shown
        bram = RawPage(session.url(link(session, "Bram")))
        assert set(bram.wait_for(qtbot, is_view)) == WAITING_KEYS
        show(window, "tavern")
        back = bram.wait_for(qtbot, lambda m: is_view(m) and not m.get("waiting"))
        assert back["character"] == "Bram" and "Barkeep" in names(back)
    finally:
        for page in (table, mira, bram):
            page.close()
    for text in bram.received:  # every byte Bram's phone got, the one before the sleep too
        assert not [w for w in CRYPT_SECRETS if w.lower() in text.lower()], text
        assert '"width":12' not in text


def test_a_phone_moves_on_the_shown_scene_while_the_gm_looks_at_another(
    shared: tuple[Any, Evening, ShareSession], qtbot: Any
) -> None:
    window, night, session = shared
    tavern = night.scene("tavern").encounter
    bram = link(session, "Bram")
    session.set_moves(bram, True)
    page = RawPage(session.url(bram))
    try:
        page.wait_for(qtbot, lambda m: is_view(m) and m.get("may_move") is True)
        look_at(window.document, "crypt")
        page.outbox.put(json.dumps({"type": "move", "token": "bram", "col": 3, "row": 1}))
        answer = page.wait_for(qtbot, lambda m: m.get("type") == "moved")
        assert answer["ok"] is True
        assert tavern.tokens["bram"].square == (3, 1)
        moved = page.wait_for(
            qtbot, lambda m: is_view(m) and [3, 1] in [[t["col"], t["row"]] for t in m["tokens"]]
        )
        assert moved["character"] == "Bram"
        assert window.document.encounter is night.scene("crypt").encounter  # the GM stayed
        assert window.document.undo_stack.undoText() == "Moved by Bram's phone"
    finally:
        page.close()


def test_a_phones_move_on_the_shown_scene_reveals_its_fog_there(
    shared: tuple[Any, Evening, ShareSession], qtbot: Any
) -> None:
    window, night, session = shared
    crypt = night.scene("crypt").encounter
    crypt.fog.auto_reveal = True  # reveal after every move
    show(window, "crypt")
    look_at(window.document, "tavern")  # the GM prepares the tavern meanwhile
    heard: list[Any] = []
    session.shown.changes_done.connect(heard.append)
    mira = link(session, "Mira")
    session.set_moves(mira, True)
    moves = window.phone_sharing.moves
    assert moves.try_move(mira, {"type": "move", "token": "mira-c", "col": 4, "row": 2}) is None
    grid = crypt.grid
    assert grid is not None
    qtbot.waitUntil(lambda: bool(crypt.fog.mask(grid)[2, 8]), timeout=5000)
    assert any("fog" in changes.kinds for changes in heard)  # the TV and phones hear it
    assert window.document.encounter is night.scene("tavern").encounter
    window.document.undo_stack.undo()  # the move and its reveal: one step
    assert not crypt.fog.mask(grid)[2, 8] and crypt.tokens["mira-c"].square == (1, 2)
