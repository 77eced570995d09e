"""Asking the active combat procedure which way a token may not be dragged now.

Two-second turns (003) refuses a stumbling character's move towards the
direction the stumble came from; the drag asks here when a token is pressed.
A procedure this build does not know, or a state it cannot read, bans nothing
(the panel already shows that problem).
"""

from __future__ import annotations

from tactical.core.commands.base import Command
from tactical.core.encounter import Encounter
from tactical.rules import BlockedDirection, ProcedureController, RulesError


def _nowhere(command: Command) -> None:
    raise AssertionError("asking about a ban pushes nothing")  # pragma: no cover


def procedure_ban(encounter: Encounter, token_id: str) -> BlockedDirection | None:
    """The direction the procedure forbids ``token_id`` to move in now, or None."""
    if not encounter.procedure:
        return None
    try:
        return ProcedureController(encounter, _nowhere).blocked_direction(token_id)
    except RulesError:  # a state that cannot be read, an unknown procedure
        return None
