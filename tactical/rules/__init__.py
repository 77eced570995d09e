"""The combat procedures of the five rule texts, as Qt-free state machines.

``available()`` lists the registered procedure ids; ``ProcedureController``
runs the active one of an encounter, turning each action into undoable commands.
"""

from tactical.rules.controller import ProcedureController, StateError
from tactical.rules.dice import DiceError, DiceExpression
from tactical.rules.errors import UnknownProcedure
from tactical.rules.procedure import (
    Action,
    BlockedDirection,
    Combatant,
    PanelView,
    Param,
    Procedure,
    ProcedureState,
    RowFigure,
    RulesError,
    StepLine,
)
from tactical.rules.registry import available, get, register

__all__ = [
    "Action",
    "BlockedDirection",
    "Combatant",
    "DiceError",
    "DiceExpression",
    "PanelView",
    "Param",
    "Procedure",
    "ProcedureController",
    "ProcedureState",
    "RowFigure",
    "RulesError",
    "StateError",
    "StepLine",
    "UnknownProcedure",
    "available",
    "get",
    "register",
]
