"""Issue 24: the combatant table is read at the panel's default width without scrolling sideways.

Thrum tracks nine figures (13 columns, about 800 px) against a panel of about 440 px:
the figure columns that do not fit fold into a detail line under each combatant,
as whole "label value" pairs, edited from the row's menu.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMenu

from tactical.app.panel import CombatPanel
from tactical.app.panel import row_menu as row_menu
from tactical.app.panel.combatants import CombatantTable
from tactical.app.panel.fold import pairs_of
from tactical.persistence import load_encounter
from tactical.rules import available
from tactical.rules.registry import tracked_figures

MAPS = Path(__file__).resolve().parents[3] / "maps"
EXAMPLES = sorted(p for p in available() if (MAPS / f"{p}.tactical.json").exists())


def _panel(make_window: Any, name: str) -> tuple[Any, CombatPanel]:
    window = make_window(load_encounter(MAPS / f"{name}.tactical.json"))
    panel = window.ensure_panel()
    assert isinstance(panel, CombatPanel)
    return window, panel


def _fits(table: CombatantTable) -> bool:
    return table.horizontalHeader().length() <= table.viewport().width()


def _readable(table: CombatantTable, token_id: str, labels: dict[str, str]) -> dict[str, str]:
    """Each figure's label and value as the GM reads it: in its column, else on the detail line."""
    seen = {}
    detail = pairs_of(table.cell_text(token_id, "detail"))
    for key, label in labels.items():
        if table.column_of(f"figure:{key}") >= 0:
            seen[label] = table.cell_text(token_id, f"figure:{key}")
        else:
            [found] = [p for p in detail if p.startswith(label + " ")]
            seen[label] = found.removeprefix(label + " ")
    return seen


def test_thrum_fits_the_default_panel_and_every_figure_reads(qtbot: Any, make_window: Any) -> None:
    _window, panel = _panel(make_window, "thrum")
    table = panel.table
    qtbot.waitUntil(lambda: table.token_order() != [])
    assert table.width() < 480  # the default panel, not a wide one
    assert _fits(table)
    assert table.horizontalScrollBar().maximum() == 0
    assert table.folded  # nine figures cannot all have columns here
    labels = tracked_figures("thrum")
    assert _readable(table, "hound", labels) == {
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
    assert _readable(table, "captain", labels)["Resilience modifier"] == "2"
    assert _readable(table, "captain", labels)["Fatigue tolerance"] == "6"
    assert _readable(table, "bowman", labels)["Initiative modifier"] == "1"
    # The detail line is under its own combatant, and the names stay plain columns.
    assert table.cell_text("hound", "name") == "War Hound"
    hound = table.row_of("hound")
    assert table.item(hound + 1, 0).text() == table.cell_text("hound", "detail")
    assert table.columnSpan(hound + 1, 0) == table.columnCount()


@pytest.mark.parametrize("name", EXAMPLES)
def test_every_example_fits_while_pressing_through(qtbot: Any, make_window: Any, name: str) -> None:
    _window, panel = _panel(make_window, name)
    table = panel.table
    for _ in range(6):
        qtbot.wait(10)  # a resize refits on the next turn of the event loop
        assert _fits(table), [
            table.horizontalHeaderItem(c).text() for c in range(table.columnCount())
        ]
        before = panel.document.undo_stack.index()
        panel.advance()
        if panel.form is not None:
            panel.form.ok_button.click()
        if panel.document.undo_stack.index() == before:
            break


def test_a_wider_panel_gets_its_columns_back(qtbot: Any, make_window: Any) -> None:
    window, panel = _panel(make_window, "thrum")
    table = panel.table
    assert table.column_of("figure:resilience_mod") == -1
    width = panel.width()
    window.resize(2000, window.height())
    window.resizeDocks([panel], [1300], Qt.Orientation.Horizontal)
    qtbot.waitUntil(lambda: table.column_of("figure:resilience_mod") >= 0)
    assert table.folded == ()
    assert table.cell_text("captain", "figure:resilience_mod") == "2"
    assert table.cell_text("captain", "detail") == ""
    assert table.rowCount() == len(table.token_order())
    assert _fits(table)
    window.resizeDocks([panel], [width], Qt.Orientation.Horizontal)
    window.resize(1000, window.height())
    qtbot.waitUntil(lambda: table.folded != ())
    assert _fits(table)


def test_a_folded_figure_is_edited_from_the_row_menu_as_one_undo_step(
    qtbot: Any, make_window: Any, monkeypatch: Any
) -> None:
    _window, panel = _panel(make_window, "thrum")
    table = panel.table
    asked: list[tuple[str, str]] = []

    def ask(parent: Any, label: str, raw: str) -> str:
        asked.append((label, raw))
        return "5"

    monkeypatch.setattr(row_menu, "ask_figure", ask)
    menu: QMenu = table.row_menu(table.row_of("captain") + 1)  # right-click on its detail line
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
    assert "Resilience modifier 5" in pairs_of(table.cell_text("captain", "detail"))
    assert panel.document.undo_stack.index() == undo + 1
    panel.document.undo_stack.undo()
    assert "Resilience modifier 2" in pairs_of(table.cell_text("captain", "detail"))


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
