"""Build maps/approximated-fray.tactical.json: the Ford at Harrow Bridge, for Approximated Fray.

Deterministic: the same file every run (fixed seed, fixed layout). Run from the
repository root::

    python tools/procedure_examples/approximated-fray.py [OUT]

An area map (000: "All creatures within the same area is considered to be
within melee range of each other"): two banks joined by a bridge and a ford,
woods to the south. Three PCs with seats, fatigue and hands of cards; four
goblin-side creatures, one of them (the shaman) hidden in the woods.
"""

from __future__ import annotations

import sys
from pathlib import Path

from tactical.core import Area, AreaMap, Encounter, Token, polygon_from_points
from tactical.core.commands import UndoStack
from tactical.persistence.examples import write_example
from tactical.rules import ProcedureController

SEED = 1000
OUT = Path(__file__).resolve().parents[2] / "maps" / "approximated-fray.tactical.json"


def _area(area_id: str, name: str, points: list[tuple[float, float]], *tags: str) -> Area:
    return Area(area_id, name, polygon_from_points(points), list(tags))


def build() -> Encounter:
    areas = AreaMap(
        [
            _area("west-bank", "West bank", [(0, 0), (6, 0), (6, 8), (0, 8)]),
            _area("bridge", "Harrow Bridge", [(6, 2), (10, 2), (10, 5), (6, 5)]),
            _area("ford", "The ford", [(6, 5), (10, 5), (10, 8), (6, 8)], "water"),
            _area("east-bank", "East bank", [(10, 0), (16, 0), (16, 8), (10, 8)]),
            _area("woods", "Hollow woods", [(0, 8), (16, 8), (16, 12), (0, 12)], "cover"),
        ]
    )
    pc = {"injury": 0, "morale": 0}
    tokens = [
        Token(
            "aldra",
            "Aldra",
            "pcs",
            "west-bank",
            speed=1,
            figures={
                **pc,
                "seat": 2,
                "fatigue": 3,
                "fatigue_max": 3,
                "cards": "Strike (Middle attack 1); Quick Shot (First attack 2); "
                "Charge (Middle charge 2); Dash (First move 1); Rally (Last other 3); "
                "Second Wind (Last other 5)",
            },
        ),
        Token(
            "bram",
            "Brother Bram",
            "pcs",
            "west-bank",
            speed=1,
            figures={
                **pc,
                "seat": 1,
                "fatigue": 2,
                "fatigue_max": 2,
                "cards": "Mace (Middle attack 1); Rebuke (First attack morale 3); "
                "Sidestep (First move 1); Mend (Last other 4)",
            },
        ),
        Token(
            "corin",
            "Corin",
            "pcs",
            "woods",
            speed=1,
            figures={
                **pc,
                "seat": 3,
                "fatigue": 2,
                "fatigue_max": 2,
                "cards": "Longbow (Last attack 2); Snap Shot (First attack 1); "
                "Fire Arrow (Middle attack 3); Fall Back (Middle move 1)",
            },
        ),
        Token(
            "ogre",
            "Marsh Ogre",
            "npcs",
            "bridge",
            size=2,
            speed=1,
            figures={
                **pc,
                "fatigue": 2,
                "fatigue_max": 2,
                "cards": "Club (Middle attack 1); Smash (Last attack 3); "
                "Lumber (Middle move 1); Roar (First attack morale 2)",
            },
        ),
        Token(
            "spear",
            "Goblin Spear",
            "npcs",
            "east-bank",
            speed=1,
            figures={
                **pc,
                "cards": "Spear (Middle attack 1); Scurry (First move 1); Rush (Middle charge 2)",
            },
        ),
        Token(
            "archer",
            "Goblin Archer",
            "npcs",
            "east-bank",
            speed=1,
            figures={**pc, "cards": "Shortbow (First attack 1); Scurry (First move 1)"},
        ),
        Token(
            "shaman",
            "Goblin Shaman",
            "npcs",
            "woods",
            speed=1,
            hidden=True,
            figures={
                **pc,
                "cards": "Fire Field (Last attack 4); Hex (Middle attack morale 2); "
                "Slip Away (First move 1)",
            },
        ),
    ]
    encounter = Encounter(
        areas,
        tokens,
        name="The Ford at Harrow Bridge",
        show_name_to_players=True,  # nothing to hide: the players may read it
        notes="Approximated Fray example: goblins and their ogre hold the bridge; "
        "the shaman waits hidden in the woods with a Fire Field.",
    )
    controller = ProcedureController(encounter, UndoStack(encounter).push)
    controller.start("approximated-fray", seed=SEED)
    return encounter


def main(argv: list[str]) -> int:
    return write_example(build, OUT, argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
