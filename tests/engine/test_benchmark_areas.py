"""The area-map benchmark runs (a tiny map here; no timing asserted)."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks import maps, run  # noqa: E402


def test_the_area_benchmark_gives_both_figures() -> None:
    figures = run.areas(60, 2)
    assert list(figures) == [
        "area adjacency, 60 areas (build + graph)",
        "area adjacency after one area is edited",
    ]
    assert all(value.endswith(" ms") for value in figures.values())


def test_the_benchmark_area_map_is_a_patchwork_of_neighbours() -> None:
    area_map = maps.area_map(60)
    assert len(area_map.areas) == 60
    assert all(area_map.neighbours(area_id) for area_id in area_map.areas)
