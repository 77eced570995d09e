"""The benchmark maps: the 256 x 256 example file and a generated 512 x 512 battlefield."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from tactical.core import AreaMap, Encounter, GridMap, Terrain, Token, Wall
from tactical.core.movement import index_for

EXAMPLE = Path(__file__).resolve().parent.parent / "maps" / "benchmark-256.tactical.json"

VAULT = (40, 40, 12, 10)
"""``(col, row, width, height)`` of the generated map's sealed vault: walls all round, no door."""


def example_256() -> Encounter | None:
    """The 256 x 256 example map with its 200 tokens, or None when it is missing."""
    if not EXAMPLE.exists():
        return None
    from tactical.persistence import load_encounter

    return load_encounter(EXAMPLE)


def generated(size: int = 512, tokens: int = 200, seed: int = 7) -> Encounter:
    """Rolling hills (-3 .. +8), difficult patches, rock clusters, walled buildings
    with open doors, one sealed vault, and ``tokens`` tokens on open squares,
    half of each side."""
    rng = np.random.default_rng(seed)
    rows, cols = np.mgrid[0:size, 0:size].astype(float)
    hills = np.zeros((size, size))
    for _ in range(6):
        fx, fy = rng.uniform(1, 6, 2) * 2 * np.pi / size
        phase = rng.uniform(0, 2 * np.pi, 2)
        hills += np.sin(cols * fx + phase[0]) * np.cos(rows * fy + phase[1])
    elevation = np.clip(np.round(hills * 2.2), -3, 8).astype(np.int16)
    noise = rng.random((size, size))
    terrain = np.zeros((size, size), dtype=np.uint8)
    terrain[noise < 0.10] = Terrain.DIFFICULT
    rocks = rng.random((size // 4, size // 4)) < 0.06
    terrain[np.kron(rocks, np.ones((4, 4), dtype=bool))[:size, :size]] = Terrain.IMPASSABLE
    grid = GridMap(size, size, elevation=elevation, terrain=terrain)
    walls: dict[tuple[tuple[int, int], tuple[int, int]], Wall] = {}
    for _ in range(size // 16):
        c, r = (int(x) for x in rng.integers(2, size - 20, 2))
        _building(walls, c, r, int(rng.integers(4, 14)), int(rng.integers(4, 14)), door=True)
    vc, vr, vw, vh = VAULT if size >= 64 else (2, 2, 4, 4)
    grid.terrain[vr : vr + vh, vc : vc + vw] = Terrain.OPEN
    _building(walls, vc, vr, vw, vh, door=False)
    for (a, b), wall in walls.items():
        grid.set_wall(a, b, wall)
    encounter = Encounter(map=grid)
    open_squares = np.argwhere(grid.terrain == Terrain.OPEN)
    picks = rng.choice(len(open_squares), size=tokens + 1, replace=False)
    for n, pick in enumerate(picks):
        r, c = (int(x) for x in open_squares[pick])
        side = "pcs" if n % 2 == 0 else "npcs"
        encounter.add_token(Token(id=f"t{n:03d}", side=side, position=(c, r), speed=6))
    return encounter


def open_map(size: int = 512) -> Encounter:
    """A flat, open map with one token in the middle of its left edge."""
    return Encounter(map=GridMap(size, size), tokens=[Token(id="runner", position=(0, size // 2))])


def ringed_map(size: int = 512, ring: int = 48) -> Encounter:
    """The open map with a ring of enemies (``ring`` squares a side) round its middle.

    The pocket inside (over 2,000 squares for the default ring) is larger than
    the flood from a goal looks at, so a path into it is refused by the regions.
    """
    encounter = open_map(size)
    ring = min(ring, size - 2)
    low = (size - ring) // 2
    high = low + ring - 1
    squares = sorted(
        (c, r)
        for c in range(low, high + 1)
        for r in range(low, high + 1)
        if c in (low, high) or r in (low, high)
    )
    for n, square in enumerate(squares):
        encounter.add_token(Token(id=f"guard{n:03d}", side="pcs", position=square))
    return encounter


def _building(
    walls: dict[tuple[tuple[int, int], tuple[int, int]], Wall],
    col: int,
    row: int,
    width: int,
    height: int,
    *,
    door: bool,
) -> None:
    """Walls round the rectangle of squares; with ``door``, an open door in the south wall."""
    for c in range(col, col + width):
        walls[((c, row - 1), (c, row))] = Wall()
        walls[((c, row + height - 1), (c, row + height))] = Wall()
    for r in range(row, row + height):
        walls[((col - 1, r), (col, r))] = Wall()
        walls[((col + width - 1, r), (col + width, r))] = Wall()
    if door:
        c = col + width // 2
        walls[((c, row + height - 1), (c, row + height))] = Wall(door=True, open=True)


def area_map(count: int = 5000) -> AreaMap:
    """About ``count`` areas in a patchwork of rectangles, each sharing edges with its
    neighbours (rows of unequal widths, so most areas touch four to six others)."""
    from tactical.core import Area, polygon_from_points

    columns = max(1, int(count**0.5))
    areas = []
    for index in range(count):
        row, col = divmod(index, columns)
        shift = 0.5 if row % 2 else 0.0
        x0 = col * 2.0 + (shift if col else 0.0)
        x1 = (col + 1) * 2.0 + (shift if col < columns - 1 else 0.0)
        y0, y1 = row * 2.0, row * 2.0 + 2.0
        outline = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
        areas.append(Area(f"a{index}", f"Area {index}", polygon_from_points(outline)))
    return AreaMap(areas)


def middle_token(encounter: Encounter) -> str:
    """The one-square token nearest the middle of the map (the mover of the drag rows)."""
    grid = encounter.grid
    assert grid is not None
    mid = (grid.width // 2, grid.height // 2)
    placed = [t for t in encounter.tokens.values() if t.square is not None and t.size == 1]
    best = min(placed, key=lambda t: abs(t.square[0] - mid[0]) + abs(t.square[1] - mid[1]))  # type: ignore[index]
    return best.id


def far_goal(encounter: Encounter, who: str) -> tuple[int, int]:
    """A square far across the map that the token can reach (the region index says so)."""
    grid = encounter.grid
    assert grid is not None
    regions = index_for(grid).region_index(1)
    start = encounter.token(who).square
    assert start is not None
    home = regions.region(*start)
    taken = set(encounter.occupants())
    for d in range(grid.width):
        for goal in ((grid.width - 1 - d, grid.height - 1 - d), (d, grid.height - 1 - d)):
            if goal not in taken and regions.region(*goal) == home:
                return goal
    raise RuntimeError("no far goal")
