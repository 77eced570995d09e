"""Distances under the three metrics, with the seed examples."""

import pytest

from tactical.core import (
    Area,
    AreaMap,
    Encounter,
    EngineError,
    GridMap,
    Token,
    distance,
    encounter_distance,
    polygon_from_points,
    token_distance,
)


def test_seed_001_line_38_seven_west_four_north_is_seven() -> None:
    # 001 line 38: "if a square is 7 squares to the "west" and 4 squares to the
    # "north", it is 7 squares away".
    assert distance((10, 10), (3, 6)) == 7
    assert distance((3, 6), (10, 10), "chebyshev") == 7


def test_seed_001_line_37_adjacent_is_one_and_their_neighbours_two() -> None:
    assert distance((5, 5), (6, 6)) == 1
    assert distance((5, 5), (7, 6)) == 2
    assert distance((5, 5), (5, 5)) == 0


def test_seed_003_line_31_diagonal_neighbour_is_two_orthogonally() -> None:
    # 003 line 31: "if the target is in a diagonally adjacent square, you need to
    # move one horizontal and one vertical, and so the distance is two."
    grid = GridMap(4, 4)
    assert distance((1, 1), (2, 2), "orthogonal", grid=grid) == 2


def test_seed_003_line_31_climbing_counts_and_jumping_down_is_free() -> None:
    # "If the target is higher, the number of turns it would take to climb to that
    # height is included ... If the target is lower, there is no distance cost".
    grid = GridMap.from_text("0 0 0 3")
    assert distance((0, 0), (3, 0), "orthogonal", grid=grid) == 3 + 3
    assert distance((3, 0), (0, 0), "orthogonal", grid=grid) == 3


def test_orthogonal_goes_around_a_hill_when_that_is_shorter() -> None:
    grid = GridMap.from_text(
        """
        0 0 0
        0 9 0
        0 0 0
        """
    )
    # Over the hill: 2 steps + 9 climbed; around it: 4 steps.
    assert distance((1, 0), (1, 2), "orthogonal", grid=grid) == 4


def test_orthogonal_counts_a_climb_on_the_way_even_to_a_low_target() -> None:
    grid = GridMap.from_text("0 5 0")
    assert distance((0, 0), (2, 0), "orthogonal", grid=grid) == 2 + 5


def test_orthogonal_needs_the_map() -> None:
    with pytest.raises(EngineError, match="grid="):
        distance((0, 0), (1, 1), "orthogonal")


def test_feet_multiplies_squares_by_the_square_size() -> None:
    assert distance((0, 0), (3, 1), "feet", grid=GridMap(5, 5)) == 15
    assert distance((0, 0), (3, 1), "feet", grid=GridMap(5, 5, square_feet=10)) == 30
    assert distance((0, 0), (3, 1), "feet") == 15


def test_unknown_metric_is_refused() -> None:
    with pytest.raises(EngineError, match="unknown metric"):
        distance((0, 0), (1, 1), "hex")  # type: ignore[arg-type]


def test_encounter_distance_follows_the_encounter_metric() -> None:
    grid = GridMap.from_text("0 0 0\n0 0 2")
    encounter = Encounter(map=grid, metric="orthogonal")
    assert encounter_distance(encounter, (0, 0), (2, 1)) == 3 + 2
    encounter.metric = "chebyshev"
    assert encounter_distance(encounter, (0, 0), (2, 1)) == 2


def test_encounter_distance_on_an_area_map_counts_hops() -> None:
    square = [(0, 0), (1, 0), (1, 1), (0, 1)]
    areas = [
        Area(f"a{i}", f"A{i}", polygon_from_points([(x + i, y) for x, y in square]))
        for i in range(3)
    ]
    encounter = Encounter(map=AreaMap(areas))
    assert encounter_distance(encounter, "a0", "a2") == 2
    assert encounter_distance(encounter, "a1", "a1") == 0


def test_token_distance_uses_the_nearest_squares_of_large_tokens() -> None:
    encounter = Encounter(
        map=GridMap(10, 10),
        tokens=[
            Token(id="ogre", position=(0, 0), size=2),
            Token(id="hero", side="pcs", position=(5, 1)),
            Token(id="away", side="pcs"),
        ],
    )
    assert token_distance(encounter, "ogre", "hero") == 4
    assert token_distance(encounter, "ogre", "away") is None
