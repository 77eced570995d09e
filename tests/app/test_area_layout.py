"""Tokens inside an area: inside the polygon, never overlapping, stable, shrinking when crowded."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Point, Polygon, box

from tactical.core.area_layout import anchor_point, discs_overlap, layout_tokens


def inside(polygon: Polygon, centre: tuple[float, float], diameter: float) -> bool:
    return polygon.buffer(1e-6).contains(Point(centre).buffer(diameter / 2 - 1e-6))


def test_one_token_stands_at_the_centre() -> None:
    placement = layout_tokens(box(0, 0, 6, 4), [1])
    assert placement.centres == [(3.0, 2.0)]
    assert placement.scale == 1.0


def test_three_tokens_fit_at_full_size_without_overlap() -> None:
    room = box(0, 0, 6, 4)
    placement = layout_tokens(room, [1, 1, 1])
    assert placement.scale == 1.0
    assert not discs_overlap(placement, [1, 1, 1])
    assert all(inside(room, c, 1.0) for c in placement.centres)


def test_a_crowded_area_shrinks_its_tokens_instead_of_overlapping() -> None:
    room = box(0, 0, 3, 2)
    sizes = [1] * 12
    placement = layout_tokens(room, sizes)
    assert placement.scale < 1.0
    assert not placement.crowded
    assert not discs_overlap(placement, sizes)
    assert all(inside(room, c, placement.scale) for c in placement.centres)


def test_mixed_sizes_keep_apart() -> None:
    room = box(0, 0, 8, 5)
    sizes = [2, 1, 1, 3, 1]
    placement = layout_tokens(room, sizes)
    assert not discs_overlap(placement, sizes)
    for centre, size in zip(placement.centres, sizes, strict=True):
        assert inside(room, centre, size * placement.scale)


def test_an_l_shaped_area_keeps_tokens_inside_its_arms() -> None:
    ell = Polygon([(0, 0), (6, 0), (6, 2), (2, 2), (2, 6), (0, 6)])
    placement = layout_tokens(ell, [1] * 8)
    assert not discs_overlap(placement, [1] * 8)
    assert all(inside(ell, c, placement.scale) for c in placement.centres)
    assert ell.contains(Point(anchor_point(ell)))


def test_layout_is_stable() -> None:
    room = box(0, 0, 5, 5)
    assert layout_tokens(room, [1, 2, 1]) == layout_tokens(room, [1, 2, 1])


def test_hopelessly_crowded_area_says_so() -> None:
    placement = layout_tokens(box(0, 0, 1, 1), [1] * 40)
    assert placement.crowded
    assert len(placement.centres) == 40
    assert all(box(0, 0, 1, 1).covers(Point(c)) for c in placement.centres)


def test_empty_and_bad_sizes() -> None:
    assert layout_tokens(box(0, 0, 2, 2), []).centres == []
    with pytest.raises(ValueError):
        layout_tokens(box(0, 0, 2, 2), [0])


@settings(max_examples=40, deadline=None)
@given(
    width=st.floats(2, 12),
    height=st.floats(2, 12),
    sizes=st.lists(st.integers(1, 2), min_size=1, max_size=14),
)
def test_never_overlap_unless_flagged_crowded(
    width: float, height: float, sizes: list[int]
) -> None:
    room = box(0, 0, width, height)
    placement = layout_tokens(room, sizes)
    assert len(placement.centres) == len(sizes)
    if not placement.crowded:
        assert not discs_overlap(placement, sizes)
        for centre, size in zip(placement.centres, sizes, strict=True):
            assert inside(room, centre, size * placement.scale)
