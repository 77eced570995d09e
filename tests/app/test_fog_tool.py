"""The fog tool's gestures (Qt-free, fake pointer events) and the Fog menu's actions."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QSettings

from tactical.app.encounter.document import EncounterDocument
from tactical.app.fog.gesture import FogGesture
from tactical.app.fog.install import install_fog
from tactical.app.fog.settings import NEW_MAPS_FOGGED
from tactical.app.map.geometry import CELL
from tactical.app.map.interaction.events import Pointer
from tactical.core.changes import GM
from tactical.core.commands import MoveToken
from tactical.core.encounter import Encounter
from tactical.core.fog import Fog
from tactical.core.grid import GridMap

from .conftest import small_areas, small_grid


def at(col: float, row: float, **keys: bool) -> Pointer:
    """A left-button pointer over the centre of square (col, row)."""
    keys.setdefault("left", True)
    return Pointer((col + 0.5) * CELL, (row + 0.5) * CELL, **keys)


def found(encounter: Encounter) -> set[tuple[int, int]]:
    grid = encounter.grid
    assert grid is not None
    rows, cols = np.nonzero(encounter.fog.mask(grid))
    return {(int(c), int(r)) for r, c in zip(rows, cols, strict=True)}


def fogged(encounter: Encounter) -> EncounterDocument:
    encounter.fog = Fog(enabled=True)
    return EncounterDocument(encounter)


def drive(document: EncounterDocument, gesture: FogGesture, *pointers: Pointer) -> None:
    """Press at the first pointer, move through the rest, release at the last."""
    first, *rest = pointers
    for command in (gesture.press(first), *(gesture.move(p) for p in rest)):
        if command is not None:
            document.push(command, GM)
    command = gesture.release(pointers[-1])
    if command is not None:
        document.push(command, GM)


def test_a_brush_stroke_reveals_without_gaps_as_one_undo_step(qtbot) -> None:  # type: ignore[no-untyped-def]
    document = fogged(Encounter(GridMap(12, 6)))
    gesture = FogGesture(lambda: document.encounter, size=1)
    drive(document, gesture, at(1, 2), at(2, 2), at(7, 2))  # a fast jump from 2 to 7
    assert found(document.encounter) == {(c, 2) for c in range(1, 8)}
    assert document.undo_stack.count() == 1
    gesture.size = 3
    drive(document, gesture, at(10, 4), at(10, 4, shift=True))
    assert document.undo_stack.count() == 2
    assert {(9, 3), (11, 5), (10, 4)} <= found(document.encounter)
    document.undo_stack.undo()
    assert found(document.encounter) == {(c, 2) for c in range(1, 8)}
    document.undo_stack.undo()
    assert found(document.encounter) == set()


def test_shift_hides_and_a_rectangle_is_one_step(qtbot) -> None:  # type: ignore[no-untyped-def]
    document = fogged(Encounter(GridMap(8, 8)))
    gesture = FogGesture(lambda: document.encounter, shape="rectangle")
    drive(document, gesture, at(1, 1), at(3, 2), at(4, 3))
    assert found(document.encounter) == {(c, r) for c in range(1, 5) for r in range(1, 4)}
    drive(document, gesture, at(2, 2, shift=True), at(3, 3, shift=True))
    hidden = {(2, 2), (3, 2), (2, 3), (3, 3)}
    assert found(document.encounter) == {(c, r) for c in range(1, 5) for r in range(1, 4)} - hidden
    assert document.undo_stack.count() == 2
    assert gesture.preview() == []


def test_a_polygon_is_closed_by_a_right_click(qtbot) -> None:  # type: ignore[no-untyped-def]
    document = fogged(Encounter(GridMap(8, 8)))
    gesture = FogGesture(lambda: document.encounter, shape="polygon")
    for x, y in ((0, 0), (6, 0), (0, 6)):
        assert gesture.press(Pointer(x * CELL, y * CELL, left=True)) is None
    assert len(gesture.corners) == 3
    command = gesture.press(Pointer(0, 0, right=True))
    assert command is not None
    document.push(command, GM)
    assert found(document.encounter) == {(c, r) for c in range(6) for r in range(6) if c + r < 5}
    assert gesture.corners == []


def test_an_area_click_reveals_one_area_and_undo_hides_it(qtbot) -> None:  # type: ignore[no-untyped-def]
    document = fogged(small_areas())
    gesture = FogGesture(lambda: document.encounter, shape="area")
    command = gesture.press(Pointer(6 * CELL, 1.5 * CELL, left=True))  # in "floor"
    assert command is not None
    document.push(command, GM)
    assert document.encounter.fog.areas == {"floor"}
    command = gesture.press(Pointer(6 * CELL, 1.5 * CELL, left=True, shift=True))
    assert command is not None
    document.push(command, GM)
    assert document.encounter.fog.areas == set()
    document.undo_stack.undo()
    assert document.encounter.fog.areas == {"floor"}
    document.undo_stack.undo()
    assert document.encounter.fog.areas == set()
    gesture.shape = "brush"
    assert gesture.press(Pointer(6 * CELL, 1.5 * CELL, left=True)) is None
    assert "area" in gesture.message


def test_the_fog_menu_reveals_what_the_party_sees_and_follows_moves(make_services, qtbot) -> None:  # type: ignore[no-untyped-def]
    encounter = small_grid()
    encounter.fog = Fog(enabled=True)
    services = make_services(encounter)
    fog_controls = install_fog(services)
    fog = fog_controls
    assert fog.enabled_action.isChecked()
    fog.party_action.trigger()  # worked out on the worker: the GUI does not wait
    qtbot.waitUntil(lambda: not fog.worker.busy())
    seen = found(services.document.encounter)
    assert (1, 1) in seen and (3, 1) in seen
    assert (9, 7) not in seen  # behind the +2 ridge at column 5, from level 0
    assert services.document.undo_stack.undoText() == "Reveal what the party sees"
    fog.auto_action.trigger()
    assert services.document.encounter.fog.auto_reveal
    stack = services.document.undo_stack
    before = stack.count()
    qtbot.waitUntil(lambda: not fog.worker.busy())
    services.document.push(MoveToken("hero", (5, 1)), GM)  # onto the ridge: sees over it
    qtbot.waitUntil(lambda: (9, 7) in found(services.document.encounter))
    assert stack.count() == before + 1  # one move, one undo step (issue 23)
    assert stack.undoText() == "Move Hero"
    stack.undo()  # the move takes its reveal with it, and reveals nothing new
    qtbot.waitUntil(lambda: not fog.worker.busy())  # any reveal it asked for has landed
    assert services.document.encounter.tokens["hero"].position == (1, 1)
    assert (9, 7) not in found(services.document.encounter)
    assert (stack.count(), stack.index()) == (before + 1, before)
    stack.redo()
    assert services.document.encounter.tokens["hero"].position == (5, 1)
    assert (9, 7) in found(services.document.encounter)


def test_the_gm_tint_can_be_hidden(make_services, qtbot) -> None:  # type: ignore[no-untyped-def]
    services = make_services()
    fog_controls = install_fog(services)
    fog = fog_controls
    assert fog.fog.tint_shown
    fog.tint_action.trigger()
    assert not fog.fog.tint_shown
    assert services.settings.value("fog/gm_tint", type=bool) is False
    fog.enabled_action.trigger()
    assert services.document.encounter.fog.enabled
    services.document.undo_stack.undo()
    assert not fog.enabled_action.isChecked()


def test_new_maps_start_fogged_when_the_gm_says_so(
    make_services, settings: QSettings, qtbot
) -> None:  # type: ignore[no-untyped-def]
    services = make_services()
    fog_controls = install_fog(services)
    services.install_editing()
    services.map_editing.ask_grid_size = lambda: (6, 4, 5)
    assert services.map_editing.new_grid_map()
    assert not services.document.encounter.fog.enabled
    fog_controls.new_fogged_action.trigger()
    assert settings.value(NEW_MAPS_FOGGED, type=bool) is True
    assert services.map_editing.new_grid_map()
    assert services.document.encounter.fog.enabled
    assert found(services.document.encounter) == set()


def test_the_fog_tool_outlines_its_rectangle_and_pushes_one_step(make_services, qtbot) -> None:  # type: ignore[no-untyped-def]
    encounter = small_grid()
    encounter.fog = Fog(enabled=True)
    services = make_services(encounter)
    fog_controls = install_fog(services)
    services.install_tool_options()  # which shows the active tool's options
    fog_controls.shape_actions[3].trigger()  # Rectangle
    assert services.view.tool is fog_controls.tool
    assert fog_controls.toolbar.isVisible()
    tool = fog_controls.tool
    before = services.document.undo_stack.count()
    tool.press(at(1, 1))
    tool.move(at(4, 3))
    outline = tool.outline.path().boundingRect()
    assert (outline.left(), outline.top()) == (1 * CELL, 1 * CELL)
    assert (outline.right(), outline.bottom()) == (5 * CELL, 4 * CELL)
    tool.release(at(4, 3))
    assert services.document.undo_stack.count() == before + 1
    assert found(services.document.encounter) == {(c, r) for c in range(1, 5) for r in range(1, 4)}
    services.use_tool("select")
    assert tool.outline.path().isEmpty()


def test_dragging_a_pc_shows_what_it_would_reveal(make_services, qtbot) -> None:  # type: ignore[no-untyped-def]
    encounter = small_grid()
    encounter.fog = Fog(enabled=True, auto_reveal=True)
    services = make_services(encounter)
    fog_controls = install_fog(services)
    preview = fog_controls.preview
    worker = fog_controls.worker
    fog_controls.party_action.trigger()
    qtbot.waitUntil(lambda: not worker.busy())
    assert (9, 7) not in found(services.document.encounter)  # behind the ridge
    tool = services.select_tool
    assert tool.press(at(1, 1))  # Hero
    tool.move(at(3, 1))
    preview.update()
    qtbot.waitUntil(lambda: not worker.busy())
    assert preview.item.isVisible()
    assert (9, 7) not in preview.squares  # still behind the ridge from level 0
    tool.move(at(5, 1))  # onto the ridge: it would see over
    preview.update()
    qtbot.waitUntil(lambda: not worker.busy())
    assert (9, 7) in preview.squares
    assert not preview.squares & found(services.document.encounter)  # only what is new
    assert (9, 7) not in found(services.document.encounter)  # nothing revealed while held
    tool.release(at(5, 1, shift=True))  # placed by the GM: beyond its speed with the climb
    preview.update()
    assert not preview.item.isVisible()
    qtbot.waitUntil(lambda: (9, 7) in found(services.document.encounter))
    tool.press(at(1, 4))  # Orc: not of the party, no preview
    tool.move(at(2, 4))
    preview.update()
    assert not preview.item.isVisible()
    tool.cancel()


def test_reveal_what_the_party_sees_says_when_no_party_token_is_on_the_map(  # type: ignore[no-untyped-def]
    make_services, qtbot
) -> None:
    encounter = small_grid()
    encounter.fog = Fog(enabled=True)
    for token in encounter.tokens.values():
        token.side = "npcs"  # the GM put everyone on the foes' side
    services = make_services(encounter)
    fog_controls = install_fog(services)
    said = services.said
    fog_controls.party_action.trigger()
    assert said == [
        "No token of the party (Player characters) is on the map: put the party's tokens "
        "there, or choose the party's sides in Fog > The party's sides."
    ]
    encounter.tokens["hero"].side = "pcs"
    fog_controls.party_action.trigger()
    qtbot.waitUntil(lambda: not fog_controls.worker.busy())
    fog_controls.party_action.trigger()
    qtbot.waitUntil(lambda: not fog_controls.worker.busy())
    assert said[-1] == "The party (Player characters) sees nothing that is not revealed already."
