"""Share with phones, as a GM uses it (issue 34): the address, one new link, the status bar,
two devices on one link, and codes big enough to scan over the table.

Pages are aiohttp WebSocket clients on 127.0.0.1 (:class:`Page`); every wait is bounded.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tactical.app.players.phones import dialog as dialog_module
from tactical.app.players.phones.dialog import ShareDialog
from tactical.app.players.phones.install import PhoneSharing
from tactical.app.players.phones.session import ShareSession
from tactical.share.devices import device_kind
from tests.app.conftest import small_grid
from tests.app.share.test_share_window import Page


@pytest.fixture
def opened(make_window: Any) -> Iterator[tuple[Any, PhoneSharing, ShareDialog, list[str]]]:
    """A window, its sharing and the dialog started on 127.0.0.1; the questions asked."""
    window = make_window(small_grid())
    phones: PhoneSharing = window.phone_sharing
    dialog = phones.open_dialog()
    asked: list[str] = []
    dialog.confirm = lambda title, _text, _yes: asked.append(title) is None
    dialog.host.setText("127.0.0.1")
    dialog.port.setValue(0)
    dialog.toggle.click()
    try:
        yield window, phones, dialog, asked
    finally:
        phones.stop()
        dialog.close()


def _card(dialog: ShareDialog, title: str) -> Any:
    return next(c for c in dialog.cards if c.title.text() == title)


def test_with_no_network_the_dialog_says_phones_cannot_open_the_links(
    make_window: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(dialog_module, "lan_address", lambda: "127.0.0.1")
    window = make_window(small_grid())
    dialog = window.phone_sharing.open_dialog()
    try:
        note = dialog.note.text()
        assert note.startswith("127.0.0.1 is this computer alone: phones cannot open these links")
        assert "Join the table's Wi-Fi" in note and "Find address" in note
        monkeypatch.setattr(dialog_module, "lan_address", lambda: "192.168.1.23")
        dialog.find_address.click()
        assert dialog.host.text() == "192.168.1.23"
        assert dialog.note.text() == (
            "Phones will open the links at 192.168.1.23: this computer's address on the "
            "local network. The phones must be on the same Wi-Fi (or network) as this computer."
        )
    finally:
        dialog.close()


def test_an_address_that_cannot_be_used_says_what_to_do_not_a_bind_error(
    make_window: Any,
) -> None:
    window = make_window(small_grid())
    dialog = window.phone_sharing.open_dialog()
    try:
        dialog.host.setText("192.0.2.1")  # TEST-NET-1: never this computer's
        dialog.port.setValue(0)
        dialog.toggle.click()
        problem = dialog.problem.text()
        assert problem.startswith("192.0.2.1 is not an address of this computer now")
        assert "press Find address" in problem
        assert "Errno" not in problem and "while attempting" not in problem
        assert window.phone_sharing.session is None and dialog.toggle.text() == "Start sharing"
    finally:
        dialog.close()


def test_a_revoked_link_gets_a_new_code_alone_and_the_others_keep_their_moves(
    opened: tuple[Any, PhoneSharing, ShareDialog, list[str]], qtbot: Any
) -> None:
    _window, phones, dialog, asked = opened
    session = phones.session
    assert session is not None
    _card(dialog, "Hero").moves.setChecked(True)
    table_url = _card(dialog, "Table (what the TV shows)").url
    ally = _card(dialog, "Ally")
    old_url = ally.url
    page = Page(old_url)
    try:
        qtbot.waitUntil(lambda: _card(dialog, "Ally").count == 1, timeout=5000)
        assert _card(dialog, "Ally").revoke()
        assert asked == ["Revoke Ally's link?"]
        revoked = _card(dialog, "Ally")  # the card stays, revoked, with New link
        assert revoked.watching.text() == "Revoked: no device can open it."
        assert revoked.renew_button.text() == "New link"
        qtbot.waitUntil(lambda: dialog.devices.rowCount() == 0, timeout=5000)
        revoked.renew()
        fresh = _card(dialog, "Ally")
        assert fresh.url != old_url and not fresh.link.revoked
        assert _card(dialog, "Table (what the TV shows)").url == table_url
        assert _card(dialog, "Hero").moves.isChecked()
        assert [x.label for x in session.links.all() if x.moves] == ["Hero"]
    finally:
        page.close()
    dialog.toggle.click()
    assert asked[-1] == "Stop sharing?" and phones.session is None


def test_the_status_bar_shows_sharing_and_each_device_on_a_link_is_its_own_row(
    opened: tuple[Any, PhoneSharing, ShareDialog, list[str]], qtbot: Any
) -> None:
    window, phones, dialog, _asked = opened
    indicator = phones.indicator
    assert indicator.isVisible() and indicator.text() == "Sharing: 0 devices"
    dialog.close()
    table = dialog.cards[0]
    pages = [Page(table.url), Page(table.url)]  # a player and a neighbour on the table link
    try:
        qtbot.waitUntil(lambda: indicator.text() == "Sharing: 2 devices", timeout=5000)
        indicator.click()
        assert dialog.isVisible()
        dialog.refresh_devices()
        assert table.watching.text() == "Watching: 2 devices (no. 1, no. 2)"
        rows = [[dialog.devices.item(r, c).text() for c in range(3)] for r in range(2)]
        assert rows == [
            ["1", "Table (what the TV shows)", "unknown device"],
            ["2", "Table (what the TV shows)", "unknown device"],
        ]
    finally:
        for page in pages:
            page.close()
    phones.stop()
    assert not indicator.isVisible()
    assert window.statusBar().isVisible()


def test_a_device_says_what_sort_it_is_in_fixed_words() -> None:
    android = (
        "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) "
        "Chrome/126.0 Mobile Safari/537.36"
    )
    iphone = (
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 "
        "(KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"
    )
    assert device_kind(android) == "Android, Chrome"
    assert device_kind(iphone) == "iPhone, Safari"
    assert device_kind("<b>evil</b> " * 1000) == "unknown device"  # its text never shows


def test_four_links_fit_side_by_side_with_codes_to_scan_over_the_table(
    opened: tuple[Any, PhoneSharing, ShareDialog, list[str]], qtbot: Any
) -> None:
    _window, phones, dialog, _asked = opened
    session = phones.session
    assert isinstance(session, ShareSession)
    dialog.resize(1326, 700)  # a 1366 x 768 laptop's screen, less the panels
    # the table, Hero and Ally on one line
    qtbot.waitUntil(lambda: len({card.y() for card in dialog.cards}) == 1, timeout=3000)
    assert 4 * dialog.cards[0].width() <= dialog.cards_area.viewport().width()  # and a fourth
    assert all(card.code.width() >= 240 for card in dialog.cards)
    # and whole, to their last button, with the devices' table under them: no scrolling
    scroll = dialog.cards_area.verticalScrollBar()
    qtbot.waitUntil(lambda: scroll.maximum() == 0, timeout=3000)
    assert all(card.renew_button.isVisible() for card in dialog.cards)
    large = dialog.cards[0].show_large()
    try:
        assert large.code.width() > 2 * dialog.cards[0].code.iconSize().width()
    finally:
        large.close()


def test_a_cards_permissions_reach_its_page_at_once(
    opened: tuple[Any, PhoneSharing, ShareDialog, list[str]], qtbot: Any
) -> None:
    """Watch always, Declare and Roll on, Move off as a link starts (issue 31); the table's
    card has none (it only watches); a change reaches the link's page with its next view."""
    _window, _phones, dialog, _asked = opened
    hero = _card(dialog, "Hero")
    assert [box.isChecked() for box in (hero.declares, hero.rolls, hero.moves)] == [
        True,
        True,
        False,
    ]
    assert not hasattr(_card(dialog, "Table (what the TV shows)"), "declares")
    page = Page(hero.url)
    try:
        view = page.latest(qtbot, lambda m: m.get("type") == "view" and "may" in m)
        assert view["may"] == ["watch", "declare", "roll"]
        hero.rolls.setChecked(False)
        hero.moves.setChecked(True)
        view = page.latest(qtbot, lambda m: m.get("may") == ["watch", "declare", "move"])
        assert view["moves"] is True
        assert (hero.link.declares, hero.link.rolls, hero.link.moves) == (True, False, True)
    finally:
        page.close()
