"""Cover and obstruction by 001's perpendicular-line rule."""

from __future__ import annotations

import pytest
from hypothesis import given, note, settings
from hypothesis import strategies as st
from shapely.geometry import LineString, box

from tactical.core import (
    CHARACTER_HEIGHT,
    AreaMap,
    Cover,
    Encounter,
    EngineError,
    GridMap,
    Token,
    Wall,
    cover,
    cover_detail,
    cover_table,
    token_cover,
)
from tactical.core.wall_lines import WALL_LINE_KINDS, WallLine, WallLineKind


def flat(width: int = 7, height: int = 6) -> GridMap:
    return GridMap(width, height)


def covered_squares(encounter: Encounter, target: tuple[int, int]) -> set[tuple[int, int]]:
    grid = encounter.grid
    assert grid is not None
    return {s for s in grid.squares() if cover(encounter, s, target) != Cover.NONE}


def test_seed_001_line_63_target_right_of_high_ground_has_cover_from_the_left() -> None:
    # 001 line 63: "if the target is directly to the right of the higher ground, then
    # they would have cover from attacks originating anywhere to the left of the
    # vertical line squares containing the higher terrain."
    grid = flat()
    grid.set_square((3, 2), elevation=2)
    encounter = Encounter(map=grid)
    assert covered_squares(encounter, (4, 2)) == {(c, r) for c in range(3) for r in range(6)}
    assert cover(encounter, (0, 2), (4, 2)) == Cover.COVER
    assert cover(encounter, (3, 0), (4, 2)) == Cover.NONE  # on the line is not beyond it


def test_seed_001_line_63_diagonal_source_covers_from_the_northwest() -> None:
    # "If the target is directly adjacent down and to the right, the dividing diagonal
    # would run through higher terrain from the lower left to the upper right, and the
    # character would have cover from attacks originating to the "northwest" of that
    # diagonal."
    grid = flat()
    grid.set_square((3, 2), elevation=2)
    encounter = Encounter(map=grid)
    target = (4, 3)
    assert covered_squares(encounter, target) == {
        (c, r) for c in range(7) for r in range(6) if c + r < 3 + 2
    }


def test_the_dividing_line_is_geometry_the_view_can_draw() -> None:
    grid = flat()
    grid.set_square((3, 2), elevation=2)
    encounter = Encounter(map=grid)
    detail = cover_detail(encounter, (0, 2), (4, 2))
    assert detail.cover == Cover.COVER and detail.wall is None
    (source,) = detail.sources
    assert source.square == (3, 2) and source.kind == "terrain" and source.height == 2
    assert source.dividing_line.equals(LineString([(3.5, 0), (3.5, 6)]))
    assert source.covered_from.equals(box(0, 0, 3.5, 6))
    assert source.flanks == ((3, 3), (3, 1)) or source.flanks == ((3, 1), (3, 3))
    diagonal = cover_detail(encounter, (0, 0), (4, 3)).sources[0]
    assert diagonal.dividing_line.equals(LineString([(0, 6), (6, 0)]))


def test_terrain_one_level_higher_gives_no_cover() -> None:
    grid = flat()
    grid.set_square((3, 2), elevation=1)
    assert covered_squares(Encounter(map=grid), (4, 2)) == set()


def test_an_attacker_as_high_as_the_source_shoots_over_it() -> None:
    # 001 line 62: cover applies to attacks "at a lower elevation level than the
    # source of cover".
    grid = flat()
    grid.set_square((3, 2), elevation=3)
    encounter = Encounter(map=grid)
    grid.set_square((0, 2), elevation=2)
    assert cover(encounter, (0, 2), (4, 2)) == Cover.COVER
    grid.set_square((0, 2), elevation=3)
    assert cover(encounter, (0, 2), (4, 2)) == Cover.NONE


def test_seed_001_line_64_both_flanks_qualifying_obstruct() -> None:
    # 001 line 64: "If the two squares adjacent to the one providing cover along the
    # dividing line also qualify ... then the path between the attacker and target
    # is Obstructed".
    grid = flat()
    for row in (1, 2, 3):
        grid.set_square((3, row), elevation=2)
    encounter = Encounter(map=grid)
    assert cover(encounter, (0, 2), (4, 2)) == Cover.OBSTRUCTED
    grid.set_square((3, 3), elevation=0)
    assert cover(encounter, (0, 2), (4, 2)) == Cover.COVER
    # A character in the flank qualifies as well.
    encounter.add_token(Token(id="guard", position=(3, 3)))
    assert cover(encounter, (0, 2), (4, 2)) == Cover.OBSTRUCTED


