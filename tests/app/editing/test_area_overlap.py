"""Areas may share edges but not ground: drawing over another area is refused or clipped,
a vertex move that would cover another area is refused, and a file with overlaps too."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tactical.app.map.interaction.area_edit import PolygonDraft, move_vertex, rename
from tactical.core.areas import Area, AreaMap, polygon_from_points
from tactical.core.commands import UndoStack
from tactical.core.encounter import Encounter

from .test_editing_window import area_window, click, status


def two_rooms() -> Encounter:
    hall = Area("hall", "Hall", polygon_from_points([(0, 0), (4, 0), (4, 3), (0, 3)]))
    yard = Area("yard", "Yard", polygon_from_points([(4, 0), (8, 0), (8, 3), (4, 3)]))
    return Encounter(AreaMap([hall, yard]))


def test_an_outline_over_another_area_is_refused_and_the_draft_kept() -> None:
    enc = two_rooms()
    assert enc.area_map is not None
    draft = PolygonDraft([(2, 2), (6, 2), (6, 5), (2, 5)])
    outcome = draft.finish(enc.area_map)
    assert outcome.command is None
    assert outcome.message == (
        "Refused: the outline overlaps Hall, Yard; areas may share edges, not ground "
        "(close it with Shift held to clip it to the free ground)."
    )
    assert len(draft.points) == 4


def test_on_request_the_outline_is_clipped_to_the_free_ground() -> None:
    enc = two_rooms()
    areas = enc.area_map
    assert areas is not None
    outcome = PolygonDraft([(2, 2), (6, 2), (6, 5), (2, 5)]).finish(areas, clip=True)
    assert outcome.command is not None
    UndoStack(enc).push(outcome.command)
    new = areas.areas["area-3"]
    assert new.polygon.bounds == (2.0, 3.0, 6.0, 5.0)
    assert areas.overlapping(new.polygon, new.id) == []
    assert areas.neighbours("area-3") == {"hall", "yard"}


def test_a_vertex_move_onto_another_area_is_refused_naming_both() -> None:
    enc = two_rooms()
    assert enc.area_map is not None
    cellar = polygon_from_points([(0, 4), (4, 4), (4, 6), (0, 6)])
    enc.area_map.put_area(Area("cellar", "Cellar", cellar))
    outcome = move_vertex(enc.area_map, (0.0, 3.0), (2.0, 5.0))
    assert outcome.command is None
    assert outcome.message == "Refused: Hall overlaps Cellar; areas may share edges, not ground."
    assert move_vertex(enc.area_map, (0.0, 3.0), (0.0, 4.0)).command is not None  # edge only


def test_rename_refuses_what_the_file_could_not_hold() -> None:
    enc = two_rooms()
    assert enc.area_map is not None
    assert rename(enc.area_map, "hall", "N" * 201, "").message == (
        "Refused: an area's name may be at most 200 characters long."
    )
    assert rename(enc.area_map, "hall", "Hall", "t" * 201).message == (
        "Refused: a tag may be at most 200 characters long."
    )
    many = ", ".join(f"t{i}" for i in range(101))
    assert rename(enc.area_map, "hall", "Hall", many).message == (
        "Refused: an area may have at most 100 tags."
    )


def test_an_outline_over_an_area_is_refused_and_shift_clips_it(make_services, qtbot) -> None:  # type: ignore[no-untyped-def]
    services = area_window(make_services)
    for x, y in [(2.0, 2.0), (6.0, 2.0), (6.0, 5.0), (2.0, 5.0)]:
        click(qtbot, services, x, y)
    qtbot.keyClick(services.view, Qt.Key.Key_Return)
    assert status(services).startswith("Refused: the outline overlaps Bar, Floor;")
    area_map = services.document.encounter.area_map
    assert area_map is not None and len(area_map.areas) == 3
    qtbot.keyClick(services.view, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    assert status(services) == "Added Area 4, adjacent to Bar, Floor."
    assert area_map.areas["area-4"].polygon.bounds == (2.0, 3.0, 6.0, 5.0)
    assert services.document.undo_stack.count() == 1
