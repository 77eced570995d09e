"""Thrum (001_18fb441042e7114e.txt) run from the panel alone: clicks, edits and the key.

The fight of tests/rules/thrum/ (line numbers quote the seed file); here the GM
sets a tolerance by editing the table and types the Incapacity Roll's dice.
"""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLineEdit

from tactical.app.encounter.document import EncounterDocument
from tactical.app.panel import CombatPanel
from tactical.core import Encounter, GridMap
from tests.rules.thrum.fight import MAP, fighters


@pytest.fixture()
def panel(qtbot: Any) -> CombatPanel:
    """Alice and Bob (PCs, off the map until Round Zero) against Brute and Archer."""
    encounter = Encounter(GridMap.from_text(MAP), fighters())
    widget = CombatPanel(EncounterDocument(encounter))
    qtbot.addWidget(widget)
    widget.resize(600, 900)
    widget.show()
    qtbot.waitExposed(widget)
    widget.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is widget)
    return widget


FATIGUE = "figure:fatigue_load/fatigue_tolerance"
"""The column that reads a Fatigue Load out of its Tolerance."""


def click(qtbot: Any, button: Any) -> None:
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def press_advance(qtbot: Any, panel: CombatPanel) -> None:
    qtbot.keyClick(panel.table, Qt.Key.Key_Return)


def place(qtbot: Any, panel: CombatPanel, square: tuple[int, int]) -> None:
    click(qtbot, panel.actions_bar.buttons["place"])
    assert panel.form is not None
    panel.form.set_value("square", square)
    press_advance(qtbot, panel)


def edit_figure(qtbot: Any, panel: CombatPanel, token_id: str, key: str, text: str) -> None:
    table = panel.table
    table.editItem(table.item(table.row_of(token_id), table.column_of(key)))
    editor = table.findChild(QLineEdit)
    assert editor is not None
    editor.selectAll()
    qtbot.keyClicks(editor, text)
    qtbot.keyClick(editor, Qt.Key.Key_Return)


def test_a_round_start_to_incapacity_from_the_panel(qtbot: Any, panel: CombatPanel) -> None:
    encounter = panel.document.encounter
    panel.chooser.combo.setCurrentIndex(panel.chooser.combo.findData("thrum"))
    click(qtbot, panel.chooser.start_button)
    # 001 line 6: "NPC Placement: The GM places NPCs on the combat map".
    assert panel.outline.current_step() == "placement"
    assert panel.header.instruction.text() == (
        "Place the NPCs on the map, then press 'NPCs placed'; next: Initiative."
    )
    click(qtbot, panel.actions_bar.buttons["set-starting-area"])
    assert panel.form is not None
    panel.form.set_value("from", (0, 3))
    panel.form.set_value("to", (1, 5))
    click(qtbot, panel.form.ok_button)
    assert "Starting Area: columns 0-1, rows 3-5 (6 squares)." in panel.header.notes.text()

    press_advance(qtbot, panel)  # NPCs placed
    assert panel.outline.current_step() == "initiative"
    assert panel.header.instruction.text() == (
        "Roll Initiative for all 4 combatants: 2d6 + Initiative modifier."
    )
    # 001 line 8: "All characters (both sides) roll 2d6 adding their Initiative modifier";
    # line 20: descending order; Alice and Brute tie at 9 with the same modifier: PCs first.
    panel.actions_bar.typed.setText("9 11 9 6")
    press_advance(qtbot, panel)
    assert panel.table.token_order() == ["bob", "alice", "brute", "archer"]
    assert [panel.table.cell_text(t, "order") for t in panel.table.token_order()] == [
        "11",
        "9",
        "9",
        "6",
    ]
    assert panel.outline.current_step() == "order"

    # 001 line 22: Round Zero: PCs position themselves within the Starting Area.
    press_advance(qtbot, panel)
    assert panel.header.instruction.text() == (
        "Round Zero: Bob takes a position in the Starting Area and a Stance; next: Alice."
    )
    # The rule's line number is for hovering, not for the line read at the table.
    assert "\N{BULLET} Round Zero: characters take no actions." in panel.header.notes.text()
    assert "001 line" not in panel.header.notes.text()
    assert panel.header.notes.toolTip() == "Round Zero: characters take no actions (001 line 22)."
    place(qtbot, panel, (0, 4))
    assert encounter.token("bob").position == (0, 4)
    press_advance(qtbot, panel)
    place(qtbot, panel, (4, 4))  # outside the Starting Area: refused, shown
    assert "(4, 4) is outside the Starting Area" in panel.refusal()
    assert panel.form is not None  # the form stays open to correct it
    panel.form.set_value("square", (1, 4))
    assert panel.refusal() == ""  # the field is fixed: the refusal goes
    press_advance(qtbot, panel)
    assert not panel.refusal()
    press_advance(qtbot, panel)  # Alice done
    press_advance(qtbot, panel)  # Brute done
    press_advance(qtbot, panel)  # Archer done
    assert panel.outline.current_steps() == ["rounds", "start"]
    assert panel.header.title.text() == "Thrum \N{EM DASH} round 1"
    assert panel.table.acting_rows() == [0]

    # The GM lowers Bob's Fatigue Tolerance by hand, then records 7 Fatigue dealt to him.
    assert panel.table.cell_text("bob", FATIGUE) == "0/5"
    edit_figure(qtbot, panel, "bob", FATIGUE, "0/2")
    qtbot.waitUntil(lambda: encounter.token("bob").figures["fatigue_tolerance"] == 2)
    click(qtbot, panel.actions_bar.buttons["deal"])
    assert panel.form is not None
    panel.form.set_value("target", "bob")
    panel.form.set_value("fatigue", 7)
    click(qtbot, panel.form.ok_button)
    assert panel.table.cell_text("bob", "statuses") == "Exhausted"
    assert panel.table.cell_text("bob", FATIGUE) == "7/2"

    press_advance(qtbot, panel)  # Start effects resolved
    press_advance(qtbot, panel)  # Done moving
    assert panel.outline.current_step() == "action"
    assert panel.header.instruction.text() == (
        "Bob takes an Action: record Fatigue and Stress dealt; Exhausted, so an Incapacity "
        "Roll follows."
    )
    # 001 line 90: "The total must exceed (not tie) the character's Fatigue Load";
    # line 92: Tolerance and Load both -1 upon becoming Incapacitated.
    panel.actions_bar.typed.setText("7")
    press_advance(qtbot, panel)
    assert panel.dice_log.lines()[0] == (
        "Bob: 2d6+2 = 7 \N{MIDDLE DOT} Incapacity Roll (after an Action while Exhausted) "
        "\N{MIDDLE DOT} typed"
    )
    assert panel.table.cell_text("bob", "statuses") == "Exhausted, Incapacitated"
    assert panel.table.cell_text("bob", FATIGUE) == "6/1"
    assert panel.outline.current_step() == "end"

    # Back undoes the Action and its roll as one step.
    click(qtbot, panel.actions_bar.back_button)
    assert panel.outline.current_step() == "action"
    assert panel.table.cell_text("bob", "statuses") == "Exhausted"
    assert panel.table.cell_text("bob", FATIGUE) == "7/2"


