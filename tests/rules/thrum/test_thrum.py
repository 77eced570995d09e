"""Thrum (seed 001_18fb441042e7114e.txt) played through the controller with fixed dice.

Line numbers quote the seed file ``001_18fb441042e7114e.txt``.
"""

from __future__ import annotations

import runpy

import pytest

from tactical.core.commands import MoveToken
from tactical.persistence import dumps_encounter, load_encounter, loads_encounter
from tactical.rules import RulesError, available

from .fight import BUILDER, EXAMPLE, Table, run_turn, start, to_round_one

# -- registration -----------------------------------------------------------------


def test_thrum_is_registered() -> None:
    assert "thrum" in available()


# -- a full round --------------------------------------------------------------


def test_a_full_round_walks_every_step_in_order() -> None:
    table = Table()
    table.gm.start("thrum", seed=5)
    view = table.gm.view()
    # 001 line 6: "NPC Placement: The GM places NPCs on the combat map".
    assert table.step == "placement"
    assert view.instruction == (
        "Place the NPCs on the map, then press 'NPCs placed'; next: Initiative."
    )
    assert "1 NPC(s) off the map will not take part unless they join later." in view.notes
    assert "No Starting Area is designated: PCs may start anywhere free." in view.notes
    table.press("set-starting-area", **{"from": (1, 5), "to": (0, 3)})
    assert table.gm.state().starting_area == [  # type: ignore[attr-defined]
        (0, 3),
        (1, 3),
        (0, 4),
        (1, 4),
        (0, 5),
        (1, 5),
    ]
    assert "Starting Area: columns 0-1, rows 3-5 (6 squares)." in table.gm.view().notes

    assert table.primary_id() == "npcs-placed"
    table.advance()
    # The off-map Scout does not take part; every figure is filled in for the panel.
    assert table.step == "initiative"
    assert table.order() == ["alice", "bob", "brute", "archer"]
    assert table.figure("archer", "resolve_mod") == 0
    assert table.figure("archer", "wounds") == 0
    assert table.figure("bob", "fatigue_load") == 0
    assert table.instruction() == (
        "Roll Initiative for all 4 combatants: 2d6 + Initiative modifier."
    )

    # 001 line 8: "All characters (both sides) roll 2d6 adding their Initiative modifier".
    table.advance(manual=(9, 11, 9, 6))
    log = table.encounter.dice_log
    assert [(r.who, r.expression, r.result) for r in log] == [
        ("alice", "2d6+1", 9),
        ("bob", "2d6", 11),
        ("brute", "2d6+1", 9),
        ("archer", "2d6", 6),
    ]
    # 001 line 20: "Turns within a round take place in descending order of Initiative."
    # Alice and Brute tie at 9 with the same modifier: PCs first.
    assert table.step == "order"
    view = table.gm.view()
    assert [(row.token_id, row.order) for row in view.combatants] == [
        ("bob", "11"),
        ("alice", "9"),
        ("brute", "9"),
        ("archer", "6"),
    ]
    assert view.instruction == (
        "Check the order and settle ties, then begin Round Zero; first: Bob."
    )
    assert (
        "Tied at 9: Alice, Brute (higher modifier first, then PCs, then the GM's choice)."
        in view.notes
    )
    assert "tie-first" not in table.action_ids()  # nothing left for the GM to settle

    # 001 line 22: "a special Round Zero occurs, in which characters take no actions, but on
    # their turn can position themselves within the Starting Area ... and enter a Stance".
    table.advance()
    assert (table.step, table.current) == ("zero", "bob")
    assert table.instruction() == (
        "Round Zero: Bob takes a position in the Starting Area and a Stance; next: Alice."
    )
    assert "deal" in table.action_ids() and "move-done" not in table.action_ids()
    with pytest.raises(RulesError, match="Bob has no position yet"):
        table.advance()
    with pytest.raises(RulesError, match=r"\(4, 4\) is outside the Starting Area"):
        table.press("place", square=(4, 4))
    table.press("place", square=(0, 4))
    table.press("take-stance", stance="Guard")
    assert table.encounter.token("bob").position == (0, 4)
    assert table.figure("bob", "stance") == "Guard"
    table.advance()
    assert table.current == "alice"
    with pytest.raises(RulesError, match=r"\(0, 4\) is taken by Bob"):
        table.press("place", square=(0, 4))
    table.press("place", square=(1, 4))
    table.advance()
    assert table.instruction() == (
        "Round Zero: Brute takes a Stance (placed already); next: Archer."
    )
    assert "place" not in table.action_ids()
    table.press("take-stance", stance="Aggressive")
    table.advance()
    assert (
        table.instruction() == "Round Zero: Archer takes a Stance (placed already); next: Round 1."
    )
    table.advance()

    # 001 line 12: "Rounds 1+: PC and NPC turns occur in descending order of rolled
    # initiative, each consisting of a Move, Action and Stance."
    assert (table.step, table.current, table.gm.state().round) == ("start", "bob", 1)
    view = table.gm.view()
    assert view.round == 1 and view.acting == frozenset({"bob"})
    assert [line.id for line in view.steps if line.status == "current"] == ["rounds", "start"]
    assert [line.title for line in view.steps if line.id == "rounds"] == ["Round 1"]
    assert view.instruction == (
        "Start of Bob's turn: resolve Start of Turn effects (or Delay); next: Move."
    )
    delay = next(a for a in table.gm.actions() if a.id == "delay")
    assert delay.params[0].options == ("alice", "brute", "archer")

    table.advance()
    # 001 line 40: "Characters can use a number of squares of movement up to their Speed".
    assert table.step == "move"
    assert table.instruction() == "Bob moves up to 6 squares on the map, then 'Done moving'."
    table.stack.push(MoveToken("bob", (2, 4)))  # the GM drags the token
    # 001 line 49: a failed descent roll: "they are +1 Slowed".
    table.press("descent-failed")
    table.press("status", token="bob", status="Blessed", stacks=2, ticks=False)
    assert table.statuses("bob") == {"Slowed": 1, "Blessed": 2}
    table.advance()
    assert table.step == "action"
    assert table.instruction() == (
        "Bob takes an Action: record Fatigue and Stress dealt, then 'Action done'."
    )
    # 001 line 83: "When a ability deals Fatigue or Stress, the target receives +1 to their
    # Fatigue Load or Stress Load".
    table.press("deal", target="brute", fatigue=2)
    assert table.figure("brute", "fatigue_load") == 2
    assert table.gm.view().targets == frozenset({"brute"})
    table.advance()
    assert table.step == "stance"
    assert table.instruction() == "Bob takes a new Stance or remains in Guard."
    assert table.gm.primary().label == "Remain in Guard"  # type: ignore[union-attr]
    table.advance()
    assert table.step == "end"
    assert table.instruction() == ("End of Bob's turn: resolve End of Turn effects; next: Alice.")
    assert "Ticking down: Slowed ends." in table.gm.view().notes
    # 001 line 33: "Decrement stacks of any Statuses that tick down at the end of the turn".
    table.advance()
    assert table.statuses("bob") == {"Blessed": 2}

    assert (table.step, table.current) == ("start", "alice")
    assert [row.done for row in table.gm.view().combatants] == [True, False, False, False]
    table.advance()
    table.advance()
    table.press("deal", target="archer", stress=4)
    # 001 line 84: "When a character's Stress Load exceeds their Stress Tolerance, they are
    # Frayed".
    assert table.statuses("archer") == {"Frayed": 1}
    assert "Ranged attacks: +1 Bane per adjacent enemy (0 adjacent now). Cover: +1 Bane." in (
        table.gm.view().notes
    )
    table.stack.push(MoveToken("archer", (2, 5)))  # the Archer stands next to Alice (1, 4)
    assert "Ranged attacks: +1 Bane per adjacent enemy (1 adjacent now). Cover: +1 Bane." in (
        table.gm.view().notes
    )
    table.advance()
    table.press("take-stance", stance="Focus")
    assert (table.step, table.figure("alice", "stance")) == ("end", "Focus")
    table.advance()

    assert table.current == "brute"
    table.advance()
    table.advance()
    assert "Frayed (+1 Bane on defensive rolls): Archer." in table.gm.view().notes
    table.press("deal", target="alice", fatigue=3, stress=1)
    assert (table.figure("alice", "fatigue_load"), table.figure("alice", "stress_load")) == (3, 1)
    table.advance()
    table.advance()
    table.advance()

    # 001 line 26: "If Stress Load exceeds Stress Tolerance, make a Panic Roll".
    assert (table.step, table.current) == ("start", "archer")
    assert table.instruction() == (
        "Archer is Frayed: make a Panic Roll (2d6 + Resolve must exceed Stress Load 4)."
    )
    assert table.primary_id() == "panic-roll"
    assert "start-done" not in table.action_ids()
    table.advance(manual=(9,))  # 9 exceeds 4: passed, nothing changes
    assert table.statuses("archer") == {"Frayed": 1}
    assert table.figure("archer", "stress_tolerance") == 3
    assert "delay" not in table.action_ids()
    table.advance()
    table.advance()
    table.advance()
    assert table.gm.primary().label == "Take no Stance"  # type: ignore[union-attr]
    table.advance()
    assert table.instruction() == (
        "End of Archer's turn: resolve End of Turn effects; next: Round 2, Bob."
    )
    table.advance()

    # 001 line 20: "This order remains the same round after round".
    assert (table.step, table.current, table.gm.state().round) == ("start", "bob", 2)
    assert table.order() == ["bob", "alice", "brute", "archer"]
    assert [row.done for row in table.gm.view().combatants] == [False] * 4


