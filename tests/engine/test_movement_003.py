"""Movement on an ``orthogonal`` (003) map: rows and columns only, climbing counted, drops free.

Every test quotes 003 ("Ranged attacks", the paragraph on distance) and asserts
the exact squares and costs a user sees in the drag preview.
"""

from __future__ import annotations

import networkx as nx
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from tactical.core import (
    Encounter,
    GridMap,
    MoveOptions,
    Token,
    Wall,
    find_path,
    orthogonal_distance,
    reachable,
)
from tactical.core.commands import PaintSquares, UndoStack
from tactical.core.wall_lines import WallLine

ONLY_ROWS_AND_COLUMNS = (
    "Movement is only possible along horizontal or vertical axes. So if the target is in a "
    "diagonally adjacent square, you need to move one horizontal and one vertical, and so the "
    "distance is two."
)
CLIMBING = (
    "If the target is higher, the number of turns it would take to climb to that height is "
    "included in counting the distance."
)
JUMPING_DOWN = (
    "If the target is lower, there is no distance cost since jumping down is a free action."
)


def on(grid: GridMap, at: tuple[int, int], metric: str = "orthogonal", size: int = 1) -> Encounter:
    return Encounter(
        map=grid,
        tokens=[Token(id="me", side="pcs", position=at, speed=6, size=size)],
        metric=metric,  # type: ignore[arg-type]
    )


def test_the_seed_sentences_are_quoted_from_003() -> None:
    from pathlib import Path

    seeds = Path(__file__).resolve().parents[2] / "shared" / "seeds"
    text_file = seeds / "003_8e8ef1bed4dcaaed.txt"
    if not text_file.exists():  # the seeds live beside the repository on the team's machines
        text_file = Path("/work/shared/seeds/003_8e8ef1bed4dcaaed.txt")
    if text_file.exists():
        text = " ".join(text_file.read_text(encoding="utf-8").split())
        for sentence in (ONLY_ROWS_AND_COLUMNS, CLIMBING, JUMPING_DOWN):
            assert sentence in text


def test_003_a_diagonal_neighbour_is_two_steps_away() -> None:
    # ONLY_ROWS_AND_COLUMNS
    encounter = on(GridMap(5, 5), (2, 2))
    assert reachable(encounter, "me", 1) == {(2, 2): 0, (1, 2): 1, (3, 2): 1, (2, 1): 1, (2, 3): 1}
    assert reachable(encounter, "me", 2) == {
        (c, r): abs(c - 2) + abs(r - 2)
        for c in range(5)
        for r in range(5)
        if abs(c - 2) + abs(r - 2) <= 2
    }
    path = find_path(encounter, "me", (3, 3))
    assert path is not None
    squares, cost = path
    assert cost == 2
    assert len(squares) == 3 and squares[0] == (2, 2) and squares[-1] == (3, 3)
    assert squares[1] in {(3, 2), (2, 3)}  # one horizontal and one vertical


def test_001_keeps_its_one_square_diagonal_on_chebyshev_maps() -> None:
    encounter = on(GridMap(5, 5), (2, 2), metric="chebyshev")
    assert reachable(encounter, "me", 1)[(3, 3)] == 1
    assert find_path(encounter, "me", (3, 3)) == ([(2, 2), (3, 3)], 1)
    # 004's feet metric counts Chebyshev squares too: 001's costs.
    assert find_path(on(GridMap(5, 5), (2, 2), metric="feet"), "me", (3, 3)) == (
        [(2, 2), (3, 3)],
        1,
    )


def test_003_each_level_climbed_is_counted() -> None:
    # CLIMBING: one step up one level is 2, up three levels is 4 (001 would say 1 and 3).
    encounter = on(GridMap.from_text("0 1 1 4"), (0, 0))
    assert reachable(encounter, "me", 9) == {(0, 0): 0, (1, 0): 2, (2, 0): 3, (3, 0): 7}
    assert find_path(encounter, "me", (3, 0)) == ([(0, 0), (1, 0), (2, 0), (3, 0)], 7)


def test_003_jumping_down_is_free_however_far() -> None:
    # JUMPING_DOWN: a 3-level drop costs the step only (001 would say 3).
    encounter = on(GridMap.from_text("3 0 0"), (0, 0))
    assert reachable(encounter, "me", 2) == {(0, 0): 0, (1, 0): 1, (2, 0): 2}
    path = find_path(encounter, "me", (1, 0))
    assert path == ([(0, 0), (1, 0)], 1)
    assert path.rolls == ()  # type: ignore[union-attr]
    # 001's descent roll means nothing here: the drop is free already, and no roll is asked.
    rolled = find_path(encounter, "me", (1, 0), MoveOptions(roll_descent=True))
    assert rolled == ([(0, 0), (1, 0)], 1)
    assert rolled.rolls == ()  # type: ignore[union-attr]
    # Back up is a climb: 1 + 3.
    encounter.token("me").position = (1, 0)
    assert find_path(encounter, "me", (0, 0)) == ([(1, 0), (0, 0)], 4)


