"""The real imagix room: the window in its middle wall lets the party see the far room."""

from __future__ import annotations

from tactical.core.sight import Viewer, visible_squares
from tactical.persistence.foreign import import_map
from tests.realdata import RealData


def test_a_pc_beside_the_window_sees_through_it_into_the_far_room(real_data: RealData) -> None:
    encounter, _ = import_map(real_data("uvtt/dd-imagix-sampleMap.dd2vtt"))
    grid = encounter.grid
    assert grid is not None
    # The middle wall runs along x = 5; its window spans y 7.62 .. 8.38, narrower than a
    # square and between two lines of centres: only the diagonal through it is open.
    mask = visible_squares(grid, [Viewer((4, 8))])
    assert mask[7, 5] and mask[7, 6]
    # Straight east the centre line meets the wall piece below the window.
    assert not mask[8, 5]
    # Beyond the wall, away from the window's fan, the far room stays unseen.
    assert not mask[3, 6] and not mask[8, 8]
