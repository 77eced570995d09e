"""The Qt-free core: the encounter model, and (from the rules engine) distances,
movement, footprints and cover. Nothing here imports PySide6."""

from tactical.core.areas import Area, AreaError, AreaLink, AreaMap, polygon_from_points
from tactical.core.changes import Change
from tactical.core.dice_log import DiceRoll
from tactical.core.encounter import Encounter, EncounterError, Metric
from tactical.core.grid import GridError, GridMap, Square, Terrain, Wall
from tactical.core.sides import Side, default_sides
from tactical.core.templates import Template
from tactical.core.tokens import Token

__all__ = [
    "Area",
    "AreaError",
    "AreaLink",
    "AreaMap",
    "Change",
    "DiceRoll",
    "Encounter",
    "EncounterError",
    "GridError",
    "GridMap",
    "Metric",
    "Side",
    "Square",
    "Template",
    "Terrain",
    "Token",
    "Wall",
    "default_sides",
    "polygon_from_points",
]
