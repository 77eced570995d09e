"""The compact grid notation: ``GridMap.from_text`` and ``GridMap.to_text``."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tactical.core.grid import GridError, GridMap, Terrain


def test_reads_elevation_and_terrain_square_by_square() -> None:
    grid = GridMap.from_text(
        """
        0 0 2 2d
        -1 0x 1 3
        """
    )
    assert (grid.width, grid.height) == (4, 2)
    assert grid.elevation.tolist() == [[0, 0, 2, 2], [-1, 0, 1, 3]]
    assert grid.terrain_at((3, 0)) is Terrain.DIFFICULT
    assert grid.terrain_at((1, 1)) is Terrain.IMPASSABLE
    assert grid.terrain_at((0, 1)) is Terrain.OPEN
    assert grid.elevation_at((0, 1)) == -1
    assert grid.walls == {}


def test_upper_case_suffixes_are_accepted_and_written_lower_case() -> None:
    grid = GridMap.from_text("1D 2X")
    assert grid.to_text() == "1d 2x"


def test_writes_the_same_notation_back() -> None:
    text = "0 0 2 2d\n-1 0x 1 3\n4 4 4d -2x"
    assert GridMap.from_text(text).to_text() == text


def test_square_feet_is_passed_through() -> None:
    assert GridMap.from_text("0", square_feet=10).square_feet == 10


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "the notation has no rows"),
        ("0 0 0\n0 0", "row 1 has 2 squares, the first row has 3"),
        ("0 2q", r"square \(1, 0\) '2q': terrain must be 'd' \(difficult\) or 'x' \(impassable\)"),
        ("0 d", r"square \(1, 0\) 'd' is not an elevation"),
        ("0 high", r"square \(1, 0\) 'high': terrain must be"),
    ],
)
def test_bad_notation_says_which_square(text: str, message: str) -> None:
    with pytest.raises(GridError, match=message):
        GridMap.from_text(text)


@given(
    st.integers(1, 8).flatmap(
        lambda width: st.lists(
            st.lists(
                st.tuples(st.integers(-1000, 1000), st.sampled_from(["", "d", "x"])),
                min_size=width,
                max_size=width,
            ),
            min_size=1,
            max_size=8,
        )
    )
)
def test_any_grid_round_trips_through_the_notation(rows: list[list[tuple[int, str]]]) -> None:
    text = "\n".join(" ".join(f"{e}{t}" for e, t in row) for row in rows)
    grid = GridMap.from_text(text)
    assert grid.to_text() == text
    assert np.array_equal(GridMap.from_text(grid.to_text()).terrain, grid.terrain)


def test_the_issues_example_row_square_by_square() -> None:
    """Issue 2's example ``0 0 2 2d -1 0x``: squares are (column, row), (0, 0) top left."""
    grid = GridMap.from_text("0 0 2 2d -1 0x\n1 1 1 1 1 1")
    assert (grid.width, grid.height) == (6, 2)
    assert [grid.elevation_at((col, 0)) for col in range(6)] == [0, 0, 2, 2, -1, 0]
    assert [grid.terrain_at((col, 0)) for col in range(6)] == [
        Terrain.OPEN,
        Terrain.OPEN,
        Terrain.OPEN,
        Terrain.DIFFICULT,
        Terrain.OPEN,
        Terrain.IMPASSABLE,
    ]
    assert grid.elevation_at((5, 1)) == 1  # column 5 of the second row
    assert grid.square_feet == 5  # the default size of a square in feet
    assert GridMap(3, 2).to_text() == "0 0 0\n0 0 0"
