"""Aura, Area and Line footprints (001), clipping, placement and geometry."""

import pytest

from tactical.core import (
    Area,
    AreaMap,
    Encounter,
    EngineError,
    GridMap,
    Template,
    Token,
    area,
    area_footprint,
    aura,
    footprint_geometry,
    line,
    placement_ok,
    polygon_from_points,
    template_footprint,
    template_squares,
    tokens_in_footprint,
)


def test_seed_001_line_46_aura_1_is_a_3x3_square_with_a_hole() -> None:
    # 001 line 46: "an Aura 1 effect impacts a 3x3 square centered on the source ...
    # with a "hole" in the center."
    squares = aura((5, 5), 1)
    assert squares == {
        (4, 4), (5, 4), (6, 4),
        (4, 5),         (6, 5),
        (4, 6), (5, 6), (6, 6),
    }  # fmt: skip


def test_seed_001_line_46_aura_2_is_5x5_less_the_centre() -> None:
    squares = aura((5, 5), 2)
    assert len(squares) == 24
    assert (5, 5) not in squares
    assert {(3, 3), (7, 7), (3, 7), (7, 3)} <= squares
    assert (8, 5) not in squares


def test_aura_of_a_large_token_surrounds_all_its_squares() -> None:
    squares = aura((2, 2), 1, size=2)
    assert len(squares) == 16 - 4
    assert not squares & {(2, 2), (3, 2), (2, 3), (3, 3)}
    assert {(1, 1), (4, 4)} <= squares


def test_seed_001_line_43_area_2_is_2x2() -> None:
    # 001 line 43: "an Area 2 is a 2x2 square, Area 3 is a 3x3".
    assert area((3, 4), 2) == {(3, 4), (4, 4), (3, 5), (4, 5)}
    assert len(area((0, 0), 3)) == 9


def test_seed_001_line_44_line_runs_along_a_row_column_or_diagonal() -> None:
    assert line((2, 2), (1, 0), 3) == {(2, 2), (3, 2), (4, 2)}
    assert line((2, 2), (0, -1), 2) == {(2, 2), (2, 1)}
    assert line((2, 2), (-1, 1), 3) == {(2, 2), (1, 3), (0, 4)}
    with pytest.raises(EngineError):
        line((2, 2), (2, 1), 3)


def test_footprints_are_clipped_to_the_map() -> None:
    grid = GridMap(4, 3)
    assert aura((0, 0), 1, grid=grid) == {(1, 0), (0, 1), (1, 1)}
    assert area((3, 2), 2, grid=grid) == {(3, 2)}
    assert line((1, 1), (1, 0), 9, grid=grid) == {(1, 1), (2, 1), (3, 1)}


def test_seed_001_line_45_placement_needs_one_square_within_range() -> None:
    # 001 line 45: "Area and Line effects must have at least one space within the
    # range of the ability that places it."
    footprint = area((5, 0), 2)
    assert placement_ok(footprint, (2, 0), 3)
    assert not placement_ok(footprint, (2, 0), 2)


def test_seed_001_line_45_range_0_must_contain_the_user() -> None:
    # "If the ability has Range 0, the ability user's space must be in the area."
    assert placement_ok(line((2, 2), (1, 0), 3), (2, 2), 0)
    assert not placement_ok(line((3, 2), (1, 0), 3), (2, 2), 0)
    assert placement_ok(area((3, 3), 2), (2, 2), 0, user_size=2)


def test_footprint_geometry_is_the_union_of_unit_squares() -> None:
    shape = footprint_geometry({(0, 0), (1, 0), (3, 0), (0, 1)})
    assert shape.area == pytest.approx(4.0)
    assert shape.bounds == (0.0, 0.0, 4.0, 2.0)
    assert footprint_geometry(aura((5, 5), 1)).area == pytest.approx(8.0)
    assert footprint_geometry(aura((5, 5), 1)).interiors  # the hole is a hole
    assert footprint_geometry(set()).is_empty


def test_template_aura_follows_its_token_and_is_clipped() -> None:
    grid = GridMap(6, 6)
    encounter = Encounter(map=grid, tokens=[Token(id="mage", side="pcs", position=(0, 0))])
    ward = Template(id="t", kind="aura", size=1, token_id="mage")
    assert template_squares(encounter, ward) == {(1, 0), (0, 1), (1, 1)}
    encounter.token("mage").position = (3, 3)
    assert template_squares(encounter, ward) == aura((3, 3), 1)


def test_template_area_and_line() -> None:
    encounter = Encounter(map=GridMap(6, 6))
    blast = Template(id="a", kind="area", size=2, origin=(5, 5))
    assert template_squares(encounter, blast) == {(5, 5)}
    beam = Template(id="l", kind="line", size=3, origin=(0, 0), direction=(1, 1))
    assert template_squares(encounter, beam) == {(0, 0), (1, 1), (2, 2)}
    with pytest.raises(EngineError):
        template_squares(encounter, Template(id="x", kind="line", size=3, origin=(0, 0)))


def test_tokens_in_footprint_counts_any_square_of_a_large_token() -> None:
    encounter = Encounter(
        map=GridMap(8, 8),
        tokens=[
            Token(id="ogre", position=(4, 4), size=2),
            Token(id="elf", side="pcs", position=(1, 1)),
            Token(id="off", side="pcs"),
        ],
    )
    assert tokens_in_footprint(encounter, area((5, 5), 2)) == ["ogre"]
    assert tokens_in_footprint(encounter, aura((2, 2), 2)) == ["ogre", "elf"]


def test_seed_000_line_6_an_area_effect_covers_exactly_one_area() -> None:
    # 000 line 6: "all area effects are affecting one such area".
    unit = [(0, 0), (1, 0), (1, 1), (0, 1)]
    areas = [
        Area(n, n, polygon_from_points([(x + i, y) for x, y in unit]))
        for i, n in enumerate(["hall", "yard"])
    ]
    encounter = Encounter(
        map=AreaMap(areas),
        tokens=[Token(id="a", position="hall"), Token(id="b", side="pcs", position="yard")],
    )
    fire = Template(id="f", kind="area", size=3, area_id="yard")
    assert template_footprint(encounter, fire) == frozenset({"yard"})
    assert area_footprint(encounter, "hall") == frozenset({"hall"})
    assert tokens_in_footprint(encounter, template_footprint(encounter, fire)) == ["b"]
    with pytest.raises(EngineError):
        template_squares(encounter, fire)
