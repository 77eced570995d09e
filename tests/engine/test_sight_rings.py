"""The numpy path's ring tables: small, dropped once the kernel answers, bounded meanwhile.

The squares they give are checked elsewhere: ``test_sight_reference.py`` runs both sight
paths against the rule's first implementation.
"""

from __future__ import annotations

import numpy as np
import pytest

from tactical.core import sight_kernel, sight_rings
from tactical.core.grid import MAX_SIDE
from tactical.core.sight import Viewer, visible_squares
from tactical.core.sight_rings import index_dtype, largest_index, tables
from tests import numba_switch
from tests.engine.test_sight_kernel import expected, walled_hill


@pytest.fixture
def no_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    """No ring tables kept (the process's own are put back afterwards)."""
    monkeypatch.setattr(sight_rings, "_TABLES", {})


def shape(width: int, height: int) -> tuple[int, int]:
    """``tables``' padded width and cells of a ``width`` x ``height`` map."""
    return width + 2, (width + 2) * (height + 2)


@numba_switch.needs_numba
@pytest.mark.usefixtures("no_tables")
def test_the_tables_are_dropped_once_the_kernel_is_ready(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sight_kernel, "_kernel", None)  # as at start-up
    monkeypatch.setattr(sight_kernel, "_failed", None)
    grid = walled_hill()
    viewers = [Viewer((0, 0))]
    assert (visible_squares(grid, viewers) == expected(grid, viewers)).all()
    assert sight_rings.kept_bytes() > 0  # the numpy path answered and kept its tables
    assert sight_kernel.warm(), sight_kernel.failed()
    assert sight_rings.kept_bytes() == 0
    assert not sight_rings._TABLES


@pytest.mark.usefixtures("no_tables")
def test_a_ring_square_takes_28_bytes() -> None:
    kept = tables(40, *shape(60, 50))
    squares = sum(8 * d for d in range(1, 41))
    assert sight_rings.kept_bytes() == 28 * squares
    assert {t.index.dtype for t in kept} == {np.dtype(np.int32)}


@pytest.mark.usefixtures("no_tables")
def test_other_shapes_are_kept_only_while_their_tables_are_small(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    small, other, big = shape(10, 10), shape(12, 12), shape(80, 80)
    tables(5, *small)
    monkeypatch.setattr(sight_rings, "_KEEP_BYTES", 3 * sight_rings.kept_bytes())
    tables(5, *other)
    assert list(sight_rings._TABLES) == [small, other]  # under the bound: both kept
    tables(40, *big)
    assert list(sight_rings._TABLES) == [big]  # the shape in use is kept whatever its size
    tables(5, *small)
    assert list(sight_rings._TABLES) == [small]


def test_the_largest_maps_indices_fit_int32() -> None:
    """Worked out, not allocated: a corner viewer of the largest map."""
    for width, height in [(MAX_SIDE, MAX_SIDE), (MAX_SIDE, 1), (1, MAX_SIDE)]:
        padded_width, cells = shape(width, height)
        far = max(width, height) - 1
        # the largest step (7) read for the farthest square from the viewer
        assert largest_index(padded_width, cells) == 7 * cells + far * padded_width + far + cells
        assert largest_index(padded_width, cells) <= np.iinfo(np.int32).max
        assert index_dtype(padded_width, cells) is np.int32


def test_a_shape_past_int32_gets_int64_indices() -> None:
    assert index_dtype(*shape(20_000, 20_000)) is np.int64


@pytest.mark.usefixtures("no_tables")
@pytest.mark.parametrize("width, height", [(1, 2), (7, 3), (3, 9), (12, 12), (30, 1)])
def test_every_index_kept_is_within_the_bound(width: int, height: int) -> None:
    padded_width, cells = shape(width, height)
    kept = tables(max(width, height) - 1, padded_width, cells)
    largest = max((int(np.abs(t.index.astype(np.int64)).max()) for t in kept), default=0)
    assert largest <= largest_index(padded_width, cells)