# -- ties --------------------------------------------------------------------------


def test_exact_ties_are_the_gms_choice_and_initiative_can_be_set_by_hand() -> None:
    table = Table()
    table.encounter.token("bob").figures["initiative_mod"] = 1
    start(table)
    table.press("npcs-placed")
    # Bob (PC, +1) and Archer (NPC, +0) both roll 11: the higher modifier goes first.
    table.press("roll-initiative", manual=(9, 11, 7, 11))
    assert table.order() == ["bob", "archer", "alice", "brute"]
    assert "tie-first" not in table.action_ids()
    # The GM sets totals by hand: Alice and Bob at 11, both PCs with +1. Nothing separates
    # them but the GM's choice; until then, the tokens' order in the encounter.
    table.press("set-initiative", token="alice", total=11)
    table.press("set-initiative", token="archer", total=5)
    assert table.order() == ["alice", "bob", "brute", "archer"]
    tie = next(a for a in table.gm.actions() if a.id == "tie-first")
    assert tie.params[0].options == ("alice", "bob")
    table.press("tie-first", token="bob")
    assert table.order() == ["bob", "alice", "brute", "archer"]
    assert [row.order for row in table.gm.view().combatants] == ["11", "11", "7", "5"]


# -- delay ---------------------------------------------------------------------


