"""Movement spent across several drags: ``ProcedureState.moved`` and ``movement_left``.

Thrum quotes ``001_18fb441042e7114e.txt``; Side initiative ``004_ee0c95b780bc2907.txt``.
"""

from __future__ import annotations

from tactical.core.commands import Batch, MoveToken

from .fight import thrum_in_alices_move_step

# -- Thrum ----------------------------------------------------------------------


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


def test_an_incapacitated_character_has_no_movement_at_any_step() -> None:
    """001_18fb441042e7114e.txt line 91: "Upon becoming Incapacitated, ... they cannot move,
    act, or take stances until they are no longer Incapacitated"."""
    table = thrum_in_alices_move_step()
    # Incapacitated by an Incapacity Roll earlier (set here as the roll would).
    brute = table.encounter.token("brute")
    brute.figures.update(fatigue_load=6, fatigue_tolerance=5)
    brute.statuses["Incapacitated"] = 1
    # Not its turn: no limit for others, none at all for the Incapacitated.
    assert table.gm.movement_left("brute") == 0
    # (All NPCs out would end the fight: the GM goes on, step by step.)
    for action in ("move-done", "action-done", "keep-stance", "end-turn"):
        table.press(action)
    # Its own Start of Turn: before, the whole Speed was offered here (no limit).
    assert (table.state.current, table.state.step) == ("brute", "start")
    assert table.gm.movement_left("brute") == 0
    assert table.gm.movement_budgets()["brute"] == 0
    # A drag the GM forces still goes, and leaves 0, never less.
    table.drag("brute", (7, 4), 1)
    assert table.gm.movement_left("brute") == 0
    table.press("start-done")  # "To End of Turn (Incapacitated)"
    assert table.state.step == "end" and table.gm.movement_left("brute") == 0
    table.press("end-turn")
    assert table.state.current == "alice" and table.gm.movement_left("brute") == 0
    # No longer Incapacitated: the rule's limits are back (none outside its turn).
    table.press("end-incapacity", token="brute")
    assert table.gm.movement_left("brute") is None
