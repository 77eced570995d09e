"""Every shipped example encounter opens in the panel and the advance key walks it.

Pressing the key runs the primary action, or opens its form and confirms the
defaults. A refusal is a message (the GM has to do something first); a crash
of a procedure behind the panel would be a "failed" message, which must not
happen.
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
from tactical.rules import available

MAPS = Path(__file__).resolve().parents[3] / "maps"
PRESSES = 12
EXAMPLES = sorted(
    p for p in available() if (MAPS / f"{p}.tactical.json").exists()
)  # the real procedures that ship an example


@pytest.mark.parametrize("procedure_id", EXAMPLES)
def test_the_example_walks_with_the_advance_key(qtbot: Any, procedure_id: str) -> None:
    encounter = load_encounter(MAPS / f"{procedure_id}.tactical.json")
    assert encounter.procedure == procedure_id
    panel = CombatPanel(EncounterDocument(encounter))
    tracker = PublicTracker(panel.document)
    qtbot.addWidget(panel)
    qtbot.addWidget(tracker)
    panel.show()
    qtbot.waitExposed(panel)
    panel.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is panel)
    assert not panel.header.is_error
    assert panel.outline.current_steps(), "a step is highlighted from the start"
    hidden = {t.name for t in encounter.tokens.values() if t.hidden}
    steps = 0
    for _ in range(PRESSES):
        before = panel.document.undo_stack.index()
        qtbot.keyClick(panel.table, Qt.Key.Key_Return)
        if panel.form is not None:
            qtbot.keyClick(panel.table, Qt.Key.Key_Return)
        assert "failed" not in panel.refusal(), panel.refusal()
        if panel.refusal() or panel.document.undo_stack.index() == before:
            break  # the GM has to act first (place a token, pick a target)
        steps += 1
        for line in tracker.lines():
            assert not any(name in line for name in hidden), line
    assert steps >= 1 or panel.refusal(), "walked, or told the GM what to do first"


@pytest.mark.parametrize("procedure_id", EXAMPLES)
def test_no_action_label_brings_its_own_ellipsis(procedure_id: str) -> None:
    """The panel adds '…' to a button whose action asks for inputs; a label with
    its own showed 'Delay until after……'. Walks the example by its primary actions."""
    from tactical.core.commands import UndoStack
    from tactical.rules import ProcedureController

    encounter = load_encounter(MAPS / f"{procedure_id}.tactical.json")
    stack = UndoStack(encounter)
    controller = ProcedureController(encounter, stack.push)
    seen: set[str] = set()
    for _ in range(25):
        actions = controller.actions()
        seen.update(a.label for a in actions)
        primary = next((a for a in actions if a.primary and not a.params), None)
        if primary is None:
            break
        controller.perform(primary.id)
    assert len(seen) > 3
    assert [label for label in seen if label.endswith(("…", "..."))] == []
