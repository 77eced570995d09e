"""Build maps/crypt-fog.tactical.json: the Crypt of the Hollow Saint, half explored.

Deterministic: the same file every run. Run from the repository root::

    python tools/make_fog_example.py [OUT]

A 26 x 16 grid of solid rock with three chambers cut out of it, walled round:

- the entry hall (west), where the party of three stands: everything they can
  see from there is revealed, as "Reveal what the party sees" does;
- the corridor beyond the hall's open door, up to the closed door of the
  burial chamber, revealed as the GM's rectangle would;
- the burial chamber (east), still under fog: a +2 dais with the Saint's tomb,
  sarcophagi (wall lines of kind ``object``, which block sight, not movement),
  a barred window (a ``window`` line: sight passes, feet do not) onto an
  ossuary niche, and a token named "Lurking ghoul", NOT marked hidden: the fog
  alone keeps it off the players' screens.

Fog is on, drawn as dark cloth; "Reveal after every move" is on.

Token pictures are the ready-made marks (``assets/tokens``): Ilse a sword, Bram
a shield, the ghoul a paw, the Saint a skull; Oda has none (a plain disc). The
ghoul's and the Saint's pictures are theirs alone, so a test can tell that no
screen the players read gets either.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path

import numpy as np

from tactical.core.commands import RevealSquares, UndoStack
from tactical.core.commands.fog import reveal_party_sight
from tactical.core.encounter import Encounter
from tactical.core.fog import Fog, rectangle_squares
from tactical.core.grid import GridMap, Square, Terrain, Wall
from tactical.core.pictures import Picture, picture_id
from tactical.core.sides import Side
from tactical.core.tokens import Token
from tactical.core.wall_lines import WallLine
from tactical.data import mark_png
from tactical.persistence.examples import write_example

OUT = Path(__file__).resolve().parents[1] / "maps" / "crypt-fog.tactical.json"
WIDTH, HEIGHT = 26, 16
HALL = (1, 2, 9, 13)
"""left, top, right, bottom squares of the entry hall."""
CORRIDOR = (10, 6, 14, 8)
CHAMBER = (15, 1, 24, 14)
GHOUL = "Lurking ghoul"


def _carve(elevation: np.ndarray, terrain: np.ndarray, room: tuple[int, int, int, int]) -> None:
    left, top, right, bottom = room
    terrain[top : bottom + 1, left : right + 1] = int(Terrain.OPEN)


def _wall_around(
    grid: GridMap, room: tuple[int, int, int, int], gaps: Iterable[Square] = ()
) -> None:
    """Walls on the outer edges of a room, except where ``gaps`` lead out."""
    left, top, right, bottom = room
    skip = set(gaps)
    for col in range(left, right + 1):
        for inner, outer in (((col, top), (col, top - 1)), ((col, bottom), (col, bottom + 1))):
            if inner not in skip and grid.in_bounds(outer):
                grid.set_wall(inner, outer, Wall())
    for row in range(top, bottom + 1):
        for inner, outer in (((left, row), (left - 1, row)), ((right, row), (right + 1, row))):
            if inner not in skip and grid.in_bounds(outer):
                grid.set_wall(inner, outer, Wall())


def build_map() -> GridMap:
    elevation = np.zeros((HEIGHT, WIDTH), dtype=np.int16)
    terrain = np.full((HEIGHT, WIDTH), int(Terrain.IMPASSABLE), dtype=np.uint8)
    for room in (HALL, CORRIDOR, CHAMBER):
        _carve(elevation, terrain, room)
    # The Saint's dais, two levels up, with steps on its west side.
    elevation[6:10, 19:23] = 2
    elevation[6:10, 18] = 1
    # Rubble in the hall, a puddle in the corridor.
    terrain[10:12, 6:8] = int(Terrain.DIFFICULT)
    terrain[7, 12] = int(Terrain.DIFFICULT)
    grid = GridMap(WIDTH, HEIGHT, elevation=elevation, terrain=terrain)
    _wall_around(grid, HALL, gaps=[(9, 7)])
    _wall_around(grid, CORRIDOR, gaps=[(10, 7), (14, 7)])
    _wall_around(grid, CHAMBER, gaps=[(15, 7), (24, 6), (24, 7), (24, 8)])
    # Hall to corridor: an open door; corridor to chamber: a closed one.
    grid.set_wall((9, 7), (10, 7), Wall(door=True, open=True))
    grid.set_wall((14, 7), (15, 7), Wall(door=True))
    lines = [
        # sarcophagi along the chamber's north and south walls (block sight, not feet)
        WallLine((16.2, 2.5), (18.8, 2.5), "object"),
        WallLine((16.2, 12.5), (18.8, 12.5), "object"),
        WallLine((21.2, 2.5), (23.8, 2.5), "object"),
        WallLine((21.2, 12.5), (23.8, 12.5), "object"),
        # a barred window from the chamber onto the ossuary niche in the rock
        WallLine((25.0, 6.0), (25.0, 9.0), "window"),
    ]
    for index, line in enumerate(lines):
        grid.set_wall_line(index, line)
    grid.set_square((25, 6), terrain=Terrain.OPEN)
    grid.set_square((25, 7), terrain=Terrain.OPEN)
    grid.set_square((25, 8), terrain=Terrain.OPEN)
    return grid


def mark(name: str) -> Picture:
    """A token mark from ``assets/tokens`` (its committed PNG), named as the palette names it."""
    data = mark_png(name)
    if data is None:
        raise SystemExit(f"assets/tokens/{name}.png is missing (tools/render_token_marks.py)")
    return Picture(picture_id(data), data, name=name.capitalize())


def build() -> Encounter:
    sword, shield, paw, skull = (mark(name) for name in ("sword", "shield", "paw", "skull"))
    sides = [
        Side("pcs", "The Lantern Company", "#2f7fd8"),
        Side("npcs", "The crypt's dead", "#7d3c98"),
    ]
    tokens = [
        Token("ilse", "Ilse", "pcs", (3, 11), speed=6, image=sword.id),
        Token("bram", "Bram", "pcs", (5, 12), speed=5, image=shield.id),
        Token("oda", "Oda", "pcs", (8, 9), speed=6, figures={"sight": 12}),
        Token("ghoul", GHOUL, "npcs", (20, 11), speed=6, image=paw.id),
        Token(
            "saint",
            "The Hollow Saint",
            "npcs",
            (21, 7),
            size=1,
            speed=4,
            image=skull.id,
            hidden=True,
        ),
    ]
    encounter = Encounter(
        build_map(),
        tokens,
        sides,
        name="Crypt of the Hollow Saint",
        notes=(
            "Fog is on. The party has seen the hall and the corridor; the burial "
            "chamber is still dark. The ghoul is not marked hidden: the fog hides it."
        ),
        fog=Fog(enabled=True, auto_reveal=True, style="cloth"),
        pictures=[sword, shield, paw, skull],
    )
    stack = UndoStack(encounter)
    command = reveal_party_sight(encounter)
    assert command is not None
    stack.push(command)
    # the corridor, walked through earlier: the GM revealed it with a rectangle
    left, top, right, bottom = CORRIDOR
    stack.push(RevealSquares(rectangle_squares((left, top), (right, bottom))))
    return encounter


def main(argv: list[str]) -> int:
    return write_example(build, OUT, argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
