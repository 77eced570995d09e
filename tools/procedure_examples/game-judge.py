"""Build maps/game-judge.tactical.json: Main Street at midnight, for Game Judge phases.

Deterministic: the same file every run (fixed seed, fixed layout). Run from the
repository root::

    python tools/procedure_examples/game-judge.py [OUT]

An area map (002 counts movement in areas): two rows of five street areas and
the bank's roof, reached from the alley by a fire escape. The Heroes (best
Intuition Amazing) face the Wrecking Crew (best Intuition Excellent), the
seed's own example: +3 to the Heroes' initiative die. Captain Vigil is already
in a slugfest with Brute on Main Street; the Crew's Gunman waits hidden on the
roof. Tokens carry Health, Karma and Intuition; speeds are in areas.
"""

from __future__ import annotations

import sys
from pathlib import Path

from tactical.core import Area, AreaLink, AreaMap, Encounter, Side, Token, polygon_from_points
from tactical.core.commands import UndoStack
from tactical.persistence.examples import write_example
from tactical.rules import ProcedureController

SEED = 2002
OUT = Path(__file__).resolve().parents[2] / "maps" / "game-judge.tactical.json"

NORTH = (
    ("alley", "Alley"),
    ("bank-steps", "Bank steps"),
    ("main-north", "Main Street north"),
    ("diner", "Diner"),
    ("bus-stop", "Bus stop"),
)
SOUTH = (
    ("parking", "Parking lot"),
    ("crosswalk", "Crosswalk"),
    ("main-south", "Main Street south"),
    ("newsstand", "Newsstand"),
    ("subway", "Subway entrance"),
)


def _box(area_id: str, name: str, x: float, y: float, w: float, h: float, *tags: str) -> Area:
    points = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    return Area(area_id, name, polygon_from_points(points), list(tags))


def build_map() -> AreaMap:
    areas = [_box("bank-roof", "Bank roof", 6, 0, 6, 4, "high")]
    for row, names in enumerate((NORTH, SOUTH)):
        for col, (area_id, name) in enumerate(names):
            areas.append(_box(area_id, name, col * 6, 5 + row * 5, 6, 5))
    return AreaMap(areas, [AreaLink("alley", "bank-roof", "add", "Fire escape")])


def _fighter(
    token_id: str,
    name: str,
    side: str,
    area: str,
    intuition: str,
    health: int,
    karma: int,
    *,
    speed: int = 3,
    hidden: bool = False,
) -> Token:
    return Token(
        token_id,
        name,
        side,
        area,
        speed=speed,
        hidden=hidden,
        figures={"health": health, "karma": karma, "intuition": intuition},
    )


def build() -> Encounter:
    tokens = [
        _fighter("vigil", "Captain Vigil", "pcs", "main-north", "Amazing", 90, 40),
        _fighter("spark", "Spark", "pcs", "parking", "Good", 46, 30),
        _fighter("quickstep", "Quickstep", "pcs", "bus-stop", "Excellent", 56, 26, speed=12),
        _fighter("brute", "Brute", "npcs", "main-north", "Excellent", 110, 12),
        _fighter("razor", "Razor", "npcs", "subway", "Typical", 60, 10),
        _fighter("gunman", "Gunman", "npcs", "bank-roof", "Good", 40, 8, hidden=True),
    ]
    encounter = Encounter(
        build_map(),
        tokens,
        [Side("pcs", "Heroes", "#2f7fd8"), Side("npcs", "Wrecking Crew", "#d8432f")],
        name="Main Street at midnight",
        show_name_to_players=True,  # nothing to hide: the players may read it
        notes="Game Judge phases example: the Wrecking Crew robs the bank; Captain Vigil "
        "is already slugging it out with Brute; the Gunman hides on the bank roof.",
    )
    controller = ProcedureController(encounter, UndoStack(encounter).push)
    controller.start("game-judge", seed=SEED)
    return encounter


def main(argv: list[str]) -> int:
    return write_example(build, OUT, argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
