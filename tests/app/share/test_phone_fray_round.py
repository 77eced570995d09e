"""A whole Approximated Fray (000) round played on three phones in real Chromium (issue 31).

The party stage their cards face down on their phones, one changes hers, the GM
reveals and walks the round through; a hit party member trades fatigue on their
phone, and the party's recovery is rolled with dice typed on a phone. Before the
reveal no byte a phone receives holds another player's card or an NPC's card; never
the hidden shaman's name or cards.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tactical.app.players.phones.install import PhoneSharing
from tactical.app.players.phones.session import ShareSession
from tactical.core.changes import GM
from tactical.persistence import load_encounter
from tactical.rules import ProcedureController
from tests.app.byte_scan import Output, found_in_bytes
from tests.app.share.phone_pages import Phone, browsers
from tests.share.test_browser import CHROMIUM, DRIVER, NO_BROWSER

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(CHROMIUM is None or DRIVER is None, reason=NO_BROWSER),
]
FRAY = Path(__file__).resolve().parents[3] / "maps" / "approximated-fray.tactical.json"
NPC_CARDS = ("Smash", "Lumber", "Roar", "Rush", "Scurry", "Shortbow", "Fire Field", "Slip Away")
HIDDEN = ("Goblin Shaman", "shaman")
SHAMAN_CARDS = ("Fire Field", "Hex", "Slip Away")
CHOSEN = {"Aldra": "Quick Shot", "Brother Bram": "Rebuke", "Corin": "Snap Shot"}
"""Each player's card at the reveal (all First phase cards: one reveal shows them all)."""
FIRST_PICK = "Dash"
"""Aldra's first card, changed before the reveal: nobody may ever learn it."""


def _controller(window: Any) -> ProcedureController:
    document = window.document
    return ProcedureController(document.encounter, document.push_as(GM))


def _words_in(frames: list[str], words: tuple[str, ...]) -> list[str]:
    """The ``words`` found in any reading of the frames' bytes (:mod:`tests.app.byte_scan`)."""
    received = Output("a phone's frames", "\n".join(frames).encode("utf-8"))
    return found_in_bytes(received, words)


def test_three_phones_stage_in_secret_and_the_gm_reveals(make_window: Any, qtbot: Any) -> None:
    window = make_window(load_encounter(FRAY))
    phones: PhoneSharing = window.phone_sharing
    session = phones.start("127.0.0.1", 0)
    assert isinstance(session, ShareSession)
    gm = _controller(window)
    for npc, card, aim in (
        ("ogre", "Smash", {"area": "west-bank"}),
        ("spear", "Rush", {"target": "aldra"}),
        ("archer", "Shortbow", {"target": "corin"}),
        ("shaman", "Fire Field", {"area": "woods"}),
    ):
        gm.perform(f"declare:{npc}", {"card": card, **aim})
    links = {x.label: x for x in session.links.all() if x.kind == "character"}
    try:
        with browsers(3) as made:
            hands = {
                name: Phone(qtbot, browser, session.url(links[name]), name)
                for name, browser in zip(CHOSEN, made, strict=True)
            }
            _stage(window, qtbot, hands)
            before = {name: list(phone.received()) for name, phone in hands.items()}
            for name, frames in before.items():
                others = tuple(card for who, card in CHOSEN.items() if who != name)
                assert _words_in(frames, (*others, *NPC_CARDS, *HIDDEN)) == [], name
                if name != "Aldra":
                    assert _words_in(frames, (FIRST_PICK,)) == [], name
            _reveal_and_walk(window, qtbot, hands)
            for name, phone in hands.items():  # a card flipped is the table's (the TV shows
                # it), but never the hidden shaman's: not its name, not its card
                assert _words_in(phone.received(), (*SHAMAN_CARDS, *HIDDEN)) == [], name
    finally:
        phones.stop()


def _stage(window: Any, qtbot: Any, hands: dict[str, Phone]) -> None:
    """Each player puts a card down on their phone; Aldra changes hers once."""
    document = window.document
    aims = {"Aldra": ("target", "Brother Bram"), "Brother Bram": ("target", "Aldra")}
    for name, phone in hands.items():
        phone.tab("turn")
        card = FIRST_PICK if name == "Aldra" else CHOSEN[name]
        phone.pick("card", card)
        field, label = aims.get(name, ("area", "East bank"))
        phone.pick(field, label)
        phone.send()
        phone.until(lambda phone=phone, card=card: f"Face down: {card}" in phone.text())
        assert document.undo_stack.undoText().endswith(f"(entered on {name}'s phone)")
        panel = window.docks.panel
        assert panel.header.message.text().endswith(f"(entered on {name}'s phone)")
    aldra = hands["Aldra"]
    aldra.pick("card", CHOSEN["Aldra"])
    aldra.pick("target", "Brother Bram")
    aldra.send()
    aldra.until(lambda: f"Face down: {CHOSEN['Aldra']}" in aldra.text())
    secrets = {row.name: row.secret for row in window.docks.panel.presenter.present().rows}
    assert all(secrets[name].startswith(card) for name, card in CHOSEN.items()), secrets


def _reveal_and_walk(window: Any, qtbot: Any, hands: dict[str, Phone]) -> None:
    """The GM reveals; the round is walked to the next Staging, the phones answering
    what is asked of them (a fatigue trade, the party's recovery roll with dice typed)."""
    gm = _controller(window)
    gm.perform("begin")
    aldra, bram = hands["Aldra"], hands["Brother Bram"]
    aldra.until(lambda: "Brother Bram: Rebuke" in aldra.text())
    bram.until(lambda: "Aldra: Quick Shot" in bram.text())
    assert "Corin" not in aldra.text().split("Revealed")[-1].split("Order")[0]  # not seen
    answered: list[str] = []
    for _ in range(60):
        state = gm.state()
        if state.step == "staging":
            break
        primary = gm.primary()
        assert primary is not None
        asked = _asked_on_a_phone(window, hands, primary.id)
        if asked is not None:
            phone, kind = asked
            phone.tab("turn")
            if kind == "roll":
                phone.type_dice([4])
            else:
                phone.send()  # the fatigue trade as offered
            steps = window.document.undo_stack.count()
            qtbot.waitUntil(lambda s=steps: window.document.undo_stack.count() > s, timeout=10_000)
            assert window.document.undo_stack.undoText().endswith(
                f"(entered on {phone.name}'s phone)"
            )
            answered.append(primary.id)
            continue
        params = {
            p.name: p.options[0] if p.options else (p.default if p.default is not None else 0)
            for p in primary.params
            if not p.optional
        }
        gm.perform(primary.id, params)
    assert gm.state().step == "staging" and gm.state().round == 2
    assert "recover-party" in answered


def _asked_on_a_phone(
    window: Any, hands: dict[str, Phone], action: str
) -> tuple[Phone, str] | None:
    """The phone asked to answer ``action`` now (and the ask's kind), if a player's is."""
    gm = _controller(window)
    tokens = {t.name: t.id for t in window.document.encounter.tokens.values()}
    for name, phone in hands.items():
        for ask in gm.asks(tokens[name]):
            if ask.action == action:
                return phone, ask.kind
    return None