def test_003_going_round_a_hill_is_cheaper_than_over_it() -> None:
    grid = GridMap.from_text(
        """
        0 0 0
        0 5 0
        0 0 0
        """
    )
    encounter = on(grid, (0, 1))
    assert find_path(encounter, "me", (2, 1)) is not None
    assert reachable(encounter, "me", 9)[(2, 1)] == 4  # round it (over it: 1 + 5 + 1)
    assert reachable(encounter, "me", 9)[(1, 1)] == 6  # on top of it: climb 5


def test_003_difficult_terrain_costs_nothing_extra() -> None:
    # Our choice: 003 knows no difficult terrain, so leaving it adds nothing.
    encounter = on(GridMap.from_text("0 0d 0"), (0, 0))
    assert reachable(encounter, "me", 9) == {(0, 0): 0, (1, 0): 1, (2, 0): 2}
    assert reachable(on(GridMap.from_text("0 0d 0"), (0, 0), "chebyshev"), "me", 9)[(2, 0)] == 3


def test_003_walls_and_impassable_squares_block_as_for_001() -> None:
    grid = GridMap.from_text("0 0 0\n0x 0 0")
    grid.set_wall((0, 0), (1, 0), Wall())
    encounter = on(grid, (0, 0))
    # The wall closes the only way out along the row; the square below is impassable,
    # and the diagonal under the wall's end is no step at all in 003.
    assert reachable(encounter, "me", 9) == {(0, 0): 0}
    assert find_path(encounter, "me", (1, 1)) is None
    grid.set_wall((0, 0), (1, 0), Wall(door=True, open=True))
    assert reachable(encounter, "me", 9) == {
        (0, 0): 0,
        (1, 0): 1,
        (2, 0): 2,
        (1, 1): 2,
        (2, 1): 3,
    }


def test_003_wall_lines_block_a_step_they_cross() -> None:
    grid = GridMap(3, 2, wall_lines=[WallLine((1.25, 0), (1.25, 1))])
    encounter = on(grid, (0, 0))
    # Along row 0 the line is in the way: round it through row 1.
    assert reachable(encounter, "me", 9) == {
        (0, 0): 0,
        (0, 1): 1,
        (1, 1): 2,
        (2, 1): 3,
        (1, 0): 3,
        (2, 0): 4,
    }
    assert find_path(encounter, "me", (1, 0)) == ([(0, 0), (0, 1), (1, 1), (1, 0)], 3)


def test_003_a_large_token_moves_by_rows_and_columns_too() -> None:
    encounter = on(GridMap.from_text("0 0 0\n0 0 0\n0 0 2"), (0, 0), size=2)
    # One step right puts its bottom-right square on the +2 square: climbing 2 costs 3.
    assert reachable(encounter, "me", 9) == {(0, 0): 0, (1, 0): 1, (0, 1): 1, (1, 1): 4}


def test_003_costs_follow_an_edit_of_the_map() -> None:
    grid = GridMap(3, 1)
    encounter = on(grid, (0, 0))
    assert reachable(encounter, "me", 9)[(2, 0)] == 2
    stack = UndoStack(encounter)
    stack.push(PaintSquares([(1, 0)], elevation=3))
    assert reachable(encounter, "me", 9) == {(0, 0): 0, (1, 0): 4, (2, 0): 5}
    stack.undo()
    assert reachable(encounter, "me", 9)[(2, 0)] == 2


def _reference(grid: GridMap, start: tuple[int, int]) -> dict[tuple[int, int], int]:
    """003 written out as a graph: four neighbours, a step costs 1 plus the levels climbed."""
    graph = nx.DiGraph()
    for row in range(grid.height):
        for col in range(grid.width):
            for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                c, r = col + dc, row + dr
                if 0 <= c < grid.width and 0 <= r < grid.height:
                    rise = int(grid.elevation[r, c]) - int(grid.elevation[row, col])
                    graph.add_edge((col, row), (c, r), weight=1 + max(rise, 0))
    return dict(nx.single_source_dijkstra_path_length(graph, start))


@settings(max_examples=30, deadline=None)
@given(
    st.integers(2, 7),
    st.integers(2, 7),
    st.data(),
)
def test_003_costs_match_the_rule_and_the_ruler(
    width: int, height: int, data: st.DataObject
) -> None:
    levels = data.draw(
        st.lists(st.integers(0, 4), min_size=width * height, max_size=width * height)
    )
    grid = GridMap(width, height)
    grid.elevation[:, :] = np.array(levels, dtype=grid.elevation.dtype).reshape(height, width)
    start = (data.draw(st.integers(0, width - 1)), data.draw(st.integers(0, height - 1)))
    expected = _reference(grid, start)
    found = reachable(on(grid, start), "me", 40)
    assert found == {s: c for s, c in expected.items() if c <= 40}
    # On open ground a move costs what the ruler measures (003's orthogonal distance),
    # and the path search (A* guided by the Manhattan distance) finds the same cost.
    encounter = on(grid, start)
    for square, cost in found.items():
        assert orthogonal_distance(grid, start, square) == cost
        path = find_path(encounter, "me", square)
        assert path is not None and path[1] == cost
