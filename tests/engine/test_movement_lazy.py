"""The lazily built movement index and the kept blockers against a from-scratch answer.

The index computes its cost tiles when a question needs them and marks large
edits stale; the blockers of a mover are kept between questions and updated by
difference. Hypothesis draws multi-tile maps, edits (single squares and brush
strokes large enough to go stale), token moves and questions in between; every
answer must equal the one from a fresh index built whole, and the kept
blockers must equal the blockers rebuilt from every token.
"""

from __future__ import annotations

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tactical.core import Encounter, GridMap, Terrain, Token, Wall, find_path, reachable
from tactical.core.movement import blockers_for, index_for
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
