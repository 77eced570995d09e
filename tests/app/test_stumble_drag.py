"""003 Stumble: a stumbling character's drag towards the direction the stumble came from.

003: "While the effect lasts, you can not move in one of the directions of the locations
you are in (left, right, up or down). This is the direction from which the effect came."
"""

from __future__ import annotations

from tactical.app.geometry import CELL
from tactical.app.interaction.drag import DragController
from tactical.app.interaction.events import Pointer
from tactical.core import Encounter, GridMap, Side, Token
from tactical.core.commands import MoveToken, UndoStack
from tactical.rules import BlockedDirection, ProcedureController

REASON = "stumbling, it cannot move left: the direction the stumble came from (003)"


def at(col: float, row: float, **keys: bool) -> Pointer:
    return Pointer((col + 0.5) * CELL, (row + 0.5) * CELL, left=True, **keys)


def stumbling() -> tuple[Encounter, ProcedureController]:
    """Brand (speed 2) in the middle of a 5 x 5 map, hit by a stumble that came from the left."""
    encounter = Encounter(
        GridMap(5, 5),
        [
            Token("brand", "Brand", "pcs", (2, 2), speed=2, figures={"willpower": 1}),
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
