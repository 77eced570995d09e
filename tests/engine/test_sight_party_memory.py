"""A big party's sight on a big map (issue 32): the compiled kernel works viewers out a few
at a time and packs each one's squares before the next, so a party of 100 on 1024 x 1024
no longer holds a whole-map mask per viewer at once (100 MB, kept by the allocator)."""

from __future__ import annotations

import tracemalloc

from tactical.core import sight
from tactical.core.grid import GridMap
from tactical.core.sight import Viewer, visible_squares
from tactical.core.sight_kernel import warm
from tests import numba_switch


@numba_switch.needs_numba
def test_a_party_of_forty_on_a_big_map_holds_a_few_viewers_masks_at_once() -> None:
    assert warm()  # loaded (or compiled) once; big maps use it
    grid = GridMap(512, 512)
    viewers = [Viewer((6 + 12 * i, 4 + 11 * i)) for i in range(40)]
    visible_squares(grid, viewers[:1])  # the map's sight masks made and kept
    tracemalloc.start()
    try:
        seen = visible_squares(grid, viewers)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
        sight._CACHES.clear()
    assert seen.all()  # an open map: every square seen
    one_mask = 514 * 514  # a viewer's squares with the border, a byte each
    assert peak < 28 * one_mask, peak / one_mask  # all forty at once: 45
