"""The Game Judge example fight (002_207f3f1951758ab0.txt) every test starts from,
and the table that drives it.
"""

from __future__ import annotations

import runpy
from pathlib import Path
from typing import Any

from tactical.core import Encounter
from tactical.core.commands import UndoStack
from tactical.rules import PanelView, ProcedureController

ROOT = Path(__file__).resolve().parents[3]


EXAMPLE = ROOT / "maps" / "game-judge.tactical.json"


SCRIPT = ROOT / "tools" / "procedure_examples" / "game-judge.py"


Declared = tuple[dict[str, dict[str, Any]], dict[str, dict[str, Any]]]


def build_example() -> Encounter:
    encounter: Encounter = runpy.run_path(str(SCRIPT))["build"]()
    return encounter


class Table:
    """The example encounter, its undo stack and a controller: what the panel drives."""

    def __init__(self, encounter: Encounter | None = None) -> None:
        self.encounter = encounter or build_example()
        self.stack = UndoStack(self.encounter)
        self.c = ProcedureController(self.encounter, self.stack.push)

    def do(self, action: str, manual: list[int] | None = None, **params: Any) -> list[str]:
        return self.c.perform(action, params, manual=manual or [])

    @property
    def view(self) -> PanelView:
        return self.c.view()

    @property
    def step(self) -> str:
        return self.c.state().step

    @property
    def instruction(self) -> str:
        return self.view.instruction

    def row(self, token_id: str) -> Any:
        return next(r for r in self.view.combatants if r.token_id == token_id)

    def current(self) -> list[str]:
        return [s.id for s in self.view.steps if s.status == "current"]

    def where(self, token_id: str) -> object:
        return self.encounter.token(token_id).position

    def primary(self) -> tuple[str, str]:
        action = self.c.primary()
        assert action is not None
        return action.id, action.label

    def declare_all(
        self, gm: dict[str, dict[str, Any]], players: dict[str, dict[str, Any]]
    ) -> None:
        for token_id, params in gm.items():
            self.do("declare", token=token_id, **params)
        self.do("next")
        for token_id, params in players.items():
            self.do("declare", token=token_id, **params)
        self.do("next")

    def resolve_all(self) -> list[str]:
        """Resolve the current step's entries in order; returns who acted."""
        step, seen = self.step, []
        while self.step == step:
            action = self.c.primary()
            if action is None or action.id != "resolve" or action.token_id is None:
                break
            seen.append(action.token_id)
            self.do("resolve")
        return seen

    def to_phases(self, dice: list[int]) -> None:
        """Step 3 -> Step 6 with typed initiative dice (Heroes' die, then the Crew's)."""
        assert self.step == "step3"
        self.do("next")
        self.do("roll-initiative", manual=dice)
        self.do("next")
        self.do("next")


def public_text(t: Table) -> str:
    """Everything the player view may read: public fields, rows of tokens not hidden."""
    view = t.view
    parts = [view.instruction, *view.notes, *[s.title for s in view.steps]]
    parts += [
        f"{r.name} {r.order} {r.revealed}"
        for r in view.combatants
        if not t.encounter.token(r.token_id).hidden
    ]
    return "\n".join(parts)


SPEEDSTERS = (
    "*Super-speedsters are treated as ranged attacks in so far as when they can perform the "
    "action that they have chosen. They may resolve a firing attack while moving (apply "
    "penalty) or Slugfest/Grapple (now instead of Phase-B) or Charge (now instead of Phase-C)"
)


ELASTICITY = (
    "7) Elasticity and Long Reach due to Size: These are not considered Ranged Attacks…They "
    "are resolved during Phase-C: MOVEMENT RESOLUTION"
)
