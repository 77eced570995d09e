"""Big maps' ring tables kept as a quarter, made whole as they are read (issue 32: without
numba, a party's sight on 1024 x 1024 made 117 MB of whole tables and kept them).

The numpy path must see exactly what it saw with whole tables: each viewer's squares are
compared with the rule's first implementation (``sight_reference.py``) on maps with walls,
heights and many viewers, the quarter path forced on small maps (``QUARTERS``).
"""

from __future__ import annotations

import tracemalloc
from collections.abc import Iterator

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings

from tactical.core import sight, sight_kernel, sight_one, sight_rings
from tactical.core.grid import GridMap, Wall
from tactical.core.sight import Viewer, sight_masks, visible_squares
from tactical.core.sight_masks import DIRECTIONS
from tactical.core.sight_one import look_together
from tactical.core.sight_rings import COMPASS, WholeRings, _made
from tests.engine.test_sight_kernel import expected
from tests.engine.test_sight_reference import open_maps


@pytest.fixture
def numpy_path(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The kernel off as where numba cannot load (the numpy path answers, never waiting for
    the kernel), no tables kept, no sight kept."""
    monkeypatch.setattr(sight_kernel, "_kernel", None)
    monkeypatch.setattr(sight_kernel, "_failed", "off for this test")
    monkeypatch.setattr(sight_rings, "_TABLES", {})
    monkeypatch.setattr(sight_rings, "_quarter", sight_rings._NO_QUARTER)
    yield
    sight._CACHES.clear()


@pytest.fixture
def quartered(monkeypatch: pytest.MonkeyPatch, numpy_path: None) -> None:
    """Every map reads its ring tables made whole from a quarter, its viewers together."""
    monkeypatch.setattr(sight_one, "QUARTERS", 0)
    monkeypatch.setattr(sight, "_ALONE", 0)


def _as_whole(table: sight_rings.RingTable, d: int, cells: int) -> list[np.ndarray]:
    """A made ring's two (parent, step plane, weight) triples as the whole tables hold them:
    parents within ring d - 1, steps as :data:`DIRECTIONS` planes."""
    index = table.index.astype(np.int64)
    flat = index[4]
    planes = np.array([DIRECTIONS.index(step) for step in COMPASS])[(index[2:4] - flat) // cells]
    parents = index[0:2] % max(8 * (d - 1), 1)
    return [parents, planes * cells + flat, table.weights]


@pytest.mark.usefixtures("numpy_path")
@pytest.mark.parametrize(
    ("width", "height", "rings"),
    [(12, 9, range(1, 12)), (70, 40, range(1, 70)), (1024, 1024, range(990, 1024))],
)
def test_a_ring_made_from_a_quarter_is_the_whole_ring(
    width: int, height: int, rings: range
) -> None:
    """Turned a quarter at a time, the top side gives every square of the ring its two
    parents, steps and weights (a turn may give the two the other way round)."""
    padded_width, cells = width + 2, (width + 2) * (height + 2)
    whole = WholeRings(rings.stop - 1, padded_width, cells)
    for d, want in zip(rings, _made(rings.start, rings.stop - 1, padded_width, cells), strict=True):
        made = whole.ring(d, range(4))
        parents, steps, weights = _as_whole(made, d, cells)
        assert (made.index[4] == want.index[4]).all()
        index = want.index.astype(np.int64)
        as_is = (parents == index[0:2]) & (steps == index[2:4]) & (weights == want.weights)
        swapped = (
            (parents == index[1::-1]) & (steps == index[3:1:-1]) & (weights == want.weights[::-1])
        )
        assert (as_is.all(axis=0) | swapped.all(axis=0)).all(), d


def walled_hills(width: int, height: int) -> GridMap:
    """Rooms with doorways, hills and ridges, a few wall lines: every rule at work."""
    rng = np.random.default_rng(7)
    elevation = rng.integers(0, 2, size=(height, width)).astype(np.int16)
    elevation[10:14, 20:26] = 4
    elevation[30:32, 5:40] = 3
    elevation[5:40, 50] = 6
    grid = GridMap(width, height, elevation=elevation)
    for x0, y0, x1, y1 in [(3, 3, 15, 12), (30, 5, 44, 20), (8, 36, 30, 44), (55, 25, 66, 40)]:
        for x in range(x0, x1):
            if x != x0 + 3:
                grid.set_wall((x, y0 - 1), (x, y0), Wall())
            grid.set_wall((x, y1 - 1), (x, y1), Wall(door=True, open=x % 5 == 0))
        for y in range(y0, y1):
            grid.set_wall((x0 - 1, y), (x0, y), Wall())
            if y != y0 + 2:
                grid.set_wall((x1 - 1, y), (x1, y), Wall())
    return grid


@pytest.mark.usefixtures("quartered")
def test_many_viewers_among_walls_and_hills_see_what_they_saw() -> None:
    grid = walled_hills(70, 48)
    viewers = [Viewer((c, r)) for c in range(0, 70, 9) for r in range(1, 48, 11)]
    viewers += [Viewer((69, 47)), Viewer((0, 47), 12), Viewer((35, 24), 20), Viewer((52, 30))]
    masks = sight_masks(grid)
    looked = look_together(masks, viewers)
    for viewer, (seen, _) in zip(viewers, looked, strict=True):
        want = expected(grid, [viewer])
        assert (seen.reshape(50, 72)[1:-1, 1:-1] == want).all(), viewer
    assert (visible_squares(grid, viewers) == expected(grid, viewers)).all()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(open_maps())
def test_quartered_tables_see_what_the_first_implementation_saw(
    drawn: tuple[GridMap, list[Viewer]],
) -> None:
    grid, viewers = drawn
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sight_kernel, "_kernel", None)
        patch.setattr(sight_kernel, "_failed", "off for this test")
        patch.setattr(sight_one, "QUARTERS", 0)
        patch.setattr(sight, "_ALONE", 0)
        try:
            seen = visible_squares(grid, viewers)
        finally:
            sight._CACHES.clear()
    assert (seen == expected(grid, viewers)).all()


@pytest.mark.usefixtures("numpy_path")
def test_a_corner_viewer_of_the_largest_map_keeps_under_20_mb_of_tables() -> None:
    """Whole tables for its 1,023 rings were 117 MB (28 bytes a ring square)."""
    grid = GridMap(1024, 1024)
    corner = visible_squares(grid, [Viewer((0, 0))])
    assert corner.all()
    assert sight_rings.kept_bytes() < 20_000_000


@pytest.mark.usefixtures("numpy_path")
def test_a_party_on_the_largest_map_peaks_under_60_mb_without_the_kernel() -> None:
    """A party of six spread over an open 1024 x 1024 map, its masks made before: the
    tables, the arrays the numpy path reads, the viewers' masks (145 MB before)."""
    grid = GridMap(1024, 1024)
    party = [
        Viewer((c, r))
        for c, r in [(0, 0), (1023, 40), (512, 512), (100, 900), (700, 300), (1000, 1023)]
    ]
    sight.cached_sight_masks(grid)
    tracemalloc.start()
    try:
        seen = visible_squares(grid, party)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert seen.all()
    assert peak < 60 * 2**20
