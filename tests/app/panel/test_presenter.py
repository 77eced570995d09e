"""The combat panel's presenter: what the panel shows and what an edit becomes, without Qt.

It runs on a core :class:`UndoStack` with no QApplication and no widget; one
test runs it in a fresh interpreter to show that it loads no Qt at all.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tactical.app.panel.presenter import NO_PROCEDURE, PanelPresenter
from tactical.core.commands import Batch, SetStatus
from tactical.core.commands.base import UndoStack
from tactical.core.encounter import Encounter
from tactical.persistence.files import load_encounter

MAPS = Path(__file__).resolve().parents[3] / "maps"
SIDE_INITIATIVE = MAPS / "side-initiative.tactical.json"


def presenter_on(encounter: Encounter) -> tuple[PanelPresenter, UndoStack]:
    stack = UndoStack(encounter)
    return PanelPresenter(lambda: encounter, stack.push), stack


def test_a_press_runs_without_qt_in_a_fresh_interpreter() -> None:
    script = f"""
import json, sys
from tactical.app.panel.presenter import PanelPresenter
from tactical.core.commands.base import UndoStack
from tactical.persistence.files import load_encounter
encounter = load_encounter({str(SIDE_INITIATIVE)!r})
stack = UndoStack(encounter)
presenter = PanelPresenter(lambda: encounter, stack.push)
primary = next(a for a in presenter.present().actions if a.primary)
lines = presenter.perform(primary, {{}}, presenter.typed_dice("4, 3"))
print(json.dumps({{
    "qt": sorted(m for m in sys.modules if m.startswith(("PySide6", "shiboken6"))),
    "action": primary.id, "lines": lines, "undo": len(stack.done),
    "instruction": presenter.present().instruction,
}}))
"""
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True
    )
    result = json.loads(done.stdout)
    assert result["qt"] == []
    assert result["action"] == "roll-initiative"
    assert result["lines"] == [
        "Initiative: Party 4, Goblins of the Sunken Hall 3, Wandering ogre 4."
    ]
    assert result["undo"] == 1  # one press, one undo step
    assert result["instruction"].startswith("Party and Wandering ogre tie at 4")


def test_without_a_procedure_it_asks_for_one_and_lists_every_token() -> None:
    encounter = load_encounter(SIDE_INITIATIVE)
    encounter.procedure = None
    presenter, _ = presenter_on(encounter)
    shown = presenter.present()
    assert shown.instruction == NO_PROCEDURE
    assert shown.actions == [] and shown.steps == () and not shown.running
    assert [r.name for r in shown.rows] == [t.name for t in encounter.tokens.values()]


def test_hiding_secrets_leaves_out_the_hidden_token_everywhere() -> None:
    presenter, _ = presenter_on(load_encounter(SIDE_INITIATIVE))
    assert "Skulk" in [r.name for r in presenter.present().rows]
    presenter.hide_secrets = True
    shown = presenter.present()
    assert "Skulk" not in [r.name for r in shown.rows]
    assert "Skulk" not in shown.names.values()
    assert presenter.masked("Skulk hides.\nGrik attacks.") != "Skulk hides.\nGrik attacks."
    assert presenter.masked("Grik attacks.") == "Grik attacks."


def test_cell_edits_become_one_command_or_a_message_naming_the_token() -> None:
    encounter = load_encounter(SIDE_INITIATIVE)
    presenter, _ = presenter_on(encounter)
    token = next(t for t in encounter.tokens.values() if t.name == "Grik")
    with pytest.raises(ValueError, match=r"^Grik: "):
        presenter.figure_command(token.id, "hp", "9" * 30)  # beyond 2^53
    assert presenter.figure_command(token.id, "hp", str(token.figures.get("hp"))) is None
    both = presenter.statuses_command(token.id, "prone, stunned")
    assert isinstance(both, Batch) and both.text == "Statuses of Grik"
    one = presenter.statuses_command(token.id, "prone")
    assert isinstance(one, SetStatus)
    assert presenter.status_command("nobody", "prone", 1) is None


def test_typed_dice_left_over_are_said_and_a_press_is_one_undo_step() -> None:
    presenter, stack = presenter_on(load_encounter(SIDE_INITIATIVE))
    primary = next(a for a in presenter.present().actions if a.primary)
    lines = presenter.perform(primary, {}, presenter.typed_dice("4, 3, 2, 5, 6, 6, 6, 6"))
    assert lines[-1].endswith("typed dice were not needed.")
    assert not lines[-1].startswith("0 ")
    assert len(stack.done) == 1
    with pytest.raises(ValueError):
        presenter.typed_dice("four")


def test_with_secrets_hidden_an_undo_entry_does_not_name_the_hidden_token() -> None:
    presenter, _ = presenter_on(load_encounter(SIDE_INITIATIVE))
    assert presenter.relabel("Move Skulk") == "Move Skulk"
    presenter.hide_secrets = True
    assert "Skulk" not in presenter.relabel("Move Skulk")
    assert presenter.relabel("Move Grik") == "Move Grik"
