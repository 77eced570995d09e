"""The example maps in maps/ are sound, match issue 2's description and their generator."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from shapely.ops import unary_union

from tactical.core.encounter import Encounter
from tactical.core.grid import Terrain
from tactical.persistence import load_encounter, validate_file

ROOT = Path(__file__).resolve().parents[2]
MAPS = ROOT / "maps"
NAMES = ["hillside-ruin", "tavern-brawl", "benchmark-256"]


def load(name: str) -> Encounter:
    return load_encounter(MAPS / f"{name}.tactical.json")


@pytest.mark.parametrize("name", NAMES)
def test_example_validates(name: str) -> None:
    assert validate_file(MAPS / f"{name}.tactical.json") == []


def test_hillside_ruin() -> None:
    encounter = load("hillside-ruin")
    grid = encounter.grid
    assert grid is not None
    assert grid.width >= 40 and grid.height >= 30
    assert (int(grid.elevation.min()), int(grid.elevation.max())) == (-2, 4)
    kinds = {Terrain(int(v)) for v in set(grid.terrain.ravel().tolist())}
    assert kinds == {Terrain.OPEN, Terrain.DIFFICULT, Terrain.IMPASSABLE}
    assert sum(not w.door for w in grid.walls.values()) >= 20
    assert any(w.door for w in grid.walls.values())
    assert len(encounter.tokens) >= 8
    sides = {t.side for t in encounter.tokens.values()}
    assert sides == {"pcs", "npcs"}
    assert sum(bool(t.statuses) for t in encounter.tokens.values()) >= 2
    assert all(t.figures for t in encounter.tokens.values() if t.side == "pcs")
    assert "Ser Aldric" in {t.name for t in encounter.tokens.values()}
    assert any(t.size == 2 for t in encounter.tokens.values())
    # nobody stands in a boulder or on top of someone else
    covered: list[tuple[int, int]] = []
    for token in encounter.tokens.values():
        covered += token.occupied()
        assert all(grid.terrain_at(s) is not Terrain.IMPASSABLE for s in token.occupied())
    assert len(covered) == len(set(covered))


def test_tavern_brawl_areas_tile_the_room() -> None:
    encounter = load("tavern-brawl")
    area_map = encounter.area_map
    assert area_map is not None
    room = [a for a in area_map.areas.values() if a.id != "cellar"]
    assert len(room) >= 8
    assert all(a.name for a in room)
    # they tile the 24 x 16 room: no gaps (the union is the rectangle) and no overlaps
    union = unary_union([a.polygon for a in room])
    assert union.bounds == (0.0, 0.0, 24.0, 16.0)
    assert union.area == pytest.approx(24 * 16)
    assert sum(a.polygon.area for a in room) == pytest.approx(24 * 16)
    # of different shapes: rectangles, a trapezoid, pentagons, L-shapes
    assert {len(a.points) for a in room} >= {4, 5, 6, 7}
    # every area of the room is reachable from the front door
    assert all(area_map.adjacent("common", other) for other in ["stools", "hearth", "dais"])
    assert not area_map.adjacent("bar-top", "stairs")  # a shared corner only
    assert not area_map.adjacent("kitchen", "hearth")  # cut: the kitchen wall
    assert area_map.adjacent("behind-bar", "cellar")  # added: the trapdoor
    assert len(encounter.tokens) >= 8
    assert all(isinstance(t.position, str) for t in encounter.tokens.values())
    assert sum(bool(t.statuses) for t in encounter.tokens.values()) >= 2


def test_benchmark_256() -> None:
    encounter = load("benchmark-256")
    grid = encounter.grid
    assert grid is not None
    assert (grid.width, grid.height) == (256, 256)
    assert len(encounter.tokens) == 200
    assert len(set(grid.elevation.ravel().tolist())) >= 10
    assert len({t.position for t in encounter.tokens.values()}) == 200


def test_the_generator_makes_exactly_the_committed_files(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "make_example_maps.py"), "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    for name in NAMES:
        generated = (tmp_path / f"{name}.tactical.json").read_bytes()
        assert generated == (MAPS / f"{name}.tactical.json").read_bytes(), name
