"""The Thrum fight (seed 001_18fb441042e7114e.txt) every Thrum test starts from,
and the table that drives it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tactical.core import Encounter, GridMap, Token
from tactical.core.commands import UndoStack
from tactical.rules import ProcedureController

MAP = """
0 0 0 0 1 1 2 2
0 0 0d 0 1 2 2 2
0 0 0 0 0 1 1 1
0 0 0 0 0 0 0x 0
0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0
"""


def _figures(**values: Any) -> dict[str, Any]:
    return dict(values)


def make_encounter() -> Encounter:
    """The four fighters (:func:`fighters`) and a Scout off the map."""
    return Encounter(GridMap.from_text(MAP), [*fighters(), Token("scout", "Scout")])


def fighters() -> list[Token]:
    """Alice and Bob (PCs, off the map until Round Zero) against Brute and Archer."""
    return [
        Token(
            "alice",
            "Alice",
            side="pcs",
            figures=_figures(
                initiative_mod=1,
                fatigue_tolerance=4,
                stress_tolerance=4,
                resolve_mod=1,
                resilience_mod=1,
            ),
        ),
        Token(
            "bob",
            "Bob",
            side="pcs",
            figures=_figures(fatigue_tolerance=5, stress_tolerance=3, resilience_mod=2),
        ),
        Token(
            "brute",
            "Brute",
            position=(6, 1),
            speed=5,
            figures=_figures(
                initiative_mod=1, fatigue_tolerance=6, stress_tolerance=2, resolve_mod=-1
            ),
        ),
        Token(
            "archer",
            "Archer",
            position=(5, 3),
            figures=_figures(fatigue_tolerance=3, stress_tolerance=3),
        ),
    ]


class Table:
    """An encounter, its undo stack and a controller: what the panel drives."""

    def __init__(self, encounter: Encounter | None = None) -> None:
        self.encounter = encounter or make_encounter()
        self.stack = UndoStack(self.encounter)
        self.gm = ProcedureController(self.encounter, self.stack.push)

    def press(self, action: str, manual: tuple[int, ...] = (), **params: Any) -> list[str]:
        return self.gm.perform(action, params, manual=manual)

    def advance(self, manual: tuple[int, ...] = ()) -> list[str]:
        """The advance key: the primary action, without parameters."""
        primary = self.gm.primary()
        assert primary is not None
        return self.press(primary.id, manual)

    @property
    def step(self) -> str:
        return str(self.gm.state().step)

    @property
    def current(self) -> str | None:
        return self.gm.state().current  # type: ignore[attr-defined, no-any-return]

    def instruction(self) -> str:
        return self.gm.view().instruction

    def primary_id(self) -> str | None:
        primary = self.gm.primary()
        return primary.id if primary else None

    def action_ids(self) -> list[str]:
        return [a.id for a in self.gm.actions()]

    def order(self) -> list[str]:
        return [row.token_id for row in self.gm.view().combatants]

    def figure(self, token_id: str, name: str) -> Any:
        return self.encounter.token(token_id).figures.get(name)

    def statuses(self, token_id: str) -> dict[str, int]:
        return dict(self.encounter.token(token_id).statuses)

    def drag(self, token_id: str, to: tuple[int, int], cost: int) -> None:
        """A drag on the map: the move and the squares it spent, one undo step."""
        self.stack.push(self.gm.move_command(token_id, to, cost))

    @property
    def state(self) -> Any:
        return self.gm.state()


def start(table: Table) -> None:
    table.gm.start("thrum", seed=5)
    table.press("set-starting-area", **{"from": (0, 3), "to": (1, 5)})


def to_round_one(table: Table, initiative: tuple[int, ...] = (9, 11, 9, 6)) -> None:
    """Placement, initiative (Alice, Bob, Brute, Archer rolled in token order), Round Zero."""
    start(table)
    table.press("npcs-placed")
    table.press("roll-initiative", manual=initiative)
    table.press("begin-round-zero")
    for _ in table.gm.state().order:  # type: ignore[attr-defined]
        if table.current == "bob":
            table.press("place", square=(0, 4))
        elif table.current == "alice":
            table.press("place", square=(1, 4))
        table.press("zero-done")
    assert table.step == "start" and table.gm.state().round == 1


def run_turn(table: Table) -> None:
    """A turn with nothing recorded: advance from Start of Turn through End of Turn."""
    who = table.current
    while table.current == who:
        table.advance()


EXAMPLE = Path(__file__).resolve().parents[3] / "maps" / "thrum.tactical.json"


BUILDER = Path(__file__).resolve().parents[3] / "tools" / "procedure_examples" / "thrum.py"


FIELD = "\n".join(" ".join(["0"] * 10) for _ in range(6))


def thrum_in_alices_move_step() -> Table:
    """Alice (speed 6) wins initiative against the Brute (speed 5); Round 1, her Move step."""
    table = Table(
        Encounter(
            GridMap.from_text(FIELD),
            [
                Token("alice", "Alice", side="pcs", position=(1, 1), speed=6),
                Token("brute", "Brute", position=(8, 4), speed=5),
            ],
        )
    )
    table.gm.start("thrum", seed=3)
    table.press("npcs-placed")
    table.press("roll-initiative", manual=(11, 5))
    table.press("begin-round-zero")
    table.press("zero-done")
    table.press("zero-done")
    assert (table.state.round, table.state.current, table.state.step) == (1, "alice", "start")
    # Before the Move step nothing is counted (start-of-turn effects may move her).
    assert table.gm.movement_left("alice") is None
    table.press("start-done")
    assert table.state.step == "move"
    return table
