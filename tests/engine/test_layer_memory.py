"""A cost layer's memory follows the tiles computed: a drag on a freshly opened 1024 x 1024
map keeps the few pages round the token, not the layer's 8 MB (issue 32's peak once warm)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tactical.core import GridMap
from tactical.core.movement import index_for

STATUS = Path("/proc/self/status")


def resident_anon_mb() -> float:
    for line in STATUS.read_text().splitlines():
        if line.startswith("RssAnon:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no RssAnon line")  # pragma: no cover


@pytest.mark.skipif(not STATUS.exists(), reason="reads the resident memory from Linux's /proc")
def test_a_drag_window_on_a_big_map_makes_only_its_tiles_resident() -> None:
    grid = GridMap(1024, 1024)
    grid.elevation[:] = np.random.default_rng(1).integers(0, 3, (1024, 1024))
    index = index_for(grid)
    before = resident_anon_mb()
    layer = index.layer(1, whole=False)
    layer.ensure((500, 530, 500, 530))  # a token's reach of a few squares
    grown = resident_anon_mb() - before
    assert grown < 3, grown  # 8.4 MB when the layer's bytes were zeroed whole
    assert isinstance(layer.buffer[8 * 0 + 500 * 1024 + 500], int)  # the A*'s bytes
    assert layer.costs[:, 500:530, 500:530].any()
