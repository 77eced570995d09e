"""A small crypt drawn with free wall lines, as an imported map would bring them.

12 x 9 squares. A diagonal wall (x - y = 4.5, so no square's centre lies on
it) runs from the top edge to the right edge, with a diagonal door in it and a
window where it meets the right edge; it seals the north-east. A curved cave
wall (eight segments of an arc) closes the south-west corner; a pillar (four
object lines) stands in the west. Hero (PC, speed 6) at (2, 5), a goblin
(NPC) at (10, 2) beyond the wall.
"""

from __future__ import annotations

import math
from itertools import pairwise

from tactical.core.encounter import Encounter
from tactical.core.grid import GridMap
from tactical.core.tokens import Token
from tactical.core.wall_lines import WallLine

DOOR_INDEX = 1
DOOR_MIDDLE = (8.0, 3.5)
WINDOW_MIDDLE = (11.25, 6.75)
WALL_MIDDLE = (6.0, 1.5)


def crypt_lines() -> list[WallLine]:
    lines = [
        WallLine((4.5, 0.0), (7.5, 3.0)),
        WallLine((7.5, 3.0), (8.5, 4.0), "door"),
        WallLine((8.5, 4.0), (10.5, 6.0)),
        WallLine((10.5, 6.0), (12.0, 7.5), "window"),
    ]
    arc = [
        (3.2 * math.sin(math.pi / 2 * k / 8), 9 - 3.2 * math.cos(math.pi / 2 * k / 8))
        for k in range(9)
    ]
    lines += [WallLine(a, b) for a, b in pairwise(arc)]
    pillar = [(2.2, 2.2), (2.8, 2.2), (2.8, 2.8), (2.2, 2.8)]
    lines += [
        WallLine(a, b, "object") for a, b in zip(pillar, pillar[1:] + pillar[:1], strict=True)
    ]
    return lines


def crypt() -> Encounter:
    grid = GridMap(12, 9, wall_lines=crypt_lines())
    tokens = [
        Token("hero", "Hero", "pcs", (2, 5), speed=6),
        Token("goblin", "Goblin", "npcs", (10, 2)),
    ]
    return Encounter(grid, tokens, name="Crypt of lines")
