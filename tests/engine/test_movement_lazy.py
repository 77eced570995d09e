"""The lazily built movement index and the kept blockers against a from-scratch answer.

The index computes its cost tiles when a question needs them and marks large
edits stale; the blockers of a mover are kept between questions and updated by
difference. Hypothesis draws multi-tile maps, edits (single squares and brush
strokes large enough to go stale), token moves and questions in between; every
answer must equal the one from a fresh index built whole, and the kept
blockers must equal the blockers rebuilt from every token.
"""

from __future__ import annotations

import sys
from itertools import pairwise

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tactical.core import Encounter, GridMap, Terrain, Token, Wall, find_path, reachable
from tactical.core.movement import blockers_for, index_for, moves
from tactical.core.movement.blocking import rebuilt_blockers

Square = tuple[int, int]


@st.composite
def scenes(draw: st.DrawFn) -> tuple[Encounter, list[tuple[str, object]]]:
    width = draw(st.integers(50, 80))
    height = draw(st.integers(50, 80))
    seed = draw(st.integers(0, 2**16))
    rng = np.random.default_rng(seed)
    elevation = rng.integers(-2, 4, (height, width)).astype(np.int16)
    terrain = rng.choice([0, 0, 0, 0, 1, 2], (height, width)).astype(np.uint8)
    grid = GridMap(width, height, elevation=elevation, terrain=terrain)
    for _ in range(draw(st.integers(0, 30))):
        c, r = int(rng.integers(0, width - 1)), int(rng.integers(0, height - 1))
        other = (c + 1, r) if rng.random() < 0.5 else (c, r + 1)
        grid.set_wall((c, r), other, Wall())
    encounter = Encounter(map=grid)
    for n in range(draw(st.integers(1, 12))):
        c, r = int(rng.integers(0, width - 2)), int(rng.integers(0, height - 2))
        size = 2 if n % 5 == 4 else 1
        side = "pcs" if n % 2 else "npcs"
        encounter.add_token(Token(id=f"t{n}", side=side, position=(c, r), size=size, speed=8))
    steps: list[tuple[str, object]] = [("ask", (8, 0, 0))]  # tiles computed before any edit
    for _ in range(draw(st.integers(1, 8))):
        kind = draw(st.sampled_from(["ask", "ask", "paint", "brush", "brush", "move"]))
        if kind in ("paint", "brush"):
            steps.append(
                (kind, (draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1))))
            )
        elif kind == "move":
            steps.append(
                (kind, (draw(st.integers(0, width - 2)), draw(st.integers(0, height - 2))))
            )
        else:
            steps.append(
                (
                    kind,
                    (
                        draw(st.integers(0, 30)),
                        draw(st.integers(0, width - 1)),
                        draw(st.integers(0, height - 1)),
                    ),
                )
            )
    return encounter, steps


def fresh_copy(encounter: Encounter) -> Encounter:
    grid = encounter.grid
    assert grid is not None
    tokens = [Token(**vars(t)) for t in encounter.tokens.values()]
    return Encounter(map=grid.copy(), tokens=tokens)


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenes())
def test_lazy_index_and_kept_blockers_answer_as_a_fresh_whole_index(
    scene: tuple[Encounter, list[tuple[str, object]]],
) -> None:
    encounter, steps = scene
    grid = encounter.grid
    assert grid is not None
    ids = list(encounter.tokens)
    for n, (kind, what) in enumerate(steps):
        if kind == "paint":
            grid.set_square(what, terrain=Terrain.IMPASSABLE if n % 2 else Terrain.OPEN)  # type: ignore[arg-type]
        elif kind == "brush":
            c, r = what  # type: ignore[misc]
            changes = {
                (x, y): (3, Terrain.DIFFICULT)
                for x in range(max(c - 60, 0), min(c + 60, grid.width))
                for y in range(max(r - 60, 0), min(r + 60, grid.height))
            }
            grid.set_squares(changes)
        elif kind == "move":
            encounter.token(ids[n % len(ids)]).position = what  # type: ignore[assignment]
        else:
            budget, gc, gr = what  # type: ignore[misc]
            fresh = fresh_copy(encounter)
            whole = index_for(fresh.grid)  # type: ignore[arg-type]
            for token_id in ids:
                token = encounter.token(token_id)
                assert blockers_for(encounter, token) == rebuilt_blockers(
                    encounter, token, encounter.tokens.values()
                )
                whole.layer(token.size)
                whole.region_index(token.size)
                assert reachable(encounter, token_id, budget) == reachable(fresh, token_id, budget)
                goal = (gc, gr)
                for limit in (budget, None):
                    ours = find_path(encounter, token_id, goal, budget=limit)
                    theirs = find_path(fresh, token_id, goal, budget=limit)
                    assert (ours is None) == (theirs is None)
                    assert ours is None or theirs is None or ours[1] == theirs[1]
    # after everything, the lazily kept layers equal layers built from scratch
    index = index_for(grid)
    final = fresh_copy(encounter)
    fresh_index = index_for(final.grid)  # type: ignore[arg-type]
    for size in (1, 2):
        assert np.array_equal(index.layer(size).costs, fresh_index.layer(size).costs)
        assert np.array_equal(index.layer(size).valid, fresh_index.layer(size).valid)