def test_the_delay_example_of_the_rule_text() -> None:
    """001 line 21: "if for instance Bob rolled the highest initiative total, and elects to
    delay their turn until after Alice, Alice could choose in turn to delay her turn until
    after Bob, but at that point Bob would have to act (he cannot delay again)."""
    table = Table()
    to_round_one(table)
    assert table.order() == ["bob", "alice", "brute", "archer"]
    assert table.current == "bob"

    table.press("delay", after="alice")
    assert table.order() == ["alice", "bob", "brute", "archer"]
    assert (table.step, table.current) == ("start", "alice")
    table.press("delay", after="bob")
    assert table.order() == ["bob", "alice", "brute", "archer"]
    assert (table.step, table.current) == ("start", "bob")
    # "at that point Bob would have to act (he cannot delay again)"
    assert "delay" not in table.action_ids()
    with pytest.raises(RulesError, match="not possible now"):
        table.press("delay", after="brute")
    rows = table.gm.view().combatants
    assert [(r.token_id, r.order) for r in rows[:2]] == [
        ("bob", "11 (delayed)"),
        ("alice", "9 (delayed)"),
    ]
    run_turn(table)
    # Alice delayed once this round already: she acts now, no second delay.
    assert table.current == "alice" and "delay" not in table.action_ids()
    run_turn(table)
    run_turn(table)
    run_turn(table)
    # "their turns take place at that later position for the rest of the combat", and next
    # round each may delay again.
    assert table.gm.state().round == 2 and table.current == "bob"
    assert table.order() == ["bob", "alice", "brute", "archer"]
    assert "delay" in table.action_ids()


