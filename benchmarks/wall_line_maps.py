"""A generated imported-style map: caves and rooms drawn with free wall lines.

The size of a 6144 x 3456 Universal VTT export at 70 pixels per square
(88 x 50 squares) holding 500 wall lines: round caves traced by 16 segments
each (one of them a door, diagonal on most caves, one a window), scattered
diagonal walls and pillars (objects). Tokens stand outside the caves, a
runner on the west edge.
"""

from __future__ import annotations

import math

import numpy as np

from tactical.core import Encounter, GridMap, Token
from tactical.core.wall_lines import WallLine

SIDES = 16
"""Segments per cave outline."""


def caves(
    width: int = 88, height: int = 50, lines: int = 500, seed: int = 11
) -> tuple[Encounter, list[int]]:
    """The encounter and the indexes of its door lines."""
    rng = np.random.default_rng(seed)
    found: list[WallLine] = []
    doors: list[int] = []
    centres: list[tuple[float, float, float]] = []
    tries = 0
    while len(found) + SIDES <= lines * 0.8 and tries < 10_000:
        tries += 1
        r = float(rng.uniform(2.2, 4.5))
        x = float(rng.uniform(r + 3, width - r - 1))
        y = float(rng.uniform(r + 1, height - r - 1))
        if any(math.hypot(x - cx, y - cy) < r + cr + 1.5 for cx, cy, cr in centres):
            continue
        centres.append((x, y, r))
        turn = float(rng.uniform(0, 2 * math.pi))
        ring = [
            (
                x + r * math.cos(turn + 2 * math.pi * k / SIDES),
                y + r * math.sin(turn + 2 * math.pi * k / SIDES),
            )
            for k in range(SIDES + 1)
        ]
        for k in range(SIDES):
            kind = "door" if k == 0 else "window" if k == SIDES // 2 else "wall"
            if kind == "door":
                doors.append(len(found))
            found.append(WallLine(ring[k], ring[k + 1], kind))  # type: ignore[arg-type]
    while len(found) < lines:
        x, y = float(rng.uniform(3, width)), float(rng.uniform(0, height))
        if any(math.hypot(x - cx, y - cy) < cr + 1 for cx, cy, cr in centres):
            continue
        if rng.random() < 0.3:  # a pillar side
            found.append(WallLine((x, y), (x + 0.6, y), "object"))
        else:
            angle = float(rng.uniform(0, math.pi))
            length = float(rng.uniform(0.8, 2.5))
            end = (x + length * math.cos(angle), y + length * math.sin(angle))
            found.append(WallLine((x, y), end))
    grid = GridMap(width, height, wall_lines=found)
    tokens = [Token("runner", "Runner", "pcs", (0, height // 2), speed=12)]
    for n in range(20):
        col, row = int(rng.integers(2, width)), int(rng.integers(0, height))
        if all(math.hypot(col + 0.5 - cx, row + 0.5 - cy) > cr + 1 for cx, cy, cr in centres):
            tokens.append(Token(f"g{n:02d}", f"Goblin {n}", "npcs", (col, row)))
    return Encounter(grid, tokens, name="Caves of lines"), doors
