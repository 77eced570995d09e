"""A drop's move with the movement it spends while a procedure counts it: one rule for the
GM's drag and a phone's move.

The procedure's controller decides whether the move counts; the cost is the
engine's path cost the drag already found. A procedure state that cannot be read
(a :class:`~tactical.rules.RulesError`) leaves the plain move: the panel shows the
problem. Any other error is a bug and propagates.
"""

from __future__ import annotations

from tactical.core.commands import Batch, Command
from tactical.core.commands.tokens import MoveToken
from tactical.core.encounter import Encounter
from tactical.rules import ProcedureController, RulesError


def procedure_move(encounter: Encounter, move: MoveToken, cost: int | None) -> Command:
    """``move``, or one :class:`Batch` of it and the movement it spends when the running
    procedure limits the token now."""
    if not encounter.procedure or cost is None:
        return move
    controller = ProcedureController(encounter, lambda _command: None)  # it pushes nothing here
    try:
        combined = controller.move_command(move.token_id, move.to, cost)
    except RulesError:  # a state that cannot be read, an unknown procedure
        return move
    # Not limited now: the drag's own command, exactly as without a procedure.
    return combined if isinstance(combined, Batch) else move
