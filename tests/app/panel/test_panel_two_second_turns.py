"""Two-second turns (003_8e8ef1bed4dcaaed.txt) run from the panel alone: clicks and the key.

The same fight as tests/rules/two_second_turns/, so the figures below are the
rule text's; here they are read off the panel's widgets.
"""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tactical.app.encounter.document import EncounterDocument
from tactical.app.panel import CombatPanel, PublicTracker
from tests.rules.two_second_turns.fight import make_encounter


@pytest.fixture()
def panel(qtbot: Any) -> CombatPanel:
    """Aria and Brand (PCs) against Grub and Snag, who share the raised square (3, 2)."""
    encounter = make_encounter()
    widget = CombatPanel(EncounterDocument(encounter))
    qtbot.addWidget(widget)
    widget.resize(560, 900)
    widget.show()
    qtbot.waitExposed(widget)
    widget.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is widget)
    return widget


def click(qtbot: Any, button: Any) -> None:
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def press_advance(qtbot: Any, panel: CombatPanel) -> None:
    qtbot.keyClick(panel.table, Qt.Key.Key_Return)


def test_a_round_from_the_panel(qtbot: Any, panel: CombatPanel) -> None:
    document = panel.document
    panel.chooser.combo.setCurrentIndex(panel.chooser.combo.findData("two-second-turns"))
    click(qtbot, panel.chooser.start_button)
    assert panel.outline.current_step() == "setup"
    assert panel.header.instruction.text().startswith("Place the combatants")
    assert panel.actions_bar.primary_button.full_text() == "Roll initiative   [Enter]"

    # 003 line 9: the initiative roll uses dexterity and willpower; typed physical dice.
    panel.actions_bar.typed.setText("12, 12, 8, 7")
    press_advance(qtbot, panel)
    # 003 line 9: "When players roll the same initiative, the player with the highest
    # willpower goes first." Brand (willpower 3) before Aria (willpower 2).
    assert panel.table.token_order() == ["brand", "aria", "grub", "snag"]
    assert [panel.table.cell_text(t, "order") for t in panel.table.token_order()] == [
        "12",
        "12",
        "8",
        "7",
    ]
    # The initiative is the row's order; it is edited under the table for the selected row.
    assert panel.table.column_of("figure:initiative") == -1
    assert ("initiative", "Init") in panel.table.rest
    assert panel.outline.current_step() == "initiative"
    assert panel.header.instruction.text() == (
        "Check the order (ties: higher willpower first), then start round 1: Brand acts first."
    )
    assert panel.dice_log.lines()[-1] == (
        "Aria: 2d6+3 = 12 \N{MIDDLE DOT} initiative \N{MIDDLE DOT} typed"
    )

    click(qtbot, panel.actions_bar.primary_button)  # Start round 1
    assert panel.header.title.text() == "Two-second turns \N{EM DASH} round 1"
    assert panel.header.instruction.text() == (
        "Round 1, Brand's turn: delay, ready an action, or act; then end the turn. Next: Aria."
    )
    assert panel.table.acting_rows() == [0]
    assert document.acting == {"brand"}
    assert panel.actions_bar.primary_button.full_text() == "Brand: End turn   [Enter]"

    # Brand shoots at Snag in the cluster of two: the acting combatant's actions are
    # buttons in the action bar. 003 lines 29-33: half of distance 6, plus 2 in the cluster.
    click(qtbot, panel.actions_bar.buttons["ranged"])
    form = panel.form
    assert form is not None
    form.set_value("target", "snag")
    form.set_value("range", 10)
    click(qtbot, form.ok_button)
    assert panel.outline.current_step() == "ranged"
    assert panel.header.instruction.text() == (
        "Brand shoots at Snag: roll with penalty 5 on consistency, "
        "then record hit, dodged or blocked."
    )
    assert document.targets == {"snag"} and document.public_targets == {"snag"}

    # The primary action asks for the outcome: the key opens its form, the key confirms.
    press_advance(qtbot, panel)
    assert panel.form is not None and panel.form.action.id == "resolve"
    panel.form.set_value("outcome", "dodged")
    press_advance(qtbot, panel)
    # 003 line 33: a dodge re-rolls for another character in the cluster, penalty - 1.
    assert panel.header.instruction.text().startswith(
        "Brand shoots at Grub (re-roll 1): roll with penalty 4"
    )
    click(qtbot, panel.actions_bar.back_button)  # the GM changes their mind
    assert panel.header.instruction.text().startswith("Brand shoots at Snag: roll with penalty 5")
    press_advance(qtbot, panel)
    press_advance(qtbot, panel)  # outcome "hit", the default
    assert panel.outline.current_step() == "action"

    press_advance(qtbot, panel)  # End turn
    assert panel.table.acting_rows() == [1]
    assert document.acting == {"aria"}
    assert panel.header.instruction.text().endswith("Next: Grub.")
    done = panel.table.item(0, panel.table.column_of("name"))
    assert done.foreground().color() == panel.table.palette().color(
        panel.table.palette().ColorGroup.Disabled, panel.table.palette().ColorRole.Text
    )


def test_the_players_see_the_order_and_who_acts(qtbot: Any, panel: CombatPanel) -> None:
    tracker = PublicTracker(panel.document)
    qtbot.addWidget(tracker)
    panel.start("two-second-turns")
    panel.actions_bar.typed.setText("12, 12, 8, 7")
    press_advance(qtbot, panel)
    press_advance(qtbot, panel)
    assert tracker.lines() == [
        "Round 1 \N{EM DASH} Each turn in order: at its start, delay or ready",
        "Now: Brand",
        "Brand",
        "Aria",
        "Grub",
        "Snag",
    ]
