"""Issue 24: the combatant table is read at the panel's default width without scrolling sideways.

Thrum tracks nine figures against a panel of about 440 px: each row shows the few
that matter at the step (issue 34), the loads out of their tolerances under one
word; a figure column the width has no room for folds into the selected
combatant's details under the table, edited there or from the row's menu.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMenu

from tactical.app.encounter.document import EncounterDocument
from tactical.app.panel import CombatPanel
from tactical.app.panel import row_menu as row_menu
from tactical.app.panel.combatants import CombatantTable
from tactical.app.panel.row_columns import figures_of
from tactical.persistence import load_encounter
from tactical.rules import RowFigure, available
from tactical.rules.registry import tracked_figures
from tests.app.settle import settle

MAPS = Path(__file__).resolve().parents[3] / "maps"
EXAMPLES = sorted(p for p in available() if (MAPS / f"{p}.tactical.json").exists())


def _panel(make_window: Any, name: str) -> tuple[Any, CombatPanel]:
    window = make_window(load_encounter(MAPS / f"{name}.tactical.json"))
    panel = window.ensure_panel()
    assert isinstance(panel, CombatPanel)
    return window, panel


def _fits(table: CombatantTable) -> bool:
    return table.horizontalHeader().length() <= table.viewport().width()


def _readable(panel: CombatPanel, token_id: str) -> dict[str, str]:
    """Each figure's label and value as the GM reads it: in its column, else in the details
    of the selected combatant."""
    table = panel.table
    table.setCurrentIndex(table.rows_model.index(table.row_of(token_id), 0))
    labels = tracked_figures(panel.document.encounter.procedure)
    seen = {}
    for col in range(table.columnCount()):
        names = figures_of(table.rows_model.key_of(col))
        values = table.item(table.row_of(token_id), col).text().split("/")
        seen.update({labels[n]: v for n, v in zip(names, values, strict=False)})
    for name, field in panel.details.fields.items():
        if name in labels:
            seen[labels[name]] = field.text() or "\N{EM DASH}"
    return seen


def test_thrum_fits_the_default_panel_and_every_figure_reads(qtbot: Any, make_window: Any) -> None:
    _window, panel = _panel(make_window, "thrum")
    table = panel.table
    qtbot.waitUntil(lambda: table.token_order() != [])
    assert table.width() < 480  # the default panel, not a wide one
    assert _fits(table)
    assert table.horizontalScrollBar().maximum() == 0
    assert _readable(panel, "hound") == {
        "Fatigue load": "0",
        "Fatigue tolerance": "3",
        "Stress load": "0",
        "Stress tolerance": "2",
        "Wounds": "0",
        "Stance": "\N{EM DASH}",
        "Initiative modifier": "3",
        "Resolve modifier": "-1",
        "Resilience modifier": "1",
    }
    assert _readable(panel, "captain")["Resilience modifier"] == "2"
    assert _readable(panel, "captain")["Fatigue tolerance"] == "6"
    assert _readable(panel, "bowman")["Initiative modifier"] == "1"
    assert table.cell_text("hound", "name") == "War Hound"
    assert table.rowCount() == len(table.token_order())  # one line per combatant


@pytest.mark.parametrize("name", EXAMPLES)
def test_every_example_fits_while_pressing_through(qtbot: Any, make_window: Any, name: str) -> None:
    _window, panel = _panel(make_window, name)
    table = panel.table
    for _ in range(6):
        settle(qtbot, panel)  # a resize refits on the next turn of the event loop
        assert _fits(table), [
            table.horizontalHeaderItem(c).text() for c in range(table.columnCount())
        ]
        before = panel.document.undo_stack.index()
        panel.advance()
        if panel.form is not None:
            panel.form.ok_button.click()
        if panel.document.undo_stack.index() == before:
            break


def test_a_column_the_width_has_no_room_for_folds_into_the_details(qtbot: Any) -> None:
    encounter = load_encounter(MAPS / "thrum.tactical.json")
    panel = CombatPanel(EncounterDocument(encounter))
    qtbot.addWidget(panel)
    panel.resize(900, 900)
    panel.show()
    qtbot.waitExposed(panel)
    table = panel.table
    rows = table.combatants()
    figures = [
        RowFigure("Fatigue", ("fatigue_load", "fatigue_tolerance")),
        RowFigure("Resilience modifier, set once", ("resilience_mod",)),
    ]
    labels = tracked_figures("thrum")
    table.show_combatants(encounter, rows, labels, (), figures)
    qtbot.waitUntil(lambda: table.column_of("figure:resilience_mod") >= 0)
    assert table.folded == ()
    assert "resilience_mod" not in dict(table.rest)
    table.setFixedWidth(300)
    qtbot.waitUntil(lambda: table.folded == ("figure:resilience_mod",))
    assert table.column_of("figure:resilience_mod") == -1
    assert ("resilience_mod", "Resilience modifier") in table.rest
    assert _fits(table)
    table.setMinimumWidth(0)
    table.setMaximumWidth(16_777_215)
    qtbot.waitUntil(lambda: table.folded == ())
    assert table.cell_text("captain", "figure:resilience_mod") == "2"


def test_a_figure_the_row_leaves_out_is_edited_from_the_row_menu_as_one_undo_step(
    qtbot: Any, make_window: Any, monkeypatch: Any
) -> None:
    _window, panel = _panel(make_window, "thrum")
    table = panel.table
    asked: list[tuple[str, str]] = []

    def ask(parent: Any, label: str, raw: str) -> str:
        asked.append((label, raw))
        return "5"

    monkeypatch.setattr(row_menu, "ask_figure", ask)
    menu: QMenu = table.row_menu(table.row_of("captain"))  # right-click on its row
    [entry] = [a for a in menu.actions() if a.text().startswith("Edit Resilience modifier")]
    assert entry.text() == "Edit Resilience modifier (2)\N{HORIZONTAL ELLIPSIS}"
    stance = [a.text() for a in menu.actions() if a.text().startswith("Edit Stance")]
    assert stance == ["Edit Stance (\N{EM DASH})\N{HORIZONTAL ELLIPSIS}"]
    undo = panel.document.undo_stack.index()
    entry.trigger()
    qtbot.waitUntil(
        lambda: panel.document.encounter.token("captain").figures["resilience_mod"] == 5
    )
    assert asked == [("Bandit Captain: Resilience modifier", "2")]
    table.setCurrentIndex(table.rows_model.index(table.row_of("captain"), 0))
    assert panel.details.fields["resilience_mod"].text() == "5"
    assert panel.document.undo_stack.index() == undo + 1
    panel.document.undo_stack.undo()
    assert panel.details.fields["resilience_mod"].text() == "2"


def test_the_figure_dialog_shows_the_name_as_typed(qtbot: Any) -> None:
    """A combatant named like markup reads as typed in the dialog that edits its figure."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QInputDialog, QLabel, QWidget

    parent = QWidget()
    qtbot.addWidget(parent)
    seen: list[tuple[str, Qt.TextFormat]] = []

    def answer() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, QInputDialog)
        [label] = [w for w in dialog.findChildren(QLabel) if w.text().startswith("<b>")]
        seen.append((label.text(), label.textFormat()))
        dialog.setTextValue("7")
        dialog.accept()

    QTimer.singleShot(50, answer)
    assert row_menu.ask_figure(parent, "<b>Ogre</b>: Wounds", "1") == "7"
    assert seen == [("<b>Ogre</b>: Wounds", Qt.TextFormat.PlainText)]