def test_delay_to_a_later_point_moves_the_combatant_for_good() -> None:
    table = Table()
    to_round_one(table)
    table.press("delay", after="archer")
    assert table.order() == ["alice", "brute", "archer", "bob"]
    assert table.current == "alice"
    for _ in range(4):
        run_turn(table)
    assert table.gm.state().round == 2
    assert table.current == "alice"  # Bob now acts last, every round


def test_delay_is_too_late_once_the_panic_roll_is_made() -> None:
    table = Table()
    table.encounter.token("bob").figures.update(stress_load=4)
    to_round_one(table)
    assert table.primary_id() == "panic-roll"
    table.advance(manual=(8,))
    assert "delay" not in table.action_ids()


# -- Panic Roll ----------------------------------------------------------------


def test_a_failed_panic_roll() -> None:
    """001 lines 85-88: "The total must exceed (not tie) the character's Stress Load, or else
    ... They are Stunned - Their Stress Load is added to their Fatigue Load (and then reset
    to zero) - Their Stress Tolerance decreases by 1"."""
    table = Table()
    # Bob: Stress Tolerance 3, Resolve 0.
    table.encounter.token("bob").figures.update(stress_load=5, fatigue_load=1)
    to_round_one(table)
    assert table.statuses("bob") == {"Frayed": 1}
    notes = table.gm.view().notes
    assert (
        "Panic Roll: 2d6+0 against Stress Load 5; on a tie or less: Stunned, Stress added to "
        "Fatigue, Stress Tolerance -1." in notes
    )
    messages = table.advance(manual=(5,))  # a tie is a failure
    roll = table.encounter.dice_log[-1]
    assert (roll.who, roll.expression, roll.why, roll.result) == ("bob", "2d6", "Panic Roll", 5)
    assert table.figure("bob", "stress_load") == 0
    assert table.figure("bob", "fatigue_load") == 6
    assert table.figure("bob", "stress_tolerance") == 2
    # Fatigue 6 exceeds Tolerance 5: Exhausted (001 line 89); no longer Frayed.
    assert table.statuses("bob") == {"Stunned": 1, "Exhausted": 1}
    assert messages[-1] == (
        "Bob fails the Panic Roll (5 against Stress Load 5): Stunned, Fatigue Load 6, "
        "Stress Load 0, Stress Tolerance 2."
    )
    assert "Stunned: apply its effect this turn." in table.gm.view().notes
    assert table.primary_id() == "start-done"
    # One press, one undo step: undo restores the loads and the statuses.
    table.stack.undo()
    assert table.figure("bob", "stress_load") == 5
    assert table.statuses("bob") == {"Frayed": 1}
    assert table.primary_id() == "panic-roll"
    table.advance(manual=(5,))
    run_turn(table)
    # Stunned ticks down at the end of Bob's turn.
    assert table.statuses("bob") == {"Exhausted": 1}


def test_a_panic_roll_with_resolve_that_beats_the_load() -> None:
    table = Table()
    table.encounter.token("alice").figures.update(stress_load=6)  # Tolerance 4, Resolve +1
    to_round_one(table, initiative=(12, 11, 9, 6))
    assert table.current == "alice"
    table.advance(manual=(7,))  # 2d6+1 = 7 exceeds 6
    assert table.encounter.dice_log[-1].expression == "2d6+1"
    assert table.figure("alice", "stress_load") == 6
    assert table.statuses("alice") == {"Frayed": 1}


# -- Exhausted, Incapacity, Wounds --------------------------------------------------


