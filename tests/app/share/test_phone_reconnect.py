"""A choice made while the Wi-Fi is down is kept by the page and entered once it is back
(issue 31), in real Chromium: the browser is put offline and its connection cut."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tactical.app.players.phones.install import PhoneSharing
from tactical.app.players.phones.session import ShareSession
from tactical.persistence import load_encounter
from tests.app.share.phone_pages import Phone, browsers
from tests.share.test_browser import CHROMIUM, DRIVER, NO_BROWSER

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(CHROMIUM is None or DRIVER is None, reason=NO_BROWSER),
]
FRAY = Path(__file__).resolve().parents[3] / "maps" / "approximated-fray.tactical.json"


def _network(phone: Phone, offline: bool) -> None:
    phone.browser.execute_cdp_cmd("Network.enable", {})
    phone.browser.execute_cdp_cmd(
        "Network.emulateNetworkConditions",
        {"offline": offline, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1},
    )


def _drop(session: ShareSession) -> None:
    """The Wi-Fi drops: every open WebSocket is cut without a goodbye (as a lost network
    cuts it; the browser's offline switch alone leaves open sockets open)."""
    server = session.server

    def cut() -> None:
        for watcher in list(server._watchers.values()):
            if watcher.transport is not None:
                watcher.transport.abort()

    server._call(cut)


def test_a_choice_made_offline_is_sent_once_the_page_is_back(make_window: Any, qtbot: Any) -> None:
    window = make_window(load_encounter(FRAY))
    document = window.document
    phones: PhoneSharing = window.phone_sharing
    session = phones.start("127.0.0.1", 0)
    assert isinstance(session, ShareSession)
    link = next(x for x in session.links.all() if x.label == "Corin")
    try:
        with browsers(1) as (browser,):
            corin = Phone(qtbot, browser, session.url(link), "Corin")
            corin.tab("turn")
            corin.pick("card", "Longbow")
            corin.pick("area", "East bank")
            _network(corin, offline=True)
            _drop(session)
            corin.until(lambda: "Connection lost" in corin.text())
            steps = document.undo_stack.count()
            corin.send()
            corin.until(lambda: "Sending…" in corin.text())
            assert corin.script("return window.tacticalHand.pending()") == 1
            assert document.undo_stack.count() == steps  # nothing reached the GM
            _network(corin, offline=False)
            corin.until(lambda: "Face down: Longbow" in corin.text(), timeout=20_000)
            assert corin.script("return window.tacticalHand.pending()") == 0
            assert document.undo_stack.count() == steps + 1
            assert document.undo_stack.undoText().endswith("(entered on Corin's phone)")
            assert session.server.answers.tried == 1
    finally:
        phones.stop()
