"""Area editing without Qt: drawing with snapping, moving shared vertices, links, names."""

from __future__ import annotations

from tactical.app.map.interaction.area_edit import (
    PolygonDraft,
    adjacency_words,
    move_vertex,
    new_area_id,
    parse_tags,
    remove,
    rename,
    snap,
    toggle_link,
    vertices,
)
from tactical.core.areas import Area, AreaLink, AreaMap, polygon_from_points
from tactical.core.commands import UndoStack
from tactical.core.encounter import Encounter
from tactical.core.tokens import Token


def two_rooms() -> Encounter:
    """Hall (0,0)-(4,3) and Yard (4,0)-(8,3), side by side; a Guard in the Yard."""
    hall = Area("hall", "Hall", polygon_from_points([(0, 0), (4, 0), (4, 3), (0, 3)]))
    yard = Area("yard", "Yard", polygon_from_points([(4, 0), (8, 0), (8, 3), (4, 3)]))
    return Encounter(AreaMap([hall, yard]), [Token("guard", "Guard", "npcs", "yard")])


def area_map(enc: Encounter) -> AreaMap:
    assert enc.area_map is not None
    return enc.area_map


def test_points_snap_to_the_nearest_vertex_within_the_tolerance() -> None:
    corners = [(4.0, 3.0), (0.0, 3.0)]
    assert snap((4.1, 2.95), corners, 0.2) == (4.0, 3.0)
    assert snap((4.3, 2.95), corners, 0.2) == (4.3, 2.95)
    assert snap((4.31, 2.96), corners, 0.2) == (4.3, 2.95)  # others are rounded to 1/20


def test_a_triangle_drawn_on_a_shared_edge_is_adjacent_to_the_hall_only() -> None:
    enc = two_rooms()
    areas = area_map(enc)
    draft = PolygonDraft()
    for point in [(0.08, 3.05), (3.93, 2.96), (2.0, 5.0)]:
        assert not draft.add(point, vertices(areas), 0.2)
    assert draft.points == [(0.0, 3.0), (4.0, 3.0), (2.0, 5.0)]
    # clicking the first point again closes the outline
    assert draft.add((0.05, 3.0), vertices(areas), 0.2)
    outcome = draft.finish(areas)
    assert outcome.command is not None and outcome.message == "Added Area 3."
    UndoStack(enc).push(outcome.command)
    assert areas.areas["area-3"].points == [(0.0, 3.0), (4.0, 3.0), (2.0, 5.0)]
    assert areas.neighbours("area-3") == {"hall"}  # the yard touches it at one point only
    assert adjacency_words(areas, "area-3") == "adjacent to Hall"
    assert draft.points == []


def test_a_bowtie_is_refused_with_the_cores_message_and_the_draft_kept() -> None:
    enc = two_rooms()
    draft = PolygonDraft()
    for point in [(0, 5), (2, 7), (2, 5), (0, 7)]:
        draft.add(point, [], 0.2)
    outcome = draft.finish(area_map(enc))
    assert outcome.command is None
    assert outcome.message == ("Refused: the outline crosses itself at (1, 6).")
    assert len(draft.points) == 4
    two = PolygonDraft([(0, 5), (1, 5)])
    assert (
        two.finish(area_map(enc)).message
        == "Refused: an area needs at least 3 points, this one has 2."
    )


def test_moving_a_shared_vertex_moves_it_in_both_areas_in_one_step() -> None:
    enc = two_rooms()
    areas = area_map(enc)
    stack = UndoStack(enc)
    outcome = move_vertex(areas, (4.0, 3.0), (5.0, 3.5))
    assert outcome.command is not None
    stack.push(outcome.command)
    assert areas.areas["hall"].points == [(0.0, 0.0), (4.0, 0.0), (5.0, 3.5), (0.0, 3.0)]
    assert areas.areas["yard"].points == [(4.0, 0.0), (8.0, 0.0), (8.0, 3.0), (5.0, 3.5)]
    assert areas.adjacent("hall", "yard")
    stack.undo()
    assert areas.areas["hall"].points == [(0.0, 0.0), (4.0, 0.0), (4.0, 3.0), (0.0, 3.0)]


def test_a_vertex_move_that_breaks_an_outline_is_refused_naming_the_area() -> None:
    enc = two_rooms()
    outcome = move_vertex(area_map(enc), (0.0, 3.0), (6.0, 1.5))  # the hall would cross itself
    assert outcome.command is None
    assert outcome.message.startswith("Refused: Hall: the outline crosses itself")


def test_links_flip_adjacency_and_removing_the_link_restores_geometry() -> None:
    enc = two_rooms()
    areas = area_map(enc)
    stack = UndoStack(enc)
    cut = toggle_link(areas, "hall", "yard")
    assert cut.message == "Cut: Hall and Yard are no longer adjacent."
    stack.push(cut.command)  # type: ignore[arg-type]
    assert areas.links == [AreaLink("hall", "yard", "cut")]
    assert not areas.adjacent("hall", "yard")
    back = toggle_link(areas, "yard", "hall")
    assert back.message == "Link removed: Yard and Hall are adjacent by their borders."
    stack.push(back.command)  # type: ignore[arg-type]
    assert areas.links == [] and areas.adjacent("hall", "yard")
    assert toggle_link(areas, "hall", "hall").command is None


def test_rename_with_tags_and_blank_names_refused() -> None:
    enc = two_rooms()
    areas = area_map(enc)
    assert parse_tags(" water, dark,, water ") == ["water", "dark"]
    outcome = rename(areas, "hall", " Great Hall ", "dark, cover")
    assert outcome.message == "Area: Great Hall (dark, cover)."
    UndoStack(enc).push(outcome.command)  # type: ignore[arg-type]
    assert areas.areas["hall"].name == "Great Hall"
    assert areas.areas["hall"].tags == ["dark", "cover"]
    assert rename(areas, "hall", "  ", "").message == "Refused: an area needs a name."


def test_removing_an_area_takes_its_tokens_off_and_its_links_and_undo_restores() -> None:
    enc = two_rooms()
    areas = area_map(enc)
    areas.set_links([AreaLink("yard", "hall", "cut")])
    stack = UndoStack(enc)
    outcome = remove(areas, "yard", tokens=1)
    assert outcome.message == (
        "Removed Yard. 1 token in it went off the map (Undo puts them back)."
    )
    stack.push(outcome.command)  # type: ignore[arg-type]
    assert list(areas.areas) == ["hall"] and areas.links == []
    assert enc.tokens["guard"].position is None
    assert new_area_id(areas) == "area-2"
    stack.undo()
    assert list(areas.areas) == ["hall", "yard"]
    assert areas.links == [AreaLink("yard", "hall", "cut")]
    assert enc.tokens["guard"].position == "yard"
