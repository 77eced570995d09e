"""The band search's own pieces: which squares it numbers, their links, the buffers it
keeps between searches, and when the A* before it hands over.

The paths themselves are checked against networkx and the A* in
``test_straight_paths.py`` and ``tests/engine/test_movement_lazy.py``.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tactical.core import Encounter, GridMap, Terrain, Token, find_path
from tactical.core.movement import index_for
from tactical.core.movement.band import _Band, _Scratch, band_path
from tactical.core.movement.costs import DIRECTIONS
from tactical.core.movement.search import Blockers, cheapest_path

Square = tuple[int, int]


def cheb(a: Square, b: Square) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


@settings(max_examples=200, deadline=None)
@given(
    st.integers(1, 40),
    st.integers(1, 40),
    st.data(),
)
def test_the_band_numbers_exactly_the_squares_within_the_bound_and_links_neighbours(
    width: int, height: int, data: st.DataObject
) -> None:
    square = st.tuples(st.integers(0, width - 1), st.integers(0, height - 1))
    start, goal = data.draw(square), data.draw(square)
    bound = cheb(start, goal) + data.draw(st.integers(0, 30))
    (sc, sr), (gc, gr) = start, goal
    box = (
        max((sr + gr - bound) // 2, 0),
        min((sr + gr + bound) // 2 + 1, height),
        max((sc + gc - bound) // 2, 0),
        min((sc + gc + bound) // 2 + 1, width),
    )
    band = _Band(start, goal, bound, box, width)
    expected = [
        (c, r)
        for r in range(height)
        for c in range(width)
        if cheb(start, (c, r)) + cheb((c, r), goal) <= bound
    ]
    squares = list(zip(band.cols.tolist(), band.rows.tolist(), strict=True))
    assert squares == expected  # row by row, ascending
    assert band.at.tolist() == [r * width + c for c, r in expected]
    number = {sq: n for n, sq in enumerate(squares)}
    links = band.links(np.empty((band.count, 8), dtype=np.int32))
    for n, (c, r) in enumerate(squares):
        for d, (dc, dr) in enumerate(DIRECTIONS):
            assert links[n, d] == number.get((c + dc, r + dr), band.count)


def test_kept_buffers_answer_as_fresh_ones_after_a_larger_and_a_smaller_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One strip of squares: a search whose buffers were last used by a smaller one must
    still link every square (the buffers' row starts are put back after each search)."""
    monkeypatch.setattr(_Scratch, "_spare", [])
    grids = [GridMap(120, 120), GridMap(60, 1), GridMap(200, 1)]  # kept alive
    wide, short, long = (index_for(grid).layer(1) for grid in grids)
    assert band_path(wide, (0, 0), (119, 119), Blockers())
    assert len(_Scratch._spare) == 1  # kept
    assert band_path(short, (0, 0), (59, 0), Blockers()) == ([(c, 0) for c in range(60)], 59)
    assert band_path(long, (0, 0), (199, 0), Blockers()) == ([(c, 0) for c in range(200)], 199)


def test_the_buffers_of_a_band_too_large_to_hold_are_not_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(_Scratch, "_spare", [])
    monkeypatch.setattr("tactical.core.movement.band._KEEP", 1000)
    grid = GridMap(100, 100)
    layer = index_for(grid).layer(1)
    assert band_path(layer, (0, 0), (99, 99), Blockers())
    assert _Scratch._spare == []
    assert band_path(layer, (0, 0), (20, 0), Blockers())  # a band of a few hundred squares
    assert len(_Scratch._spare) == 1


def test_the_a_star_with_a_pace_hands_over_on_rough_ground_but_not_on_open_ground() -> None:
    """All difficult ground: every step costs 2 while the estimate counts 1, so the A*
    fills the ground behind it; with a pace of 4 it gives up within a few hundred
    positions (False), and find_path's answer is the band's. On open ground it goes on."""
    terrain = np.full((40, 300), int(Terrain.DIFFICULT), dtype=np.uint8)
    rough = GridMap(300, 40, terrain=terrain)
    layer = index_for(rough).layer(1)
    start, goal = (0, 20), (299, 20)
    assert cheapest_path(layer, start, goal, Blockers(), pace=4) is False
    whole = cheapest_path(layer, start, goal, Blockers())
    assert whole and whole[1] == 598
    encounter = Encounter(map=rough, tokens=[Token(id="me", position=start)])
    assert find_path(encounter, "me", goal) == band_path(layer, start, goal, Blockers())
    open_ground = GridMap(300, 40)
    open_layer = index_for(open_ground).layer(1)
    found = cheapest_path(open_layer, start, goal, Blockers(), pace=4)
    assert found and found[1] == 299
