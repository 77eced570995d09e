"""The hands a procedure acts through: every change becomes an undoable core command.

Changes are applied at once (so the procedure reads its own writes) and
recorded; the controller then undoes them and pushes them as one batch, so
one press of a panel button is one step on the undo stack.
"""

from __future__ import annotations

from collections.abc import Iterable

from tactical.core.commands.base import Command
from tactical.core.commands.procedure import LogRoll
from tactical.core.commands.tokens import MoveToken, SetFigure, SetStatus
from tactical.core.dice_log import DiceRoll
from tactical.core.encounter import Encounter
from tactical.core.tokens import Figure, Position
from tactical.rules.dice import DiceExpression, Rolled, roll, typed
from tactical.rules.state import ProcedureState


class ActionContext:
    """Applies and records the changes one action makes; rolls the fight's dice."""

    def __init__(
        self, encounter: Encounter, state: ProcedureState, manual: Iterable[int] = ()
    ) -> None:
        self.encounter = encounter
        self.state = state
        self.manual = list(manual)
        """Results the GM typed from physical dice, used by the next rolls in order."""
        self.commands: list[Command] = []
        self.messages: list[str] = []
        """What happened, one line each, shown to the GM after the action."""

    def apply(self, command: Command) -> None:
        command.do(self.encounter)
        self.commands.append(command)

    # -- dice -------------------------------------------------------------

    def roll(self, expression: str, who: str, why: str, *, secret: bool = False) -> int:
        """Roll (or take the GM's typed result), log it, and return the total."""
        parsed = DiceExpression.parse(expression)
        rolled: Rolled
        if self.manual:
            rolled = typed(parsed, self.manual.pop(0))
        else:
            rolled = roll(parsed, self.state.seed, self.state.rolls)
            self.state.rolls += 1
        self.apply(
            LogRoll(
                DiceRoll(
                    who=who,
                    expression=str(parsed),
                    why=why,
                    result=rolled.total,
                    rolls=rolled.faces,
                    manual=rolled.manual,
                    secret=secret,
                )
            )
        )
        return rolled.total

    # -- tokens -----------------------------------------------------------

    def figure(self, token_id: str, name: str, default: Figure = 0) -> Figure:
        return self.encounter.token(token_id).figures.get(name, default)

    def int_figure(self, token_id: str, name: str, default: int = 0) -> int:
        value = self.encounter.token(token_id).figures.get(name, default)
        return (
            int(value)
            if isinstance(value, int | float) and not isinstance(value, bool)
            else default
        )

    def set_figure(self, token_id: str, name: str, value: Figure) -> None:
        if self.encounter.token(token_id).figures.get(name) != value:
            self.apply(SetFigure(token_id, name, value))

    def set_status(self, token_id: str, status: str, stacks: int | None) -> None:
        if self.encounter.token(token_id).statuses.get(status) != (stacks or None):
            self.apply(SetStatus(token_id, status, stacks))

    def move(self, token_id: str, to: Position) -> None:
        if self.encounter.token(token_id).position != to:
            self.apply(MoveToken(token_id, to))

    def say(self, message: str) -> None:
        self.messages.append(message)