def test_the_columns_say_their_figures_uncut_and_name_them_whole(
    qtbot: Any, panel: CombatPanel
) -> None:
    """Once "Fat. Tol.", "Str. T" and "Resil.": now a load out of its tolerance under one
    word, never elided, the whole names on hover, on one line while the panel has room;
    the figures set once are under the table."""
    panel.chooser.combo.setCurrentIndex(panel.chooser.combo.findData("thrum"))
    click(qtbot, panel.chooser.start_button)
    table = panel.table
    header = table.horizontalHeader()
    metrics = header.fontMetrics()
    labels = {}
    for col in range(table.columnCount()):
        item = table.horizontalHeaderItem(col)
        assert item is not None
        text = item.text()
        widest = max(metrics.horizontalAdvance(line) for line in text.split("\n"))
        assert header.sectionSize(col) >= widest, text
        labels[text] = item.toolTip()
    # NPC Placement: Initiative's modifier, then each load out of its tolerance.
    assert labels == {
        "Name": "Name",
        "Order": "Order",
        "Init. mod.": "Initiative modifier",
        "Fatigue": "Fatigue load / Fatigue tolerance",
        "Stress": "Stress load / Stress tolerance",
    }
    assert table.cell_text("alice", FATIGUE) == "0/4"
    assert [name for name, _label in table.rest] == [
        "wounds",
        "stance",
        "resolve_mod",
        "resilience_mod",
    ]
    name = table.item(table.row_of("alice"), table.column_of("name"))
    assert name is not None
    assert name.toolTip().splitlines()[:4] == [
        "Alice (Player characters)",
        "Fatigue load 0",
        "Fatigue tolerance 4",
        "Stress load 0",
    ]


def test_return_in_a_text_field_records_a_triggered_effect_once(
    qtbot: Any, panel: CombatPanel
) -> None:
    """Return in a form's text field submits it once (it was twice: the line edit's own signal,
    then the form, which the key reaches too), so one trigger is one entry on the stack."""
    panel.chooser.combo.setCurrentIndex(panel.chooser.combo.findData("thrum"))
    click(qtbot, panel.chooser.start_button)
    panel.actions_bar.typed.setText("9 11 9 6")
    for _ in range(3):  # NPCs placed, initiative, Round Zero
        press_advance(qtbot, panel)
    click(qtbot, panel.actions_bar.buttons["record-trigger"])
    assert panel.form is not None
    panel.form.set_value("token", "alice")
    panel.form.set_value("effect", "Parry")
    trigger = panel.form.inputs["trigger"]
    assert isinstance(trigger, QLineEdit)
    trigger.setFocus()
    qtbot.keyClicks(trigger, "Brute attacks")
    qtbot.keyClick(trigger, Qt.Key.Key_Return)
    state = panel.document.encounter.procedure_state
    assert [len(group["effects"]) for group in state["triggers"]] == [1]
    assert panel.document.undo_stack.count() == 5  # start, three steps, one record
