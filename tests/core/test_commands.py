"""Every command family: do, undo and redo give exactly the expected encounter."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tactical.core.areas import Area, AreaLink, AreaMap, polygon_from_points
from tactical.core.changes import Change
from tactical.core.commands import (
    AddToken,
    Batch,
    Command,
    LogRoll,
    MoveToken,
    PaintSquares,
    PlaceTemplate,
    PutArea,
    RemoveArea,
    RemoveTemplate,
    RemoveToken,
    SelectProcedure,
    SetAreaLinks,
    SetFigure,
    SetProcedureState,
    SetStatus,
    SetTokenField,
    SetWall,
    UndoStack,
)
from tactical.core.commands.base import TakenBack
from tactical.core.dice_log import DiceRoll
from tactical.core.encounter import Encounter
from tactical.core.grid import GridMap, Terrain, Wall
from tactical.core.templates import Template
from tactical.core.tokens import Token


def grid_encounter() -> Encounter:
    return Encounter(
        GridMap.from_text("0 0 1 2\n0 1d 1 2\n0 0 0x 0"),
        [
            Token(
                "aldric", "Ser Aldric", "pcs", (0, 0), statuses={"Frayed": 1}, figures={"load": 2}
            ),
            Token("gob", "Goblin archer", "npcs", (3, 2)),
        ],
        name="Bridge",
        templates=[Template("burn", "area", 2, origin=(1, 1))],
    )


def area_encounter() -> Encounter:
    def rect(area_id: str, x0: int, x1: int) -> Area:
        return Area(
            area_id, area_id.title(), polygon_from_points([(x0, 0), (x1, 0), (x1, 3), (x0, 3)])
        )

    return Encounter(
        AreaMap([rect("bar", 0, 4), rect("hall", 4, 9), rect("stage", 9, 12)]),
        [Token("mira", "Mira", "pcs", "bar"), Token("bruiser", "Bruiser", "npcs", "hall")],
    )


def check(
    make: Callable[[], Encounter], command: Command, expect: Callable[[Encounter], None]
) -> None:
    """Do, undo and redo ``command``: after do and redo ``expect`` holds; undo restores all."""
    encounter = make()
    stack = UndoStack(encounter)
    stack.push(command)
    expect(encounter)
    assert encounter != make()
    assert stack.undo()
    assert encounter == make()
    assert stack.redo()
    expect(encounter)
    assert stack.undo()
    assert encounter == make()


# -- tokens ------------------------------------------------------------------


def test_move_token() -> None:
    def moved(e: Encounter) -> None:
        assert e.tokens["aldric"].position == (1, 0)

    check(grid_encounter, MoveToken("aldric", (1, 0)), moved)


def test_move_token_off_the_map_and_into_an_area() -> None:
    check(grid_encounter, MoveToken("gob", None), lambda e: _is(e.tokens["gob"].position, None))
    check(
        area_encounter,
        MoveToken("mira", "stage"),
        lambda e: _is(e.tokens["mira"].position, "stage"),
    )


def test_the_steps_of_one_drag_are_one_undo_step() -> None:
    encounter = grid_encounter()
    stack = UndoStack(encounter)
    for square in [(1, 0), (2, 0), (2, 1)]:
        stack.push(MoveToken("aldric", square, drag_id=7))
    stack.push(MoveToken("aldric", (3, 1), drag_id=8))  # another drag
    assert len(stack.done) == 2
    stack.undo()
    assert encounter.tokens["aldric"].position == (2, 1)
    stack.undo()
    assert encounter.tokens["aldric"].position == (0, 0)
    assert not stack.undo()
    stack.redo()
    assert encounter.tokens["aldric"].position == (2, 1)


def test_moves_without_a_drag_id_do_not_merge() -> None:
    encounter = grid_encounter()
    stack = UndoStack(encounter)
    stack.push(MoveToken("aldric", (1, 0)))
    stack.push(MoveToken("aldric", (2, 0)))
    assert len(stack.done) == 2


def test_a_step_taken_back_in_a_later_one_comes_back_when_that_is_undone() -> None:
    """A correction: a later step takes an earlier move back and makes another in its place;
    undoing the correction gives the earlier move back, undoing that the start."""
    encounter = grid_encounter()
    stack = UndoStack(encounter)
    first = MoveToken("aldric", (1, 0))
    stack.push(first)
    stack.push(Batch("Move Ser Aldric", [TakenBack(first), MoveToken("aldric", (0, 2))]))
    assert encounter.token("aldric").position == (0, 2)
    assert stack.undo() and encounter.token("aldric").position == (1, 0)
    assert stack.redo() and encounter.token("aldric").position == (0, 2)
    assert stack.undo() and stack.undo() and encounter == grid_encounter()


def test_add_token_at_an_index() -> None:
    def added(e: Encounter) -> None:
        assert list(e.tokens) == ["ogre", "aldric", "gob"]

    check(grid_encounter, AddToken(Token("ogre", "Ogre", "npcs", (2, 0), size=2), 0), added)


def test_remove_token_restores_its_place_in_the_order() -> None:
    def removed(e: Encounter) -> None:
        assert list(e.tokens) == ["gob"]

    check(grid_encounter, RemoveToken("aldric"), removed)


def test_statuses() -> None:
    check(
        grid_encounter,
        SetStatus("aldric", "Prone", 1),
        lambda e: _is(e.tokens["aldric"].statuses, {"Frayed": 1, "Prone": 1}),
    )
    check(
        grid_encounter,
        SetStatus("aldric", "Frayed", 3),
        lambda e: _is(e.tokens["aldric"].statuses, {"Frayed": 3}),
    )
    check(
        grid_encounter,
        SetStatus("aldric", "Frayed", None),
        lambda e: _is(e.tokens["aldric"].statuses, {}),
    )


def test_figures() -> None:
    check(
        grid_encounter,
        SetFigure("aldric", "stress", 1),
        lambda e: _is(e.tokens["aldric"].figures, {"load": 2, "stress": 1}),
    )
    check(
        grid_encounter,
        SetFigure("aldric", "load", 3.5),
        lambda e: _is(e.tokens["aldric"].figures, {"load": 3.5}),
    )
    check(
        grid_encounter,
        SetFigure("aldric", "load", None),
        lambda e: _is(e.tokens["aldric"].figures, {}),
    )


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("name", "Aldric the Bold"),
        ("side", "npcs"),
        ("size", 2),
        ("speed", 4),
        ("image", "a.png"),
        ("hidden", True),
    ],
)
def test_set_token_field(field: str, value: object) -> None:
    check(
        grid_encounter,
        SetTokenField("aldric", field, value),
        lambda e: _is(getattr(e.tokens["aldric"], field), value),
    )


def test_position_is_not_an_editable_field() -> None:
    with pytest.raises(ValueError, match="'position' is not an editable token field"):
        SetTokenField("aldric", "position", (1, 1))


# -- terrain -----------------------------------------------------------------


def test_paint_squares() -> None:
    def painted(e: Encounter) -> None:
        assert e.grid is not None
        assert e.grid.to_text() == "0 3d 1 2\n0 3d 1 2\n0 0 0x 0"

    check(
        grid_encounter,
        PaintSquares([(1, 0), (1, 1)], elevation=3, terrain=Terrain.DIFFICULT),
        painted,
    )


def test_paint_only_elevation_keeps_terrain() -> None:
    def painted(e: Encounter) -> None:
        assert e.grid is not None
        assert e.grid.to_text() == "0 0 1 2\n0 4d 1 2\n0 0 0x 0"

    check(grid_encounter, PaintSquares([(1, 1)], elevation=4), painted)


def test_one_paint_stroke_is_one_undo_step_and_undo_restores_first_values() -> None:
    encounter = grid_encounter()
    stack = UndoStack(encounter)
    stack.push(PaintSquares([(0, 0), (1, 0)], terrain=Terrain.IMPASSABLE, stroke_id=1))
    stack.push(PaintSquares([(1, 0), (1, 1)], terrain=Terrain.IMPASSABLE, stroke_id=1))
    assert len(stack.done) == 1
    assert encounter.grid is not None
    assert encounter.grid.to_text() == "0x 0x 1 2\n0 1x 1 2\n0 0 0x 0"
    stack.undo()
    assert encounter == grid_encounter()


def test_walls_and_doors() -> None:
    def walled(e: Encounter) -> None:
        assert e.grid is not None
        assert e.grid.walls == {((0, 0), (1, 0)): Wall(door=True)}
        assert e.grid.blocked_edge((1, 0), (0, 0))

    check(grid_encounter, SetWall((1, 0), (0, 0), Wall(door=True)), walled)

    def opened() -> Encounter:
        encounter = grid_encounter()
        assert encounter.grid is not None
        encounter.grid.set_wall((0, 0), (1, 0), Wall(door=True))
        return encounter

    check(
        opened,
        SetWall((0, 0), (1, 0), Wall(door=True, open=True)),
        lambda e: _is(e.grid is not None and e.grid.blocked_edge((0, 0), (1, 0)), False),
    )
    check(
        opened,
        SetWall((0, 0), (1, 0), None),
        lambda e: _is(e.grid is not None and e.grid.walls, {}),
    )


def test_terrain_commands_need_a_grid() -> None:
    with pytest.raises(TypeError, match="needs a grid map"):
        UndoStack(area_encounter()).push(SetWall((0, 0), (1, 0), Wall()))


# -- areas -------------------------------------------------------------------


def test_put_area_adds_and_reshapes() -> None:
    cellar = Area("cellar", "Cellar", polygon_from_points([(0, 3), (4, 3), (4, 6), (0, 6)]))

    def added(e: Encounter) -> None:
        assert e.area_map is not None
        assert list(e.area_map.areas) == ["bar", "hall", "stage", "cellar"]
        assert e.area_map.adjacent("bar", "cellar")

    check(area_encounter, PutArea(cellar), added)
    wider = Area("bar", "Long bar", polygon_from_points([(0, 0), (4, 0), (4, 5), (0, 5)]))

    def reshaped(e: Encounter) -> None:
        assert e.area_map is not None
        assert list(e.area_map.areas) == ["bar", "hall", "stage"]
        assert e.area_map.areas["bar"].name == "Long bar"

    check(area_encounter, PutArea(wider), reshaped)


def test_remove_area_takes_its_tokens_off_and_undo_puts_them_back() -> None:
    def removed(e: Encounter) -> None:
        assert e.area_map is not None
        assert list(e.area_map.areas) == ["bar", "stage"]
        assert e.tokens["bruiser"].position is None

    check(area_encounter, RemoveArea("hall"), removed)


def test_area_links() -> None:
    def linked(e: Encounter) -> None:
        assert e.area_map is not None
        assert e.area_map.adjacent("bar", "stage")
        assert not e.area_map.adjacent("bar", "hall")

    links = [AreaLink("bar", "stage", "add", "rope"), AreaLink("bar", "hall", "cut", "counter")]
    check(area_encounter, SetAreaLinks(links), linked)


# -- templates ---------------------------------------------------------------


def test_place_and_move_a_template() -> None:
    aura = Template("aura", "aura", 2, token_id="aldric")
    check(grid_encounter, PlaceTemplate(aura), lambda e: _is(list(e.templates), ["burn", "aura"]))
    moved = Template("burn", "area", 2, origin=(2, 0))
    check(grid_encounter, PlaceTemplate(moved), lambda e: _is(e.templates["burn"].origin, (2, 0)))


def test_remove_a_template() -> None:
    check(grid_encounter, RemoveTemplate("burn"), lambda e: _is(e.templates, {}))


# -- procedure ---------------------------------------------------------------


def test_select_procedure_and_advance_its_state() -> None:
    def selected(e: Encounter) -> None:
        assert (e.procedure, e.procedure_state) == ("thrum", {"round": 0})

    check(grid_encounter, SelectProcedure("thrum", {"round": 0}), selected)
    check(
        grid_encounter,
        SetProcedureState({"round": 1}),
        lambda e: _is(e.procedure_state, {"round": 1}),
    )


def test_procedure_state_is_copied_not_shared() -> None:
    state = {"order": ["aldric"]}
    encounter = grid_encounter()
    UndoStack(encounter).push(SetProcedureState(state))
    state["order"].append("gob")
    assert encounter.procedure_state == {"order": ["aldric"]}


def test_log_roll() -> None:
    roll = DiceRoll("Ser Aldric", "2d6+1", "initiative", 9, (3, 5))
    check(grid_encounter, LogRoll(roll), lambda e: _is(e.dice_log, [roll]))


def test_batch_is_one_step_undone_in_reverse() -> None:
    batch = Batch(
        "Charge",
        [
            MoveToken("aldric", (1, 0)),
            MoveToken("aldric", (2, 1)),
            SetStatus("aldric", "Frayed", 2),
        ],
    )

    def charged(e: Encounter) -> None:
        assert e.tokens["aldric"].position == (2, 1)
        assert e.tokens["aldric"].statuses == {"Frayed": 2}

    check(grid_encounter, batch, charged)


def test_commands_notify_what_changed() -> None:
    encounter = grid_encounter()
    heard: list[Change] = []
    encounter.subscribe(heard.append)
    stack = UndoStack(encounter)
    stack.push(MoveToken("gob", (2, 2)))
    stack.push(PaintSquares([(0, 0)], elevation=1))
    stack.undo()
    assert heard == [
        Change("tokens", frozenset({"gob"})),
        Change("terrain", squares=frozenset({(0, 0)})),
        Change("terrain", squares=frozenset({(0, 0)})),
    ]


def test_a_new_edit_clears_redo() -> None:
    encounter = grid_encounter()
    stack = UndoStack(encounter)
    stack.push(MoveToken("gob", (2, 2)))
    stack.undo()
    stack.push(MoveToken("gob", (1, 2)))
    assert not stack.redo()
    assert encounter.tokens["gob"].position == (1, 2)


def _is(actual: object, expected: object) -> None:
    assert actual == expected