def test_a_character_gives_cover_as_tall_as_two_levels() -> None:
    grid = flat()
    encounter = Encounter(
        map=grid,
        tokens=[
            Token(id="target", side="pcs", position=(4, 2)),
            Token(id="friend", side="pcs", position=(3, 2)),
        ],
    )
    assert CHARACTER_HEIGHT == 2
    assert cover(encounter, (0, 2), (4, 2)) == Cover.COVER
    assert cover_detail(encounter, (0, 2), (4, 2)).sources[0].kind == "character"
    grid.set_square((0, 2), elevation=1)
    assert cover(encounter, (0, 2), (4, 2)) == Cover.COVER
    grid.set_square((0, 2), elevation=2)
    assert cover(encounter, (0, 2), (4, 2)) == Cover.NONE


def test_a_character_on_high_ground_counts_once_and_stands_on_it() -> None:
    grid = flat()
    grid.set_square((3, 2), elevation=2)
    grid.set_square((0, 2), elevation=3)
    encounter = Encounter(map=grid, tokens=[Token(id="lookout", position=(3, 2))])
    detail = cover_detail(encounter, (0, 2), (4, 2))
    assert [(s.kind, s.height) for s in detail.sources] == [("both", 4)]
    assert detail.cover == Cover.COVER


def test_the_attacker_and_target_never_cover_themselves() -> None:
    encounter = Encounter(
        map=flat(),
        tokens=[
            Token(id="ogre", position=(0, 1), size=2),
            Token(id="elf", side="pcs", position=(2, 2)),
        ],
    )
    # (1, 2) is part of the ogre and adjacent to the elf, but it is the attacker.
    assert cover(encounter, (0, 2), (2, 2)) == Cover.NONE
    assert token_cover(encounter, "ogre", "elf") == Cover.NONE


def test_a_wall_across_the_line_of_fire_obstructs() -> None:
    grid = flat()
    encounter = Encounter(map=grid)
    grid.set_wall((2, 2), (3, 2), Wall())
    detail = cover_detail(encounter, (0, 2), (5, 2))
    assert detail.cover == Cover.OBSTRUCTED
    assert detail.wall is not None and detail.wall.equals(LineString([(3, 2), (3, 3)]))
    assert cover(encounter, (0, 0), (5, 0)) == Cover.NONE
    grid.set_wall((2, 2), (3, 2), Wall(door=True, open=True))
    assert cover(encounter, (0, 2), (5, 2)) == Cover.NONE


def test_a_wall_touching_the_line_of_fire_at_its_end_obstructs() -> None:
    grid = flat()
    grid.set_wall((0, 0), (1, 0), Wall())  # ends at the corner point (1, 1)
    assert cover(Encounter(map=grid), (0, 0), (1, 1)) == Cover.OBSTRUCTED


@pytest.mark.parametrize(
    ("kind", "opened", "expected"),
    [
        ("wall", False, Cover.OBSTRUCTED),
        ("door", False, Cover.OBSTRUCTED),
        ("door", True, Cover.NONE),
        ("object", False, Cover.OBSTRUCTED),
        ("window", False, Cover.NONE),
    ],
)
def test_a_wall_line_obstructs_when_it_blocks_sight(
    kind: WallLineKind, opened: bool, expected: Cover
) -> None:
    # A diagonal line between (0, 2) and (5, 2), crossing the line of fire at (2.5, 2.5).
    grid = flat()
    grid.set_wall_line(0, WallLine((2, 2), (3, 3), kind, opened))
    encounter = Encounter(map=grid)
    encounter.add_token(Token(id="archer", side="pcs", position=(0, 2)))
    encounter.add_token(Token(id="orc", side="npcs", position=(5, 2)))
    detail = cover_detail(encounter, (0, 2), (5, 2))
    assert detail.cover == expected
    if expected == Cover.OBSTRUCTED:
        assert detail.wall is not None and detail.wall.equals(LineString([(2, 2), (3, 3)]))
    assert cover(encounter, (0, 4), (5, 4)) == Cover.NONE  # a row below the line
    assert cover_table(encounter)[("archer", "orc")] == expected


def test_a_wall_line_touching_the_line_of_fire_at_its_end_obstructs() -> None:
    grid = flat()
    grid.set_wall_line(0, WallLine((2.5, 0), (2.5, 2.5)))  # ends on row 2's centre line
    encounter = Encounter(map=grid)
    assert cover(encounter, (0, 2), (5, 2)) == Cover.OBSTRUCTED
    assert cover(encounter, (0, 3), (5, 3)) == Cover.NONE


def test_two_tokens_on_one_square_are_not_obstructed_by_a_line_through_its_centre() -> None:
    grid = flat()
    grid.set_wall_line(0, WallLine((0, 0), (0.5, 0.5)))
    encounter = Encounter(map=grid)
    encounter.add_token(Token(id="a", side="pcs", position=(0, 0)))
    encounter.add_token(Token(id="b", side="npcs", position=(0, 0)))
    assert cover_table(encounter)[("a", "b")] == token_cover(encounter, "a", "b") == Cover.NONE


