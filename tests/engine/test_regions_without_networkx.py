"""A grid map's long paths and walled-off regions never import networkx (about 11 MB once
imported, and the app's warm-up no longer imports it for a grid map); area maps still do."""

from __future__ import annotations

import subprocess
import sys

from tactical.core import GridMap, Terrain
from tactical.core.movement import index_for

SCRIPT = """
import sys
from tactical.core import GridMap, Terrain
from tactical.core.encounter import Encounter
from tactical.core.movement import find_square_path
from tactical.core.tokens import Token
grid = GridMap(200, 200)
for row in range(200):
    if row != 150:
        grid.set_square((100, row), terrain=Terrain.IMPASSABLE)  # a wall with one gap
encounter = Encounter(grid)
encounter.add_token(Token("hero", "Hero", position=(2, 2)))
path = find_square_path(encounter, "hero", (190, 10))
print(path is not None and path.squares[-1] == (190, 10), "networkx" in sys.modules)
"""


def test_a_long_path_round_a_wall_needs_no_networkx() -> None:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "False"]


def test_the_regions_follow_a_wall_closed_and_opened() -> None:
    grid = GridMap(80, 40)
    for row in range(40):
        grid.set_square((40, row), terrain=Terrain.IMPASSABLE)
    regions = index_for(grid).region_index(1)
    assert regions.region(0, 0) != regions.region(79, 39)
    grid.set_square((40, 20), terrain=Terrain.OPEN)
    assert regions.region(0, 0) == regions.region(79, 39)
    assert regions.connected((0, 0), (79, 39))
    assert not regions.connected_avoiding((0, 0), (79, 39), frozenset({(40, 20)}))
    grid.set_square((40, 20), terrain=Terrain.IMPASSABLE)
    assert not regions.connected((0, 0), (79, 39))
