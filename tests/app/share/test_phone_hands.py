"""Choices and rolls entered on a phone (issue 31): held against what the page was offered,
entered through the procedure's own action as one undo step, refused in words the link may see.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tactical.app.players.phones.install import PhoneSharing
from tactical.app.players.phones.session import ShareSession
from tactical.persistence import load_encounter
from tactical.share.frames import HandFrame
from tactical.share.hand_view import NO_DECLARING, NOT_ASKED, NOT_OFFERED
from tactical.share.links import Link

FRAY = Path(__file__).resolve().parents[3] / "maps" / "approximated-fray.tactical.json"


@pytest.fixture
def fray(make_window: Any) -> Iterator[tuple[Any, PhoneSharing, dict[str, Link]]]:
    window = make_window(load_encounter(FRAY))
    phones: PhoneSharing = window.phone_sharing
    session = phones.start("127.0.0.1", 0)
    assert isinstance(session, ShareSession)
    try:
        yield window, phones, {x.label: x for x in session.links.all()}
    finally:
        phones.stop()


def _card(**values: object) -> HandFrame:
    return HandFrame("choose", "n1", "declare:corin", dict(values))  # type: ignore[arg-type]


def test_a_card_from_a_phone_is_one_undo_step_named_after_the_phone(fray: Any) -> None:
    window, phones, links = fray
    document = window.document
    steps = document.undo_stack.count()
    said: list[str] = []
    phones.hands.say = said.append
    assert phones.hands.enter(links["Corin"], _card(card="Longbow", area="east-bank")) is None
    assert document.undo_stack.count() == steps + 1
    assert document.undo_stack.undoText() == "Put down Corin's card (entered on Corin's phone)"
    assert said == ["Put down Corin's card (entered on Corin's phone)."]
    rows = {row.name: row for row in window.docks.panel.presenter.present().rows}
    assert rows["Corin"].secret.startswith("Longbow")  # the GM sees what was chosen
    document.undo_stack.undo()
    rows = {row.name: row for row in window.docks.panel.presenter.present().rows}
    assert not rows["Corin"].secret


def test_a_hidden_creature_and_a_guess_get_the_same_refusal(fray: Any) -> None:
    window, phones, links = fray
    document = window.document
    steps = document.undo_stack.count()
    corin = links["Corin"]
    hidden = phones.hands.enter(corin, _card(card="Longbow", target="shaman"))
    guess = phones.hands.enter(corin, _card(card="Longbow", target="nobody-at-all"))
    assert hidden == guess == NOT_OFFERED
    assert phones.hands.enter(corin, _card(card="Fireball")) == NOT_OFFERED  # not in its hand
    assert phones.hands.enter(corin, _card(card="Longbow", colour="red")) == NOT_OFFERED
    roll = HandFrame("roll", "n2", "declare:corin", dice=(3,))
    assert phones.hands.enter(corin, roll) == NOT_ASKED
    other = HandFrame("choose", "n3", "declare:aldra", {"card": "Strike"})
    assert phones.hands.enter(corin, other) == NOT_ASKED  # another character's ask
    assert document.undo_stack.count() == steps


def test_a_link_whose_declaring_was_turned_off_is_refused_at_once(fray: Any) -> None:
    _window, phones, links = fray
    corin = links["Corin"]
    phones.session.allow(corin, "declare", False)
    assert phones.hands.enter(corin, _card(card="Longbow", area="east-bank")) == NO_DECLARING
    phones.session.allow(corin, "declare", True)
    assert phones.hands.enter(corin, _card(card="Longbow", area="east-bank")) is None
