"""Build maps/side-initiative.tactical.json: the Sunken Hall, for Side initiative.

Deterministic: the same file every run (fixed seed, fixed layout). Run from the
repository root::

    python tools/procedure_examples/side-initiative.py [OUT]

A dungeon grid of 5-foot squares measured in feet (004: melee at 5 ft,
missile ranges in feet): a 10-foot corridor from the west (room for two or
three to fight side by side) opens through a double door into a hall with
rubble; a side passage leads south. Three sides, all hostile to one another:
the party in the corridor, the goblins in the hall (one lurking hidden), and
a wandering ogre coming up the side passage, a creature encountered alone.
Each combatant carries hit points, speed in feet, Morale (the Referee's
sides) and missile ranges where it shoots.
"""

from __future__ import annotations

import sys
from pathlib import Path

from tactical.core import Encounter, GridMap, Side, Token, Wall
from tactical.core.commands import UndoStack
from tactical.core.pictures import Picture, picture_id
from tactical.data import mark_png
from tactical.persistence.examples import write_example
from tactical.rules import ProcedureController

SEED = 4004
OUT = Path(__file__).resolve().parents[2] / "maps" / "side-initiative.tactical.json"
WIDTH, HEIGHT = 24, 14
RUBBLE = {(14, 4), (15, 4), (15, 5), (19, 9)}


def _open(col: int, row: int) -> bool:
    corridor = col <= 11 and row in (6, 7)
    hall = 12 <= col <= 21 and 2 <= row <= 11
    passage = col in (16, 17) and row >= 12
    return corridor or hall or passage


def _grid() -> GridMap:
    rows = []
    for row in range(HEIGHT):
        cells = []
        for col in range(WIDTH):
            if not _open(col, row):
                cells.append("0x")
            elif (col, row) in RUBBLE:
                cells.append("0d")
            else:
                cells.append("0")
        rows.append(" ".join(cells))
    grid = GridMap.from_text("\n".join(rows))
    for row in (6, 7):
        grid.set_wall((11, row), (12, row), Wall(door=True, open=True))
    return grid


def _combatant(
    token_id: str,
    name: str,
    side: str,
    square: tuple[int, int],
    *,
    hp: int,
    speed_ft: int,
    size: int = 1,
    **extra: int | str,
) -> Token:
    return Token(
        token_id,
        name,
        side,
        square,
        size=size,
        speed=speed_ft // 5,
        figures={"hp": hp, "max_hp": hp, "speed_ft": speed_ft, **extra},
    )


def _skull() -> Picture:
    """The skull mark from ``assets/tokens`` (its committed PNG)."""
    data = mark_png("skull")
    if data is None:
        raise SystemExit("assets/tokens/skull.png is missing (tools/render_token_marks.py)")
    return Picture(picture_id(data), data, name="Skull")  # the mark's name, as the palette gives


def build() -> Encounter:
    goblin = {"hp": 3, "speed_ft": 20, "morale": 7}
    tokens = [
        _combatant("brega", "Brega the Bold", "pcs", (9, 6), hp=10, speed_ft=30),
        _combatant("tam", "Sister Tam", "pcs", (8, 7), hp=8, speed_ft=20),
        _combatant("ilmo", "Ilmo the Grey", "pcs", (7, 7), hp=4, speed_ft=30),
        _combatant("sef", "Sef", "pcs", (6, 6), hp=6, speed_ft=30, missile="50/100/150"),
        _combatant("grik", "Grik", "goblins", (13, 6), **goblin),
        _combatant("snit", "Snit", "goblins", (18, 4), missile="20/40/60", **goblin),
        _combatant("mox", "Mox the Shaman", "goblins", (20, 8), **goblin),
        _combatant("varg", "Varg, goblin boss", "goblins", (16, 7), hp=7, speed_ft=30, morale=9),
        _combatant("skulk", "Skulk", "goblins", (21, 2), missile="20/40/60", **goblin),
        _combatant(
            "ogre", "Wandering ogre", "ogre", (16, 12), hp=19, speed_ft=30, size=2, morale=10
        ),
    ]
    tokens[-2].hidden = True
    skull = _skull()  # the goblins' picture, as the token palette embeds it
    for token in tokens:
        if token.side == "goblins":
            token.image = skull.id
    encounter = Encounter(
        _grid(),
        tokens,
        [
            Side("pcs", "Party", "#2f7fd8"),
            Side("goblins", "Goblins of the Sunken Hall", "#d8432f"),
            Side("ogre", "Wandering ogre", "#7a5c2e"),
        ],
        name="The Sunken Hall",
        show_name_to_players=True,  # nothing to hide: the players may read it
        pictures=[skull],
        metric="feet",
        notes="Side initiative example: the party comes up the 10 ft corridor (two or three "
        "abreast at most) to the open double door; the goblins hold the hall, Skulk hidden "
        "in the north-east corner, Mox ready with a curse. The ogre lumbers up the side "
        "passage and hates everyone.",
    )
    controller = ProcedureController(encounter, UndoStack(encounter).push)
    controller.start("side-initiative", seed=SEED)
    return encounter


def main(argv: list[str]) -> int:
    return write_example(build, OUT, argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
