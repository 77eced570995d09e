"""A phone that moves is told only what its link may see (issue 30).

Bram's phone, moves allowed, drops its token on every square of crypt-fog: every byte it
gets back (the replies and the views between them) is read for a hidden or fogged name and
for the GM's keyboard, and every square outside the shading it was sent answers the same.
The page is an aiohttp WebSocket client in its own thread on 127.0.0.1; every wait is bounded.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication

from tactical.app.map.interaction.drag import DragController
from tactical.app.players.phones import handover
from tactical.app.players.phones.install import PhoneSharing
from tactical.app.players.phones.session import ShareSession
from tactical.core.areas import Area, AreaMap, polygon_from_points
from tactical.core.encounter import Encounter
from tactical.core.fog import Fog
from tactical.core.tokens import Token
from tactical.share import devices
from tactical.share.links import Link
from tests.app.share.socket_page import SocketPage
from tests.app.test_stumble_drag import REASON, stumbling
from tests.share.conftest import crypt, leaks

OUT_OF_REACH = "Bram stays: only the shaded squares are within reach."
GM_WORDS = ("Shift", "placed by the GM", "allies can be passed", "enemy", "ally", "impassable")
"""Words of the GM's drag refusals: the phone never reads them."""


class RawPage(SocketPage):
    """A WebSocket client in a thread: every text frame it gets lands in ``texts``, as sent."""

    def __init__(self, url: str) -> None:
        super().__init__(url, total=60.0, poll=0.02)

    def take(self, qtbot: Any, kind: str, count: int, into: list[str]) -> list[dict[str, Any]]:
        """Wait (Qt's loop running, at most 20 s) for ``count`` frames of ``type`` ``kind``;
        every frame got meanwhile is appended to ``into``."""
        found: list[dict[str, Any]] = []

        def enough() -> bool:
            while not self.texts.empty():
                text = self.texts.get()
                into.append(text)
                data = json.loads(text)
                if data.get("type") == kind:
                    found.append(data)
            return len(found) >= count

        qtbot.waitUntil(enough, timeout=20_000)
        return found

    def wait_for(self, qtbot: Any, seen: Any, into: list[str]) -> None:
        """Wait (at most 20 s) until ``seen(frame)`` holds for a frame got so far or now."""

        def found() -> bool:
            while not self.texts.empty():
                into.append(self.texts.get())
            return any(seen(json.loads(text)) for text in into)

        qtbot.waitUntil(found, timeout=20_000)


@pytest.fixture
def crypt_sharing(make_window: Any) -> Iterator[tuple[Any, PhoneSharing, ShareSession, Link]]:
    window = make_window(crypt())
    phones: PhoneSharing = window.phone_sharing
    session = phones.start("127.0.0.1", 0)
    assert isinstance(session, ShareSession)
    bram = next(x for x in session.links.all() if x.label == "Bram")
    session.set_moves(bram, True)
    try:
        yield window, phones, session, bram
    finally:
        phones.stop()


def _shows_bram_at(col: int, row: int) -> Any:
    def shows(frame: dict[str, Any]) -> bool:
        tokens = frame.get("tokens", []) if frame.get("type") == "view" else []
        return any(t.get("mine") and (t.get("col"), t.get("row")) == (col, row) for t in tokens)

    return shows


