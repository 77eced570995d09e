"""The fight every Two-second turns test (003_8e8ef1bed4dcaaed.txt) starts from,
and helpers that drive it.
"""

from __future__ import annotations

from typing import Any

from tactical.core import Encounter, GridMap, Side, Token
from tactical.core.commands import UndoStack
from tactical.rules import ProcedureController

MAP = """
0 0 0 0 0 0
0 0 0 0 0 0
0 0 0 2 2 0
0 0 0 2 2 0
0 0 0 0 0 0
"""


def make_encounter() -> Encounter:
    """Aria and Brand (PCs) against Grub and Snag, who share the raised square (3, 2)."""
    tokens = [
        Token("aria", "Aria", "pcs", (2, 2), figures={"dexterity": 3, "willpower": 2}),
        Token("brand", "Brand", "pcs", (1, 4), figures={"dexterity": 1, "willpower": 3}),
        Token("grub", "Grub", "npcs", (3, 2), figures={"dexterity": 2, "willpower": 1}),
        Token("snag", "Snag", "npcs", (3, 2), figures={"dexterity": 2, "willpower": 2}),
    ]
    return Encounter(
        GridMap.from_text(MAP),
        tokens,
        [Side("pcs", "Heroes"), Side("npcs", "Goblins")],
        metric="orthogonal",
    )


def make_fight() -> tuple[Encounter, UndoStack, ProcedureController]:
    """The fight of :func:`make_encounter`, Two-second turns started (seed 3)."""
    encounter = make_encounter()
    stack = UndoStack(encounter)
    controller = ProcedureController(encounter, stack.push)
    controller.start("two-second-turns", seed=3)
    return encounter, stack, controller


def rolled(controller: ProcedureController, manual: list[int]) -> None:
    controller.perform("roll-initiative", manual=manual)


def started(manual: list[int] | None = None) -> tuple[Encounter, UndoStack, ProcedureController]:
    encounter, stack, controller = make_fight()
    rolled(controller, manual or [12, 12, 8, 7])
    controller.perform("start-round")
    return encounter, stack, controller


def order(controller: ProcedureController) -> list[str]:
    return [c.token_id for c in controller.view().combatants]


def state(controller: ProcedureController) -> Any:
    return controller.state()


def action_ids(controller: ProcedureController) -> list[str]:
    return [a.id for a in controller.actions()]


def make_and_start_then_shoot(weapon_range: int) -> None:
    _encounter, _stack, controller = started()
    controller.perform("ranged", {"target": "grub", "range": weapon_range})


FIELD = "\n".join(" ".join(["0"] * 10) for _ in range(6))


class Table:
    """An encounter, its undo stack and the controller the panel would drive."""

    def __init__(self, encounter: Encounter) -> None:
        self.encounter = encounter
        self.stack = UndoStack(encounter)
        self.gm = ProcedureController(encounter, self.stack.push)

    def press(self, action: str, manual: tuple[int, ...] = (), **params: Any) -> None:
        self.gm.perform(action, params, manual=manual)

    def drag(self, token_id: str, to: tuple[int, int], cost: int) -> None:
        self.stack.push(self.gm.move_command(token_id, to, cost))

    @property
    def state(self) -> Any:
        return self.gm.state()
