"""The combat panel driven through a toy procedure: what the GM sees after each click."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLineEdit

from tactical.app.panel import CombatPanel
from tactical.app.panel.presenter import NO_PROCEDURE
from tactical.app.panel.style import LOCK
from tactical.core import Encounter, GridMap, Token
from tactical.core.changes import GM
from tactical.core.commands import SetStatus


def start(qtbot: Any, panel: CombatPanel, procedure_id: str = "toy") -> None:
    panel.chooser.combo.setCurrentIndex(panel.chooser.combo.findData(procedure_id))
    qtbot.mouseClick(panel.chooser.start_button, Qt.MouseButton.LeftButton)


def roll_initiative(qtbot: Any, panel: CombatPanel, typed: str = "5, 2, 6, 1") -> None:
    panel.actions_bar.typed.setText(typed)
    qtbot.mouseClick(panel.actions_bar.primary_button, Qt.MouseButton.LeftButton)


def test_without_a_procedure_the_panel_asks_to_choose_one(panel: CombatPanel) -> None:
    assert panel.header.instruction.text() == NO_PROCEDURE
    assert panel.table.token_order() == ["hero", "ally", "orc", "spy"]
    assert panel.table.cell_text("spy", "name") == "Spy (hidden)"
    assert not panel.actions_bar.primary_button.isEnabled()
    assert not panel.advance_action.isEnabled()
    assert panel.outline.topLevelItemCount() == 0


def test_start_shows_the_first_step_highlighted(qtbot: Any, panel: CombatPanel) -> None:
    start(qtbot, panel)
    assert panel.document.encounter.procedure == "toy"
    assert panel.outline.current_step() == "setup"
    item = panel.outline.item_for("setup")
    assert item is not None and item.font(0).bold()
    assert item.text(0) == "\N{BLACK RIGHT-POINTING TRIANGLE} Roll initiative"
    assert panel.header.instruction.text() == "Roll initiative for everyone."
    assert panel.header.notes.text() == "\N{BULLET} Ties: PCs first."
    assert panel.actions_bar.primary_button.full_text() == "Roll initiative   [Enter]"
    assert panel.chooser.start_button.text() == "Restart"
    columns = [panel.table.horizontalHeaderItem(c).text() for c in range(panel.table.columnCount())]
    # The toy names no figures for its steps: every one is a column; no status yet.
    assert columns == ["Name", "Order", "Init", "HP"]


def test_typed_dice_order_the_rows_and_fill_the_log(qtbot: Any, panel: CombatPanel) -> None:
    start(qtbot, panel)
    roll_initiative(qtbot, panel)
    assert panel.table.token_order() == ["orc", "hero", "ally", "spy"]
    assert panel.table.cell_text("orc", "figure:init") == "6"
    assert panel.table.cell_text("hero", "figure:hp") == "10 hp"  # the procedure's format
    assert panel.table.cell_text("hero", "order") == "5"
    assert panel.actions_bar.typed.text() == ""  # used up
    assert panel.dice_log.lines() == [
        "Spy: 1d6 = 1 \N{MIDDLE DOT} initiative \N{MIDDLE DOT} typed",
        "Orc: 1d6 = 6 \N{MIDDLE DOT} initiative \N{MIDDLE DOT} typed",
        "Ally: 1d6 = 2 \N{MIDDLE DOT} initiative \N{MIDDLE DOT} typed",
        "Hero: 1d6 = 5 \N{MIDDLE DOT} initiative \N{MIDDLE DOT} typed",
    ]
    assert panel.outline.current_step() == "declare"
    assert panel.outline.item_for("setup").foreground(0).color() != (
        panel.outline.item_for("act").foreground(0).color()
    )  # done steps dimmed
    assert panel.header.title.text() == "Toy fight \N{EM DASH} round 1"


def test_extra_typed_dice_are_reported(qtbot: Any, panel: CombatPanel) -> None:
    start(qtbot, panel)
    roll_initiative(qtbot, panel, "5 2 6 1 4")
    assert panel.header.message.text() == "1 typed dice were not needed."


def test_bad_typed_dice_are_refused_before_anything_happens(qtbot: Any, panel: CombatPanel) -> None:
    start(qtbot, panel)
    roll_initiative(qtbot, panel, "5, x")
    assert panel.header.is_error
    assert "'x' is not a whole number" in panel.header.message.text()
    assert panel.outline.current_step() == "setup"
    roll_initiative(qtbot, panel, "7, 1, 1, 1")  # a d6 cannot give 7
    assert panel.header.message.text() == "1d6 gives 1 to 6, not 7"
    assert panel.outline.current_step() == "setup"
    assert panel.document.encounter.dice_log == []


def test_the_advance_key_runs_the_primary_action(qtbot: Any, panel: CombatPanel) -> None:
    start(qtbot, panel)
    panel.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is panel)
    panel.actions_bar.typed.setText("5, 2, 6, 1")
    qtbot.keyClick(panel.table, Qt.Key.Key_Return)
    assert panel.outline.current_step() == "declare"
    assert panel.table.token_order() == ["orc", "hero", "ally", "spy"]
    qtbot.keyClick(panel.table, Qt.Key.Key_Enter)  # the keypad's Enter too
    assert panel.outline.current_step() == "act"
    assert panel.header.instruction.text() == "Orc acts now."


def test_enter_in_the_typed_dice_field_advances_with_them(qtbot: Any, panel: CombatPanel) -> None:
    start(qtbot, panel)
    panel.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is panel)
    panel.actions_bar.typed.setFocus()
    qtbot.keyClicks(panel.actions_bar.typed, "5 2 6 1")
    qtbot.keyClick(panel.actions_bar.typed, Qt.Key.Key_Return)
    assert panel.outline.current_step() == "declare"
    assert panel.table.token_order() == ["orc", "hero", "ally", "spy"]


def test_return_in_the_roll_box_rolls_and_does_not_advance(qtbot: Any, panel: CombatPanel) -> None:
    start(qtbot, panel)
    panel.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is panel)
    panel.roll_box.expression.setText("2d6+3")
    panel.roll_box.typed.setText("11")
    panel.roll_box.reason.setText("perception")
    panel.roll_box.reason.setFocus()
    qtbot.keyClick(panel.roll_box.reason, Qt.Key.Key_Return)
    assert panel.outline.current_step() == "setup"
    assert panel.dice_log.lines() == [
        "GM: 2d6+3 = 11 \N{MIDDLE DOT} perception \N{MIDDLE DOT} typed"
    ]
    assert panel.header.message.text() == "2d6+3 for GM (perception): 11"
    assert panel.roll_box.typed.text() == ""


def test_free_roll_without_a_procedure_and_a_bad_expression(qtbot: Any, panel: CombatPanel) -> None:
    panel.roll_box.expression.setText("2x6")
    qtbot.mouseClick(panel.roll_box.roll_button, Qt.MouseButton.LeftButton)
    assert panel.header.is_error
    assert "not a dice expression" in panel.header.message.text()
    panel.roll_box.expression.setText("1d20")
    panel.roll_box.who.setCurrentIndex(panel.roll_box.who.findData("orc"))
    qtbot.mouseClick(panel.roll_box.roll_button, Qt.MouseButton.LeftButton)
    log = panel.document.encounter.dice_log
    assert len(log) == 1 and log[0].who == "orc" and 1 <= log[0].result <= 20
    assert panel.dice_log.lines()[0].startswith("Orc: 1d20 = ")
    assert not panel.header.is_error


def test_secret_declarations_stay_secret_until_revealed(qtbot: Any, panel: CombatPanel) -> None:
    document = panel.document
    start(qtbot, panel)
    roll_initiative(qtbot, panel)
    button = panel.table.row_actions_button("hero")
    assert button is not None and button.toolTip() == "Declare\N{HORIZONTAL ELLIPSIS}"
    entries = button.menu().actions()
    assert [e.text() for e in entries] == ["Declare\N{HORIZONTAL ELLIPSIS}"]
    entries[0].trigger()  # chosen from the row's menu
    form = panel.form
    assert form is not None and form.action.id == "declare:hero"
    target = form.inputs["target"]
    assert [target.itemText(i) for i in range(target.count())] == ["Orc", "Hero", "Ally", "Spy"]
    form.set_value("target", "orc")
    qtbot.mouseClick(form.ok_button, Qt.MouseButton.LeftButton)
    assert panel.form is None
    cell = panel.table.cell_text("hero", "declared")
    assert cell == f"{LOCK} attacks Orc"
    assert document.targets == set()  # a secret target is painted on no map
    assert document.public_targets == set()
    qtbot.mouseClick(panel.actions_bar.primary_button, Qt.MouseButton.LeftButton)  # Reveal
    assert panel.table.cell_text("hero", "declared") == "attacks Orc"
    assert document.public_targets == {"orc"}
    assert document.targets == {"orc"}
    assert document.acting == {"orc"}
    assert panel.table.acting_rows() == [0]
    name = panel.table.item(0, panel.table.column_of("name"))
    assert name.font().bold() and name.text() == "\N{BLACK RIGHT-POINTING TRIANGLE} Orc"


def test_the_advance_key_confirms_an_open_form(qtbot: Any, panel: CombatPanel) -> None:
    start(qtbot, panel)
    roll_initiative(qtbot, panel)
    panel.request(next(a for a in panel.controller.actions() if a.id == "declare:ally"))
    assert panel.form is not None
    panel.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is panel)
    panel.form.inputs["target"].setFocus()
    qtbot.keyClick(panel.form.inputs["target"], Qt.Key.Key_Return)
    assert panel.form is None
    assert panel.controller.state().model_dump()["declared"] == {"ally": ["orc", "attacks"]}


def test_a_refusal_is_a_message_not_a_traceback(qtbot: Any, panel: CombatPanel) -> None:
    start(qtbot, panel)
    roll_initiative(qtbot, panel)
    steps = panel.document.undo_stack.index()
    qtbot.mouseClick(panel.actions_bar.buttons["refuse"], Qt.MouseButton.LeftButton)
    assert panel.header.is_error
    assert panel.header.message.text() == "The toy refuses: not now."
    assert panel.document.undo_stack.index() == steps
    qtbot.mouseClick(panel.actions_bar.buttons["end"], Qt.MouseButton.LeftButton)
    assert not panel.header.is_error
    assert panel.outline.current_step() == "over"
    assert panel.header.title.text() == "Toy fight \N{EM DASH} round 1 \N{EM DASH} ended"
    assert not panel.advance_action.isEnabled()


def test_back_undoes_one_action(qtbot: Any, panel: CombatPanel) -> None:
    start(qtbot, panel)
    roll_initiative(qtbot, panel)
    assert panel.actions_bar.back_button.toolTip() == "Undo: Roll initiative"
    qtbot.mouseClick(panel.actions_bar.back_button, Qt.MouseButton.LeftButton)
    assert panel.outline.current_step() == "setup"
    assert panel.table.token_order() == ["hero", "ally", "orc", "spy"]
    assert panel.dice_log.count() == 0
    assert "init" not in panel.document.encounter.token("orc").figures
    qtbot.mouseClick(panel.actions_bar.back_button, Qt.MouseButton.LeftButton)
    assert panel.header.instruction.text() == NO_PROCEDURE
    assert not panel.actions_bar.back_button.isEnabled()


def test_an_attack_with_typed_damage_changes_the_figure(qtbot: Any, panel: CombatPanel) -> None:
    start(qtbot, panel)
    roll_initiative(qtbot, panel)
    qtbot.mouseClick(panel.actions_bar.primary_button, Qt.MouseButton.LeftButton)  # reveal
    assert panel.table.row_actions_button("orc") is None  # acting: in the action bar
    button = panel.actions_bar.buttons["attack"]
    assert button.full_text() == "Attack\N{HORIZONTAL ELLIPSIS}"  # one acting: no name prefix
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert panel.form is not None
    panel.form.set_value("target", "hero")
    panel.actions_bar.typed.setText("4")
    qtbot.mouseClick(panel.form.ok_button, Qt.MouseButton.LeftButton)
    assert panel.table.cell_text("hero", "figure:hp") == "6 hp"
    assert panel.header.message.text() == "4 damage"
    assert panel.dice_log.lines()[0] == (
        "Orc: 1d4 = 4 \N{MIDDLE DOT} attack on hero \N{MIDDLE DOT} typed"
    )


def edit_cell(qtbot: Any, panel: CombatPanel, token_id: str, key: str, text: str) -> None:
    table = panel.table
    item = table.item(table.token_order().index(token_id), table.column_of(key))
    table.setFocus()
    table.editItem(item)
    editor = table.findChild(QLineEdit)
    assert editor is not None
    editor.selectAll()
    qtbot.keyClicks(editor, text)
    qtbot.keyClick(editor, Qt.Key.Key_Return)


def test_editing_a_figure_cell_pushes_an_undoable_command(qtbot: Any, panel: CombatPanel) -> None:
    start(qtbot, panel)
    steps = panel.document.undo_stack.index()
    edit_cell(qtbot, panel, "orc", "figure:hp", "2")
    qtbot.waitUntil(lambda: panel.document.encounter.token("orc").figures["hp"] == 2)
    assert panel.table.cell_text("orc", "figure:hp") == "2 hp"
    assert panel.document.undo_stack.index() == steps + 1
    assert panel.outline.current_step() == "setup"  # Return stayed in the editor
    edit_cell(qtbot, panel, "orc", "figure:hp", "0")
    qtbot.waitUntil(lambda: panel.document.encounter.token("orc").figures["hp"] == 0)
    name = panel.table.item(panel.table.token_order().index("orc"), 0)
    assert name.font().strikeOut()  # out rows greyed and struck
    panel.document.undo_stack.undo()
    panel.document.undo_stack.undo()
    assert panel.table.cell_text("orc", "figure:hp") == "6 hp"


def test_editing_the_statuses_cell(qtbot: Any, panel: CombatPanel) -> None:
    start(qtbot, panel)
    panel.document.push(SetStatus("orc", "dazed", 1), GM)  # someone has one: the column shows
    qtbot.waitUntil(lambda: panel.table.column_of("statuses") >= 0)
    edit_cell(qtbot, panel, "hero", "statuses", "prone, bleeding 2")
    qtbot.waitUntil(lambda: bool(panel.document.encounter.token("hero").statuses))
    assert panel.document.encounter.token("hero").statuses == {"prone": 1, "bleeding": 2}
    assert panel.table.cell_text("hero", "statuses") == "prone, bleeding 2"
    panel.document.undo_stack.undo()  # both in one step
    assert panel.document.encounter.token("hero").statuses == {}


def test_status_menu_adds_steps_and_removes(
    qtbot: Any, panel: CombatPanel, monkeypatch: Any
) -> None:
    start(qtbot, panel)
    monkeypatch.setattr(panel.table, "ask_status", lambda: "stunned 2")
    row = panel.table.token_order().index("ally")
    menu = panel.table.row_menu(row)
    next(a for a in menu.actions() if a.text().startswith("Add status")).trigger()
    token = panel.document.encounter.token("ally")
    assert token.statuses == {"stunned": 2}
    menu = panel.table.row_menu(row)
    sub = next(a for a in menu.actions() if a.text() == "stunned (2)").menu()
    next(a for a in sub.actions() if a.text() == "\N{MINUS SIGN}1").trigger()
    assert token.statuses == {"stunned": 1}
    menu = panel.table.row_menu(row)
    sub = next(a for a in menu.actions() if a.text() == "stunned").menu()
    next(a for a in sub.actions() if a.text() == "Remove").trigger()
    assert token.statuses == {}


def test_a_broken_saved_state_is_shown_not_raised(qtbot: Any, panel: CombatPanel) -> None:
    start(qtbot, panel)
    encounter = panel.document.encounter
    encounter.procedure_state = {**encounter.procedure_state, "round": "x"}
    panel.refresh()
    assert panel.header.is_error
    assert "procedure.state.round" in panel.header.message.text()
    assert not panel.actions_bar.primary_button.isEnabled()
    assert panel.table.token_order() == ["hero", "ally", "orc", "spy"]
    qtbot.mouseClick(panel.chooser.start_button, Qt.MouseButton.LeftButton)  # restart mends it
    assert not panel.header.is_error
    assert panel.outline.current_step() == "setup"
    panel.document.undo_stack.undo()  # back to the broken state, then forward again
    assert panel.header.is_error
    panel.document.undo_stack.redo()
    assert not panel.header.is_error
    assert panel.header.message.text() == f"Redone: {panel.document.undo_stack.undoText()}"


def test_unknown_procedure_is_shown(qtbot: Any, panel: CombatPanel) -> None:
    panel.document.encounter.procedure = "nonesuch"
    panel.refresh()
    assert "no combat procedure 'nonesuch'" in panel.header.message.text()


def test_a_replaced_encounter_is_shown(qtbot: Any, panel: CombatPanel) -> None:
    start(qtbot, panel)
    roll_initiative(qtbot, panel)
    panel.request(next(a for a in panel.controller.actions() if a.id == "mark"))
    other = Encounter(GridMap(3, 3), [Token("x", "Xena", "pcs", (0, 0))])
    panel.document.replace_encounter(other, None)
    assert panel.form is None
    assert panel.header.instruction.text() == NO_PROCEDURE
    assert panel.table.token_order() == ["x"]
    assert panel.dice_log.count() == 0
    assert panel.roll_box.who.itemText(1) == "Xena"
    start(qtbot, panel)
    assert other.procedure == "toy" and panel.outline.current_step() == "setup"


def test_params_of_every_kind(qtbot: Any, panel: CombatPanel) -> None:
    start(qtbot, panel)
    roll_initiative(qtbot, panel)
    qtbot.mouseClick(panel.actions_bar.buttons["mark"], Qt.MouseButton.LeftButton)
    form = panel.form
    assert form is not None
    assert form.values() == {"square": (1, 2), "careful": True, "phase": "last", "bonus": 2}
    square = form.inputs["square"]
    assert square.col.maximum() == 5 and square.row.maximum() == 3  # the 6 x 4 grid
    form.set_value("square", (4, 3))
    form.set_value("careful", False)
    form.set_value("phase", "first")
    form.set_value("bonus", -1)
    form.set_value("note", "by the door")
    qtbot.mouseClick(form.ok_button, Qt.MouseButton.LeftButton)
    assert panel.controller.state().model_dump()["marks"] == [
        {"square": [4, 3], "careful": False, "phase": "first", "bonus": -1, "note": "by the door"}
    ]
