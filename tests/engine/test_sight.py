"""What the party sees: walls, wall lines, windows, higher ground, ranges, the union."""

from __future__ import annotations

import numpy as np

from tactical.core.commands import UndoStack
from tactical.core.commands.fog import party_sight, reveal_party_sight
from tactical.core.encounter import Encounter
from tactical.core.fog import Fog
from tactical.core.grid import GridMap, Wall
from tactical.core.sight import Viewer, sight_masks, visible_squares
from tactical.core.tokens import Token
from tactical.core.wall_lines import WallLine


def picture(mask: np.ndarray) -> str:
    """The mask as rows of ``#`` (seen) and ``.`` (not seen)."""
    return "\n".join("".join("#" if v else "." for v in row) for row in mask)


def rows(text: str) -> str:
    return "\n".join(line.strip() for line in text.strip().splitlines())


def test_an_open_map_is_all_seen() -> None:
    grid = GridMap(7, 5)
    assert visible_squares(grid, [Viewer((3, 2))]).all()


def test_the_union_of_two_pcs_round_a_wall() -> None:
    # A wall along x = 4 from the top down to y = 4 splits the room; a gap below it.
    grid = GridMap(8, 5)
    for row in range(4):
        grid.set_wall((3, row), (4, row), Wall())
    tokens = [
        Token("ann", side="pcs", position=(1, 1)),
        Token("bob", side="pcs", position=(6, 1)),
        Token("orc", side="npcs", position=(6, 3)),
    ]
    encounter = Encounter(grid, tokens, fog=Fog(enabled=True))
    ann = visible_squares(grid, [Viewer((1, 1))])
    assert picture(ann) == rows("""
        ####....
        ####....
        ####....
        ####....
        #####...
    """)
    both = party_sight(encounter)
    assert picture(both) == rows("""
        ########
        ########
        ########
        ########
        ########
    """)
    assert (both == (ann | visible_squares(grid, [Viewer((6, 1))]))).all()
    stack = UndoStack(encounter)
    command = reveal_party_sight(encounter)
    assert command is not None
    stack.push(command)
    assert encounter.fog.mask(grid).all()
    assert reveal_party_sight(encounter) is None  # nothing new to reveal
    stack.undo()
    assert not encounter.fog.mask(grid).any()


def test_sight_over_a_plus_2_ridge() -> None:
    grid = GridMap.from_text("""
        0 0 0 2 0 0 1
        0 0 0 2 0 0 1
        0 0 0 2 0 0 1
        0 0 0 2 0 0 5
        0 0 0 2 0 0 1
    """)
    # From level 0 the ridge is seen, the low ground behind it is not; a +1 square is
    # not hidden by a +2 ridge (2 is not 2 above it), nor is the +5 tower.
    assert picture(visible_squares(grid, [Viewer((0, 2))])) == rows("""
        ####..#
        ####..#
        ####..#
        ####..#
        ####..#
    """)
    # A viewer on the ridge sees everything; one at +1 sees over it too.
    assert visible_squares(grid, [Viewer((3, 2))]).all()
    grid.set_square((0, 2), elevation=1)
    assert visible_squares(grid, [Viewer((0, 2))]).all()


def test_a_wall_line_blocks_sight_and_a_window_does_not() -> None:
    grid = GridMap(9, 5)
    grid.set_wall_line(0, WallLine((4.0, -1.0), (4.0, 6.0)))
    behind = picture(visible_squares(grid, [Viewer((2, 2))]))
    assert behind == rows("""
        ####.....
        ####.....
        ####.....
        ####.....
        ####.....
    """)
    grid.set_wall_line(0, WallLine((4.0, -1.0), (4.0, 6.0), "window"))
    assert visible_squares(grid, [Viewer((2, 2))]).all()
    grid.set_wall_line(0, WallLine((4.0, -1.0), (4.0, 6.0), "door", open=True))
    assert visible_squares(grid, [Viewer((2, 2))]).all()
    grid.set_wall_line(0, WallLine((4.0, -1.0), (4.0, 6.0), "object"))
    assert picture(visible_squares(grid, [Viewer((2, 2))])) == behind


def test_a_slanted_wall_line_and_a_closed_door() -> None:
    grid = GridMap(6, 6)
    grid.set_wall_line(0, WallLine((0.0, 3.0), (3.0, 0.0)))  # cuts off the top-left corner
    seen = visible_squares(grid, [Viewer((4, 4))])
    assert not seen[0, 0] and not seen[1, 1] and not seen[0, 1]
    assert seen[2, 2] and seen[5, 5]
    door = GridMap(5, 1)
    door.set_wall((1, 0), (2, 0), Wall(door=True))
    assert picture(visible_squares(door, [Viewer((0, 0))])) == "##..."
    door.set_wall((1, 0), (2, 0), Wall(door=True, open=True))
    assert picture(visible_squares(door, [Viewer((0, 0))])) == "#####"


def test_sight_range_in_squares() -> None:
    grid = GridMap(9, 9)
    seen = visible_squares(grid, [Viewer((4, 4), 2)])
    assert picture(seen) == rows("""
        .........
        .........
        ..#####..
        ..#####..
        ..#####..
        ..#####..
        ..#####..
        .........
        .........
    """)
    token = Token("ann", side="pcs", position=(4, 4), figures={"sight": 1})
    encounter = Encounter(grid, [token], fog=Fog(enabled=True))
    assert int(party_sight(encounter).sum()) == 9


def test_masks_follow_edits() -> None:
    grid = GridMap(4, 1)
    masks = sight_masks(grid)
    assert masks.enter.shape == (8, 3 * 6)
    grid.set_wall((1, 0), (2, 0), Wall())
    assert picture(visible_squares(grid, [Viewer((0, 0))])) == "##.."
