"""The engine's answers on an area map (000, 002)."""

import pytest

from tactical.core import (
    Area,
    AreaLink,
    AreaMap,
    Encounter,
    EngineError,
    Token,
    area_placement_ok,
    areas_between,
    find_path,
    polygon_from_points,
    reachable,
    same_area_is_melee,
)


def strip(n: int, links: list[AreaLink] | None = None) -> AreaMap:
    """``n`` unit areas in a row, a0 .. a(n-1), each touching the next."""
    unit = [(0, 0), (1, 0), (1, 1), (0, 1)]
    return AreaMap(
        [
            Area(f"a{i}", f"A{i}", polygon_from_points([(x + i, y) for x, y in unit]))
            for i in range(n)
        ],
        links or [],
    )


def test_areas_between_counts_hops_and_same_area_is_zero() -> None:
    encounter = Encounter(map=strip(5))
    assert areas_between(encounter, "a0", "a4") == 4
    assert areas_between(encounter, "a2", "a2") == 0


def test_a_cut_link_separates_areas() -> None:
    encounter = Encounter(map=strip(3, [AreaLink("a1", "a2", "cut")]))
    assert areas_between(encounter, "a0", "a2") is None


def test_reachable_areas_within_speed_in_hops() -> None:
    encounter = Encounter(map=strip(6), tokens=[Token(id="runner", position="a1", speed=2)])
    assert reachable(encounter, "runner") == {"a0": 1, "a1": 0, "a2": 1, "a3": 2}
    assert reachable(encounter, "runner", 0) == {"a1": 0}


def test_an_added_link_is_a_shortcut() -> None:
    encounter = Encounter(
        map=strip(6, [AreaLink("a0", "a5", "add", "rope")]),
        tokens=[Token(id="runner", position="a0", speed=1)],
    )
    assert set(reachable(encounter, "runner")) == {"a0", "a1", "a5"}
    assert find_path(encounter, "runner", "a4") == (["a0", "a5", "a4"], 2)


def test_enemies_do_not_block_areas() -> None:
    encounter = Encounter(
        map=strip(4),
        tokens=[Token(id="hero", side="pcs", position="a0"), Token(id="orc", position="a1")],
    )
    assert find_path(encounter, "hero", "a3") == (["a0", "a1", "a2", "a3"], 3)
    assert find_path(encounter, "hero", "a3", budget=2) is None


def test_seed_000_line_6_same_area_is_melee() -> None:
    # 000 line 6: "All creatures within the same area is considered to be within
    # melee range of each other".
    encounter = Encounter(
        map=strip(2),
        tokens=[
            Token(id="a", position="a0"),
            Token(id="b", side="pcs", position="a0"),
            Token(id="c", side="pcs", position="a1"),
            Token(id="d", side="pcs"),
        ],
    )
    assert same_area_is_melee(encounter, "a", "b")
    assert not same_area_is_melee(encounter, "a", "c")
    assert not same_area_is_melee(encounter, "a", "d")


def test_unknown_areas_and_grid_questions_are_refused() -> None:
    encounter = Encounter(map=strip(2), tokens=[Token(id="a", position="a0")])
    with pytest.raises(EngineError):
        areas_between(encounter, "a0", "nowhere")
    with pytest.raises(EngineError):
        find_path(encounter, "a", "nowhere")


def test_placement_on_an_area_map_counts_hops_to_the_one_area() -> None:
    encounter = Encounter(map=strip(4))
    assert area_placement_ok(encounter, "a2", "a0", 2)
    assert not area_placement_ok(encounter, "a3", "a0", 2)
    assert area_placement_ok(encounter, "a0", "a0", 0)
    assert not area_placement_ok(encounter, "a1", "a0", 0)
