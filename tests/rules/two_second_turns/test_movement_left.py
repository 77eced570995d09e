"""Movement spent across several drags: ``ProcedureState.moved`` and ``movement_left``.

Thrum quotes ``001_18fb441042e7114e.txt``; Side initiative ``004_ee0c95b780bc2907.txt``.
"""

from __future__ import annotations

from tactical.core import Encounter, GridMap, Token
from tactical.core.commands import MoveToken

from .fight import FIELD, Table


def test_procedures_that_do_not_limit_moves_give_none_and_a_plain_move() -> None:
    table = Table(
        Encounter(GridMap.from_text(FIELD), [Token("alice", "Alice", side="pcs", position=(1, 1))])
    )
    table.gm.start("two-second-turns", seed=1)
    assert table.gm.movement_left("alice") is None
    assert table.gm.movement_budgets() == {}
    command = table.gm.move_command("alice", (2, 1), 1)
    assert isinstance(command, MoveToken)
    table.stack.push(command)
    assert table.state.moved == {}
