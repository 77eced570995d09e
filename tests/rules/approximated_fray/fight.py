"""The Approximated Fray fights (000_b2551d7b392b43c7.txt) the tests start from,
and helpers that read them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tactical.core import Area, AreaMap, Encounter, Token, polygon_from_points
from tactical.core.commands import UndoStack
from tactical.persistence import load_encounter
from tactical.rules import ProcedureController

EXAMPLE = Path(__file__).resolve().parents[3] / "maps" / "approximated-fray.tactical.json"


FRAY = "approximated-fray"


def open_example() -> tuple[Encounter, UndoStack, ProcedureController]:
    encounter = load_encounter(EXAMPLE)
    stack = UndoStack(encounter)
    return encounter, stack, ProcedureController(encounter, stack.push)


def ids(controller: ProcedureController) -> list[str]:
    return [a.id for a in controller.actions()]


def primary(controller: ProcedureController) -> str:
    action = controller.primary()
    assert action is not None
    return action.id


def figures(encounter: Encounter, token_id: str) -> dict[str, Any]:
    token = encounter.token(token_id)
    return {k: v for k, v in token.figures.items() if k != "cards"}


def public_text(controller: ProcedureController) -> str:
    """Everything of the view the player screen may show (rows of hidden tokens left out)."""
    view = controller.view()
    encounter = controller.encounter
    rows = [
        f"{r.name} {r.order} {r.figures} {r.statuses} {r.revealed}"
        for r in view.combatants
        if not encounter.token(r.token_id).hidden
    ]
    return " | ".join([view.instruction, *view.notes, *rows, *sorted(view.targets)])


ROUND_ONE_PLAYS = [
    # 000 l.32: "They also secretly allocate a target for their action, an area or a Creature."
    ("bram", {"card": "Rebuke", "target": "ogre"}),
    ("aldra", {"card": "Charge", "target": "ogre"}),
    ("corin", {"card": "Longbow", "target": "archer"}),
    ("ogre", {"card": "Lumber", "to": "west-bank"}),
    ("spear", {"card": "Scurry", "to": "bridge"}),
    ("archer", {"card": "Shortbow", "target": "corin"}),
    ("shaman", {"card": "Fire Field", "area": "west-bank"}),
]
"""The declarations of the example round, clockwise; the shaman is hidden."""


def stage_round_one(controller: ProcedureController) -> None:
    """The declarations of the example round, clockwise (the primary each time)."""
    for token_id, params in ROUND_ONE_PLAYS:
        assert primary(controller) == f"declare:{token_id}"
        assert controller.view().acting == {token_id}
        controller.perform(f"declare:{token_id}", params)


def small_fight(**ogre: Any) -> tuple[Encounter, UndoStack, ProcedureController]:
    """Two areas, a knight (PC) and an ogre; no cards (free-text declarations)."""
    areas = AreaMap(
        [
            Area("hall", "Hall", polygon_from_points([(0, 0), (4, 0), (4, 4), (0, 4)])),
            Area("door", "Door", polygon_from_points([(4, 0), (6, 0), (6, 4), (4, 4)])),
            Area("yard", "Yard", polygon_from_points([(6, 0), (9, 0), (9, 4), (6, 4)])),
        ]
    )
    encounter = Encounter(
        areas,
        [
            Token("knight", "Knight", "pcs", "hall", figures={"fatigue": 2}),
            Token("ogre", "Ogre", "npcs", "hall", figures=dict(ogre)),
        ],
    )
    stack = UndoStack(encounter)
    controller = ProcedureController(encounter, stack.push)
    controller.start(FRAY, seed=5)
    return encounter, stack, controller
