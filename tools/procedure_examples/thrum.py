"""Build maps/thrum.tactical.json: the Watchtower on Crow Hill, for Thrum.

Deterministic: the same file every run (fixed seed, fixed layout). Run from the
repository root::

    python tools/procedure_examples/thrum.py [OUT]

A square grid with elevation (001: "Squares that are higher or lower are
labeled in discrete increments"): a hill rising to a ruined watchtower in the
north-east with a two-level drop off its west face (the descent roll),
brush and a stream as Difficult Terrain, fallen walls as impassable squares.
The Starting Area is the south-west meadow, where the four PCs stand; six
bandits hold the hill (one, the ambusher, hidden in the brush) and a seventh
waits off the map to join later. The procedure is at its first step, NPC
Placement, with the Starting Area and the Win and Defeat Conditions set.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

from tactical.core import Encounter, GridMap, Terrain, Token
from tactical.core.commands import UndoStack
from tactical.persistence.examples import write_example
from tactical.rules import ProcedureController

SEED = 1001
OUT = Path(__file__).resolve().parents[2] / "maps" / "thrum.tactical.json"
WIDTH, HEIGHT = 20, 14
STARTING_AREA = ((1, 9), (4, 12))
"""Opposite corners of the Starting Area (columns 1-4, rows 9-12)."""


def build_map() -> GridMap:
    elevation = np.zeros((HEIGHT, WIDTH), dtype=np.int16)
    terrain = np.zeros((HEIGHT, WIDTH), dtype=np.uint8)
    # Crow Hill: rising to the north-east.
    elevation[0:8, 11:20] = 1
    elevation[0:6, 13:20] = 2
    # The tower platform: 3 levels, a cliff of two levels down to its west.
    elevation[1:5, 15:19] = 3
    elevation[1:5, 14] = 1
    # A gentle ramp onto the platform from the south.
    elevation[5, 16:18] = 2
    # Fallen walls of the tower.
    for col, row in ((15, 1), (18, 1), (18, 4)):
        terrain[row, col] = Terrain.IMPASSABLE
    # A ruined wall across the approach.
    terrain[3:6, 9] = Terrain.IMPASSABLE
    # Brush south of the hill, and a stream bed (one level down) to the east.
    terrain[7:10, 6:9] = Terrain.DIFFICULT
    elevation[8:14, 12] = -1
    terrain[8:14, 12] = Terrain.DIFFICULT
    return GridMap(WIDTH, HEIGHT, elevation=elevation, terrain=terrain)


def _thrum(
    init: int, fatigue: int, stress: int, resolve: int, resilience: int
) -> dict[str, int | str]:
    return {
        "initiative_mod": init,
        "fatigue_load": 0,
        "fatigue_tolerance": fatigue,
        "stress_load": 0,
        "stress_tolerance": stress,
        "resolve_mod": resolve,
        "resilience_mod": resilience,
        "wounds": 0,
        "stance": "",
    }


def build() -> Encounter:
    tokens = [
        Token("kestrel", "Kestrel", "pcs", (2, 10), speed=6, figures=_thrum(2, 4, 5, 1, 0)),
        Token("orrin", "Orrin", "pcs", (3, 10), speed=5, figures=_thrum(0, 6, 3, 0, 2)),
        Token("sable", "Sable", "pcs", (2, 11), speed=6, figures=_thrum(1, 5, 4, 2, 1)),
        Token("tamsin", "Tamsin", "pcs", (3, 11), speed=6, figures=_thrum(-1, 4, 6, 2, 0)),
        Token("captain", "Bandit Captain", "npcs", (16, 2), speed=6, figures=_thrum(2, 6, 4, 1, 2)),
        Token("bowman", "Bandit Bowman", "npcs", (13, 3), speed=6, figures=_thrum(1, 3, 3, 0, 0)),
        Token("bandit-1", "Bandit", "npcs", (10, 6), speed=6, figures=_thrum(0, 4, 3, 0, 1)),
        Token("bandit-2", "Bandit", "npcs", (11, 4), speed=6, figures=_thrum(0, 4, 3, 0, 1)),
        Token("hound", "War Hound", "npcs", (13, 7), speed=8, figures=_thrum(3, 3, 2, -1, 1)),
        Token(
            "ambusher",
            "Ambusher",
            "npcs",
            (7, 8),
            speed=6,
            hidden=True,
            figures=_thrum(1, 3, 3, 0, 0),
        ),
        Token("brute", "Hill Brute", "npcs", None, size=2, speed=5, figures=_thrum(-1, 8, 3, 0, 3)),
    ]
    encounter = Encounter(
        build_map(),
        tokens,
        name="The Watchtower on Crow Hill",
        show_name_to_players=True,  # nothing to hide: the players may read it
        notes="Thrum example: bandits hold the ruined watchtower. The Hill Brute waits off "
        "the map; have it join when the horn sounds (Join the combat). The Ambusher is "
        "hidden in the brush.",
    )
    controller = ProcedureController(encounter, UndoStack(encounter).push)
    controller.start("thrum", seed=SEED)
    corner, opposite = STARTING_AREA
    controller.perform("set-starting-area", {"from": corner, "to": opposite})
    controller.perform(
        "set-conditions",
        {
            "win": "Drive the bandits from the watchtower platform",
            "defeat": "The Bandit Captain escapes off the north edge",
        },
    )
    return encounter


def main(argv: list[str]) -> int:
    return write_example(build, OUT, argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
