"""Movement spent across several drags: ``ProcedureState.moved`` and ``movement_left``.

Thrum quotes ``001_18fb441042e7114e.txt``; Side initiative ``004_ee0c95b780bc2907.txt``.
"""

from __future__ import annotations

from typing import Any

from tactical.core import Encounter, GridMap, Side, Token
from tactical.core.commands import Batch, MoveToken, UndoStack
from tactical.rules import ProcedureController

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


# -- Thrum ----------------------------------------------------------------------


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


def test_thrum_counts_the_squares_spent_over_several_drags() -> None:
    # 001 line 40: "Characters can use a number of squares of movement up to their
    # Speed during the Move phase of their turn."
    table = thrum_in_alices_move_step()
    assert table.gm.movement_left("alice") == 6
    assert "Movement left: 6 of 6." in table.gm.view().notes
    table.drag("alice", (3, 1), 2)
    assert table.gm.movement_left("alice") == 4
    assert table.state.moved == {"alice": 2}
    assert "Movement left: 4 of 6." in table.gm.view().notes
    table.drag("alice", (6, 1), 3)
    assert table.gm.movement_left("alice") == 1
    assert table.gm.movement_budgets() == {"alice": 1}
    # One undo takes back the move and what it spent.
    table.stack.undo()
    assert table.encounter.token("alice").position == (3, 1)
    assert table.gm.movement_left("alice") == 4
    table.stack.redo()
    assert table.encounter.token("alice").position == (6, 1)
    assert table.gm.movement_left("alice") == 1


def test_thrum_one_move_is_one_undo_step_under_the_moves_own_text() -> None:
    table = thrum_in_alices_move_step()
    command = table.gm.move_command("alice", (3, 1), 2)
    assert isinstance(command, Batch)
    assert command.text == MoveToken("alice", (3, 1)).text
    assert [type(c).__name__ for c in command.commands] == ["MoveToken", "SetProcedureState"]


def test_thrum_no_movement_after_the_action_step_starts() -> None:
    # 001 line 34: "Once a character stops moving to take an action, they cannot
    # continue moving afterwards unless their action tells them they can."
    table = thrum_in_alices_move_step()
    table.drag("alice", (3, 1), 2)
    table.press("move-done")
    assert table.state.step == "action"
    assert table.gm.movement_left("alice") == 0
    assert table.gm.movement_budgets() == {"alice": 0}
    table.press("action-done")
    assert table.gm.movement_left("alice") == 0
    # The Brute is not acting: the procedure puts no limit on it now.
    assert table.gm.movement_left("brute") is None
    # A move the GM forces still goes through the controller, but is not limited.
    command = table.gm.move_command("brute", (7, 4), 1)
    assert isinstance(command, MoveToken)


def test_thrum_resets_what_was_spent_when_a_turn_begins() -> None:
    table = thrum_in_alices_move_step()
    table.drag("alice", (3, 1), 2)
    while table.state.current == "alice":
        table.gm.perform(table.gm.primary().id)  # type: ignore[union-attr]
    assert table.state.current == "brute" and table.state.moved == {}
    table.press("start-done")
    assert table.gm.movement_left("brute") == 5
    assert table.gm.movement_left("alice") is None
    table.drag("brute", (6, 4), 2)
    while table.state.current == "brute":
        table.gm.perform(table.gm.primary().id)  # type: ignore[union-attr]
    assert (table.state.round, table.state.current) == (2, "alice")
    table.press("start-done")
    assert table.gm.movement_left("alice") == 6


def test_a_forced_move_past_the_budget_leaves_zero_never_less() -> None:
    table = thrum_in_alices_move_step()
    table.drag("alice", (3, 1), 2)
    table.drag("alice", (9, 1), 6)  # Shift-dropped by the GM: 8 of 6
    assert table.state.moved == {"alice": 8}
    assert table.gm.movement_left("alice") == 0
    assert "Movement left: 0 of 6." in table.gm.view().notes


def test_a_saved_state_without_moved_still_loads() -> None:
    table = thrum_in_alices_move_step()
    saved = dict(table.encounter.procedure_state)
    del saved["moved"]
    table.encounter.procedure_state = saved
    assert table.state.moved == {}
    assert table.gm.movement_left("alice") == 6


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


# -- Side initiative --------------------------------------------------------------


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


def test_side_initiative_half_speed_in_melee_and_none_when_casting() -> None:
    table = side_fight()
    # 004 line 81: "Combatants can move up to their Speed in feet per Round": 20 ft is 4.
    assert table.gm.movement_left("snit") == 4
    # 004 line 75: in melee, "up to half their Speed in feet per Round": 10 ft is 2.
    assert table.gm.movement_left("grik") == 2
    # 004 line 36: "Those wishing to cast a spell ... may not move in the same Round."
    assert table.gm.movement_left("mox") == 0
    # The party is not moving now.
    assert table.gm.movement_left("brega") is None
    assert table.gm.movement_budgets() == {"grik": 2, "snit": 4, "mox": 0}


def test_side_initiative_stepping_out_of_melee_does_not_give_back_the_other_half() -> None:
    table = side_fight()
    table.drag("grik", (6, 2), 1)
    assert table.gm.movement_left("grik") == 1
    assert "Grik: in melee, up to 10 ft (more only by fleeing, declared)." in table.gm.view().notes
    table.drag("snit", (8, 0), 2)
    assert table.gm.movement_left("snit") == 2
    table.stack.undo()
    assert table.gm.movement_left("snit") == 4


def test_side_initiative_counts_only_in_the_movement_phase_and_resets_each_round() -> None:
    table = side_fight()
    table.drag("snit", (8, 0), 2)
    table.press("next")
    assert table.state.phase == "missile"
    assert table.gm.movement_left("snit") is None
    for _ in range(3):
        table.press("next")
    assert table.state.phase == "movement" and table.state.order[table.state.group] == ["pcs"]
    assert table.gm.movement_left("brega") == 3  # still in melee with Grik: 15 ft
    for _ in range(4):
        table.press("next")
    table.press("next-round")
    assert table.state.moved == {}
