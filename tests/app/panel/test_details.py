"""Issue 34: the figures a one-line row leaves out show under the table, still editable.

For whoever acts now, or for the row the GM clicks; a figure typed there is one
undo step, as a cell's edit, and Return records it without advancing the fight.
Hovering a name reads every figure.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt

from tactical.app.panel import CombatPanel
from tactical.app.panel.details import HINT, STATUSES
from tactical.app.window.main_window import TITLE_BAR_PX
from tactical.core.changes import GM
from tactical.core.commands import SetFigure
from tactical.persistence import load_encounter

THRUM = Path(__file__).resolve().parents[3] / "maps" / "thrum.tactical.json"


def _thrum(make_window: Any) -> CombatPanel:
    window = make_window(load_encounter(THRUM))
    window.resize(1366, 768 - TITLE_BAR_PX)
    panel = window.ensure_panel()
    assert isinstance(panel, CombatPanel)
    return panel


def _press(qtbot: Any, panel: CombatPanel, times: int) -> None:
    for _ in range(times):
        qtbot.mouseClick(panel.actions_bar.primary_button, Qt.MouseButton.LeftButton)


def _click_row(qtbot: Any, panel: CombatPanel, token_id: str) -> None:
    table = panel.table
    rect = table.visualRect(table.model().index(table.row_of(token_id), 0))
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def test_the_details_follow_whoever_acts_or_the_row_clicked(qtbot: Any, make_window: Any) -> None:
    panel = _thrum(make_window)
    details = panel.details
    qtbot.waitUntil(lambda: details.title.text() == HINT)  # NPC Placement: no one acts yet
    _click_row(qtbot, panel, "captain")
    qtbot.waitUntil(lambda: details.title.text() == "Bandit Captain:")
    before = panel.table.token_order()
    _press(qtbot, panel, 2)  # NPCs placed, Initiative rolled: a new order, the same choice
    assert panel.table.token_order() != before
    assert panel.table.selected_token() == "captain"
    assert details.title.text() == "Bandit Captain:"
    _press(qtbot, panel, 1)  # Round Zero begun: someone acts, the details follow them
    acting = panel.table.combatants()[0]
    assert acting.acting
    qtbot.waitUntil(lambda: details.title.text() == f"{acting.name}:")
    assert list(details.fields) == [
        "wounds",
        "initiative_mod",
        "resolve_mod",
        "resilience_mod",
        STATUSES,
    ]  # Round Zero's row shows the loads and the Stance; no one has a status yet
    _click_row(qtbot, panel, "captain")
    qtbot.waitUntil(lambda: details.title.text() == "Bandit Captain:")
    assert details.fields["resilience_mod"].text() == "2"
    assert details.fields["initiative_mod"].text() == "2"
    assert details.isVisible()
    _press(qtbot, panel, 1)  # the turn passes: the details follow whoever acts now
    now = next(row for row in panel.table.combatants() if row.acting)
    assert now.token_id != acting.token_id
    qtbot.waitUntil(lambda: details.title.text() == f"{now.name}:")


def test_a_figure_typed_under_the_table_is_one_undo_step_and_return_does_not_advance(
    qtbot: Any, make_window: Any
) -> None:
    panel = _thrum(make_window)
    _click_row(qtbot, panel, "captain")
    field = panel.details.fields["resilience_mod"]
    stack = panel.document.undo_stack
    before, step = stack.index(), panel.outline.current_step()
    field.setFocus()
    field.selectAll()
    qtbot.keyClicks(field, "4")
    qtbot.keyClick(field, Qt.Key.Key_Return)
    captain = panel.document.encounter.token("captain")
    qtbot.waitUntil(lambda: captain.figures["resilience_mod"] == 4)
    assert stack.index() == before + 1
    assert panel.outline.current_step() == step  # Return was the field's, not the fight's
    field.clearFocus()  # leaving the field says nothing more
    assert stack.index() == before + 1
    stack.undo()
    qtbot.waitUntil(lambda: panel.details.fields["resilience_mod"].text() == "2")


def test_a_status_typed_under_the_table_brings_the_statuses_column(
    qtbot: Any, make_window: Any
) -> None:
    panel = _thrum(make_window)
    table = panel.table
    assert table.column_of("statuses") == -1  # no one has a status: no column for them
    _click_row(qtbot, panel, "hound")
    field = panel.details.fields[STATUSES]
    field.setFocus()
    qtbot.keyClicks(field, "prone, bleeding 2")
    qtbot.keyClick(field, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: table.column_of("statuses") >= 0)
    assert table.cell_text("hound", "statuses") == "prone, bleeding 2"
    assert STATUSES not in panel.details.fields  # the column edits them now
    panel.document.undo_stack.undo()
    qtbot.waitUntil(lambda: table.column_of("statuses") == -1)


def test_hovering_a_name_reads_every_figure(qtbot: Any, make_window: Any) -> None:
    panel = _thrum(make_window)
    table = panel.table
    name = table.item(table.row_of("captain"), table.column_of("name"))
    assert name is not None
    assert name.toolTip().splitlines() == [
        "Bandit Captain (Non-player characters)",
        "Fatigue load 0",
        "Fatigue tolerance 6",
        "Stress load 0",
        "Stress tolerance 4",
        "Wounds 0",
        "Stance \N{EM DASH}",
        "Initiative modifier 2",
        "Resolve modifier 1",
        "Resilience modifier 2",
    ]


def test_return_in_a_field_not_typed_in_still_advances_the_fight(
    qtbot: Any, make_window: Any
) -> None:
    """A form that closes leaves the keyboard in the first field under the table: the GM
    has typed nothing there, so Return presses the step's button as anywhere else."""
    panel = _thrum(make_window)
    panel.window().activateWindow()
    qtbot.waitUntil(lambda: panel.window().isActiveWindow())
    _click_row(qtbot, panel, "captain")
    field = panel.details.fields["wounds"]
    field.setFocus()
    qtbot.waitUntil(field.hasFocus)
    step = panel.outline.current_step()
    qtbot.keyClick(field, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: panel.outline.current_step() != step)
    assert panel.document.encounter.token("captain").figures.get("wounds", 0) == 0


def test_a_long_figure_under_the_table_shows_its_start(qtbot: Any, make_window: Any) -> None:
    panel = _thrum(make_window)
    long_text = "Resolves only when the captain's banner still flies over the tower"
    panel.document.push(SetFigure("captain", "resolve_mod", long_text), GM)
    _click_row(qtbot, panel, "captain")
    field = panel.details.fields["resolve_mod"]
    qtbot.waitUntil(lambda: field.text() == long_text)
    assert field.cursorPosition() == 0  # its start in view, not its end