def test_incapacity_after_an_action_loses_tolerance_and_wounds() -> None:
    """001 line 89: Exhausted characters "must make an Incapacity Roll after they take an
    Action"; line 90: "The total must exceed (not tie) the character's Fatigue Load, or else
    they are Incapacitated"; line 91: "the character's current Stance immediately ends";
    line 92: "Upon becoming Incapacitated, and at the end of each of their turns while
    Incapacitated, the character's Fatigue Tolerance and Fatigue Load are both decreased by
    1"; line 93: "If a character ends a turn Incapacitated while their Fatigue Tolerance is
    zero, they take a Wound"."""
    table = Table()
    to_round_one(table)
    # Bob is Exhausted: Fatigue Load 7 over Tolerance 2 (Resilience +2).
    bob = table.encounter.token("bob")
    bob.figures.update(fatigue_tolerance=2)
    table.press("deal", target="bob", fatigue=7)
    assert table.statuses("bob") == {"Exhausted": 1}
    table.advance()
    table.advance()
    assert table.instruction() == (
        "Bob takes an Action: record Fatigue and Stress dealt; Exhausted, so an Incapacity "
        "Roll follows."
    )
    assert "Exhausted: +1 Bane on offensive rolls." in table.gm.view().notes
    table.advance(manual=(7,))  # 2d6+2 = 7 does not exceed 7
    roll = table.encounter.dice_log[-1]
    assert (roll.who, roll.expression, roll.result) == ("bob", "2d6+2", 7)
    assert roll.why == "Incapacity Roll (after an Action while Exhausted)"
    assert table.statuses("bob") == {"Exhausted": 1, "Incapacitated": 1}
    assert table.figure("bob", "stance") == ""
    assert (table.figure("bob", "fatigue_tolerance"), table.figure("bob", "fatigue_load")) == (
        1,
        6,
    )
    # No Stance for the Incapacitated: straight to End of Turn.
    assert table.step == "end"
    assert table.instruction() == (
        "End of Bob's turn: resolve End of Turn effects; Incapacitated: Fatigue Tolerance and "
        "Load -1; next: Alice."
    )
    assert "Incapacitated: Fatigue Tolerance 0, Load 5 and a Wound." in table.gm.view().notes
    table.advance()
    assert (table.figure("bob", "fatigue_tolerance"), table.figure("bob", "fatigue_load")) == (
        0,
        5,
    )
    assert table.figure("bob", "wounds") == 1
    assert [r.out for r in table.gm.view().combatants] == [True, False, False, False]
    for _ in range(3):
        run_turn(table)

    # Round 2: Incapacitated, Bob "cannot move, act, or take stances".
    assert (table.current, table.step) == ("bob", "start")
    assert table.instruction() == (
        "Bob is Incapacitated: resolve Start of Turn effects; no Move, Action or Stance."
    )
    assert table.gm.primary().label == "To End of Turn (Incapacitated)"  # type: ignore[union-attr]
    table.advance()
    assert table.step == "end"
    table.advance()
    assert (table.figure("bob", "fatigue_tolerance"), table.figure("bob", "fatigue_load")) == (
        0,
        4,
    )
    assert table.figure("bob", "wounds") == 2
    assert "bob" not in table.gm.state().removed  # type: ignore[attr-defined]


def test_the_third_wound_removes_from_combat_and_all_npcs_out_ends_it() -> None:
    """001 line 93: "Upon accumulating three Wounds, they are removed from combat"; line 14:
    the rounds repeat until "All NPCs are incapacitated or removed from combat"."""
    table = Table()
    to_round_one(table)
    table.encounter.token("archer").figures.update(wounds=2, fatigue_tolerance=1)
    table.encounter.token("brute").figures.update(fatigue_tolerance=1)
    table.press("deal", target="brute", fatigue=3)
    table.press("deal", target="archer", fatigue=4)
    # Finisher: 001 line 89: "Attacks with the Finisher tag trigger Incapacity Rolls
    # immediately after the attack resolves if their target is Exhausted."
    table.press("deal", target="archer", finisher=True, manual=(4,))  # 4 does not exceed 4
    assert table.statuses("archer") == {"Exhausted": 1, "Incapacitated": 1}
    assert (
        table.figure("archer", "fatigue_tolerance"),
        table.figure("archer", "fatigue_load"),
    ) == (0, 3)
    table.press("deal", target="brute", fatigue=1, finisher=True, manual=(10,))  # 2d6+0 = 10 > 4
    assert "Incapacitated" not in table.statuses("brute")
    for _ in range(3):
        run_turn(table)
    assert table.current == "archer"
    table.advance()
    table.advance()
    assert table.figure("archer", "wounds") == 3
    assert table.gm.state().removed == ["archer"]  # type: ignore[attr-defined]
    # The removed Archer no longer takes turns.
    assert (table.current, table.gm.state().round) == ("bob", 2)
    run_turn(table)
    run_turn(table)
    # Brute is the last NPC standing; it fails an Incapacity Roll after its action.
    assert table.current == "brute"
    table.advance()
    table.advance()
    assert table.gm.primary().id == "action-done"  # type: ignore[union-attr]
    table.advance(manual=(3,))
    assert table.instruction() == (
        "All NPCs are incapacitated or removed from combat: end the combat."
    )
    assert table.primary_id() == "end-combat"
    end = table.gm.primary()
    assert end is not None and end.params[0].default == (
        "All NPCs are incapacitated or removed from combat"
    )
    # The GM may still go on: the other actions stay, none of them primary.
    assert "end-turn" in table.action_ids()


