"""The per-grid movement index: one per grid, dropped with it, updated only where edited."""

import gc

import numpy as np

from tactical.core import GridMap, Terrain
from tactical.core.movement import index_for
from tactical.core.movement.costs import BLOCKED
from tactical.core.movement.index import _INDEXES


def test_one_index_per_grid_and_it_goes_with_the_grid() -> None:
    grid = GridMap(5, 5)
    index = index_for(grid)
    assert index_for(grid) is index
    assert index_for(grid.copy()) is not index
    key = id(grid)
    del grid, index
    gc.collect()
    assert key not in _INDEXES


def test_painting_one_square_dirties_one_tile_and_a_small_window() -> None:
    grid = GridMap(100, 100)
    index = index_for(grid)
    layer = index.layer(1)
    regions = index.region_index(1)
    regions.region(0, 0)
    before = layer.costs.copy()
    grid.set_square((50, 50), terrain=Terrain.IMPASSABLE)
    assert regions.dirty == {(1, 1)}
    changed = np.argwhere((layer.costs != before).any(axis=0))
    assert {(int(c), int(r)) for r, c in changed} == {
        (c, r) for c in (49, 50, 51) for r in (49, 50, 51) if (c, r) != (50, 50)
    }
    # Every step into the painted square is now blocked; leaving it is not.
    assert layer.costs[0, 50, 49] == BLOCKED
    assert layer.costs[0, 50, 50] == 1


def test_edits_keep_larger_token_layers_in_step() -> None:
    grid = GridMap(12, 12)
    index = index_for(grid)
    ogre = index.layer(2)
    assert ogre.valid[5, 5]
    grid.set_square((6, 6), terrain=Terrain.IMPASSABLE)
    copy = grid.copy()
    fresh = index_for(copy).layer(2)
    assert not ogre.valid[5, 5] and not ogre.valid[6, 6]
    assert np.array_equal(ogre.costs, fresh.costs)
    assert np.array_equal(ogre.valid, fresh.valid)
