"""What the panel's Back may take back: the fight's steps, never map edits made outside a fight.

Back and Ctrl+Z share the document's one undo history, so their order stays
true. Ctrl+Z takes back anything. Back is the fight's: with no procedure it is
off (a GM preparing the map who presses it would lose a token without being
told); while a fight runs it takes back the last step, whatever it is (an
action, a roll, a cell edit, a move: the fight's own history since Start);
once the fight has ended it takes back only a change of the procedure (the
ending itself, a roll), not the map edits made since.
"""

from __future__ import annotations

from PySide6.QtGui import QUndoCommand, QUndoStack

from tactical.app.encounter.document import CoreCommandAdapter
from tactical.core.commands import Batch
from tactical.core.commands.base import Command
from tactical.core.commands.procedure import SelectProcedure, SetProcedureState
from tactical.core.encounter import Encounter
from tactical.rules import PanelView

NO_FIGHT = "Back steps through a running fight. Undo (Ctrl+Z) takes back map edits"
FIGHT_OVER = "The fight is over. Undo (Ctrl+Z) takes back map edits"


def changes_procedure(command: Command) -> bool:
    """True for a step of the procedure: a start, an action, a roll kept in its state."""
    if isinstance(command, SelectProcedure | SetProcedureState):
        return True
    return isinstance(command, Batch) and any(changes_procedure(c) for c in command.commands)


def last_entry(stack: QUndoStack) -> QUndoCommand | None:
    """The entry Undo would take back next (None when there is none)."""
    return stack.command(stack.index() - 1) if stack.canUndo() else None


def why_not(encounter: Encounter, view: PanelView | None, stack: QUndoStack) -> str | None:
    """None when Back may take back the last entry; else the tooltip that says why not.

    ``view`` is what the panel shows (None with no procedure, or a state that
    does not load: then Back stays on, an undo may mend it).
    """
    if not encounter.procedure:
        return NO_FIGHT
    entry = last_entry(stack)
    if entry is None:
        return "Nothing to undo"
    if view is not None and view.ended:
        fight = isinstance(entry, CoreCommandAdapter) and changes_procedure(entry.command)
        return None if fight else FIGHT_OVER
    return None
