"""003 Stumble: a stumbling character's drag towards the direction the stumble came from.

003: "While the effect lasts, you can not move in one of the directions of the locations
you are in (left, right, up or down). This is the direction from which the effect came."
"""

from __future__ import annotations

from tactical.app.map.geometry import CELL
from tactical.app.map.interaction.drag import DragController
from tactical.app.map.interaction.events import Pointer
from tactical.core import Encounter, GridMap, Side, Token
from tactical.core.commands import MoveToken, UndoStack
from tactical.rules import BlockedDirection, ProcedureController

REASON = "stumbling, it cannot move left: the direction the stumble came from (003)"
ROUND_THE_BAN = f"{REASON}; every way there takes a step that way"


def at(col: float, row: float, **keys: bool) -> Pointer:
    return Pointer((col + 0.5) * CELL, (row + 0.5) * CELL, left=True, **keys)


def stumbling(grid: GridMap | None = None, speed: int = 2) -> tuple[Encounter, ProcedureController]:
    """Brand (speed 2) in the middle of a 5 x 5 map, hit by a stumble that came from the left."""
    encounter = Encounter(
        grid or GridMap(5, 5),
        [
            Token("brand", "Brand", "pcs", (2, 2), speed=speed, figures={"willpower": 1}),
            Token("grub", "Grub", "npcs", (4, 4), figures={"willpower": 1}),
        ],
        [Side("pcs", "Heroes"), Side("npcs", "Goblins")],
        metric="orthogonal",
    )
    controller = ProcedureController(encounter, UndoStack(encounter).push)
    controller.start("two-second-turns", seed=3)
    controller.perform("roll-initiative", manual=[6, 1])
    controller.perform("start-round")
    controller.perform(
        "effect", {"target": "brand", "effect": "stumble", "seconds": 2, "direction": "left"}
    )
    return encounter, controller


def test_the_procedure_names_the_blocked_direction_and_why() -> None:
    encounter, controller = stumbling()
    assert controller.blocked_direction("brand") == BlockedDirection((-1, 0), REASON)
    assert controller.blocked_direction("grub") is None
    assert encounter.token("brand").figures["stumble_from"] == "left"


def test_the_preview_leaves_out_every_square_to_the_left() -> None:
    encounter, _controller = stumbling()
    drag = DragController(lambda: encounter)
    reach = drag.press("brand", at(2, 2)).reach
    assert reach == {
        (2, 2): 0,
        (3, 2): 1,
        (4, 2): 2,
        (2, 1): 1,
        (2, 0): 2,
        (2, 3): 1,
        (2, 4): 2,
        (3, 1): 2,
        (3, 3): 2,
    }
    hover = drag.move(at(1, 2))
    assert hover is not None and not hover.ok and hover.label == REASON


def test_a_drop_to_the_left_is_refused_with_the_reason_and_shift_overrides() -> None:
    encounter, _controller = stumbling()
    drag = DragController(lambda: encounter)
    drag.press("brand", at(2, 2))
    refused = drag.release(at(1, 1))  # up and to the left: it takes a step left
    assert refused.command is None
    assert refused.message == (
        f"Brand stays: {REASON}. Hold Shift while dropping to place it anyway."
    )
    drag.press("brand", at(2, 2))
    forced = drag.release(at(1, 2, shift=True))
    assert isinstance(forced.command, MoveToken) and forced.command.to == (1, 2)
    assert forced.message == f"Brand placed by the GM ({REASON})."
    drag.press("brand", at(2, 2))
    moved = drag.release(at(3, 2))
    assert isinstance(moved.command, MoveToken) and moved.message == "Brand moved (1 of 2 squares)."


def test_the_ban_ends_with_the_fight_and_does_not_touch_others() -> None:
    encounter, controller = stumbling()
    grub = DragController(lambda: encounter).press("grub", at(4, 4)).reach or {}
    assert (3, 4) in grub
    controller.perform("end-combat")
    assert controller.blocked_direction("brand") is None
    reach = DragController(lambda: encounter).press("brand", at(2, 2)).reach or {}
    assert (1, 2) in reach


# Brand at (2, 2) above a wall of impassable squares; (2, 4) lies straight below it.
BEHIND_A_WALL = """
0 0  0  0  0 0 0
0 0  0  0  0 0 0
0 0  0  0  0 0 0
0 0x 0x 0x 0 0 0
0 0  0  0  0 0 0
"""


def behind_a_wall() -> tuple[Encounter, ProcedureController]:
    encounter, controller = stumbling(GridMap.from_text(BEHIND_A_WALL), speed=6)
    encounter.token("grub").position = (6, 0)  # out of the way
    return encounter, controller


def test_a_square_reached_only_by_a_step_left_leaves_the_preview_too() -> None:
    # The whole path obeys the stumble, not only where it ends: round either end of the
    # wall, the way back to (2, 4) steps left.
    encounter, _controller = behind_a_wall()
    drag = DragController(lambda: encounter)
    reach = drag.press("brand", at(2, 2)).reach or {}
    assert (2, 4) not in reach and (3, 4) not in reach
    assert reach[(4, 4)] == 4
    assert {sq for sq in reach if sq[0] < 2} == set()
    hover = drag.move(at(2, 4))
    assert hover is not None and not hover.ok and hover.label == ROUND_THE_BAN
    preview = drag.move(at(4, 4))
    assert preview is not None and preview.ok
    assert preview.path == [(2, 2), (3, 2), (4, 2), (4, 3), (4, 4)]
    refused = drag.release(at(2, 4))
    assert refused.command is None
    assert refused.message == (
        f"Brand stays: {ROUND_THE_BAN}. Hold Shift while dropping to place it anyway."
    )
    drag.press("brand", at(2, 2))
    forced = drag.release(at(2, 4, shift=True))
    assert isinstance(forced.command, MoveToken) and forced.command.to == (2, 4)
    assert forced.message == f"Brand placed by the GM ({ROUND_THE_BAN})."
    assert forced.cost == 6  # the path round the wall, left step and all


def test_without_the_stumble_the_way_round_is_open() -> None:
    encounter, controller = behind_a_wall()
    controller.perform("end-combat")
    reach = DragController(lambda: encounter).press("brand", at(2, 2)).reach or {}
    assert reach[(2, 4)] == 6
