"""The GM sees a phone's roll arrive in the combat panel and corrects it (issue 31).

Alice's phone types the dice of her initiative in the Thrum fight; the panel shows
"Alice's phone: … (2d6 + 1)" with Correct…; the GM's numbers take the phone's place
as one undo step, and undoing it gives the phone's roll back.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tactical.app.players.phones.install import PhoneSharing
from tactical.app.players.phones.session import ShareSession
from tactical.rules import ProcedureController
from tactical.share.frames import HandFrame
from tactical.share.links import Link
from tests.rules.thrum.fight import Table, start


@pytest.fixture
def thrum(make_window: Any) -> Iterator[tuple[Any, PhoneSharing, Link]]:
    table = Table()
    start(table)
    table.press("npcs-placed")
    window = make_window(table.encounter)
    phones: PhoneSharing = window.phone_sharing
    session = phones.start("127.0.0.1", 0)
    assert isinstance(session, ShareSession)
    try:
        yield window, phones, {x.label: x for x in session.links.all()}["Alice"]
    finally:
        phones.stop()


def _roll_action(window: Any) -> str:
    controller = ProcedureController(window.document.encounter, lambda c: None)
    return next(a.action for a in controller.asks("alice") if a.kind == "roll")


def _dice(window: Any) -> list[str]:
    lines: list[str] = window.docks.panel.dice_log.lines()
    return lines


def test_a_roll_from_a_phone_shows_in_the_panel_and_the_gm_corrects_it(thrum: Any) -> None:
    window, phones, alice = thrum
    panel = window.docks.panel
    stack = window.document.undo_stack
    before = stack.count()
    action = _roll_action(window)
    line, label = phones.correction.row, phones.correction.label
    both = "Asked of phones: Alice 2d6 + 1 (Initiative), Bob 2d6 (Initiative)"
    assert line.isVisible() and label.text() == both  # what the phones were asked
    assert not phones.correction.button.isVisible()
    assert phones.hands.enter(alice, HandFrame("roll", "r1", action, dice=(2, 3))) is None
    assert line.isVisible()
    assert phones.correction.label.text() == "Alice's phone: 6 (2d6 + 1)"
    assert phones.correction.button.isVisible()
    assert panel.header.message.text() == "Roll Alice's Initiative (entered on Alice's phone)"
    assert _dice(window)[0] == "Alice: 2d6+1 = 6 \N{MIDDLE DOT} Initiative \N{MIDDLE DOT} typed"

    phones.correction.numbers = lambda parent, roll: "6 5"
    phones.correction.button.click()
    assert stack.count() == before + 2  # one step: the GM's answer in the phone's place
    assert stack.undoText() == "Roll Alice's Initiative (corrected by the GM)"
    assert panel.header.message.text() == "Roll Alice's Initiative (corrected by the GM)"
    assert _dice(window) == ["Alice: 2d6+1 = 12 \N{MIDDLE DOT} Initiative \N{MIDDLE DOT} typed"]
    assert label.text() == "Asked of phones: Bob 2d6 (Initiative)"  # nothing left to correct
    assert not phones.correction.button.isVisible()
    stack.undo()  # the phone's roll is back, to correct again
    assert stack.undoText() == "Roll Alice's Initiative (entered on Alice's phone)"
    assert _dice(window) == ["Alice: 2d6+1 = 6 \N{MIDDLE DOT} Initiative \N{MIDDLE DOT} typed"]
    assert label.text() == "Alice's phone: 6 (2d6 + 1)" and phones.correction.button.isVisible()
    stack.undo()
    assert stack.index() == before and label.text() == both  # before the roll


def test_wrong_numbers_leave_the_phone_roll_standing(thrum: Any) -> None:
    window, phones, alice = thrum
    stack = window.document.undo_stack
    action = _roll_action(window)
    assert phones.hands.enter(alice, HandFrame("roll", "r1", action, dice=(2, 3))) is None
    text = stack.undoText()
    phones.correction.numbers = lambda parent, roll: "6"
    phones.correction.button.click()
    assert stack.undoText() == text
    assert phones.correction.label.text().startswith("Alice's phone: 6 (2d6 + 1) \N{EM DASH} ")
    assert "needs 2 dice" in phones.correction.label.text()
    assert phones.correction.button.isVisible()


def test_turning_a_links_roll_off_in_the_share_dialog_updates_what_is_asked_at_once(
    thrum: Any,
) -> None:
    _window, phones, alice = thrum
    label = phones.correction.label
    assert label.text() == "Asked of phones: Alice 2d6 + 1 (Initiative), Bob 2d6 (Initiative)"
    dialog = phones.open_dialog()
    try:
        card = next(c for c in dialog.cards if c.title.text() == "Alice")
        card.rolls.setChecked(False)  # no step of the procedure taken since
        assert label.text() == "Asked of phones: Bob 2d6 (Initiative)"
        card.rolls.setChecked(True)
        assert label.text() == "Asked of phones: Alice 2d6 + 1 (Initiative), Bob 2d6 (Initiative)"
        bob = next(c for c in dialog.cards if c.title.text() == "Bob")
        bob.rolls.setChecked(False)
        assert label.text() == "Asked of phones: Alice 2d6 + 1 (Initiative)"
        phones.session.revoke(alice)  # Revoke… on Alice's card
        assert not phones.correction.row.isVisible()  # nothing asked of any phone
    finally:
        dialog.close()
