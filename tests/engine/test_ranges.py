"""Range and modifier rules of 003, 004 and 002."""

import pytest

from tactical.core import (
    EngineError,
    cluster_penalty,
    cover_penalty,
    firing_while_moving_modifier,
    is_melee_range,
    missile_possible,
    moving_target_modifier,
    range_band,
    range_modifier,
    ranged_penalty,
)


def test_seed_003_line_29_ranged_penalty_is_half_the_distance_rounded_down() -> None:
    # 003 line 29: "a situational penalty equal to half the distance to the target,
    # rounded down"; line 31: distance two -> "a situational penalty of one".
    assert ranged_penalty(2, same_square=False) == 1
    assert ranged_penalty(5, same_square=False) == 2
    assert ranged_penalty(1, same_square=False) == 0
    assert ranged_penalty(0, same_square=True) == 0


def test_seed_003_line_33_cluster_penalty_is_the_number_of_characters() -> None:
    assert cluster_penalty(3) == 3
    with pytest.raises(EngineError):
        cluster_penalty(-1)


def test_seed_004_line_87_melee_at_five_feet_or_less_missile_beyond() -> None:
    assert is_melee_range(5)
    assert is_melee_range(0)
    assert not is_melee_range(10)
    assert not missile_possible(5, long=150)
    assert missile_possible(10, long=150)
    assert not missile_possible(160, long=150)


def test_seed_004_line_97_range_bands_and_their_modifiers() -> None:
    bands = [range_band(d, 50, 100, 150) for d in (10, 50, 51, 100, 150, 151)]
    assert bands == ["short", "short", "medium", "medium", "long", None]
    assert [range_modifier(b) for b in bands] == [1, 1, 0, 0, -1, None]


def test_range_band_refuses_unordered_ranges() -> None:
    with pytest.raises(EngineError):
        range_band(10, 100, 50, 150)


def test_seed_004_line_99_cover_penalty_minus_one_to_four_or_full() -> None:
    assert [cover_penalty(v) for v in (0, -1, -2, -3, -4)] == [0, -1, -2, -3, -4]
    assert cover_penalty("full") is None
    for bad in (-5, 1, True, "half"):
        with pytest.raises(EngineError):
            cover_penalty(bad)  # type: ignore[arg-type]


def test_seed_002_line_21_moving_target_modifier_by_areas_moved() -> None:
    # 002 line 21: "up to 5 areas -1CS; 6 to 10 areas -2CS; 11+ areas -4CS".
    got = {n: moving_target_modifier(n) for n in (0, 1, 5, 6, 10, 11, 30)}
    assert got == {0: 0, 1: -1, 5: -1, 6: -2, 10: -2, 11: -4, 30: -4}
    assert firing_while_moving_modifier(7) == -2
    with pytest.raises(EngineError):
        moving_target_modifier(-1)
