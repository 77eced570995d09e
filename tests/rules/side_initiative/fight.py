"""The fight every Side initiative test (004_ee0c95b780bc2907.txt) starts from,
and helpers that drive it (the open field and the table are Two-second turns's).
"""

from __future__ import annotations

from tactical.core import Encounter, GridMap, Side, Token
from tactical.core.commands import UndoStack
from tactical.rules import Combatant, ProcedureController
from tests.rules.two_second_turns.fight import FIELD, Table

ROOM = "\n".join(" ".join(["0"] * 12) for _ in range(6))


def fighter(
    token_id: str, name: str, side: str, square: tuple[int, int] | None, **figures: int | str
) -> Token:
    return Token(token_id, name, side, square, figures=dict(figures))


def make_fight(*, ogre: bool = False) -> tuple[Encounter, UndoStack, ProcedureController]:
    """The party in a 60 x 30 ft room against three goblins (and, when asked, an ogre)."""
    tokens = [
        fighter("brega", "Brega", "pcs", (3, 2), hp=10, max_hp=10, speed_ft=30),
        fighter("ilmo", "Ilmo", "pcs", (1, 2), hp=4, max_hp=4, speed_ft=30),
        fighter("sef", "Sef", "pcs", (0, 3), hp=6, max_hp=6, speed_ft=30, missile="50/100/150"),
        fighter("grik", "Grik", "goblins", (4, 2), hp=3, max_hp=3, speed_ft=20, morale=7),
        fighter(
            "snit",
            "Snit",
            "goblins",
            (8, 2),
            hp=3,
            max_hp=3,
            speed_ft=20,
            morale=7,
            missile="20/40/60",
        ),
        fighter("mox", "Mox", "goblins", (10, 3), hp=3, max_hp=3, speed_ft=20, morale=7),
        fighter(
            "ogre",
            "Ogre",
            "ogre",
            (11, 5) if ogre else None,
            hp=20,
            max_hp=20,
            speed_ft=30,
            morale=10,
        ),
    ]
    encounter = Encounter(
        GridMap.from_text(ROOM),
        tokens,
        [Side("pcs", "Party"), Side("goblins", "Goblins"), Side("ogre", "Ogre")],
        metric="feet",
    )
    stack = UndoStack(encounter)
    controller = ProcedureController(encounter, stack.push)
    controller.start("side-initiative", seed=4)
    return encounter, stack, controller


def ids(controller: ProcedureController) -> list[str]:
    return [a.id for a in controller.actions()]


def current(controller: ProcedureController) -> str:
    return next(s.title for s in controller.view().steps if s.status == "current")


def row(controller: ProcedureController, token_id: str) -> Combatant:
    return next(c for c in controller.view().combatants if c.token_id == token_id)


def to_morale(controller: ProcedureController) -> None:
    while controller.state().step != "morale":
        controller.perform("next")


def side_fight() -> Table:
    """Brega (30 ft) and Grik (20 ft) fought in melee in round 1; Mox declares a spell in
    round 2; the goblins win round 2's initiative and begin with their movement."""
    tokens = [
        Token("brega", "Brega", "pcs", (3, 2), figures={"hp": 10, "speed_ft": 30}),
        Token("grik", "Grik", "goblins", (4, 2), figures={"hp": 3, "speed_ft": 20, "morale": 7}),
        Token("snit", "Snit", "goblins", (8, 2), figures={"hp": 3, "speed_ft": 20, "morale": 7}),
        Token("mox", "Mox", "goblins", (8, 4), figures={"hp": 3, "speed_ft": 25, "morale": 7}),
    ]
    encounter = Encounter(
        GridMap.from_text(FIELD),
        tokens,
        [Side("pcs", "Party"), Side("goblins", "Goblins")],
        metric="feet",
    )
    table = Table(encounter)
    table.gm.start("side-initiative", seed=4)
    table.press("roll-initiative", manual=(2, 5))
    table.press("begin")
    for _ in range(3):
        table.press("next")
    table.press("melee", attacker="grik", target="brega")
    table.press("miss")
    for _ in range(5):
        table.press("next")
    assert table.state.step == "morale"
    table.press("next-round")
    table.press("declare", token="mox", kind="spell", detail="Curse")
    table.press("roll-initiative", manual=(1, 6))
    table.press("begin")
    assert (table.state.round, table.state.phase, table.state.order[0]) == (
        2,
        "movement",
        ["goblins"],
    )
    return table
