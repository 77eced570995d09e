"""Area adjacency from a spatial index, kept up to date edit by edit; no overlapping ground."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest

from tactical.core import areas as areas_module
from tactical.core.areas import (
    Area,
    AreaError,
    AreaLink,
    AreaMap,
    clip_to_free,
    overlapping_pairs,
    polygon_from_points,
)

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.maps import area_map as patchwork  # noqa: E402


def rect(area_id: str, x0: float, y0: float, x1: float, y1: float) -> Area:
    return Area(area_id, area_id, polygon_from_points([(x0, y0), (x1, y0), (x1, y1), (x0, y1)]))


def pairwise(area_map: AreaMap) -> set[frozenset[str]]:
    """Adjacency the slow way: every pair tested (the reference)."""
    ids = list(area_map.areas)
    found = {
        frozenset((a, b))
        for i, a in enumerate(ids)
        for b in ids[i + 1 :]
        if area_map.geometric_adjacency(a, b)
    }
    for link in area_map.links:
        if link.kind == "add":
            found.add(link.pair)
        else:
            found.discard(link.pair)
    return found


def edges(area_map: AreaMap) -> set[frozenset[str]]:
    return {frozenset(e) for e in area_map.graph().edges}


def test_a_5000_area_map_is_joined_without_testing_every_pair(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    area_map = patchwork(5000)
    calls = []
    real = areas_module._share_border

    def counted(a: Any, b: Any) -> bool:
        calls.append(1)
        return real(a, b)

    monkeypatch.setattr(areas_module, "_share_border", counted)
    graph = area_map.graph()
    assert calls == []  # the build tests index candidates in one vectorised pass
    assert graph.number_of_nodes() == 5000
    # 70 areas a row (71 rows, the last of 30): each touches its row neighbours and
    # the two (or one, at the ends) offset areas below it
    assert area_map.neighbours("a100") == {"a99", "a101", "a30", "a31", "a170", "a171"}
    area = area_map.areas["a100"]
    area_map.put_area(rect("a100", *area.polygon.bounds))
    assert len(calls) <= 10, "an edit looks again at the edited area's neighbours only"
    assert area_map.neighbours("a100") == {"a99", "a101", "a30", "a31", "a170", "a171"}


def test_incremental_adjacency_matches_the_pairwise_reference() -> None:
    rng = random.Random(3)
    area_map = AreaMap(
        [rect(f"r{x}-{y}", x, y, x + 1, y + 1) for x in range(6) for y in range(5)],
        [AreaLink("r0-0", "r5-4"), AreaLink("r1-1", "r2-1", "cut")],
    )
    area_map.graph()
    for step in range(40):
        ids = list(area_map.areas)
        choice = rng.random()
        if choice < 0.3 and len(ids) > 3:
            area_map.remove_area(rng.choice(ids))
        elif choice < 0.6:
            x, y = rng.randrange(8), rng.randrange(7)
            area_map.put_area(rect(f"n{step}", x + 0.5, y, x + 1.5, y + 1))
        elif choice < 0.9:
            area_id = rng.choice(ids)
            x0, y0, x1, y1 = area_map.areas[area_id].polygon.bounds
            area_map.put_area(rect(area_id, x0, y0, x1 + rng.choice([0, 0.5, 1]), y1))
        else:
            a, b = rng.sample(ids, 2)
            area_map.set_links([*area_map.links, AreaLink(a, b, rng.choice(["add", "cut"]))])
        assert edges(area_map) == pairwise(area_map), f"step {step}"


def test_area_at_picks_the_first_area_in_order_on_a_shared_edge() -> None:
    area_map = AreaMap([rect("left", 0, 0, 2, 2), rect("right", 2, 0, 4, 2)])
    assert area_map.area_at(2, 1) == "left"
    assert area_map.area_at(3, 1) == "right"
    assert area_map.area_at(9, 9) is None
    area_map.remove_area("left")
    assert area_map.area_at(1, 1) is None
    assert AreaMap().area_at(0, 0) is None


def test_overlapping_ground_is_found_but_shared_edges_are_not() -> None:
    polygons = [
        rect("a", 0, 0, 2, 2).polygon,
        rect("b", 2, 0, 4, 2).polygon,  # shares an edge with a
        rect("c", 3, 1, 5, 3).polygon,  # overlaps b
    ]
    assert overlapping_pairs(polygons) == [(1, 2)]
    area_map = AreaMap([rect("a", 0, 0, 2, 2), rect("b", 2, 0, 4, 2)])
    assert area_map.overlapping(rect("x", 1, 1, 3, 3).polygon) == ["a", "b"]
    assert area_map.overlapping(rect("x", 0, 2, 4, 3).polygon) == []


def test_clip_to_free_keeps_the_free_ground() -> None:
    taken = [rect("a", 0, 0, 2, 2).polygon]
    clipped = clip_to_free(rect("x", 1, 0, 4, 2).polygon, taken)
    assert clipped.bounds == (2.0, 0.0, 4.0, 2.0)
    assert clipped.area == pytest.approx(4.0)
    with pytest.raises(AreaError, match="wholly on other areas"):
        clip_to_free(rect("x", 0.5, 0.5, 1.5, 1.5).polygon, taken)


def test_empty_and_single_area_maps() -> None:
    empty = AreaMap()
    assert empty.graph().number_of_nodes() == 0
    assert overlapping_pairs([]) == []
    one = AreaMap([rect("a", 0, 0, 1, 1)])
    assert one.neighbours("a") == set()
    assert one.overlapping(rect("b", 0.5, 0.5, 2, 2).polygon) == ["a"]
    one.put_area(rect("b", 1, 0, 2, 1))
    assert one.neighbours("a") == {"b"}