def test_end_of_combat_resets_loads_and_records_tolerances() -> None:
    """001 line 17: "End of Combat: Any incapacitated PCs recover, current Fatigue and Stress
    are reset to 0, and current Fatigue Tolerance and Stress Tolerance are recorded"."""
    table = Table()
    to_round_one(table)
    table.press("deal", target="alice", fatigue=9, stress=2, finisher=True, manual=(3,))
    assert "Incapacitated" in table.statuses("alice")
    table.press("deal", target="brute", stress=5)
    table.press("set-conditions", win="Take the tower", defeat="The captain escapes")
    view = table.gm.view()
    assert "Win Condition: Take the tower" in view.notes
    table.press("end-combat", why="The Win Condition is met")
    state = table.gm.state()
    assert state.ended and state.step == "ended"
    assert state.outcome == "The Win Condition is met"  # type: ignore[attr-defined]
    for token_id in ("alice", "bob", "brute", "archer"):
        assert table.figure(token_id, "fatigue_load") == 0
        assert table.figure(token_id, "stress_load") == 0
    # Alice (Fatigue Tolerance 3 after Incapacity) recovers.
    assert table.statuses("alice") == {}
    assert table.statuses("brute") == {}
    assert state.recorded["alice"] == {  # type: ignore[attr-defined]
        "fatigue_tolerance": 3,
        "stress_tolerance": 4,
        "wounds": 0,
    }
    assert state.recorded["brute"]["stress_tolerance"] == 2  # type: ignore[attr-defined]
    view = table.gm.view()
    assert view.ended
    assert view.instruction == (
        "Combat is over: The Win Condition is met. Loads reset; tolerances recorded."
    )
    assert [line.status for line in view.steps if line.id == "ended"] == ["current"]
    assert table.gm.actions() == []
    table.stack.undo()
    assert table.figure("alice", "fatigue_load") == 8 and not table.gm.state().ended


def test_at_zero_fatigue_tolerance_incapacity_stays_after_combat() -> None:
    """001 line 98: Incapacitated characters return at the end of combat "provided their
    Tolerance has not been reduced to zero by then"."""
    table = Table()
    to_round_one(table)
    table.encounter.token("bob").figures.update(fatigue_tolerance=1)
    table.press("deal", target="bob", fatigue=5, finisher=True, manual=(4,))
    assert table.figure("bob", "fatigue_tolerance") == 0
    table.press("end-combat", why="The GM ends the fight")
    assert table.statuses("bob") == {"Incapacitated": 1}
    assert table.figure("bob", "fatigue_load") == 0


def test_incapacity_ends_when_fatigue_load_reaches_zero() -> None:
    """001 line 95: Incapacity ends when "Fatigue Load is reduced to zero"."""
    table = Table()
    to_round_one(table)
    table.press("deal", target="bob", fatigue=6, finisher=True, manual=(4,))
    assert "Incapacitated" in table.statuses("bob")
    table.press("deal", target="bob", fatigue=-10)
    assert table.figure("bob", "fatigue_load") == 0
    assert table.statuses("bob") == {}
    table.press("deal", target="alice", fatigue=6, finisher=True, manual=(3,))
    table.press("end-incapacity", token="alice")
    assert table.statuses("alice") == {"Exhausted": 1}


def test_the_all_pcs_out_condition() -> None:
    table = Table()
    to_round_one(table)
    # Lowest rolls: 2d6+1 for Alice, 2d6+2 for Bob, both under Fatigue Load 8.
    for pc, lowest in (("alice", 3), ("bob", 4)):
        table.press("deal", target=pc, fatigue=8, finisher=True, manual=(lowest,))
    assert table.instruction() == (
        "All PCs are incapacitated or removed from combat: end the combat."
    )