def test_the_nearest_wall_to_the_attacker_is_the_reason_shown() -> None:
    grid = flat()
    grid.set_wall((3, 2), (4, 2), Wall())  # x = 4
    grid.set_wall_line(0, WallLine((1.5, 1), (1.5, 4)))
    detail = cover_detail(Encounter(map=grid), (0, 2), (5, 2))
    assert detail.wall is not None and detail.wall.equals(LineString([(1.5, 1), (1.5, 4)]))


def test_cover_is_a_grid_rule() -> None:
    with pytest.raises(EngineError):
        cover(Encounter(map=AreaMap()), (0, 0), (1, 1))


@st.composite
def battles(draw: st.DrawFn) -> Encounter:
    width, height = draw(st.integers(3, 9)), draw(st.integers(3, 9))
    cells = width * height
    elevation = draw(st.lists(st.integers(-1, 4), min_size=cells, max_size=cells))
    grid = GridMap(width, height, elevation=elevation)
    for _ in range(draw(st.integers(0, 4))):
        c, r = draw(st.integers(0, width - 2)), draw(st.integers(0, height - 2))
        other = (c + 1, r) if draw(st.booleans()) else (c, r + 1)
        grid.set_wall((c, r), other, Wall())
    x = st.integers(-2, 4 * width + 2).map(lambda v: v / 4)
    y = st.integers(-2, 4 * height + 2).map(lambda v: v / 4)
    for n in range(draw(st.integers(0, 3))):
        kind = draw(st.sampled_from(WALL_LINE_KINDS))
        opened = kind == "door" and draw(st.booleans())
        grid.set_wall_line(n, WallLine((draw(x), draw(y)), (draw(x), draw(y)), kind, opened))
    encounter = Encounter(map=grid)
    for n in range(draw(st.integers(2, 8))):
        at = (draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1)))
        size = draw(st.sampled_from([1, 1, 1, 2]))
        side = draw(st.sampled_from(["pcs", "npcs"]))
        encounter.add_token(Token(id=f"t{n}", side=side, position=at, size=size))
    return encounter


@pytest.mark.slow
@settings(max_examples=120, deadline=None)
@given(battles())
def test_cover_table_matches_token_cover_pair_by_pair(encounter: Encounter) -> None:
    assert encounter.grid is not None
    note(f"lines: {encounter.grid.wall_lines}")
    note(f"tokens: {[(t.id, t.position, t.size) for t in encounter.tokens.values()]}")
    table = cover_table(encounter)
    ids = list(encounter.tokens)
    expected = {(a, b): token_cover(encounter, a, b) for a in ids for b in ids if a != b}
    assert table == expected


def test_a_flank_off_the_map_does_not_qualify() -> None:
    # The source sits on the top edge: one flank along its dividing line is off the map.
    grid = flat()
    grid.set_square((3, 0), elevation=2)
    grid.set_square((3, 1), elevation=2)
    encounter = Encounter(map=grid)
    detail = cover_detail(encounter, (0, 0), (4, 0))
    (edge,) = [s for s in detail.sources if s.square == (3, 0)]
    assert set(edge.flanks) == {(3, 1), (3, -1)} and not edge.obstructs
    assert detail.cover == Cover.COVER
    grid.set_square((3, 1), elevation=0)
    grid.set_square((3, 4), elevation=2)
    grid.set_square((3, 5), elevation=2)  # bottom edge, flanks (3, 4) and off the map
    assert cover(encounter, (0, 5), (4, 5)) == Cover.COVER


def test_flanks_qualify_whatever_their_height_against_the_attacker() -> None:
    # Source 4 high, flanks 2 high, attacker at 3: it looks over the flanks but not
    # over the source; the flanks still qualify (terrain 2+ above the target).
    grid = flat()
    grid.set_square((3, 2), elevation=4)
    grid.set_square((3, 1), elevation=2)
    grid.set_square((3, 3), elevation=2)
    grid.set_square((0, 2), elevation=3)
    encounter = Encounter(map=grid)
    detail = cover_detail(encounter, (0, 2), (4, 2))
    assert detail.cover == Cover.OBSTRUCTED
    assert [s.square for s in detail.sources] == [(3, 2)]


def test_a_large_attacker_picks_its_best_square() -> None:
    # The ogre's (1, 1) square is behind the rock's line; its (2, 0) square is not
    # (it is on the line through the rock), so the ogre shoots without cover.
    grid = flat()
    grid.set_square((2, 2), elevation=2)
    encounter = Encounter(
        map=grid,
        tokens=[
            Token(id="ogre", position=(1, 0), size=2),
            Token(id="elf", side="pcs", position=(3, 2)),
        ],
    )
    assert cover(encounter, (1, 1), (3, 2)) == Cover.COVER
    assert cover(encounter, (2, 0), (3, 2)) == Cover.NONE
    assert token_cover(encounter, "ogre", "elf") == Cover.NONE
    assert cover_table(encounter)[("ogre", "elf")] == Cover.NONE
    encounter.token("ogre").position = (0, 0)  # now every ogre square is left of the line
    assert token_cover(encounter, "ogre", "elf") == Cover.COVER
