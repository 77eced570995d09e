"""The drag state machine without Qt: plain pointer events in, feedback and commands out."""

from __future__ import annotations

import itertools

from tactical.app.map.geometry import CELL
from tactical.app.map.interaction.drag import DragController
from tactical.app.map.interaction.events import Pointer
from tactical.core.commands import MoveToken, UndoStack

from .conftest import small_areas, small_grid


def at(col: float, row: float, **keys: bool) -> Pointer:
    """A pointer over the middle of square (col, row)."""
    return Pointer((col + 0.5) * CELL, (row + 0.5) * CELL, left=True, **keys)


def test_press_shows_where_the_token_can_go_with_costs() -> None:
    encounter = small_grid()
    drag = DragController(lambda: encounter)
    feedback = drag.press("hero", at(1, 1))
    assert feedback.budget == 4
    reach = feedback.reach or {}
    assert reach[(1, 1)] == 0
    assert reach[(4, 1)] == 3
    assert (1, 4) not in reach  # the orc, an enemy
    assert (3, 1) not in reach  # the ally: can be passed, not stopped on


def test_the_path_is_recomputed_only_when_the_square_changes() -> None:
    encounter = small_grid()
    drag = DragController(lambda: encounter)
    drag.press("hero", at(1, 1))
    first = drag.move(at(4, 1))
    assert first is not None
    # The straight line of the equally cheap paths, through the ally (passed, not stopped on).
    assert first.path == [(1, 1), (2, 1), (3, 1), (4, 1)]
    assert first.label == "3 of 4 squares"
    assert first.ok
    assert drag.move(Pointer(4.9 * CELL, 1.1 * CELL)) is None  # same square
    assert drag.previews == 1


def test_drop_on_a_reachable_square_is_one_move_command() -> None:
    encounter = small_grid()
    stack = UndoStack(encounter)
    drag = DragController(lambda: encounter)
    drag.press("hero", at(1, 1))
    drag.move(at(3, 0))
    drag.move(at(4, 1))
    feedback = drag.release(at(4, 1))
    assert isinstance(feedback.command, MoveToken)
    stack.push(feedback.command)
    assert encounter.tokens["hero"].position == (4, 1)
    assert len(stack.done) == 1
    stack.undo()
    assert encounter.tokens["hero"].position == (1, 1)


def test_drop_on_an_enemy_is_refused_with_the_reason() -> None:
    encounter = small_grid()
    drag = DragController(lambda: encounter)
    drag.press("hero", at(1, 1))
    feedback = drag.move(at(1, 4))
    assert feedback is not None and not feedback.ok
    assert feedback.label == "an enemy (Orc) is there"
    drop = drag.release(at(1, 4))
    assert drop.command is None
    assert drop.restore
    assert drop.message == (
        "Hero stays: an enemy (Orc) is there. Hold Shift while dropping to place it anyway."
    )


def test_drop_beyond_the_budget_says_what_it_costs() -> None:
    encounter = small_grid()
    drag = DragController(lambda: encounter)
    drag.press("hero", at(1, 1))
    drop = drag.release(at(6, 1))
    assert drop.command is None
    assert "it costs 7, more than the 4 this turn" in drop.message


def test_drop_on_an_ally_and_on_impassable_terrain() -> None:
    encounter = small_grid()
    drag = DragController(lambda: encounter)
    drag.press("hero", at(1, 1))
    assert "an ally (Ally) is there" in drag.release(at(3, 1)).message
    drag.press("hero", at(1, 1))
    assert "impassable" in drag.release(at(7, 1)).message


def test_shift_places_the_token_anyway() -> None:
    encounter = small_grid()
    drag = DragController(lambda: encounter)
    drag.press("hero", at(1, 1))
    drop = drag.release(at(6, 1, shift=True))
    assert isinstance(drop.command, MoveToken)
    assert drop.command.to == (6, 1)
    assert drop.message == "Hero placed by the GM (it costs 7, more than the 4 this turn)."


def test_off_the_map_is_refused_even_with_shift() -> None:
    encounter = small_grid()
    drag = DragController(lambda: encounter)
    drag.press("hero", at(1, 1))
    drop = drag.release(at(-2, 1, shift=True))
    assert drop.command is None
    assert "off the map" in drop.message


def test_a_large_token_is_held_where_it_was_grabbed() -> None:
    encounter = small_grid()
    drag = DragController(lambda: encounter)
    drag.press("ogre", at(8, 6))  # the ogre's bottom-right square
    drop = drag.release(at(7, 6))  # one square left
    assert drop.command is not None and drop.command.to == (6, 5)


def test_releasing_where_it_started_moves_nothing() -> None:
    encounter = small_grid()
    drag = DragController(lambda: encounter)
    drag.press("hero", at(1, 1))
    drop = drag.release(at(1, 1))
    assert drop.command is None and drop.message == ""


def test_a_budget_from_the_procedure_replaces_speed() -> None:
    encounter = small_grid()
    drag = DragController(lambda: encounter, budget=lambda token: 1)
    feedback = drag.press("hero", at(1, 1))
    assert max((feedback.reach or {}).values()) == 1


def test_area_map_moves_count_areas() -> None:
    encounter = small_areas()
    drag = DragController(lambda: encounter)
    feedback = drag.press("brawler", Pointer(2 * CELL, 1.5 * CELL, left=True))
    assert feedback.reach == {"bar": 0, "floor": 1}
    step = drag.move(Pointer(6 * CELL, 1.5 * CELL))
    assert step is not None and step.path == ["bar", "floor"] and step.label == "1 of 1 area"
    drop = drag.release(Pointer(6 * CELL, 1.5 * CELL))
    assert drop.command is not None and drop.command.to == "floor"
    drag.press("brawler", Pointer(2 * CELL, 1.5 * CELL, left=True))
    refused = drag.release(Pointer(10 * CELL, 1.5 * CELL))
    assert refused.command is None
    assert "it costs 2, more than the 1 this turn" in refused.message


def test_the_preview_among_equal_paths_is_the_straightest_not_a_zigzag() -> None:
    from tactical.core.encounter import Encounter
    from tactical.core.grid import GridMap
    from tactical.core.tokens import Token

    grid = GridMap.from_text("\n".join(" ".join("0" for _ in range(12)) for _ in range(8)))
    encounter = Encounter(grid, [Token("hero", "Hero", "pcs", (1, 1), speed=20)])
    drag = DragController(lambda: encounter)
    drag.press("hero", at(1, 1))
    feedback = drag.move(at(9, 4))
    assert feedback is not None and feedback.path is not None
    path = feedback.path
    assert path[0] == (1, 1) and path[-1] == (9, 4)
    # Steps go one way only (never back and forth) and every square hugs the drawn line.
    assert all(b[0] >= a[0] and b[1] >= a[1] for a, b in itertools.pairwise(path))
    for col, row in path:
        across = abs((col - 1) * 3 - (row - 1) * 8) / (3**2 + 8**2) ** 0.5
        assert across <= 0.75, (col, row, path)