def test_a_phone_dropping_on_every_square_of_crypt_fog_learns_nothing(
    crypt_sharing: tuple[Any, PhoneSharing, ShareSession, Link],
    qtbot: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    window, _phones, session, bram = crypt_sharing
    monkeypatch.setattr(devices, "MAX_MESSAGES_PER_SECOND", 10_000)  # a sweep, not a flood
    grid = window.document.encounter.grid
    page = RawPage(session.url(bram))
    frames: list[str] = []
    try:
        view = page.take(qtbot, "view", 1, frames)[-1]
        shaded = {(c[0], c[1]) for c in view["reach"]}
        assert len(shaded) == 59 and (5, 12) in shaded  # Bram stands at (5, 12)
        squares = [(c, r) for r in range(grid.height) for c in range(grid.width)]
        outside = [s for s in squares if s not in shaded]
        for col, row in outside:  # refused, so Bram never moves: all asked at once
            page.outbox.put(json.dumps({"type": "move", "token": "bram", "col": col, "row": row}))
        refused = page.take(qtbot, "moved", len(outside), frames)
        assert {r["reason"] for r in refused} == {OUT_OF_REACH}
        assert not any(r["ok"] for r in refused)
        moved = []
        for col, row in sorted(shaded - {(5, 12)}):
            page.outbox.put(json.dumps({"type": "move", "token": "bram", "col": col, "row": row}))
            moved += page.take(qtbot, "moved", 1, frames)
            if moved[-1]["ok"]:  # the view of Bram there is read too, then the drop undone
                page.wait_for(qtbot, _shows_bram_at(col, row), frames)
                window.document.undo_stack.undo()  # back to (5, 12) for the next drop
        assert [m["reason"] for m in moved if not m["ok"]] == []
        assert window.document.encounter.tokens["bram"].position == (5, 12)
    finally:
        page.close()
    everything = "".join(frames)
    assert len(frames) > len(squares)
    assert leaks(everything) == []
    assert [w for w in GM_WORDS if w.lower() in everything.lower()] == []


def test_a_hidden_token_within_reach_is_refused_without_its_name(
    crypt_sharing: tuple[Any, PhoneSharing, ShareSession, Link],
) -> None:
    window, phones, _session, bram = crypt_sharing
    window.document.encounter.tokens["saint"].position = (7, 12)  # marked hidden, in plain sight
    answer = phones.moves.try_move(bram, {"token": "bram", "col": 7, "row": 12})
    assert answer == "Bram stays: that move cannot be made now."
    assert window.document.encounter.tokens["bram"].position == (5, 12)


def test_an_error_while_moving_is_logged_for_the_gm_and_never_sent(
    crypt_sharing: tuple[Any, PhoneSharing, ShareSession, Link],
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    _window, phones, _session, bram = crypt_sharing

    def broken(*_: object) -> None:
        raise RuntimeError("The Hollow Saint stands at (21, 7)")

    monkeypatch.setattr(DragController, "release", broken)
    with caplog.at_level(logging.ERROR):
        answer = phones.moves.handler(bram, {"token": "bram", "col": 6, "row": 12})
    assert answer == "The move could not be made."
    assert "The Hollow Saint stands at (21, 7)" in caplog.text


def test_a_fight_whose_state_cannot_be_read_still_takes_the_plain_move(
    crypt_sharing: tuple[Any, PhoneSharing, ShareSession, Link],
) -> None:
    """As the GM's drop does: the panel shows the problem, the phone's move is made."""
    window, phones, _session, bram = crypt_sharing
    encounter = window.document.encounter
    encounter.procedure, encounter.procedure_state = "thrum", {"round": "not a number"}
    assert phones.moves.try_move(bram, {"token": "bram", "col": 6, "row": 12}) is None
    assert encounter.tokens["bram"].position == (6, 12)
    assert window.document.undo_stack.undoText() == "Moved by Bram's phone"


def test_a_stumbling_character_reads_the_procedures_reason_without_the_gms_keyboard(
    make_window: Any,
) -> None:
    encounter, _controller = stumbling()
    window = make_window(encounter)
    phones: PhoneSharing = window.phone_sharing
    session = phones.start("127.0.0.1", 0)
    assert isinstance(session, ShareSession)
    try:
        brand = next(x for x in session.links.all() if x.label == "Brand")
        session.set_moves(brand, True)
        answer = phones.moves.try_move(brand, {"token": "brand", "col": 1, "row": 2})
        assert answer == f"Brand stays: {REASON}."
        assert phones.moves.try_move(brand, {"token": "brand", "col": 3, "row": 2}) is None
    finally:
        phones.stop()


def _fogged_tavern() -> Encounter:
    """Four areas in a row, bar | floor | door | cellar; the party explored all but the cellar,
    where the hidden Smuggler waits. Brawler (speed 1) stands in the bar."""

    def box(x: float) -> list[tuple[float, float]]:
        return [(x, 0), (x + 4, 0), (x + 4, 3), (x, 3)]

    names = ("bar", "floor", "door", "cellar")
    areas = [Area(a, a.title(), polygon_from_points(box(4 * i))) for i, a in enumerate(names)]
    tokens = [
        Token("brawler", "Brawler", "pcs", "bar", speed=1),
        Token("smuggler", "Smuggler", "npcs", "cellar"),
    ]
    fog = Fog(enabled=True, areas={"bar", "floor", "door"})
    return Encounter(AreaMap(areas), tokens, metric="chebyshev", fog=fog)


def test_on_an_area_map_every_area_outside_the_shading_answers_the_same(make_window: Any) -> None:
    window = make_window(_fogged_tavern())
    phones: PhoneSharing = window.phone_sharing
    session = phones.start("127.0.0.1", 0)
    assert isinstance(session, ShareSession)
    try:
        brawler = next(x for x in session.links.all() if x.label == "Brawler")
        session.set_moves(brawler, True)
        answers = {
            area: phones.moves.try_move(brawler, {"token": "brawler", "area": area})
            for area in ("door", "cellar", "attic", "")
        }
        assert set(answers.values()) == {"Brawler stays: only the shaded areas are within reach."}
        assert phones.moves.try_move(brawler, {"token": "brawler", "area": "floor"}) is None
    finally:
        phones.stop()


def test_a_move_answered_busy_is_never_made_later(
    crypt_sharing: tuple[Any, PhoneSharing, ShareSession, Link],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    window, phones, _session, bram = crypt_sharing
    monkeypatch.setattr(handover, "ANSWER_SECONDS", 0.01)
    answers: list[str | None] = []
    asking = threading.Thread(  # the server's worker thread, while the GM's thread is busy
        target=lambda: answers.append(
            phones.moves.handler(bram, {"token": "bram", "col": 6, "row": 11})
        )
    )
    asking.start()
    asking.join(5)
    assert answers == ["The GM's app is busy: try again."]
    QCoreApplication.processEvents()  # the GM's thread gets to the move it was asked for
    assert window.document.encounter.tokens["bram"].position == (5, 12)
