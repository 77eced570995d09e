"""A big party's sight on a big map (issue 32): the compiled kernel works viewers out a few
at a time and packs each one's squares before the next, so a party of 100 on 1024 x 1024
no longer holds a whole-map mask per viewer at once (100 MB, kept by the allocator)."""

from __future__ import annotations

import tracemalloc

import pytest

from tactical.core import sight
from tactical.core.grid import GridMap, Wall
from tactical.core.sight import Viewer, visible_squares
from tactical.core.sight_kernel import warm
from tests import numba_switch


@numba_switch.needs_numba
def test_a_party_of_forty_on_a_big_map_holds_a_few_viewers_masks_at_once() -> None:
    assert _party_peak_in_masks(40) < 28  # all forty at once: 45


@numba_switch.needs_numba
@pytest.mark.parametrize(("party", "most"), [(6, 4.5), (40, 10)])
def test_each_viewer_s_mask_is_packed_on_the_thread_that_worked_it_out(
    party: int, most: float
) -> None:
    """A viewer's whole-map mask lives only while the thread that worked it out packs it:
    two at once (a thread each), with the union and the answer, not the batch's eight (the
    party's sight asked on 1024 x 1024 took 14 MB at its peak, now 9; issue 32)."""
    assert _party_peak_in_masks(party) < most  # before: 6.8 and 19.7


def test_a_party_bigger_than_the_sight_kept_keeps_only_the_latest_viewers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A party of 2,500 on 1024 x 1024 kept every viewer's sight (330 MB) after a reveal: the
    map keeps the latest ``_KEEP`` and still answers the whole party's squares."""
    monkeypatch.setattr(sight, "_KEEP", 3)
    grid = GridMap(40, 30)
    for row in range(30):  # a wall down column 20: each side sees only its half
        grid.set_wall((19, row), (20, row), Wall())
    party = [Viewer((2 + 2 * i, 3 + i)) for i in range(8)] + [Viewer((30, 10))]
    try:
        seen = visible_squares(grid, party)
        kept = sight._cache_for(grid).views
        assert list(kept) == party[-3:]  # the latest asked
        assert seen.all()  # both halves: the last viewer's and the eight before it
        again = visible_squares(grid, party)  # the others worked out again
        assert (again == seen).all()
        assert len(sight._cache_for(grid).views) == 3
        alone = visible_squares(grid, party[:8])
        assert alone[:, :20].all() and not alone[:, 20:].any()
    finally:
        sight._CACHES.clear()


def _party_peak_in_masks(party: int) -> float:
    """The traced peak of asking a party's sight on an open 512 x 512 map, in viewers'
    whole-map masks (514 x 514 with the border, a byte each)."""
    assert warm()  # loaded (or compiled) once; big maps use it
    grid = GridMap(512, 512)
    viewers = [Viewer((6 + 12 * i, 4 + 11 * i)) for i in range(party)]
    visible_squares(grid, viewers[:1])  # the map's sight masks made and kept
    tracemalloc.start()
    try:
        seen = visible_squares(grid, viewers)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
        sight._CACHES.clear()
    assert seen.all()  # an open map: every square seen
    return peak / (514 * 514)
