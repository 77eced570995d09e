"""Generate the example encounters in ``maps/`` (deterministic: same bytes on every run).

    python tools/make_example_maps.py            # writes maps/*.tactical.json
    python tools/make_example_maps.py --out DIR  # writes them somewhere else

- ``hillside-ruin``: a 48 x 36 grid. A stream runs down the west side (-2, wading
  is difficult), the ground climbs eastward to a hilltop (+4); a ruined chapel
  with broken walls and a door stands on the slope, a tower stump crowns the hill.
  A party of four crosses the footbridge towards goblins and a hill ogre.
- ``tavern-brawl``: an area map of the Drowned Rat's taproom, twelve named
  areas that tile the room (and a cellar under a trapdoor), with a brawl on.
- ``benchmark-256``: a 256 x 256 grid of rolling hills, rough ground and walls
  with 200 tokens, for the benchmarks.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections.abc import Iterable
from pathlib import Path

import numpy as np

from tactical.core.areas import Area, AreaLink, AreaMap, polygon_from_points
from tactical.core.encounter import Encounter
from tactical.core.grid import GridMap, Square, Terrain, Wall
from tactical.core.pictures import Picture, picture_id
from tactical.core.sides import Side
from tactical.core.templates import Template
from tactical.core.tokens import Token
from tactical.data import mark_png
from tactical.persistence import save_encounter

SEED = 20240611
MAPS = Path(__file__).resolve().parent.parent / "maps"

OPEN, DIFFICULT, IMPASSABLE = int(Terrain.OPEN), int(Terrain.DIFFICULT), int(Terrain.IMPASSABLE)


def party() -> list[Side]:
    return [
        Side("pcs", "The Lantern Company", "#2f7fd8"),
        Side("npcs", "Broken Tooth goblins", "#c0392b"),
    ]


def mark(name: str) -> Picture:
    """A token mark from ``assets/tokens`` (its committed PNG), to embed in an example."""
    data = mark_png(name)
    if data is None:
        raise SystemExit(f"assets/tokens/{name}.png is missing (tools/render_token_marks.py)")
    # named as the token palette names a ready-made mark, so the palette lists it by name
    return Picture(picture_id(data), data, name=name.replace("-", " ").capitalize())


# -- hillside ruin --------------------------------------------------------------


def _wall_around(
    grid: GridMap, left: int, top: int, right: int, bottom: int, gaps: Iterable[Square] = ()
) -> None:
    """Walls on the outside edges of the rectangle of squares left..right x top..bottom.

    ``gaps`` are squares on the rim whose outer edge is left open (a breach).
    """
    skip = set(gaps)
    for col in range(left, right + 1):
        if (col, top) not in skip:
            grid.set_wall((col, top - 1), (col, top), Wall())
        if (col, bottom) not in skip:
            grid.set_wall((col, bottom), (col, bottom + 1), Wall())
    for row in range(top, bottom + 1):
        if (left, row) not in skip:
            grid.set_wall((left - 1, row), (left, row), Wall())
        if (right, row) not in skip:
            grid.set_wall((right, row), (right + 1, row), Wall())


def hillside_ruin() -> Encounter:
    skull = mark("skull")  # the goblins' picture, as the token palette would embed it
    goblin = skull.id
    rng = random.Random(SEED)
    width, height = 48, 36
    elevation = np.zeros((height, width), dtype=np.int16)
    terrain = np.zeros((height, width), dtype=np.uint8)

    def stream_col(row: int) -> int:
        return 7 + round(2 * math.sin(row / 5))

    for row in range(height):
        centre = stream_col(row)
        for col in range(width):
            offset = col - centre
            if abs(offset) <= 1:
                elevation[row, col], terrain[row, col] = -2, DIFFICULT  # wading
            elif abs(offset) == 2:
                elevation[row, col] = -1  # the banks
            elif offset < 0:
                elevation[row, col] = 0  # the meadow west of the stream
            else:
                # the slope: one level every 7 squares eastward, a little higher to the north
                climb = (col - centre - 3) / 7 + (height - row) / 40
                elevation[row, col] = min(3, int(climb))
    # the hilltop around the tower stump
    for row in range(height):
        for col in range(width):
            if (col - 40) ** 2 + (row - 8) ** 2 <= 30:
                elevation[row, col] = 4
    # the footbridge: two rows of planks at bank level across the stream
    for row in (17, 18):
        centre = stream_col(row)
        for col in range(centre - 2, centre + 3):
            elevation[row, col], terrain[row, col] = -1, OPEN
    # the chapel floor is level ground at 2, strewn with rubble, with two standing pillars
    chapel = (24, 14, 35, 23)  # left, top, right, bottom squares
    left, top, right, bottom = chapel
    elevation[top : bottom + 1, left : right + 1] = 2
    for col, row in [(26, 16), (27, 16), (26, 17), (33, 21), (32, 21), (30, 15), (31, 15)]:
        terrain[row, col] = DIFFICULT
    for col, row in [(27, 19), (32, 18)]:
        terrain[row, col] = IMPASSABLE
    # the tower stump: its inside is the hilltop, its rim a ring of standing stones
    tower = (38, 6, 41, 9)
    # brambles on the meadow, scree on the steep part of the slope
    for col, row in [(1, 3), (2, 3), (2, 4), (3, 4), (1, 28), (2, 28), (2, 29), (3, 27), (0, 30)]:
        terrain[row, col] = DIFFICULT
    for _ in range(40):
        col, row = rng.randrange(14, 47), rng.randrange(0, 36)
        inside = (left - 1 <= col <= right + 1 and top - 1 <= row <= bottom + 1) or (
            tower[0] - 1 <= col <= tower[2] + 1 and tower[1] - 1 <= row <= tower[3] + 1
        )
        if not inside:
            terrain[row, col] = DIFFICULT
    # boulders
    boulders = 0
    while boulders < 14:
        col, row = rng.randrange(12, 47), rng.randrange(0, 36)
        inside = (left - 2 <= col <= right + 2 and top - 2 <= row <= bottom + 2) or (
            tower[0] - 2 <= col <= tower[2] + 2 and tower[1] - 2 <= row <= tower[3] + 2
        )
        if not inside and terrain[row, col] == OPEN and not 15 <= row <= 20:
            terrain[row, col] = IMPASSABLE
            boulders += 1

    grid = GridMap(width, height, elevation=elevation, terrain=terrain)
    # chapel walls: a breach in the north-east corner, a wide gap in the west wall, a door south
    _wall_around(
        grid,
        left,
        top,
        right,
        bottom,
        gaps=[(34, 14), (35, 14), (35, 15), (24, 18), (24, 19)],
    )
    grid.set_wall((29, 23), (29, 24), Wall(door=True, open=False))
    grid.set_wall((30, 23), (30, 24), Wall(door=True, open=True))
    # the nave is split by a low screen with a gap in the middle
    for col in [25, 26, 27, 28, 31, 32, 33, 34]:
        grid.set_wall((col, 19), (col, 20), Wall())
    _wall_around(grid, *tower, gaps=[(38, 9), (39, 9)])

    tokens = [
        Token(
            "aldric",
            "Ser Aldric",
            "pcs",
            (3, 17),
            speed=5,
            figures={"wounds": 0, "fatigue": 1, "stress": 0},
        ),
        Token(
            "mira",
            "Mira Quickfoot",
            "pcs",
            (4, 19),
            speed=7,
            figures={"wounds": 0, "fatigue": 0, "stress": 0},
        ),
        Token(
            "oswin",
            "Brother Oswin",
            "pcs",
            (2, 18),
            speed=6,
            statuses={"Frayed": 1},
            figures={"wounds": 1, "fatigue": 2, "stress": 1},
        ),
        Token(
            "elska",
            "Elska the Wise",
            "pcs",
            (1, 16),
            speed=6,
            figures={"wounds": 0, "fatigue": 0, "stress": 2},
        ),
        Token(
            "grak",
            "Grak, goblin chief",
            "npcs",
            (29, 21),
            speed=6,
            figures={"wounds": 0, "morale": 9},
        ),
        Token(
            "archer-1",
            "Goblin archer",
            "npcs",
            (25, 15),
            speed=6,
            image=goblin,
            figures={"arrows": 12},
        ),
        Token(
            "archer-2",
            "Goblin archer",
            "npcs",
            (34, 15),
            speed=6,
            image=goblin,
            figures={"arrows": 9},
        ),
        Token(
            "archer-3",
            "Goblin archer",
            "npcs",
            (39, 7),
            speed=6,
            image=goblin,
            figures={"arrows": 14},
        ),
        Token(
            "spear-1",
            "Goblin spearman",
            "npcs",
            (22, 18),
            speed=6,
            image=goblin,
            statuses={"Prone": 1},
        ),
        Token("spear-2", "Goblin spearman", "npcs", (23, 20), speed=6, image=goblin),
        Token(
            "brug",
            "Brug the hill ogre",
            "npcs",
            (36, 11),
            size=2,
            speed=5,
            figures={"wounds": 0, "morale": 7},
        ),
        Token("scout", "Goblin scout", "npcs", (44, 30), speed=7, image=goblin, hidden=True),
    ]
    return Encounter(
        grid,
        tokens,
        party(),
        name="Hillside ruin",
        show_name_to_players=True,  # nothing to hide: the players may read it
        pictures=[skull],
        notes=(
            "The Lantern Company has tracked the Broken Tooth raiders to the old chapel. "
            "The stream is waist deep (difficult); the footbridge is the dry way across. "
            "The chapel's south door stands half open; the west wall has fallen in."
        ),
        templates=[
            Template("sanctuary", "aura", 1, token_id="oswin", label="Sanctuary", color="#f1c40f")
        ],
        metric="chebyshev",
    )


# -- tavern brawl -----------------------------------------------------------------

TAVERN_AREAS: list[tuple[str, str, list[tuple[float, float]], list[str]]] = [
    ("kitchen", "Kitchen", [(0, 0), (6, 0), (6, 5), (0, 5)], ["hot stove"]),
    ("behind-bar", "Behind the bar", [(6, 0), (16, 0), (16, 2), (6, 2)], ["bottles"]),
    ("bar-top", "Bar top", [(6, 2), (16, 2), (16, 3), (6, 3)], ["raised"]),
    ("stairs", "Stairs to the rooms", [(16, 0), (24, 0), (24, 5), (19, 5), (16, 2)], ["raised"]),
    ("stools", "Bar stools", [(6, 3), (16, 3), (16, 2), (19, 5), (6, 5)], ["cluttered"]),
    ("hearth", "Hearth", [(0, 5), (6, 5), (5, 11), (0, 11)], ["fire"]),
    ("common", "Common room", [(6, 5), (24, 5), (24, 9), (18, 9), (18, 11), (5, 11)], ["tables"]),
    ("dais", "Minstrels' dais", [(18, 9), (24, 9), (24, 16), (20, 16), (18, 13)], ["raised"]),
    (
        "cards",
        "Card tables",
        [(10, 11), (18, 11), (18, 13), (20, 16), (12, 16), (12, 13), (10, 13)],
        ["cluttered"],
    ),
    ("snug", "The snug", [(0, 11), (10, 11), (10, 13), (8, 13), (8, 16), (0, 16)], []),
    ("entry", "Front door", [(8, 13), (12, 13), (12, 16), (8, 16)], ["exit"]),
    ("cellar", "Cellar", [(0, 18), (10, 18), (10, 24), (0, 24)], ["dark"]),
]


def tavern_brawl() -> Encounter:
    areas = [
        Area(area_id, name, polygon_from_points(points), tags)
        for area_id, name, points, tags in TAVERN_AREAS
    ]
    links = [
        AreaLink("behind-bar", "cellar", "add", "trapdoor"),
        AreaLink("kitchen", "hearth", "cut", "kitchen wall"),
        AreaLink("kitchen", "stools", "cut", "kitchen wall"),
        AreaLink("kitchen", "bar-top", "cut", "kitchen wall"),
    ]
    sides = [
        Side("pcs", "The Lantern Company", "#2f7fd8"),
        Side("npcs", "Dockhands of the Salt Quay", "#c0392b"),
        Side("staff", "The Drowned Rat's staff", "#27ae60", allies=["pcs"]),
    ]
    fray = {"injury": 0, "fatigue": 0, "morale": "Steady"}
    tokens = [
        Token("aldric", "Ser Aldric", "pcs", "common", figures=dict(fray)),
        Token("mira", "Mira Quickfoot", "pcs", "bar-top", figures=dict(fray, fatigue=1)),
        Token("oswin", "Brother Oswin", "pcs", "hearth", figures=dict(fray)),
        Token("elska", "Elska the Wise", "pcs", "stairs", figures=dict(fray)),
        Token(
            "dunmore",
            "Big Dunmore",
            "npcs",
            "common",
            statuses={"Drunk": 2},
            figures=dict(fray, injury=1, morale="Disquieted"),
        ),
        Token("pell", "One-eyed Pell", "npcs", "stools", statuses={"Prone": 1}, figures=dict(fray)),
        Token("jorun", "Sailor Jorun", "npcs", "cards", statuses={"Drunk": 1}, figures=dict(fray)),
        Token("haakon", "Sailor Haakon", "npcs", "cards", figures=dict(fray)),
        Token("wenna", "Net-mender Wenna", "npcs", "entry", figures=dict(fray)),
        Token("tam", "Old Tam, the barkeep", "staff", "behind-bar", figures=dict(fray)),
        Token("pip", "Pip the pot-boy", "staff", "kitchen", hidden=True),
    ]
    return Encounter(
        AreaMap(areas, links),
        tokens,
        sides,
        name="Tavern brawl at the Drowned Rat",
        show_name_to_players=True,  # nothing to hide: the players may read it
        notes=(
            "A dockhand's insult, a thrown tankard, and the whole taproom is up. "
            "The kitchen opens only behind the bar; the trapdoor behind the bar drops "
            "to the cellar. Anyone on the bar top, the stairs or the dais stands raised."
        ),
        metric="chebyshev",
    )


# -- benchmark ----------------------------------------------------------------------


def benchmark_256() -> Encounter:
    size, count = 256, 200
    rng = np.random.default_rng(SEED)
    rows, cols = np.mgrid[0:size, 0:size]
    height_field = np.zeros((size, size))
    for _ in range(24):  # rolling hills: a sum of gaussian bumps and dips
        cy, cx = rng.uniform(0, size, 2)
        radius = rng.uniform(8, 40)
        amount = rng.uniform(-6, 12)
        height_field += amount * np.exp(-((rows - cy) ** 2 + (cols - cx) ** 2) / (2 * radius**2))
    elevation = np.clip(np.round(height_field), -8, 24).astype(np.int16)
    terrain = np.zeros((size, size), dtype=np.uint8)
    noise = rng.uniform(0, 1, (size, size))
    terrain[noise < 0.12] = DIFFICULT
    terrain[noise > 0.97] = IMPASSABLE
    grid = GridMap(size, size, elevation=elevation, terrain=terrain)
    # a few walled enclosures with doors
    for index in range(12):
        left, top = int(rng.integers(4, size - 20)), int(rng.integers(4, size - 20))
        right, bottom = left + int(rng.integers(4, 14)), top + int(rng.integers(4, 14))
        _wall_around(grid, left, top, right, bottom)
        door_col = (left + right) // 2
        grid.set_wall(
            (door_col, bottom), (door_col, bottom + 1), Wall(door=True, open=index % 2 == 0)
        )
    pick = random.Random(SEED)
    taken: set[Square] = set()
    tokens = []
    while len(tokens) < count:
        square = (pick.randrange(size), pick.randrange(size))
        if square in taken or grid.terrain_at(square) is Terrain.IMPASSABLE:
            continue
        taken.add(square)
        number = len(tokens) + 1
        side = "pcs" if number % 2 else "npcs"
        name = f"Soldier {number}" if side == "pcs" else f"Raider {number}"
        tokens.append(Token(f"t{number:03d}", name, side, square, speed=5 + number % 4))
    return Encounter(
        grid,
        tokens,
        [Side("pcs", "Blue host", "#2f7fd8"), Side("npcs", "Red host", "#c0392b")],
        name="Benchmark 256",
        show_name_to_players=True,  # nothing to hide: the players may read it
        notes="A large generated field for the benchmarks; not meant for play.",
    )


EXAMPLES = {
    "hillside-ruin": hillside_ruin,
    "tavern-brawl": tavern_brawl,
    "benchmark-256": benchmark_256,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write the example encounters.")
    parser.add_argument("--out", type=Path, default=MAPS, help="the folder to write into")
    options = parser.parse_args(argv)
    options.out.mkdir(parents=True, exist_ok=True)
    for name, build in EXAMPLES.items():
        path = options.out / f"{name}.tactical.json"
        save_encounter(build(), path)
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
