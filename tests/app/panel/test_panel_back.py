"""The panel's Back steps back through a fight; it never takes back map edits made outside one.

QA: on the hillside ruin (no procedure) a token duplicated from the palette
enabled Back, and Back removed the copy while the status bar still said
"Added Goblin archer 2.". Back is now off without a fight, off for edits made
after a fight ended, and whatever it takes back is named in the panel and in
the status bar, as Ctrl+Z names it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt

from tactical.app.panel import CombatPanel
from tactical.core.changes import GM
from tactical.core.commands import MoveToken
from tactical.persistence import load_encounter

from .test_panel_toy import roll_initiative, start

HILLSIDE = Path(__file__).resolve().parents[3] / "maps" / "hillside-ruin.tactical.json"
NO_FIGHT_TIP = "Back steps through a running fight. Undo (Ctrl+Z) takes back map edits"
OVER_TIP = "The fight is over. Undo (Ctrl+Z) takes back map edits"


def click(qtbot: Any, panel: CombatPanel) -> None:
    qtbot.mouseClick(panel.actions_bar.back_button, Qt.MouseButton.LeftButton)


def test_without_a_fight_back_leaves_a_duplicated_token_alone(make_window: Any) -> None:
    window = make_window(load_encounter(HILLSIDE), HILLSIDE)
    panel = window.ensure_panel()
    back = panel.actions_bar.back_button
    assert not back.isEnabled()
    window.token_palette.duplicate(["archer-1"])
    assert window.statusBar().currentMessage() == "Added Goblin archer 2."
    assert "Goblin archer 2" in [t.name for t in window.document.encounter.tokens.values()]
    assert window.document.undo_stack.canUndo()  # Ctrl+Z could take it back
    assert not back.isEnabled()
    assert back.toolTip() == NO_FIGHT_TIP
    window.document.push(MoveToken("grak", (3, 3)), GM)  # a move, then Back asked all the same
    assert not back.isEnabled()
    panel.back()
    assert window.document.encounter.token("grak").position == (3, 3)
    assert "Goblin archer 2" in [t.name for t in window.document.encounter.tokens.values()]
    assert window.statusBar().currentMessage() == "Added Goblin archer 2."


def test_in_a_fight_back_takes_back_a_move_and_says_so(
    qtbot: Any, make_window: Any, toy: Any
) -> None:
    from .conftest import toy_encounter

    window = make_window(toy_encounter())
    panel = window.ensure_panel()
    start(qtbot, panel)
    roll_initiative(qtbot, panel)
    window.document.push(MoveToken("orc", (2, 2)), GM)
    assert panel.actions_bar.back_button.isEnabled()
    assert panel.actions_bar.back_button.toolTip() == "Undo: Move Orc"
    click(qtbot, panel)
    assert window.document.encounter.token("orc").position == (4, 3)
    assert window.statusBar().currentMessage() == "Undone: Move Orc"
    assert panel.header.message.text() == "Undone: Move Orc"
    click(qtbot, panel)  # then the initiative roll, named the same way
    assert panel.outline.current_step() == "setup"
    assert window.statusBar().currentMessage() == "Undone: Roll initiative"
    assert panel.header.message.text() == "Undone: Roll initiative"


def test_after_the_fight_back_takes_back_its_end_but_no_later_edit(
    qtbot: Any, panel: CombatPanel
) -> None:
    start(qtbot, panel)
    roll_initiative(qtbot, panel)
    qtbot.mouseClick(panel.actions_bar.buttons["end"], Qt.MouseButton.LeftButton)
    back = panel.actions_bar.back_button
    assert back.isEnabled() and back.toolTip() == "Undo: End fight"
    panel.document.push(MoveToken("orc", (2, 2)), GM)  # clearing up after the fight
    assert not back.isEnabled()
    assert back.toolTip() == OVER_TIP
    panel.back()
    assert panel.document.encounter.token("orc").position == (2, 2)
    panel.document.undo_stack.undo()  # Ctrl+Z takes the move back
    assert back.isEnabled() and back.toolTip() == "Undo: End fight"
    click(qtbot, panel)
    assert panel.header.message.text() == "Undone: End fight"
    assert panel.view is not None and not panel.view.ended


def test_back_to_before_the_start_then_off(qtbot: Any, panel: CombatPanel) -> None:
    said: list[str] = []
    panel.said.connect(said.append)
    panel.document.push(MoveToken("orc", (2, 2)), GM)  # before the fight: map preparation
    start(qtbot, panel)
    click(qtbot, panel)  # takes back the start
    assert panel.document.encounter.procedure is None
    assert said == ["Undone: Start Toy fight"]
    assert not panel.actions_bar.back_button.isEnabled()
    assert panel.document.encounter.token("orc").position == (2, 2)


def test_with_secrets_hidden_back_names_a_hidden_token_by_its_alias(
    qtbot: Any, panel: CombatPanel
) -> None:
    said: list[str] = []
    panel.said.connect(said.append)
    start(qtbot, panel)
    panel.document.push(MoveToken("spy", (5, 1)), GM)
    panel.set_hide_secrets(True)
    assert panel.actions_bar.back_button.toolTip() == "Undo: Move hidden combatant"
    click(qtbot, panel)
    assert said == ["Undone: Move hidden combatant"]
    assert panel.header.message.text() == "Undone: Move hidden combatant"
