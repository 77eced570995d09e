"""Adjacency of areas: a shared edge joins two areas, a shared corner does not (000, 002)."""

from __future__ import annotations

import pytest

from tactical.core.areas import Area, AreaError, AreaLink, AreaMap, polygon_from_points


def rect(area_id: str, x0: float, y0: float, x1: float, y1: float) -> Area:
    return Area(
        area_id, area_id.title(), polygon_from_points([(x0, y0), (x1, y0), (x1, y1), (x0, y1)])
    )


@pytest.fixture
def room() -> AreaMap:
    """bar | hall       bar and hall share an edge; bar and cellar share only a corner;
    ----+------      hall and cellar share an edge; stage touches hall along part of an edge.
        | cellar
    """
    return AreaMap(
        [
            rect("bar", 0, 0, 4, 3),
            rect("hall", 4, 0, 10, 3),
            rect("cellar", 4, 3, 10, 6),
            rect("stage", 10, 1, 12, 2),
        ]
    )


def test_a_shared_edge_is_adjacency(room: AreaMap) -> None:
    assert room.adjacent("bar", "hall")
    assert room.adjacent("hall", "cellar")


def test_a_shared_corner_is_not_adjacency(room: AreaMap) -> None:
    assert not room.adjacent("bar", "cellar")
    assert not room.geometric_adjacency("bar", "cellar")


def test_a_partly_shared_edge_is_adjacency(room: AreaMap) -> None:
    assert room.adjacent("hall", "stage")
    # cellar's edge x=10 runs from y=3 to 6, stage's from y=1 to 2: no contact at all
    assert not room.adjacent("cellar", "stage")


def test_an_area_is_not_its_own_neighbour(room: AreaMap) -> None:
    assert not room.geometric_adjacency("bar", "bar")


def test_neighbours(room: AreaMap) -> None:
    assert room.neighbours("hall") == {"bar", "cellar", "stage"}
    assert room.neighbours("bar") == {"hall"}


def test_non_rectangular_areas_sharing_a_slanted_edge() -> None:
    left = Area("left", "Left", polygon_from_points([(0, 0), (3, 0), (1, 4), (0, 4)]))
    right = Area("right", "Right", polygon_from_points([(3, 0), (5, 0), (5, 4), (1, 4)]))
    corner = Area("corner", "Corner", polygon_from_points([(5, 4), (7, 4), (7, 6), (5, 6)]))
    areas = AreaMap([left, right, corner])
    assert areas.adjacent("left", "right")
    assert not areas.adjacent("right", "corner")  # they meet only at (5, 4)


def test_links_add_and_cut_adjacency(room: AreaMap) -> None:
    room.set_links([AreaLink("bar", "cellar", "add", "trapdoor"), AreaLink("hall", "stage", "cut")])
    assert room.adjacent("bar", "cellar")
    assert not room.adjacent("hall", "stage")
    room.set_links([])
    assert not room.adjacent("bar", "cellar")
    assert room.adjacent("hall", "stage")


def test_editing_an_area_recomputes_adjacency(room: AreaMap) -> None:
    room.put_area(rect("bar", 0, 3, 4, 6))  # moved below: now beside the cellar, corner to hall
    assert room.adjacent("bar", "cellar")
    assert not room.adjacent("bar", "hall")


def test_area_at(room: AreaMap) -> None:
    assert room.area_at(2, 1) == "bar"
    assert room.area_at(7, 5) == "cellar"
    assert room.area_at(20, 20) is None


def test_duplicate_area_ids_are_refused() -> None:
    with pytest.raises(AreaError, match="two areas have the id 'bar'"):
        AreaMap([rect("bar", 0, 0, 1, 1), rect("bar", 1, 0, 2, 1)])


def test_a_self_intersecting_outline_is_refused_unless_repair_is_asked() -> None:
    bow_tie = [(0, 0), (4, 4), (4, 0), (0, 4)]
    with pytest.raises(AreaError, match=r"crosses itself at \(2, 2\)"):
        polygon_from_points(bow_tie)
    assert polygon_from_points(bow_tie, repair=True).area == pytest.approx(4.0)


def test_a_flat_outline_is_refused_as_enclosing_no_area() -> None:
    with pytest.raises(AreaError, match=r"encloses no area \(its points lie on one line\)"):
        polygon_from_points([(0, 0), (2, 0), (4, 0)])