# -- joining, statuses, hidden tokens ---------------------------------------------


def test_a_late_arrival_joins_by_initiative() -> None:
    table = Table()
    to_round_one(table)
    run_turn(table)
    table.encounter.token("scout").position = (7, 5)
    table.press("join", token="scout", manual=(10,))  # ahead of Alice (9) but after Bob
    assert table.order() == ["bob", "scout", "alice", "brute", "archer"]
    # Its place is before the acting Alice: its first turn is next round.
    assert table.current == "alice"
    for _ in range(3):
        run_turn(table)
    assert table.gm.state().round == 2
    run_turn(table)
    assert table.current == "scout"


def test_conditions_cannot_be_given_by_hand() -> None:
    table = Table()
    to_round_one(table)
    with pytest.raises(RulesError, match="Exhausted follows the loads"):
        table.press("status", token="bob", status="Exhausted", stacks=1)


def test_notes_never_name_a_hidden_combatant() -> None:
    table = Table()
    table.encounter.token("archer").hidden = True
    to_round_one(table)
    table.advance()
    table.advance()
    table.press("deal", target="archer", fatigue=9, stress=9)
    notes = " ".join(table.gm.view().notes)
    assert "Archer" not in notes
    assert "a hidden combatant" in notes
    run_turn(table)
    run_turn(table)
    run_turn(table)
    # The hidden Archer acts: its targets are for the GM only.
    assert table.current == "archer"
    table.advance(manual=(12,))
    table.advance()
    table.advance()
    table.press("deal", target="bob", fatigue=1)
    view = table.gm.view()
    assert view.targets == frozenset() and view.secret_targets == frozenset({"bob"})


# -- saving mid-round --------------------------------------------------------------


def test_a_save_mid_round_reopens_at_the_same_step() -> None:
    table = Table()
    to_round_one(table)
    run_turn(table)
    table.advance()
    table.advance()
    table.press("deal", target="brute", fatigue=2)
    assert (table.current, table.step) == ("alice", "action")
    before = table.gm.view()

    reopened = Table(loads_encounter(dumps_encounter(table.encounter)))
    assert reopened.gm.view() == before
    assert reopened.primary_id() == "action-done"
    assert reopened.action_ids() == table.action_ids()
    assert reopened.figure("brute", "fatigue_load") == 2
    # Both go on identically, seeded dice included.
    for t in (table, reopened):
        t.advance()
        t.advance()
        t.advance()
        t.advance()
        t.advance()
        t.advance()
    assert reopened.gm.view() == table.gm.view()
    assert [r.result for r in reopened.encounter.dice_log] == [
        r.result for r in table.encounter.dice_log
    ]


# -- the example encounter -----------------------------------------------------------


def test_the_example_is_what_its_script_builds() -> None:
    builder = runpy.run_path(str(BUILDER))
    assert dumps_encounter(builder["build"]()) == EXAMPLE.read_text(encoding="utf-8")


def test_the_example_encounter_opens_at_npc_placement_and_plays() -> None:
    table = Table(load_encounter(EXAMPLE))
    assert table.encounter.procedure == "thrum"
    assert len(table.encounter.tokens) >= 8
    grid = table.encounter.grid
    assert grid is not None and int(grid.elevation.max()) == 3
    view = table.gm.view()
    assert table.step == "placement" and not table.encounter.dice_log
    assert "Starting Area: columns 1-4, rows 9-12 (16 squares)." in view.notes
    assert "Ambusher" not in " ".join(view.notes)
    # Every PC stands in the Starting Area already.
    area = set(table.gm.state().starting_area)  # type: ignore[attr-defined]
    for token in table.encounter.tokens.values():
        if token.side == "pcs":
            assert token.square in area
    table.advance()
    # The Hill Brute is off the map: it sits out until it joins.
    assert "brute" not in table.order() and len(table.order()) == 10
    table.advance()  # seeded initiative
    table.advance()  # begin Round Zero
    for _ in range(10):
        table.advance()
    assert (table.step, table.gm.state().round) == ("start", 1)
    assert table.current == table.order()[0]
