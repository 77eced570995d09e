"""A toy procedure and a panel on a small encounter, for the panel's tests.

The toy covers what the panel must show: an outline with sub-steps, an order
from rolled initiative, figures, secret declarations revealed later, an
acting combatant, targets, refusals, and params of every kind.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

import pytest
from pydantic import Field

from tactical.app.encounter.document import EncounterDocument
from tactical.app.panel import CombatPanel
from tactical.core import Area, AreaMap, Encounter, GridMap, Token, polygon_from_points
from tactical.rules import (
    Action,
    Combatant,
    PanelView,
    Param,
    Procedure,
    ProcedureState,
    RulesError,
    StepLine,
    registry,
)
from tactical.rules.context import ActionContext
from tactical.rules.procedure import mark_outline

OUTLINE = [
    ("setup", "Roll initiative", 0),
    ("round", "Round", 0),
    ("declare", "Declare", 1),
    ("act", "Act in order", 1),
    ("over", "Fight over", 0),
]


class ToyState(ProcedureState):
    order: list[str] = Field(default_factory=list)
    index: int = 0
    declared: dict[str, list[str]] = Field(default_factory=dict)
    """token id -> [target id, intent]"""
    revealed: bool = False
    marks: list[dict[str, Any]] = Field(default_factory=list)


class ToyFight(Procedure[ToyState]):
    """Roll 1d6 initiative, declare secretly, reveal, act in order; hp 0 is out."""

    id: ClassVar[str] = "toy"
    title: ClassVar[str] = "Toy fight"
    rule_file: ClassVar[str] = "zzz-toy"
    state_type: ClassVar[type[ProcedureState]] = ToyState
    figure_labels: ClassVar[dict[str, str]] = {"init": "Init", "hp": "HP"}

    def outline(self, encounter: Encounter, state: ToyState) -> list[StepLine]:
        done = {"setup"} if state.step != "setup" else set()
        if state.step == "act":
            done.add("declare")
        return mark_outline(OUTLINE, state.step, done)

    def _alive(self, encounter: Encounter, state: ToyState) -> list[str]:
        return [t for t in state.order if encounter.token(t).figures.get("hp", 1) != 0]

    def view(self, encounter: Encounter, state: ToyState) -> PanelView:
        order = state.order or list(encounter.tokens)
        acting = order[state.index] if state.step == "act" and order else None
        rows = []
        for token_id in order:
            token = encounter.token(token_id)
            declared = state.declared.get(token_id)
            text = f"{declared[1]} {encounter.token(declared[0]).name}" if declared else ""
            rows.append(
                Combatant(
                    token_id,
                    token.name,
                    token.side,
                    order=str(token.figures.get("init", "")),
                    figures={"hp": f"{token.figures['hp']} hp"} if "hp" in token.figures else {},
                    statuses=dict(token.statuses),
                    acting=token_id == acting,
                    done=state.step == "act" and order.index(token_id) < state.index,
                    out=token.figures.get("hp") == 0,
                    secret="" if state.revealed else text,
                    revealed=text if state.revealed else "",
                )
            )
        targets = frozenset(d[0] for d in state.declared.values())
        instruction = {
            "setup": "Roll initiative for everyone.",
            "declare": "Each combatant declares a target in secret, then reveal.",
            "act": f"{encounter.token(acting).name} acts now." if acting else "",
            "over": "The fight is over.",
        }[state.step]
        return PanelView(
            self.title,
            tuple(self.outline(encounter, state)),
            instruction,
            tuple(rows),
            round=state.round,
            acting=frozenset({acting} if acting else ()),
            targets=targets if state.revealed else frozenset(),
            secret_targets=frozenset() if state.revealed else targets,
            notes=("Ties: PCs first.",) if state.step == "setup" else (),
            ended=state.ended,
        )

    def actions(self, encounter: Encounter, state: ToyState) -> list[Action]:
        if state.step == "setup":
            return [Action("roll", "Roll initiative", primary=True, hint="1d6 each")]
        if state.step == "over":
            return []
        actions = [
            Action("refuse", "Refuse"),
            Action("end", "End fight"),
            Action(
                "mark",
                "Mark",
                params=(
                    Param("area", "Area", "area", optional=True),
                    Param("square", "Square", "square", default=(1, 2)),
                    Param("careful", "Careful", "bool", default=True),
                    Param("phase", "Phase", "choice", options=("first", "last"), default="last"),
                    Param("bonus", "Bonus", "int", default=2),
                    Param("note", "Note", "text", optional=True),
                ),
            ),
        ]
        if state.step == "declare":
            alive = self._alive(encounter, state)
            for token_id in alive:
                actions.append(
                    Action(
                        f"declare:{token_id}",
                        "Declare",
                        params=(
                            Param("target", "Target", "token", options=tuple(alive)),
                            Param("intent", "Intent", "text", default="attacks"),
                        ),
                        token_id=token_id,
                    )
                )
            actions.append(Action("reveal", "Reveal", primary=True))
        if state.step == "act":
            acting = state.order[state.index]
            actions.append(
                Action(
                    "attack",
                    "Attack",
                    params=(Param("target", "Target", "token"),),
                    token_id=acting,
                )
            )
            actions.append(Action("next", "Next", primary=True))
        return actions

    def perform(
        self, ctx: ActionContext, state: ToyState, action: str, params: dict[str, Any]
    ) -> ToyState:
        encounter = ctx.encounter
        if action == "roll":
            for token_id in encounter.tokens:
                ctx.set_figure(token_id, "init", ctx.roll("1d6", token_id, "initiative"))
            state.order = sorted(encounter.tokens, key=lambda t: -ctx.int_figure(t, "init"))
            state.step, state.round = "declare", 1
        elif action == "refuse":
            raise RulesError("The toy refuses: not now.")
        elif action == "end":
            state.step, state.ended = "over", True
        elif action == "mark":
            state.marks.append(
                {k: list(v) if isinstance(v, tuple) else v for k, v in params.items()}
            )
        elif action.startswith("declare:"):
            state.declared[action.split(":", 1)[1]] = [params["target"], params["intent"]]
        elif action == "reveal":
            state.revealed, state.step, state.index = True, "act", 0
        elif action == "attack":
            acting = state.order[state.index]
            damage = ctx.roll("1d4", acting, f"attack on {params['target']}")
            hp = ctx.int_figure(params["target"], "hp") - damage
            ctx.set_figure(params["target"], "hp", max(hp, 0))
            ctx.say(f"{damage} damage")
        elif action == "next":
            state.index += 1
            if state.index >= len(state.order):
                state.step, state.index, state.round = "declare", 0, state.round + 1
                state.declared, state.revealed = {}, False
        return state


def toy_encounter() -> Encounter:
    """A 6 x 4 grid: Hero and Ally (PCs), Orc and a hidden Spy (NPCs)."""
    return Encounter(
        GridMap(6, 4),
        [
            Token("hero", "Hero", "pcs", (0, 0), figures={"hp": 10}),
            Token("ally", "Ally", "pcs", (1, 0), figures={"hp": 8}),
            Token("orc", "Orc", "npcs", (4, 3), figures={"hp": 6}),
            Token("spy", "Spy", "npcs", (5, 0), figures={"hp": 3}, hidden=True),
        ],
        name="Toy",
    )


def toy_area_encounter() -> Encounter:
    def box(x: float) -> list[tuple[float, float]]:
        return [(x, 0), (x + 4, 0), (x + 4, 3), (x, 3)]

    areas = [
        Area("bar", "Bar", polygon_from_points(box(0))),
        Area("floor", "Floor", polygon_from_points(box(4))),
    ]
    return Encounter(AreaMap(areas), [Token("a", "A", "pcs", "bar")], name="Areas")


@pytest.fixture()
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[ToyFight]:
    procedure = ToyFight()
    monkeypatch.setitem(registry._REGISTRY, "toy", procedure)
    yield procedure


@pytest.fixture()
def panel(qtbot: Any, toy: ToyFight) -> CombatPanel:
    """A shown panel on the toy encounter, no procedure started yet."""
    document = EncounterDocument(toy_encounter())
    widget = CombatPanel(document)
    qtbot.addWidget(widget)
    widget.resize(520, 900)
    widget.show()
    qtbot.waitExposed(widget)
    return widget
