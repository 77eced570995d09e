"""Triggered effects in Thrum: 001_18fb441042e7114e.txt line 81.

"In the event multiple characters have effects triggered by a common trigger, they resolve
in initiative order (from the top of the order down). If an effect is triggered by the
effect of another triggered effect, they resolve in last-in-first-out order (i.e., as a
"stack"). In other words, triggered effects preempt the remaining resolution of any
abilities that create their trigger."
"""

from __future__ import annotations

import pytest

from tactical.persistence import dumps_encounter, loads_encounter
from tactical.rules import ProcedureController, RulesError

from .fight import Table, to_round_one


def in_brutes_action() -> Table:
    """Round 1 in the order Bob (11), Alice (10), Brute (10), Archer (6); the Brute acts."""
    table = Table()
    to_round_one(table)
    assert table.order()[:4] == ["bob", "alice", "brute", "archer"]
    while table.current != "brute":
        table.advance()
    table.press("start-done")
    table.press("move-done")
    assert table.step == "action"
    return table


def resolve(table: Table) -> str:
    """Press the advance key; the line that says what resolves now."""
    said = table.advance()
    return next(line for line in said if line.startswith("Resolve now"))


def test_a_common_trigger_resolves_in_initiative_order_and_a_later_one_first() -> None:
    table = in_brutes_action()
    # The Brute swings at Alice: Alice's Parry and Bob's Covering Shot both trigger on it,
    # typed in that order.
    table.press("record-trigger", token="alice", effect="Parry", trigger="Brute attacks Alice")
    table.press(
        "record-trigger", token="bob", effect="Covering Shot", trigger="Brute attacks Alice"
    )
    notes = table.gm.view().notes
    assert notes[:3] == (
        "Triggered effects waiting, next first (initiative order; a later trigger first):",
        "1. Bob, Covering Shot (Brute attacks Alice).",
        "2. Alice, Parry (Brute attacks Alice).",
    )
    # They preempt the rest of the Brute's action: resolving is the advance key.
    assert table.primary_id() == "resolve-trigger"
    assert "action-done" in table.action_ids()
    # Initiative order, top down: Bob (11) before Alice (10).
    assert resolve(table) == "Resolve now: Bob, Covering Shot (Brute attacks Alice)."
    assert table.gm.view().notes[0] == "Resolving: Bob, Covering Shot."
    # Bob's shot makes the Archer's Dodge trigger: last in, first out, before Alice's Parry.
    trigger_form = next(a for a in table.gm.actions() if a.id == "record-trigger")
    assert trigger_form.params[2].default == "Brute attacks Alice"
    table.press("record-trigger", token="archer", effect="Dodge", trigger="Bob shoots the Archer")
    assert resolve(table) == "Resolve now: Archer, Dodge (Bob shoots the Archer)."
    assert resolve(table) == "Resolve now: Alice, Parry (Brute attacks Alice)."
    # Nothing waits: the Brute's action goes on, and the advance key is its own again.
    assert table.primary_id() == "action-done"
    assert "resolve-trigger" not in table.action_ids()
    assert table.gm.view().notes[0] == "Resolving: Alice, Parry."
    table.advance()
    assert table.step == "stance"
    assert not [n for n in table.gm.view().notes if n.startswith(("Resolving", "Triggered"))]


def test_the_stack_is_saved_undone_and_dropped_by_the_gm() -> None:
    table = in_brutes_action()
    table.press("record-trigger", token="alice", effect="Parry", trigger="Brute attacks")
    table.press("record-trigger", token="archer", effect="Howl", trigger="Alice parries")
    reopened = loads_encounter(dumps_encounter(table.encounter))
    again = ProcedureController(reopened, lambda command: command.apply(reopened))
    assert again.view().notes == table.gm.view().notes
    assert again.primary().label == "Resolve: Archer, Howl"  # type: ignore[union-attr]
    table.stack.undo()
    assert table.gm.primary().label == "Resolve: Alice, Parry"  # type: ignore[union-attr]
    table.press("drop-triggers")
    assert table.primary_id() == "action-done"
    with pytest.raises(RulesError, match="say what triggered it"):
        table.press("record-trigger", token="alice", effect="Parry", trigger=" ")
