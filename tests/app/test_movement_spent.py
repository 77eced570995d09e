"""Movement spent over several drags in a Thrum turn, with real mouse events.

001_18fb441042e7114e.txt line 40: "Characters can use a number of squares of
movement up to their Speed during the Move phase of their turn."
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt

from tactical.app.map.geometry import CELL
from tactical.app.map.interaction.drag import DragController
from tactical.app.map.interaction.events import Pointer
from tactical.app.panel import CombatPanel

from .conftest import MAPS, small_grid
from .services_kit import FakeServices

THRUM = MAPS / "thrum.tactical.json"


def screen(services: FakeServices, square: tuple[int, int]) -> QPoint:
    return services.view.mapFromScene(QPointF((square[0] + 0.5) * CELL, (square[1] + 0.5) * CELL))


def to_kestrels_move_step(services: FakeServices) -> CombatPanel:
    """NPCs placed, Kestrel rolls highest, Round Zero passes: Round 1, Kestrel's Move step."""
    panel = services.open_panel()
    assert isinstance(panel, CombatPanel)
    controller = panel.controller
    controller.perform("npcs-placed")
    controller.perform("roll-initiative")
    controller.perform("set-initiative", {"token": "kestrel", "total": 30})
    controller.perform("begin-round-zero")
    while controller.state().step == "zero":
        controller.perform("zero-done")
    assert controller.state().current == "kestrel"
    controller.perform("start-done")
    assert controller.state().step == "move"
    return panel


def press_reach(qtbot, services: FakeServices, square: tuple[int, int]) -> dict[object, int]:  # type: ignore[no-untyped-def]
    """Press on the token at ``square``: the reach overlay's squares and costs."""
    qtbot.mousePress(
        services.view.viewport(), Qt.MouseButton.LeftButton, pos=screen(services, square)
    )
    assert services.scene.reach.isVisible()
    return dict(services.scene.reach.costs)


def drop_at(qtbot, services: FakeServices, square: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    viewport = services.view.viewport()
    qtbot.mouseMove(viewport, screen(services, square))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=screen(services, square))


def test_a_second_drag_offers_only_the_movement_left_and_undo_gives_it_back(
    make_services, qtbot
) -> None:  # type: ignore[no-untyped-def]
    services = make_services()
    assert services.files.open_path(THRUM), services.errors
    services.view.fit_map()
    panel = to_kestrels_move_step(services)
    document = services.document
    encounter = document.encounter
    kestrel = encounter.tokens["kestrel"]
    assert (kestrel.position, kestrel.speed) == ((2, 10), 6)
    assert document.move_budget(kestrel) == 6
    assert "Movement left: 6 of 6." in panel.view.notes  # type: ignore[union-attr]

    first = press_reach(qtbot, services, (2, 10))
    assert services.scene.reach.budget == 6
    assert first[(8, 10)] == 6
    drop_at(qtbot, services, (4, 10))
    assert kestrel.position == (4, 10)
    assert services.host.statusBar().currentMessage() == "Kestrel moved (2 of 6 squares)."
    assert document.move_budget(kestrel) == 4
    assert "Movement left: 4 of 6." in panel.view.notes  # type: ignore[union-attr]

    # The second press shows only what is left: 4 squares, so (8, 10) but not (10, 10).
    second = press_reach(qtbot, services, (4, 10))
    assert services.scene.reach.budget == 4
    assert max(second.values()) == 4
    assert (8, 10) in second and (10, 10) not in second
    assert len(second) < len(first)
    drop_at(qtbot, services, (10, 10))
    assert kestrel.position == (4, 10)
    assert services.host.statusBar().currentMessage() == (
        "Kestrel stays: it costs 6, more than the 4 left this turn. "
        "Hold Shift while dropping to place it anyway."
    )

    press_reach(qtbot, services, (4, 10))
    drop_at(qtbot, services, (6, 10))
    assert kestrel.position == (6, 10)
    assert document.move_budget(kestrel) == 2
    stack = document.undo_stack
    assert stack.undoText() == "Move Kestrel"

    # One undo: the position and the budget together.
    services.document.undo_stack.undo()
    assert kestrel.position == (4, 10)
    assert document.move_budget(kestrel) == 4
    assert "Movement left: 4 of 6." in panel.view.notes  # type: ignore[union-attr]
    assert press_reach(qtbot, services, (4, 10)) == second
    drop_at(qtbot, services, (4, 10))  # released where it stands: nothing moves
    assert kestrel.position == (4, 10)


def test_after_moving_the_action_step_leaves_no_movement(make_services, qtbot) -> None:  # type: ignore[no-untyped-def]
    services = make_services()
    assert services.files.open_path(THRUM), services.errors
    services.view.fit_map()
    panel = to_kestrels_move_step(services)
    panel.controller.perform("move-done")
    kestrel = services.document.encounter.tokens["kestrel"]
    assert services.document.move_budget(kestrel) == 0
    assert press_reach(qtbot, services, (2, 10)) == {(2, 10): 0}
    drop_at(qtbot, services, (1, 10))
    assert kestrel.position == (2, 10)
    assert services.host.statusBar().currentMessage() == (
        "Kestrel stays: it costs 1, more than the 0 left this turn. "
        "Hold Shift while dropping to place it anyway."
    )
    # The GM places it anyway: the move counts, the budget stays at 0, one undo step.
    viewport = services.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=screen(services, (2, 10)))
    qtbot.mouseMove(viewport, screen(services, (1, 10)))
    qtbot.mouseRelease(
        viewport,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.ShiftModifier,
        screen(services, (1, 10)),
    )
    assert kestrel.position == (1, 10)
    assert panel.controller.state().moved == {"kestrel": 1}
    assert services.document.move_budget(kestrel) == 0
    services.document.undo_stack.undo()
    assert kestrel.position == (2, 10)
    assert panel.controller.state().moved == {}


def test_a_drop_carries_the_engines_path_cost_and_a_forced_drop_its_full_cost() -> None:
    def at(col: int, row: int, shift: bool = False) -> Pointer:
        return Pointer((col + 0.5) * CELL, (row + 0.5) * CELL, left=True, shift=shift)

    encounter = small_grid()
    drag = DragController(lambda: encounter, budget=lambda token: 2)
    drag.press("hero", at(1, 1))
    drop = drag.release(at(1, 3))
    assert drop.command is not None and drop.cost == 2
    drag.press("hero", at(1, 1))
    forced = drag.release(at(6, 1, shift=True))
    assert forced.command is not None and forced.cost == 7
    assert forced.message == "Hero placed by the GM (it costs 7, more than the 2 left this turn)."
    drag.press("hero", at(1, 1))
    onto_enemy = drag.release(at(1, 4, shift=True))
    assert onto_enemy.command is not None and onto_enemy.cost == 2  # no path: all that is left
