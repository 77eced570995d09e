"""Every edit of an encounter as an undoable command, one module per family."""

from tactical.core.commands.areas import PutArea, RemoveArea, SetAreaLinks
from tactical.core.commands.base import Batch, Command, UndoStack
from tactical.core.commands.fog import RevealAreas, RevealSquares, SetFogSetting
from tactical.core.commands.pictures import AddPicture, SetBackground
from tactical.core.commands.procedure import LogRoll, SelectProcedure, SetProcedureState
from tactical.core.commands.templates import PlaceTemplate, RemoveTemplate
from tactical.core.commands.terrain import PaintSquares, SetWall
from tactical.core.commands.tokens import (
    AddToken,
    MoveToken,
    RemoveToken,
    SetFigure,
    SetStatus,
    SetTokenField,
)
from tactical.core.commands.wall_lines import SetWallLine, toggle_door

__all__ = [
    "AddPicture",
    "AddToken",
    "Batch",
    "Command",
    "LogRoll",
    "MoveToken",
    "PaintSquares",
    "PlaceTemplate",
    "PutArea",
    "RemoveArea",
    "RemoveTemplate",
    "RemoveToken",
    "RevealAreas",
    "RevealSquares",
    "SelectProcedure",
    "SetAreaLinks",
    "SetBackground",
    "SetFigure",
    "SetFogSetting",
    "SetProcedureState",
    "SetStatus",
    "SetTokenField",
    "SetWall",
    "SetWallLine",
    "UndoStack",
    "toggle_door",
]
