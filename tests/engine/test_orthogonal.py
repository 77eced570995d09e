"""The fast orthogonal (003) distance against a plain networkx graph written from the text.

003 (seed 003_8e8ef1bed4dcaaed.txt, line 31): "The distance is counted by taking
the shortest number of turns required to move, climb and/or jump down to the
target. Movement is only possible along horizontal or vertical axes ... If the
target is higher, the number of turns it would take to climb to that height is
included ... If the target is lower, there is no distance cost since jumping down
is a free action." The reference builds one directed edge per step to each of
the four neighbours, costing 1 plus the levels climbed (nothing for going down),
and lets networkx's Dijkstra answer. Hypothesis draws the maps, starts and goals,
and edits between questions (which must drop every cached answer).
"""

from __future__ import annotations

import sys
from pathlib import Path

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tactical.core import (
    EngineError,
    GridMap,
    distance,
    orthogonal_distance,
    orthogonal_distances_from,
    orthogonal_field,
)

Square = tuple[int, int]


def reference_graph(grid: GridMap) -> nx.DiGraph:
    graph = nx.DiGraph()
    for col, row in grid.squares():
        here = grid.elevation_at((col, row))
        for nc, nr in ((col + 1, row), (col - 1, row), (col, row + 1), (col, row - 1)):
            if grid.in_bounds((nc, nr)):
                climb = max(0, grid.elevation_at((nc, nr)) - here)
                graph.add_edge((col, row), (nc, nr), weight=1 + climb)
    graph.add_nodes_from(grid.squares())
    return graph


def reference(grid: GridMap, a: Square) -> dict[Square, int]:
    return nx.single_source_dijkstra_path_length(reference_graph(grid), a)  # type: ignore[no-any-return]


@st.composite
def maps(draw: st.DrawFn, max_side: int = 12) -> GridMap:
    width = draw(st.integers(1, max_side))
    height = draw(st.integers(1, max_side))
    top = draw(st.sampled_from([0, 1, 3, 9, 40]))
    cells = draw(st.lists(st.integers(-3, top), min_size=width * height, max_size=width * height))
    return GridMap(width, height, elevation=np.array(cells).reshape(height, width))


@st.composite
def map_and_squares(draw: st.DrawFn) -> tuple[GridMap, Square, list[Square]]:
    grid = draw(maps())
    square = st.tuples(st.integers(0, grid.width - 1), st.integers(0, grid.height - 1))
    return grid, draw(square), draw(st.lists(square, min_size=1, max_size=6))


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(map_and_squares())
def test_every_answer_equals_dijkstra_on_the_four_neighbour_graph(
    case: tuple[GridMap, Square, list[Square]],
) -> None:
    grid, start, goals = case
    expected = reference(grid, start)
    # The first question is a one-off window search, the next ones read the field.
    for goal in goals:
        assert orthogonal_distance(grid, start, goal) == expected[goal]
        assert distance(start, goal, "orthogonal", grid=grid) == expected[goal]
    field = orthogonal_field(grid, start)
    assert {(c, r): int(field[r, c]) for c, r in grid.squares()} == expected


@settings(max_examples=150, deadline=None)
@given(map_and_squares(), st.data())
def test_an_edit_drops_the_cached_answers(
    case: tuple[GridMap, Square, list[Square]], data: st.DataObject
) -> None:
    grid, start, goals = case
    for goal in goals:  # ask twice so the field from ``start`` is cached
        orthogonal_distance(grid, start, goal)
        orthogonal_distance(grid, start, goal)
    col = data.draw(st.integers(0, grid.width - 1))
    row = data.draw(st.integers(0, grid.height - 1))
    grid.set_square((col, row), elevation=data.draw(st.integers(-3, 40)))
    expected = reference(grid, start)
    for goal in goals:
        assert orthogonal_distance(grid, start, goal) == expected[goal]


def test_a_long_question_on_a_hilly_map_equals_dijkstra() -> None:
    rng = np.random.default_rng(3)
    grid = GridMap(40, 30, elevation=rng.integers(-3, 9, (30, 40)))
    expected = reference(grid, (0, 0))
    for goal in [(39, 29), (39, 0), (0, 29), (20, 15), (1, 28)]:
        assert orthogonal_distance(grid, (0, 0), goal) == expected[goal]


def test_a_serpentine_of_cliffs_is_walked_round_not_climbed() -> None:
    # Cliffs of 50 levels leave a gap at alternating ends: the way winds up and
    # down the map several times, which the row sweeps must follow.
    rows = []
    for row in range(9):
        if row % 2:
            gap = 0 if row % 4 == 1 else 8
            rows.append(" ".join("0" if col == gap else "50" for col in range(9)))
        else:
            rows.append(" ".join("0" for _ in range(9)))
    grid = GridMap.from_text("\n".join(rows))
    turned = GridMap(9, 9, elevation=grid.elevation.T.copy())
    for g, goal in ((grid, (0, 8)), (turned, (8, 0))):
        expected = reference(g, (0, 0))
        assert orthogonal_distance(g, (0, 0), goal) == expected[goal] == 8 + 4 * 8


def test_distances_from_one_start_within_a_limit() -> None:
    grid = GridMap.from_text("0 0 0 3\n0 0 0 0")
    assert orthogonal_distances_from(grid, (0, 0), 2) == {
        (0, 0): 0,
        (1, 0): 1,
        (2, 0): 2,
        (0, 1): 1,
        (1, 1): 2,
    }
    everything = orthogonal_distances_from(grid, (0, 0))
    assert everything[(3, 0)] == 3 + 3
    assert len(everything) == 8


def test_the_field_is_read_only_so_no_caller_spoils_the_cache() -> None:
    field = orthogonal_field(GridMap(3, 3), (1, 1))
    with pytest.raises(ValueError):
        field[0, 0] = 99


def test_squares_off_the_map_are_refused() -> None:
    grid = GridMap(3, 3)
    with pytest.raises(EngineError, match="outside the map"):
        orthogonal_distance(grid, (0, 0), (3, 0))
    with pytest.raises(EngineError, match="outside the map"):
        orthogonal_field(grid, (-1, 0))


@pytest.mark.slow
def test_the_benchmark_prints_the_orthogonal_rows(capsys: pytest.CaptureFixture[str]) -> None:
    root = Path(__file__).resolve().parents[2]
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))
    from benchmarks import run

    assert run.main(["--size", "32", "--repeat", "2", "--no-cold", "--no-example"]) == 0
    measures = [line.split(" | ")[0].lstrip("| ") for line in capsys.readouterr().out.splitlines()]
    for expected in (
        "orthogonal distance, 30 squares (median of random pairs)",
        "orthogonal distance, corner to corner",
        "orthogonal ruler: 100 goals from one start (all)",
        "orthogonal distance, serpentine of cliffs (worst case)",
    ):
        assert expected in measures
