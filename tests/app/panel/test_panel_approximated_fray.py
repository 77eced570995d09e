"""Approximated Fray (000_b2551d7b392b43c7.txt) run from the panel alone on the example map.

The fight of tests/rules/approximated_fray/ (quotes name the seed's lines); here
every card goes down through the advance key and the generated forms, the GM types the
physical dice, and the figures are read off the panel's table.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tactical.app.encounter.document import EncounterDocument
from tactical.app.panel import CombatPanel, PublicTracker
from tactical.persistence import load_encounter

EXAMPLE = Path(__file__).resolve().parents[3] / "maps" / "approximated-fray.tactical.json"


@pytest.fixture()
def panel(qtbot: Any) -> CombatPanel:
    widget = CombatPanel(EncounterDocument(load_encounter(EXAMPLE)))
    qtbot.addWidget(widget)
    widget.resize(700, 900)
    widget.show()
    qtbot.waitExposed(widget)
    widget.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is widget)
    return widget


def press_advance(qtbot: Any, panel: CombatPanel) -> None:
    qtbot.keyClick(panel.table, Qt.Key.Key_Return)


def fill(qtbot: Any, panel: CombatPanel, **values: Any) -> None:
    """The advance key opens the primary action's form; fill it; the key confirms it."""
    press_advance(qtbot, panel)
    assert panel.form is not None
    for name, value in values.items():
        panel.form.set_value(name, value)
    press_advance(qtbot, panel)
    assert not panel.refusal(), panel.refusal()


def test_a_round_from_the_panel(qtbot: Any, panel: CombatPanel) -> None:
    encounter = panel.document.encounter
    tracker = PublicTracker(panel.document)
    qtbot.addWidget(tracker)
    public: list[str] = []

    def look() -> None:
        public.append(" ".join(tracker.lines()))

    assert panel.outline.current_step() == "staging"
    assert panel.header.instruction.text() == (
        "Staging, round 1: Brother Bram chooses a card and a target in secret (0 of 6 down)."
    )
    # 000 line 32: "They also secretly allocate a target for their action, an area or a Creature."
    fill(qtbot, panel, card="Rebuke", target="ogre")
    fill(qtbot, panel, card="Charge", target="ogre")
    fill(qtbot, panel, card="Longbow", target="archer")
    fill(qtbot, panel, card="Lumber", to="west-bank")
    fill(qtbot, panel, card="Scurry", to="bridge")
    fill(qtbot, panel, card="Shortbow", target="corin")
    look()
    fill(qtbot, panel, card="Fire Field", area="west-bank")
    look()
    assert panel.table.cell_text("aldra", "declared").endswith(
        "Charge: Middle charge on Marsh Ogre"
    )
    assert panel.actions_bar.primary_button.full_text().startswith("Begin the First phase")

    press_advance(qtbot, panel)  # 000 line 37: the First cards flip
    assert panel.outline.current_steps() == ["first", "first.attacks"]
    assert (
        panel.table.cell_text("bram", "declared") == "Rebuke: First attack (morale) on Marsh Ogre"
    )
    look()
    panel.actions_bar.typed.setText("2")
    fill(qtbot, panel, result="hit")
    panel.actions_bar.typed.setText("3")
    fill(qtbot, panel, result="hit")
    # 000 line 70: fatigue "by one for each wound level"; the form offers the full trade.
    assert panel.header.instruction.text() == (
        "First phase: Corin is hit for 3 injury levels; trade fatigue one for one?"
    )
    fill(qtbot, panel)  # trade 2
    fill(qtbot, panel)  # the spear moves to the bridge
    look()
    press_advance(qtbot, panel)  # 000 line 39: effects land at the end of the phase
    assert panel.table.cell_text("corin", "figure:injury") == "Bruised (-1)"
    assert panel.table.cell_text("corin", "figure:fatigue") == "0/2"
    assert panel.table.cell_text("ogre", "figure:morale") == "Scared (-2)"

    # 000 line 41: the ogre moves away and is hit all the same.
    look()
    panel.actions_bar.typed.setText("4")
    fill(qtbot, panel, result="hit")
    fill(qtbot, panel, fatigue=1)
    fill(qtbot, panel)  # Aldra follows the charge onto the bridge
    fill(qtbot, panel)  # the ogre lumbers to the West bank
    assert encounter.token("ogre").position == "west-bank"
    assert panel.table.cell_text("ogre", "figure:injury") == "Unhurt"
    press_advance(qtbot, panel)
    assert panel.table.cell_text("ogre", "figure:injury") == "Heavily wounded (-3)"
    assert panel.table.cell_text("ogre", "figure:fatigue") == "1/2"
    assert panel.outline.current_steps() == ["last", "last.attacks"]
    look()

    # Every card misses in the Last phase; Mop Up has no condition, so the party rolls.
    for _ in range(3):
        fill(qtbot, panel, result="miss")
    press_advance(qtbot, panel)
    assert panel.outline.current_steps() == ["mopup", "mopup.recovery"]
    panel.actions_bar.typed.setText("6")
    press_advance(qtbot, panel)
    panel.actions_bar.typed.setText("1")
    press_advance(qtbot, panel)
    assert panel.outline.current_step() == "staging"
    assert panel.header.title.text() == "Approximated Fray \N{EM DASH} round 2"

    # The players' screen never told a card before its phase, nor the hidden shaman.
    assert all("Goblin Shaman" not in text for text in public)
    assert "Charge" not in public[0] and "Charge" not in public[2]
    assert all("Fire Field" not in text for text in public)
    assert "Brother Bram \N{EM DASH} Rebuke: First attack (morale) on Marsh Ogre" in public[2]
    assert "Aldra \N{EM DASH} Charge: Middle charge on Marsh Ogre to Harrow Bridge" in public[4]
