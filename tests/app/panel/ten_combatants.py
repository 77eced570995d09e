"""Ten-combatant fights for each procedure: an example map, with copies of its NPCs added.

The examples in maps/ (made by tools/procedure_examples/) have six to ten combatants;
issue 34 asks that a laptop screen show ten at once.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from tactical.core import Encounter, GridMap, Terrain
from tactical.persistence import load_encounter

MAPS = Path(__file__).resolve().parents[3] / "maps"
TEN = 10


def ten_combatants(name: str) -> Encounter:
    """The example ``name`` with copies of its NPCs (beside them) up to ten on the map."""
    encounter = load_encounter(MAPS / f"{name}.tactical.json")
    placed = [t for t in encounter.tokens.values() if t.position is not None]
    models = [t for t in placed if t.side != "pcs" and not t.hidden]
    taken = {t.position for t in placed}
    for number in range(TEN - len(placed)):
        model = models[number % len(models)]
        position = model.position
        if isinstance(encounter.map, GridMap):
            position = _free_square(encounter.map, model.position, taken)  # type: ignore[arg-type]
            taken.add(position)
        copy = replace(
            model,
            id=f"{model.id}-{number + 2}",
            name=f"{model.name} {number + 2}",
            position=position,
            figures=dict(model.figures),
            statuses={},
        )
        encounter.add_token(copy)
    return encounter


def _free_square(grid: GridMap, near: tuple[int, int], taken: set[object]) -> tuple[int, int]:
    """The nearest square to ``near`` that is on the map, passable and free."""
    col, row = near
    for reach in range(1, max(grid.width, grid.height)):
        for dc in range(-reach, reach + 1):
            for dr in range(-reach, reach + 1):
                square = (col + dc, row + dr)
                if (
                    square not in taken
                    and grid.in_bounds(square)
                    and grid.terrain_at(square) != Terrain.IMPASSABLE
                ):
                    return square
    raise ValueError("no free square on the map")
