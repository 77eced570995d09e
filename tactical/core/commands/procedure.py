"""Commands the combat procedures produce: new procedure state, dice rolls, the procedure."""

from __future__ import annotations

import copy
from typing import Any

from tactical.core.changes import Change
from tactical.core.commands.base import Command
from tactical.core.dice_log import DiceRoll
from tactical.core.encounter import Encounter


class SetProcedureState(Command):
    """Replace the procedure's saved state (a JSON-like dict) with a new one."""

    def __init__(self, state: dict[str, Any], text: str = "Advance") -> None:
        self.state = copy.deepcopy(state)
        self.before: dict[str, Any] = {}
        self.text = text

    def do(self, encounter: Encounter) -> None:
        self.before = encounter.procedure_state
        encounter.procedure_state = copy.deepcopy(self.state)
        encounter.notify(Change("procedure"))

    def undo(self, encounter: Encounter) -> None:
        encounter.procedure_state = self.before
        encounter.notify(Change("procedure"))


class SelectProcedure(Command):
    """Make another combat procedure active, starting from ``state``."""

    def __init__(
        self, procedure: str | None, state: dict[str, Any] | None = None, title: str = ""
    ) -> None:
        """``title`` names the procedure in the undo history ("Start Thrum"); else its id."""
        self.procedure = procedure
        self.state = copy.deepcopy(state or {})
        self.before: tuple[str | None, dict[str, Any]] = (None, {})
        self.text = f"Start {title or procedure}" if procedure else "No combat procedure"

    def do(self, encounter: Encounter) -> None:
        self.before = (encounter.procedure, encounter.procedure_state)
        encounter.procedure = self.procedure
        encounter.procedure_state = copy.deepcopy(self.state)
        encounter.notify(Change("procedure"))

    def undo(self, encounter: Encounter) -> None:
        encounter.procedure, encounter.procedure_state = self.before
        encounter.notify(Change("procedure"))


class LogRoll(Command):
    """Append a roll to the dice log."""

    def __init__(self, roll: DiceRoll) -> None:
        self.roll = roll
        self.text = f"Roll {roll.expression} for {roll.who}"

    def do(self, encounter: Encounter) -> None:
        encounter.dice_log.append(self.roll)
        encounter.notify(Change("dice"))

    def undo(self, encounter: Encounter) -> None:
        encounter.dice_log.pop()
        encounter.notify(Change("dice"))
