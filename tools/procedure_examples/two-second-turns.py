"""Build maps/two-second-turns.tactical.json: the Beacon Stair, for Two-second turns.

Deterministic: the same file every run (fixed seed, fixed layout). Run from the
repository root::

    python tools/procedure_examples/two-second-turns.py [OUT]

A square grid with heights to climb (003: distance counts the turns "to move,
climb and/or jump down"): a hill rising in steps to a ruined beacon tower at height
4, a hollow at height -1 below it, brambles (difficult) on the left. Tomas has
already closed with the bandit Rook: they share a square, a combat cluster.
Maud shoots from the tower top; Shade waits hidden behind the hill. Every
character carries dexterity (the initiative's consistency) and willpower (its
potential, and the tie-breaker).
"""

from __future__ import annotations

import sys
from pathlib import Path

from tactical.core import Encounter, GridMap, Side, Token, Wall
from tactical.core.commands import UndoStack
from tactical.persistence.examples import write_example
from tactical.rules import ProcedureController

SEED = 3003
OUT = Path(__file__).resolve().parents[2] / "maps" / "two-second-turns.tactical.json"

HILL = """
 0  0  0  0  0  0  0  0  1  1  2  2  2  2
 0  0  0  0  0  0  0  1  1  2  3  3  3  2
 0  0  0  0  0  0  1  1  2  3  4  4  3  2
 0  0 0d 0d  0  0  1  2  3  4  4x 4  3  2
 0  0 0d 0d  0  0  1  2  3  4  4  4  3  2
 0  0  0  0  0  0  1  1  2  3  3  3  3  2
 0  0  0  0  0  0  0  1  1  2  2  2  2  1
 0  0  0  0  0  0  0  0  1  1  1  1  1  1
-1 -1  0  0  0  0  0  0  0  0  0  0  0  0
-1 -1 -1  0  0  0  0  0  0  0  0  0  0  0
"""


def _character(
    token_id: str, name: str, side: str, square: tuple[int, int], dex: int, wil: int
) -> Token:
    return Token(
        token_id,
        name,
        side,
        square,
        speed=4,
        figures={"dexterity": dex, "willpower": wil},
    )


def build() -> Encounter:
    grid = GridMap.from_text(HILL)
    # The beacon tower's walls: the west face stands, a doorway in the south face.
    for row in (2, 3, 4):
        grid.set_wall((9, row), (10, row), Wall())
    grid.set_wall((10, 4), (10, 5), Wall(door=True, open=True))
    grid.set_wall((11, 4), (11, 5), Wall())
    tokens = [
        _character("ilsa", "Ilsa", "pcs", (5, 4), dex=3, wil=2),
        _character("tomas", "Tomas", "pcs", (7, 3), dex=1, wil=3),
        _character("wren", "Wren", "pcs", (1, 8), dex=4, wil=1),
        _character("rook", "Rook", "bandits", (7, 3), dex=2, wil=2),
        _character("maud", "Maud the Archer", "bandits", (11, 2), dex=3, wil=2),
        _character("pike", "Pike", "bandits", (9, 6), dex=1, wil=1),
        _character("shade", "Shade", "bandits", (12, 7), dex=4, wil=3),
    ]
    tokens[-1].hidden = True
    encounter = Encounter(
        grid,
        tokens,
        [
            Side("pcs", "Player characters", "#2f7fd8"),
            Side("bandits", "Hillside bandits", "#d8432f"),
        ],
        name="The Beacon Stair",
        show_name_to_players=True,  # nothing to hide: the players may read it
        metric="orthogonal",
        notes="Two-second turns example: Tomas and Rook are locked in a cluster on the "
        "slope; Maud shoots from the beacon tower (height 4); Shade is hidden behind the "
        "hill and readies an ambush. Wren in the hollow (height -1) must count the climb "
        "when she shoots uphill.",
    )
    controller = ProcedureController(encounter, UndoStack(encounter).push)
    controller.start("two-second-turns", seed=SEED)
    return encounter


def main(argv: list[str]) -> int:
    return write_example(build, OUT, argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
