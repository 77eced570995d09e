"""The panel's result line follows an undo or redo made anywhere, as it follows Back.

QA: on the hillside ruin, Start (Thrum), Enter, then Ctrl+Z twice left the panel
saying "No combat procedure" above the stale "12 combatants take part.". The
window's Undo and Redo now replace the line with what they took back or did
again, as the panel's Back does (those keys are tested with the window's, in
tests/app/test_shortcuts.py; here the panel on fake services).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tactical.core.changes import GM
from tactical.core.commands import MoveToken
from tactical.persistence import load_encounter

HILLSIDE = Path(__file__).resolve().parents[3] / "maps" / "hillside-ruin.tactical.json"


def test_a_new_edit_is_not_said_to_be_redone(qtbot: Any, make_services: Any) -> None:
    services = make_services(load_encounter(HILLSIDE), HILLSIDE)
    panel = services.open_panel()
    panel.start("thrum")
    panel.advance()
    assert panel.header.message.text() == "12 combatants take part."
    token = next(iter(services.document.encounter.tokens.values()))
    services.document.push(MoveToken(token.id, token.position), GM)  # a new push says nothing
    assert panel.header.message.text() == "12 combatants take part."
