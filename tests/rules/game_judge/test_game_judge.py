"""Game Judge phases (seed 002_207f3f1951758ab0.txt) played through the controller.

Line numbers quote the seed file ``002_207f3f1951758ab0.txt``. Dice are fixed by
typing results (``manual``), as a GM with physical dice would. The fight is the
shipped example, Main Street at midnight (``maps/game-judge.tactical.json``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tactical.core import Encounter, GridMap, Token
from tactical.core.commands import RemoveToken
from tactical.persistence import dumps_encounter, load_encounter, loads_encounter, validate_file
from tactical.rules import RulesError, available
from tactical.rules.procedures.game_judge import GameJudgeState, column_shifts, rank_index
from tactical.rules.procedures.game_judge.initiative import intuition_bonuses

from .fight import (
    ELASTICITY,
    EXAMPLE,
    ROOT,
    SPEEDSTERS,
    Declared,
    Table,
    build_example,
    public_text,
)

# -- the Universal Table -----------------------------------------------------


def test_column_shifts_follow_the_seed_example() -> None:
    # 002 line 11: "GJ' best Intuition is Excellent; the Player's best is Amazing.
    # Add +3 to the Player's Initiative die score."
    assert column_shifts("Excellent", "Amazing") == 3
    assert column_shifts("Amazing", "Excellent") == -3
    assert rank_index("ex") == rank_index("Excellent") == 5
    assert rank_index("Shift 0") == 0 and rank_index("Beyond") == 17
    assert rank_index("CL 1000") == rank_index("Class 1000") == 14
    assert rank_index("Mighty") is None and rank_index(7) is None
    # two sides: only the better side adds; three sides: each adds over the lowest
    assert intuition_bonuses({"gj": 5, "players": 8}) == {"gj": 0, "players": 3}
    assert intuition_bonuses({"a": 3, "b": 5, "c": 8}) == {"a": 0, "b": 2, "c": 5}


def test_registered_and_example_file_is_the_start_state() -> None:
    assert "game-judge" in available()
    assert validate_file(EXAMPLE) == []
    encounter = load_encounter(EXAMPLE)
    assert dumps_encounter(encounter) == dumps_encounter(build_example())
    assert encounter.procedure == "game-judge"
    state = GameJudgeState.model_validate(encounter.procedure_state)
    assert (state.step, state.round, state.declarations) == ("step1", 1, {})
    assert encounter.area_map is not None and len(encounter.area_map.areas) == 11
    assert encounter.area_map.adjacent("alley", "bank-roof")  # the fire escape
    assert not encounter.area_map.adjacent("bank-steps", "bank-roof")
    assert {t.side for t in encounter.tokens.values()} == {"pcs", "npcs"}
    assert encounter.token("gunman").hidden


# -- one whole turn -------------------------------------------------------------


def test_a_full_turn_on_main_street(table: Table) -> None:
    t = table
    # 002 line 5: "STEP ONE: GAME JUDGE DECIDES WHAT ACTIONS THE CHARACTERS THAT HE
    # CONTROLS WILL EXECUTE. THIS IS NOT DECLARED TO THE PLAYERS UNTIL STEP THREE."
    assert t.step == "step1" and t.view.round == 1 and t.current() == ["step1"]
    assert (
        t.instruction == "Step 1 (secret): choose what Brute does; 3 of the GM's 3 characters left"
    )
    assert t.view.acting == {"brute"}
    # 002 line 3: distances and surprise attacks come before the steps
    assert t.view.notes[0].startswith("Before Step 1: make sure of the distances")
    # The advance key asks for the declaration the instruction names, never skips it.
    assert t.primary() == ("declare", "Declare Brute's action")
    t.do("declare", token="brute", kind="slugfest", target="vigil")
    assert t.primary() == ("declare", "Declare Razor's action")
    t.do("declare", token="razor", kind="charge", target="quickstep")
    assert t.primary() == ("declare", "Declare a hidden combatant's action")  # the Gunman
    t.do("declare", token="gunman", kind="ranged", target="spark")
    assert t.primary() == ("next", "Players declare (Step 2)")
    assert t.row("brute").secret == "Slugfest (already engaged) on Captain Vigil"
    assert t.row("razor").secret == "Charge attack on Quickstep (1 area)"
    assert t.row("brute").revealed == "" and t.row("brute").done
    assert t.view.targets == frozenset()
    assert t.view.secret_targets == {"vigil", "quickstep", "spark"}
    assert "Slugfest" not in public_text(t) and "Charge" not in public_text(t)
    assert (
        t.instruction == "Step 1: the GM's actions are chosen; next: the players declare (Step 2)"
    )

    # 002 line 7: "STEP TWO: PLAYERS DECIDE WHAT ACTIONS THEIR CHARACTERS EXECUTE, AND
    # THEN THEY TELL THE GAME JUDGE."
    t.do("next")
    assert t.step == "step2"
    assert (
        t.instruction
        == "Step 2: ask the player of Captain Vigil what they do; 3 of 3 characters left"
    )
    assert t.primary() == ("declare", "Declare Captain Vigil's action")
    t.do("declare", token="vigil", kind="disengage", destination="main-south")
    t.do("declare", token="spark", kind="fire-move", target="razor", destination="crosswalk")
    t.do("declare", token="quickstep", kind="close", target="brute")
    assert t.row("vigil").revealed == "Disengage to Main Street south (1 area)"
    assert t.row("spark").revealed == "Ranged attack while moving on Razor to Crosswalk (1 area)"
    assert t.row("quickstep").revealed == "Close to slugfest or wrestle on Brute (2 areas)"
    assert t.row("brute").secret and not t.row("brute").revealed
    assert t.view.targets == {"razor", "brute"}
    assert "Slugfest" not in public_text(t)

    # 002 line 9: "STEP THREE: GAME JUDGE REVEALS THE ACTIONS OF HIS CHARACTERS. ALSO,
    # THE PLAYERS AND GJ MAKE ANY NECESSARY PRE-INITIATIVE FEATS CONCERNING MULTIPLE
    # FIGHTING FEATS ..."
    assert t.do("next") == ["The GM's actions are revealed"]
    assert t.step == "step3" and t.current() == ["step3"]
    assert t.row("brute").revealed == "Slugfest (already engaged) on Captain Vigil"
    assert t.row("razor").revealed == "Charge attack on Quickstep (1 area)"
    # the Gunman is hidden: his action stays the GM's
    assert t.row("gunman").secret == "Ranged attack on Spark" and not t.row("gunman").revealed
    assert t.view.targets == {"vigil", "quickstep", "razor", "brute"}
    assert t.view.secret_targets == {"spark"}
    assert "Gunman" not in public_text(t)
    t.do("attacks", token="brute", count=2)
    assert t.row("brute").revealed == "Slugfest (already engaged) on Captain Vigil, 2 attacks"

    # 002 line 11: "STEP FOUR: INITIATIVE IS ROLLED FOR. COMPARE THE HIGHEST INTUITION
    # RANK ON EACH SIDE ... ADD THIS NUMBER TO THE DIE ROLL OF THE SIDE WITH THE
    # HIGHEST INTUITION." Heroes' best is Amazing (Vigil), the Crew's Excellent (Brute).
    t.do("next")
    assert t.step == "step4"
    assert t.instruction == (
        "Step 4: roll 1d10 per side for initiative; +3 to Heroes (Intuition Amazing)"
    )
    assert t.primary() == ("roll-initiative", "Roll initiative (1d10 per side)")
    assert t.do("roll-initiative", manual=[4, 6]) == [
        "Heroes: 4 + 3 = 7",
        "Wrecking Crew: 6",
        "Master Initiative: Heroes",
    ]
    assert [(r.who, r.expression, r.why, r.result, r.manual) for r in t.encounter.dice_log] == [
        ("Heroes", "1d10", "initiative", 4, True),
        ("Wrecking Crew", "1d10", "initiative", 6, True),
    ]
    # 002 line 17: "THE SIDE WITH INITIATIVE, NOW CALLED MASTER INITIATIVE MAY ACT FIRST"
    assert (
        t.instruction
        == "Step 4: Heroes have Master Initiative (7 against 6); next: pre-action rolls"
    )
    assert [(r.token_id, r.order) for r in t.view.combatants] == [
        ("vigil", "MI 7"),
        ("spark", "MI 7"),
        ("quickstep", "MI 7"),
        ("brute", "6"),
        ("razor", "6"),
        ("gunman", "6"),
    ]
    # 002 line 13: "STEP FIVE: PRE-ACTION ROLLS ... (timed explosive devices, trap doors ...)"
    t.do("next")
    assert t.step == "step5" and t.primary() == ("next", "Combat phases (Step 6)")
    assert t.do("roll", expression="1d100", who="Vault timer", why="vault door", manual=[12]) == [
        "Vault timer rolls 1d100 for vault door: 12"
    ]

    # 002 line 19-22: PHASE-A, ranged attacks with the moving target modifier of the
    # target's declared movement and the penalty for firing while moving.
    t.do("next")
    assert t.step == "phase-a" and t.current() == ["step6", "phase-a"]
    assert t.instruction == (
        "Phase A: Spark fires at Razor: -2CS (target moving 1 area -1CS, firing while "
        "moving 1 area -1CS); next: a hidden combatant"
    )
    assert t.view.acting == {"spark"} and t.view.targets == {"razor"}
    assert t.view.notes == (
        "Master Initiative: Heroes",
        "now: Spark fires at Razor: -2CS (target moving 1 area -1CS, firing while moving "
        "1 area -1CS)",
    )
    assert t.primary() == ("resolve", "Resolved")
    t.do("roll-feat", manual=[57])
    assert t.encounter.dice_log[-1].who == "Spark" and t.encounter.dice_log[-1].result == 57
    t.do("health", token="razor", change=-10)
    assert t.row("razor").figures["health"] == "50"
    t.do("resolve")
    # the Gunman (Crew, no Master Initiative) fires second; the players never see his name
    assert (
        t.instruction
        == "Phase A: a hidden combatant fires at Spark: -1CS (target moving 1 area -1CS)"
    )
    assert t.view.acting == {"gunman"} and t.view.targets == frozenset()
    assert t.view.secret_targets == {"spark"}
    assert "Gunman" not in public_text(t)
    t.do("resolve")
    assert t.primary() == ("next", "Next: Phase B")

    # 002 line 46: "Disengage: ... Forfeit attack, however, the opponent gets a +2CS to his
    # attack FEAT." 002 line 57: M.I. "gets to execute his attack one after the other".
    t.do("next")
    assert t.step == "phase-b"
    assert (
        t.instruction
        == "Phase B: Brute strikes Captain Vigil, 2 attacks: +2CS (target disengaging +2CS)"
    )
    t.do("health", token="vigil", change=-20)
    t.do("resolve")
    t.do("next")

    # 002 line 64: "1) Those who have fired while moving have reach their destination."
    assert t.step == "c1" and t.current() == ["step6", "phase-c", "c1"]
    assert t.instruction == "C1: Spark reaches Crosswalk"
    t.do("resolve")
    assert t.where("spark") == "crosswalk"
    t.do("next")

    # 002 line 42: "Between Closers and Chargers, the one who traveled the least distance
    # should resolve first." 002 line 66: "if the target has not yet acted ... then Master
    # Initiative determines who gets first strike."
    assert t.step == "c2"
    assert t.instruction == (
        "C2: Razor charges Quickstep (1 area): no column shift; first strike: Quickstep "
        "(Master Initiative); next: Quickstep"
    )
    assert t.do("resolve")[-1] == "Razor moves to Bus stop"
    assert t.where("razor") == "bus-stop"
    # Brute has already struck in Phase B: no first-strike question
    assert t.instruction == "C2: Quickstep closes on Brute (2 areas): no column shift"
    t.do("resolve")
    assert t.where("quickstep") == "main-north"
    t.do("condition", token="brute", condition="slammed")
    assert t.primary() == ("next", "Next: C4")
    # no fighting withdrawal: sub-step 3 is passed over (002 line 17: "IF APPLICABLE")
    assert t.do("next") == ["C3: nothing to resolve"]

    # 002 line 72: "Those who chose to disengage may now move up to their FULL movement"
    assert t.step == "c4"
    assert t.instruction == "C4: Captain Vigil disengages, up to 3 areas to Main Street south"
    t.do("resolve")
    assert t.where("vigil") == "main-south"
    t.do("next")

    # 002 line 74: "5) Slammed Characters: ... additional damage and any collateral damage."
    assert t.step == "c5"
    assert t.instruction == "C5: Brute was slammed: resolve additional and collateral damage"
    t.do("resolve")
    t.do("next")

    # 002 line 78: "STEP SEVEN: BOOKKEEPING; GJ AND PLAYERS KEEP TRACK OF LOST HEALTH, LOST
    # KARMA, STUN TIME, AND ANY CHANGES IN POSITION DUE TO THE COMBAT TURN."
    assert t.step == "step7" and t.current() == ["step7"]
    assert t.instruction == (
        "Step 7: record lost Health, lost Karma, stun time and changes of position; "
        "then turn 2 begins at Step 1"
    )
    t.do("karma", token="spark", change=-5)
    assert t.primary() == ("next", "Next turn (2): Step 1")
    # 002 line 80: "RETURN TO STEPS 1,2, AND 3"
    t.do("next")
    state = t.c.state()
    assert (state.step, state.round, state.declarations, state.side_order) == ("step1", 2, {}, [])
    assert t.encounter.token("brute").statuses == {}  # the slam was dealt with
    assert [(r.token_id, r.figures["health"], r.figures["karma"]) for r in t.view.combatants] == [
        ("vigil", "70", "40"),
        ("spark", "46", "25"),
        ("quickstep", "56", "26"),
        ("brute", "110", "12"),
        ("razor", "50", "10"),
        ("gunman", "40", "8"),
    ]
    assert (
        t.instruction == "Step 1 (secret): choose what Brute does; 3 of the GM's 3 characters left"
    )
    statuses = {s.id: s.status for s in t.view.steps}
    assert statuses["step1"] == "current" and statuses["step7"] == "todo"


# -- the parts of the rules one at a time ------------------------------------------


def test_tied_initiative_is_rolled_again(table: Table) -> None:
    t = table
    t.declare_all({}, {})
    t.do("next")
    messages = t.do("roll-initiative", manual=[5, 8, 6, 2])
    # Heroes 5 + 3 = 8 against the Crew's 8: both roll again; Heroes 6 + 3 = 9 against 2
    assert messages == [
        "Tie at 8 between Heroes, Wrecking Crew: re-roll",
        "Heroes: 6 + 3 = 9",
        "Wrecking Crew: 2",
        "Master Initiative: Heroes",
    ]
    assert [r.why for r in t.encounter.dice_log] == [
        "initiative",
        "initiative",
        "initiative re-roll (tie)",
        "initiative re-roll (tie)",
    ]
    t.do("set-master", side="npcs")
    assert t.c.state().side_order == ["npcs", "pcs"]
    assert (
        t.instruction
        == "Step 4: Wrecking Crew have Master Initiative (the GM's ruling; rolled 2 against 9); "
        "next: pre-action rolls"
    )


def test_closers_and_chargers_travel_least_first_ties_by_master_initiative() -> None:
    encounter = build_example()
    encounter.token("vigil").position = "main-south"
    t = Table(encounter)
    declarations: Declared = (
        {
            "brute": {"kind": "charge", "target": "vigil"},  # 1 area
            "razor": {"kind": "charge", "target": "quickstep"},  # 1 area
        },
        {
            "vigil": {"kind": "close", "target": "brute"},  # 1 area
            "spark": {"kind": "close", "target": "gunman"},  # parking, alley, roof: 2
        },
    )
    t.declare_all(*declarations)
    t.to_phases([9, 1])  # Heroes have Master Initiative
    assert t.step == "c2"  # nothing for Phases A, B and C1
    assert t.resolve_all() == ["vigil", "brute", "razor", "spark"]

    again = build_example()
    again.token("vigil").position = "main-south"
    t = Table(again)
    t.declare_all(*declarations)
    t.to_phases([1, 9])  # the Crew have Master Initiative
    assert t.resolve_all() == ["brute", "razor", "vigil", "spark"]
    # closers end in their target's area as it is when they resolve
    assert t.where("brute") == "main-south" and t.where("razor") == "bus-stop"
    assert t.where("vigil") == "main-south"  # Brute came to him
    assert t.where("spark") == "bank-roof"


@pytest.mark.parametrize(("areas", "shift"), [(5, -1), (6, -2), (10, -2), (11, -4)])
def test_moving_target_modifier_by_areas(areas: int, shift: int) -> None:
    # 002 line 21: "up to 5 areas -1CS; 6 to 10 areas -2CS; 11+ areas -4CS.
    # (MOVING TARGET MODIFIER)"
    t = Table()
    t.encounter.token("quickstep").speed = 12
    t.declare_all(
        {"razor": {"kind": "ranged", "target": "quickstep"}},
        {"quickstep": {"kind": "lateral", "areas": areas}},
    )
    t.to_phases([1, 9])
    assert t.step == "phase-a"
    assert t.instruction == (
        f"Phase A: Razor fires at Quickstep: {shift:+d}CS "
        f"(target moving {areas} areas {shift:+d}CS)"
    )


def test_firing_while_moving_and_dodging_while_moving() -> None:
    t = Table()
    t.declare_all(
        {"razor": {"kind": "ranged", "target": "quickstep"}},
        {"quickstep": {"kind": "fire-move", "target": "razor", "areas": 11}},
    )
    # 002 line 36: "Dodge while moving (declared during STEP THREE)"; line 38: "Moving 6
    # areas with a Red Dodge FEAT = -8CS to the foe's attack FEAT".
    t.do("dodge", token="quickstep", result="red", areas=6)
    assert t.row("quickstep").revealed == "Dodge while moving (6 areas), Dodge FEAT red"
    t.do("dodge", token="spark", result="white", destination="crosswalk")
    t.to_phases([1, 9])
    assert t.instruction == (
        "Phase A: Razor fires at Quickstep: -8CS (target moving 6 areas -2CS, "
        "target's Red Dodge FEAT -6CS)"
    )

    # 002 line 22: "If firing and moving at the same time then the attacker is penalized
    # based upon his velocity ... 11+ areas -4CS."
    t = Table()
    t.declare_all({}, {"quickstep": {"kind": "fire-move", "target": "razor", "areas": 11}})
    t.to_phases([9, 1])
    assert t.instruction == (
        "Phase A: Quickstep fires at Razor: -4CS (firing while moving 11 areas -4CS)"
    )
    t.do("resolve")
    t.do("next")
    # typed areas without a destination: the GM moves the token by hand
    assert t.instruction == "C1: Quickstep moves 11 areas"
    assert t.do("resolve") == [
        "Quickstep moves 11 areas",
        "Quickstep may move up to 11 areas: move the token by hand",
    ]


def test_ranged_attack_from_a_slugfest() -> None:
    # 002 line 28: "if the combatant that is firing does not have M.I. then his foe will be
    # permitted to strike at him during Phase-B PRIOR to the Ranged Attack to be released."
    # 002 line 30: "Ranged Attacks during a Slugfest are at -3CS"
    declarations = (
        {"brute": {"kind": "slugfest", "target": "vigil"}},
        {"vigil": {"kind": "ranged", "target": "brute"}},
    )
    t = Table()
    t.declare_all(*declarations)
    t.to_phases([9, 1])  # Vigil has Master Initiative: he fires in Phase A
    assert (
        t.instruction
        == "Phase A: Captain Vigil fires at Brute: -3CS (ranged attack in a slugfest -3CS)"
    )

    t = Table()
    t.declare_all(*declarations)
    t.to_phases([1, 9])  # the Crew have it: Brute strikes, then Vigil fires, both in Phase B
    assert t.step == "phase-b"
    assert (
        t.instruction
        == "Phase B: Brute strikes Captain Vigil: no column shift; next: Captain Vigil"
    )
    t.do("resolve")
    assert (
        t.instruction
        == "Phase B: Captain Vigil fires at Brute: -3CS (ranged attack in a slugfest -3CS)"
    )


def test_fighting_withdrawal_and_no_movement_when_stunned() -> None:
    t = Table()
    t.do("declare", token="brute", kind="slugfest", target="vigil")
    t.do("next")
    # 002 line 44: "may move up to one-half his movement allowance (round-up)": speed 3 -> 2
    with pytest.raises(RulesError, match="may move 2 areas with a fighting withdrawal, not 3"):
        t.do("declare", token="vigil", kind="withdraw", target="brute", destination="bank-roof")
    t.do("declare", token="vigil", kind="withdraw", target="brute", destination="diner")
    t.do("next")
    t.to_phases([9, 1])
    # "The withdrawing combatant is @ -4CS on his attack FEAT"; Master Initiative first
    assert t.step == "phase-b"
    assert t.instruction == (
        "Phase B: Captain Vigil strikes Brute, withdrawing: -4CS (fighting withdrawal -4CS); "
        "next: Brute"
    )
    t.do("resolve")
    t.do("resolve")
    # "If he is stunned or KO'd during Phase-B, then no movement during Phase-C"
    t.do("condition", token="vigil", condition="stunned", turns=2)
    t.do("next")
    assert t.step == "c3"
    assert t.instruction == "C3: Captain Vigil withdraws up to 2 areas to Diner"
    assert t.do("resolve") == ["Captain Vigil is stunned: no movement"]
    assert t.where("vigil") == "main-north"


def test_stun_time_counts_down_in_whole_turns() -> None:
    t = Table()
    t.declare_all({}, {})
    t.to_phases([9, 1])
    assert t.step == "step7"  # nothing declared: every phase is passed over
    t.do("condition", token="brute", condition="stunned", turns=1)
    t.do("next")
    # turn 2: Brute is stunned and declares nothing; he counts down at its end
    assert (
        t.instruction == "Step 1 (secret): choose what Razor does; 2 of the GM's 2 characters left"
    )
    assert t.c.state().stunned_at_start == ["brute"]
    with pytest.raises(RulesError, match="Brute cannot do that now"):
        t.do("declare", token="brute", kind="hold")
    t.declare_all({}, {})
    t.to_phases([9, 1])
    assert t.do("next") == ["Brute is no longer stunned"]
    assert t.encounter.token("brute").statuses == {}
    assert (
        t.instruction == "Step 1 (secret): choose what Brute does; 3 of the GM's 3 characters left"
    )


def test_zero_health_knocks_out() -> None:
    t = Table()
    assert t.do("health", token="razor", change=-60) == [
        "Razor: Health 0",
        "Razor is KO'd at 0 Health",
    ]
    assert t.row("razor").out and t.encounter.token("razor").statuses == {"ko": 1}
    assert (
        t.instruction == "Step 1 (secret): choose what Brute does; 2 of the GM's 2 characters left"
    )
    t.do("condition", token="razor", condition="recovered")
    assert not t.row("razor").out


def test_declarations_the_map_forbids_are_refused(table: Table) -> None:
    t = table
    cases = [
        ({"token": "razor", "kind": "slugfest", "target": "spark"}, "Spark is not in Razor's area"),
        ({"token": "brute", "kind": "charge", "target": "vigil"}, "already in melee with Captain"),
        ({"token": "razor", "kind": "disengage"}, "Razor is not engaged with anyone"),
        ({"token": "razor", "kind": "lateral", "destination": "alley"}, "may move 3 areas"),
        ({"token": "razor", "kind": "ranged"}, "Ranged attack needs a target"),
        ({"token": "razor", "kind": "lateral"}, "needs a destination or the areas moved"),
        ({"token": "razor", "kind": "ranged", "target": "spark", "areas": 2}, "does not move"),
        ({"token": "razor", "kind": "fly", "target": "spark"}, "'fly' is not an action"),
        ({"token": "vigil", "kind": "hold"}, "Captain Vigil cannot do that now"),
    ]
    for params, reason in cases:
        with pytest.raises(RulesError, match=reason):
            t.c.perform("declare", params)
    assert t.c.state().declarations == {} and len(t.stack.done) == 0


def test_one_action_is_one_undo_step(table: Table) -> None:
    t = table
    t.declare_all({}, {"spark": {"kind": "lateral", "destination": "crosswalk"}})
    t.to_phases([9, 1])
    assert t.step == "c1"
    t.do("resolve")
    assert t.where("spark") == "crosswalk" and t.primary()[0] == "next"
    t.stack.undo()
    assert t.where("spark") == "parking"
    assert t.step == "c1" and t.primary() == ("resolve", "Resolved")


def test_end_and_resume(table: Table) -> None:
    t = table
    t.do("end", reason="surrender")
    assert t.view.ended and t.instruction == "Combat is over (surrender) after turn 1"
    assert [a.id for a in t.c.actions()] == ["resume"]
    t.do("resume")
    assert t.step == "step1" and not t.view.ended


def test_a_saved_fight_reopens_at_the_same_step(table: Table) -> None:
    t = table
    t.declare_all(
        {
            "brute": {"kind": "slugfest", "target": "vigil"},
            "gunman": {"kind": "ranged", "target": "spark"},
        },
        {
            "vigil": {"kind": "slugfest", "target": "brute"},
            "spark": {"kind": "ranged", "target": "gunman"},
        },
    )
    t.to_phases([9, 1])
    t.do("resolve")  # Spark's shot; the Gunman's is next
    saved = dumps_encounter(t.encounter)
    again = Table(loads_encounter(saved))
    assert again.step == t.step == "phase-a"
    assert again.view == t.view
    assert again.primary() == t.primary() == ("resolve", "Resolved")
    assert again.c.primary().token_id == "gunman"  # type: ignore[union-attr]
    # the seeded dice continue where they were
    t.do("roll-feat")
    again.do("roll-feat")
    assert again.encounter.dice_log[-1] == t.encounter.dice_log[-1]
    t.do("resolve")
    again.do("resolve")
    t.do("next")
    again.do("next")
    assert again.view == t.view and again.step == "phase-b"


def test_a_removed_target_does_not_break_the_turn(table: Table) -> None:
    t = table
    t.declare_all({"razor": {"kind": "charge", "target": "quickstep"}}, {})
    t.stack.push(RemoveToken("quickstep"))
    t.to_phases([9, 1])
    assert t.step == "c2"
    assert t.instruction == "C2: Razor charges quickstep (1 area): no column shift"
    t.do("resolve")
    assert t.where("razor") == "subway"


def test_on_a_grid_map_the_gm_types_the_areas() -> None:
    """The map kind is a default, not a lock: on a grid, areas moved are typed."""
    encounter = Encounter(
        GridMap(6, 4),
        [
            Token("hero", "Hero", "pcs", (0, 0), figures={"intuition": "Good"}),
            Token("thug", "Thug", "npcs", (5, 3)),  # no Intuition: counted Typical
        ],
    )
    t = Table(encounter)
    t.c.start("game-judge", seed=5)
    t.do("declare", token="thug", kind="charge", target="hero", areas=2)
    t.do("next")
    with pytest.raises(RulesError, match="on a grid map type the areas moved"):
        t.do("declare", token="hero", kind="lateral", destination="alley")
    t.do("declare", token="hero", kind="ranged", target="thug")
    t.do("next")
    t.do("next")
    assert (
        t.instruction
        == "Step 4: roll 1d10 per side for initiative; +1 to Player characters (Intuition Good)"
    )
    assert (
        t.do("roll-initiative", manual=[3, 3])[0] == "Thug has no Intuition rank: counted Typical"
    )
    t.do("next")
    t.do("next")
    assert t.instruction == "Phase A: Hero fires at Thug: -1CS (target moving 2 areas -1CS)"
    t.do("resolve")
    t.do("next")
    assert t.step == "c2"
    assert t.do("resolve")[-1] == "Move Thug next to Hero by hand"
    assert t.where("thug") == (5, 3)


# -- super-speedsters, elasticity and long reach (issue 15) ------------------


def test_the_speedster_and_reach_sentences_are_002s() -> None:
    seed = ROOT.parent / "shared" / "seeds" / "002_207f3f1951758ab0.txt"
    if not seed.exists():
        seed = Path("/work/shared/seeds/002_207f3f1951758ab0.txt")
    if seed.exists():
        text = seed.read_text(encoding="utf-8")
        assert SPEEDSTERS in text and ELASTICITY in text


def test_a_super_speedster_charges_in_phase_a_instead_of_phase_c() -> None:
    # SPEEDSTERS: "or Charge (now instead of Phase-C)". Quickstep (speed 12) charges Razor.
    t = Table()
    t.declare_all({}, {"quickstep": {"kind": "speed-charge", "target": "razor"}})
    assert t.row("quickstep").revealed == "Super-speed charge (Phase A) on Razor (1 area)"
    t.to_phases([9, 1])
    assert t.step == "phase-a"
    assert t.instruction == "Phase A: Quickstep charges Razor (1 area): no column shift"
    assert t.do("resolve") == [
        "Quickstep charges Razor (1 area): no column shift",
        "Quickstep moves to Subway entrance",
    ]
    assert t.where("quickstep") == "subway"
    t.do("next")
    assert t.step == "step7"  # nothing left for Phases B and C


def test_a_super_speedster_slugs_it_out_in_phase_a_before_the_shots_of_the_other_side() -> None:
    # SPEEDSTERS: "or Slugfest/Grapple (now instead of Phase-B)".
    encounter = build_example()
    encounter.token("quickstep").position = "main-north"
    t = Table(encounter)
    t.declare_all(
        {"brute": {"kind": "slugfest", "target": "quickstep"}},
        {"quickstep": {"kind": "speed-strike", "target": "brute"}},
    )
    t.to_phases([1, 9])  # the Crew have Master Initiative, yet Brute strikes only in Phase B
    assert t.step == "phase-a"
    assert t.instruction == "Phase A: Quickstep strikes Brute: no column shift"
    t.do("resolve")
    t.do("next")
    assert t.step == "phase-b"
    assert t.instruction == "Phase B: Brute strikes Quickstep: no column shift"


def test_a_super_speedsters_slugfest_needs_the_foe_in_its_area() -> None:
    t = Table()
    t.do("next")
    with pytest.raises(RulesError, match="Razor is not in Quickstep's area"):
        t.do("declare", token="quickstep", kind="speed-strike", target="razor")


def test_elasticity_attacks_from_another_area_in_phase_c_without_moving() -> None:
    # ELASTICITY: "These are not considered Ranged Attacks…They are resolved during Phase-C".
    t = Table()
    t.declare_all(
        {"razor": {"kind": "charge", "target": "quickstep"}},
        {"spark": {"kind": "reach-attack", "target": "razor"}},
    )
    assert t.row("spark").revealed == "Elastic or long-reach attack (Phase C) on Razor"
    t.to_phases([9, 1])
    # not a ranged attack: nothing in Phase A; in C2 before the charger (no distance travelled)
    assert t.step == "c2"
    assert t.resolve_all() == ["spark", "razor"]
    assert t.where("spark") == "parking"  # it does not move there
    assert t.where("razor") == "bus-stop"


def test_an_elastic_attack_on_someone_in_ones_own_area_is_a_slugfest() -> None:
    t = Table()
    t.do("next")
    with pytest.raises(RulesError, match="already in melee with Brute: declare a slugfest"):
        t.do("declare", token="vigil", kind="reach-attack", target="brute")


def test_the_declare_form_offers_the_kinds_by_their_labels(table: Table) -> None:
    declare = next(a for a in table.c.actions() if a.id == "declare")
    kind = next(p for p in declare.params if p.name == "kind")
    assert kind.default == "Ranged attack"
    assert "Super-speed charge (Phase A)" in kind.options
    assert "Elastic or long-reach attack (Phase C)" in kind.options
    # the form sends the label; it is understood
    table.do(
        "declare", token="brute", kind="Super-speed slugfest or grapple (Phase A)", target="vigil"
    )
    assert table.c.state().declarations["brute"].kind == "speed-strike"  # type: ignore[attr-defined]