@st.composite
def long_questions(draw: st.DrawFn) -> tuple[Encounter, Square, int | None]:
    width = draw(st.integers(20, 70))
    height = draw(st.integers(20, 70))
    rng = np.random.default_rng(draw(st.integers(0, 2**16)))
    # Gentle ground (steps of one level are free), so paths cost close to their
    # Chebyshev length and the band's edges matter.
    elevation = rng.integers(0, 2, (height, width)).astype(np.int16)
    share = draw(st.sampled_from([0.05, 0.2, 0.35]))
    terrain = np.where(rng.random((height, width)) < share, 2, 0).astype(np.uint8)
    terrain[rng.random((height, width)) < 0.03] = 1
    grid = GridMap(width, height, elevation=elevation, terrain=terrain)
    for _ in range(draw(st.integers(0, 60))):
        c, r = int(rng.integers(0, width - 1)), int(rng.integers(0, height - 1))
        grid.set_wall((c, r), (c + 1, r) if rng.random() < 0.5 else (c, r + 1), Wall())
    size = draw(st.sampled_from([1, 1, 2]))
    tokens = [Token(id="me", side="pcs", position=(0, 0), size=size)]
    for n in range(draw(st.integers(0, 40))):
        at = (int(rng.integers(1, width)), int(rng.integers(1, height)))
        tokens.append(Token(id=f"t{n}", side="npcs" if n % 3 else "pcs", position=at))
    grid.set_square((0, 0), terrain=Terrain.OPEN)
    goal = (draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1)))
    budget = draw(st.one_of(st.none(), st.integers(0, 120)))
    return Encounter(map=grid, tokens=tokens), goal, budget


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(long_questions())
def test_the_band_search_finds_the_cost_of_the_a_star(
    case: tuple[Encounter, Square, int | None],
) -> None:
    from tactical.core.movement.band import band_path
    from tactical.core.movement.costs import DIRECTIONS
    from tactical.core.movement.search import cheapest_path

    encounter, goal, budget = case
    token = encounter.token("me")
    assert token.square is not None
    layer = index_for(encounter.grid).layer(token.size)  # type: ignore[arg-type]
    blockers = blockers_for(encounter, token)
    if not layer.valid[goal[1], goal[0]] or goal in blockers.no_stop or goal == token.square:
        return
    expected = cheapest_path(layer, token.square, goal, blockers, budget)
    found = band_path(layer, token.square, goal, blockers, budget)
    # what find_path runs for a long path: the A* while it goes well, then the band
    chosen = moves._search(layer, token.square, goal, blockers, budget, False)
    assert (chosen is None) == (expected is None)
    assert chosen is None or expected is None or chosen[1] == expected[1]
    assert found is not False
    assert (found is None) == (expected is None)
    if found is None or expected is None:
        return
    squares, cost = found
    assert cost == expected[1]
    assert squares[0] == token.square and squares[-1] == goal
    steps = {step: d for d, step in enumerate(DIRECTIONS)}
    total = 0
    for (ac, ar), (bc, br) in pairwise(squares):
        assert (bc, br) not in blockers.no_entry
        total += int(layer.costs[steps[(bc - ac, br - ar)], ar, ac])
    assert total == cost


def test_the_band_reaches_a_detour_far_off_the_straight_line() -> None:
    """A wall across the way with a dear gap on the straight line and a free way round
    20 rows away: the cheap detour lies well outside the box of the two ends, and must
    be found rather than the dear gap."""
    from tactical.core.movement.band import band_path
    from tactical.core.movement.search import Blockers, cheapest_path

    terrain = np.zeros((40, 41), dtype=np.uint8)
    terrain[5:16, 17:24] = int(Terrain.DIFFICULT)
    terrain[0:31, 20] = int(Terrain.IMPASSABLE)
    terrain[10, 20] = int(Terrain.DIFFICULT)
    grid = GridMap(41, 40, terrain=terrain)
    layer = index_for(grid).layer(1)
    expected = cheapest_path(layer, (0, 10), (40, 10), Blockers())
    found = band_path(layer, (0, 10), (40, 10), Blockers())
    assert expected is not None and found
    assert found[1] == expected[1] == 42  # type: ignore[index]
    assert max(row for _col, row in found[0]) >= 31  # type: ignore[index]


def test_without_scipy_a_long_path_is_still_found_by_the_a_star(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A build without scipy (a trimmed folder app) answers long paths with the A*."""
    from tactical.core.movement.band import band_path
    from tactical.core.movement.search import Blockers

    monkeypatch.setitem(sys.modules, "scipy.sparse", None)
    monkeypatch.setitem(sys.modules, "scipy.sparse.csgraph", None)
    terrain = np.zeros((40, 41), dtype=np.uint8)
    terrain[0:31, 20] = int(Terrain.IMPASSABLE)
    grid = GridMap(41, 40, terrain=terrain)
    layer = index_for(grid).layer(1)
    assert band_path(layer, (0, 10), (40, 10), Blockers()) is False
    encounter = Encounter(map=grid, tokens=[Token(id="me", position=(0, 10))])
    found = find_path(encounter, "me", (40, 10))
    assert found is not None and found[1] == 42
