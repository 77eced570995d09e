"""A door or window cut into a wall (Dungeondraft's way) lets steps and sight through its ends."""

from __future__ import annotations

from tactical.core import Encounter, GridMap, Token, find_path, reachable
from tactical.core.openings import trimmed_at_openings
from tactical.core.sight import Viewer, visible_squares
from tactical.core.wall_lines import WallLine

# A wall along x = 2 on a 4 x 4 map, cut for a one-square door centred on the grid
# point (2, 2): the door runs from (2, 1.5) to (2, 2.5), so both its ends lie on lines
# of square centres, where the wall pieces beside it end too.
ABOVE = WallLine((2, 0), (2, 1.5))
BELOW = WallLine((2, 2.5), (2, 4))


def cut_wall(door: WallLine) -> GridMap:
    return GridMap(4, 4, wall_lines=[ABOVE, door, BELOW])


def seen_from(grid: GridMap, square: tuple[int, int]) -> set[tuple[int, int]]:
    mask = visible_squares(grid, [Viewer(square)])
    return {(c, r) for r in range(grid.height) for c in range(grid.width) if mask[r, c]}


def test_an_open_door_cut_into_a_wall_lets_a_token_walk_straight_through() -> None:
    grid = cut_wall(WallLine((2, 1.5), (2, 2.5), "door", open=True))
    encounter = Encounter(map=grid, tokens=[Token(id="me", side="pcs", position=(1, 1))])
    found = reachable(encounter, "me", 1)
    assert found == {
        (1, 1): 0,
        (0, 0): 1,
        (1, 0): 1,
        (0, 1): 1,
        (0, 2): 1,
        (1, 2): 1,
        (2, 1): 1,
        (2, 2): 1,
    }


def test_a_closed_door_cut_into_a_wall_still_stops_the_token() -> None:
    grid = cut_wall(WallLine((2, 1.5), (2, 2.5), "door"))
    encounter = Encounter(map=grid, tokens=[Token(id="me", side="pcs", position=(1, 1))])
    assert all(c < 2 for c, _ in reachable(encounter, "me", 9))


def test_sight_passes_an_open_door_and_a_window_straight_on_but_not_a_closed_door() -> None:
    beyond = {(2, 1), (2, 2), (3, 1), (3, 2)}
    for door in (
        WallLine((2, 1.5), (2, 2.5), "door", open=True),
        WallLine((2, 1.5), (2, 2.5), "window"),
    ):
        assert beyond <= seen_from(cut_wall(door), (0, 1)), door
    closed = seen_from(cut_wall(WallLine((2, 1.5), (2, 2.5), "door")), (0, 1))
    assert all(c < 2 for c, _ in closed)


def test_a_wall_corner_at_a_doors_end_keeps_its_joint() -> None:
    # A wall turns east at (2, 1.5) where the door begins: that end meets another
    # wall, so neither piece is shortened and no step slips through the corner.
    turn = WallLine((2, 1.5), (4, 1.5))
    door = WallLine((2, 1.5), (2, 2.5), "door", open=True)
    kept = trimmed_at_openings([ABOVE, turn, door, BELOW], lambda line: line.blocks_movement)
    assert kept[0] == ABOVE and kept[1] == turn
    assert kept[2].a[1] > 2.5  # the piece below meets only the door: pulled back


def test_opening_the_door_later_updates_the_steps_beside_its_ends() -> None:
    door = WallLine((2, 1.5), (2, 2.5), "door")
    grid = cut_wall(door)
    encounter = Encounter(map=grid, tokens=[Token(id="me", side="pcs", position=(1, 1))])
    assert (2, 1) not in reachable(encounter, "me", 1)  # the index is built, door closed
    grid.set_wall_line(1, WallLine(door.a, door.b, "door", open=True))
    assert reachable(encounter, "me", 1)[(2, 1)] == 1  # straight through, not round
    grid.set_wall_line(1, door)
    assert (2, 1) not in reachable(encounter, "me", 1)


def test_a_trimmed_wall_through_a_square_centre_still_closes_it_from_every_side() -> None:
    """Found by the reference test: a slanted wall beginning at an open door's end runs
    exactly through the centre of (0, 4); trimming its end must not open that square from
    one side only (a trim of TRIM / length rounded the wall a hair off the centre)."""
    door = WallLine((0, 0), (0, 2), "door", open=True)
    wall = WallLine((0, 2), (0.75, 5.75))
    trimmed = trimmed_at_openings([door, wall], lambda line: not line.open)
    assert trimmed[0].a != wall.a and trimmed[0].b == wall.b  # the door's end was trimmed
    grid = GridMap(2, 7, wall_lines=[wall, door])
    encounter = Encounter(map=grid, tokens=[Token(id="me", side="pcs", position=(0, 0))])
    found = reachable(encounter, "me", 20)
    assert (0, 4) not in found
    assert find_path(encounter, "me", (0, 4)) is None
    assert found[(0, 5)] == 7  # round by the other column and back up from (0, 6)
