"""A Side Initiative (004) round with a declaration and the party's initiative from phones,
in real Chromium (issue 31).

A player declares a spell on their phone before initiative, another types the party's
initiative die rolled on the table; the GM sees both arrive and walks the round. No
byte any phone receives holds the Referee's secret declaration or the hidden goblin.
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
from tests.app.share.phone_pages import Phone, browsers
from tests.share.test_browser import CHROMIUM, DRIVER, NO_BROWSER

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(CHROMIUM is None or DRIVER is None, reason=NO_BROWSER),
]
SIDE = Path(__file__).resolve().parents[3] / "maps" / "side-initiative.tactical.json"
SECRETS = ("Skulk", "Shadow Veil")
"""The hidden goblin's name, and the spell the GM declares for Mox (the Referee's: secret)."""


def test_a_phone_declares_a_spell_and_another_types_the_partys_initiative(
    make_window: Any, qtbot: Any
) -> None:
    window = make_window(load_encounter(SIDE))
    document = window.document
    phones: PhoneSharing = window.phone_sharing
    session = phones.start("127.0.0.1", 0)
    assert isinstance(session, ShareSession)
    gm = ProcedureController(document.encounter, document.push_as(GM))
    gm.perform("declare", {"token": "mox", "kind": "spell", "detail": "Shadow Veil"})
    links = {x.label: x for x in session.links.all()}
    try:
        with browsers(2) as (one, two):
            tam = Phone(qtbot, one, session.url(links["Sister Tam"]), "Sister Tam")
            brega = Phone(qtbot, two, session.url(links["Brega the Bold"]), "Brega the Bold")
            tam.tab("turn")
            tam.pick("kind", "Cast a spell")
            tam.browser.find_element("css selector", ".ask input[data-field=detail]").send_keys(
                "Sleep"
            )
            tam.send()
            qtbot.waitUntil(lambda: "Sleep" in _gm_row(window, "Sister Tam"), timeout=10_000)
            assert document.undo_stack.undoText().endswith("(entered on Sister Tam's phone)")
            brega.tab("turn")
            brega.until(lambda: "Roll 1d6" in brega.text())
            brega.type_dice([5])
            qtbot.waitUntil(
                lambda: document.undo_stack.undoText().endswith(
                    "(entered on Brega the Bold's phone)"
                ),
                timeout=10_000,
            )
            assert gm.state().initiative["pcs"] == [5]  # the die rolled on the table
            for _ in range(40):
                if gm.view().round == 2:
                    break
                primary = gm.primary()
                assert primary is not None
                gm.perform(primary.id, {})
            assert gm.view().round == 2
            brega.until(lambda: "Round 2" in brega.text())
            for phone in (tam, brega):
                low = "\n".join(phone.received()).lower()
                assert [w for w in SECRETS if w.lower() in low] == [], phone.name
    finally:
        phones.stop()


def _gm_row(window: Any, name: str) -> str:
    """What the GM's panel shows of ``name``'s declaration."""
    rows = {row.name: row for row in window.docks.panel.presenter.present().rows}
    return rows[name].secret or rows[name].revealed
