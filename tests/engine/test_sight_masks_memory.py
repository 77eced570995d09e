"""What a big map's sight keeps between questions (issue 32): the walls as one byte a square
and the heights as int16, which the compiled loop reads as they are, with their transposed
copies; the numpy path's eight bool masks and float32 heights only if that path asks."""

from __future__ import annotations

import tracemalloc

import numpy as np
import pytest

from tactical.core import sight
from tactical.core import sight_masks as sight_masks_module
from tactical.core.grid import GridMap, Wall
from tactical.core.sight import Viewer, visible_squares
from tactical.core.sight_kernel import warm
from tactical.core.sight_masks import sight_masks
from tests import numba_switch


@numba_switch.needs_numba
def test_a_big_maps_sight_keeps_six_bytes_a_square() -> None:
    assert warm()  # loaded (or compiled) once; big maps use it
    grid = GridMap(512, 512)
    grid.elevation[100:200, 100:200] = 5  # a hill: the heights are read across too
    grid.set_wall((20, 20), (21, 20), Wall())
    tracemalloc.start()
    try:
        seen = visible_squares(grid, [Viewer((10, 10))])
        del seen
        kept = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
        sight._CACHES.clear()
    cells = 514 * 514
    assert kept < 8 * cells, kept / cells  # 18 bytes a square with the bool masks kept


def test_the_numpy_paths_masks_are_made_from_the_kept_bytes() -> None:
    grid = GridMap(9, 7)
    grid.elevation[3, 4] = 4
    grid.set_wall((2, 1), (2, 2), Wall())
    masks = sight_masks(grid)
    assert masks.bits.dtype == np.uint8 and masks.bits.shape == (11 * 9,)
    assert masks.levels.dtype == np.int16
    enter = masks.enter.reshape(8, 9, 11)
    assert enter[:, 0, :].all() and enter[:, :, 0].all()  # the padding: never entered
    assert enter[2, 3, 3] and not enter[2, 3, 4]  # south into (2, 2) crosses the wall
    elevation = masks.elevation.reshape(9, 11)
    assert elevation[4, 5] == 4 and elevation[0, 0] == -1e6


def test_the_corner_rule_worked_out_by_bands_closes_the_same_corners(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rng = np.random.default_rng(7)
    grid = GridMap(23, 17)
    for _ in range(150):
        col, row = int(rng.integers(0, 22)), int(rng.integers(0, 16))
        other = (col + 1, row) if rng.integers(0, 2) else (col, row + 1)
        grid.set_wall((col, row), other, Wall())
    whole = sight_masks(grid)  # one band: the reference test's rule
    monkeypatch.setattr(sight_masks_module, "_BAND", 3)
    banded = sight_masks(grid)
    assert np.array_equal(whole.bits, banded.bits)
    assert whole.enter[4:].any()  # some diagonal closed at a corner
