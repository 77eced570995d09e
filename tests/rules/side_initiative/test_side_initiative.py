"""Side initiative (004_ee0c95b780bc2907.txt) played through the controller with fixed dice."""

from __future__ import annotations

import pytest

from tactical.core.commands import UndoStack
from tactical.persistence import dumps_encounter, loads_encounter
from tactical.rules import ProcedureController, RulesError

from .fight import current, ids, make_fight, row, to_morale


def test_a_full_round_with_two_sides() -> None:
    encounter, _stack, controller = make_fight()
    view = controller.view()
    assert current(controller) == "1. Declarations: spells, runes, flight from melee"
    assert view.instruction.startswith("Round 1: ask every combatant")
    assert controller.primary().id == "roll-initiative"

    # 004 line 12: "The intent to cast a spell, use a fairy rune, or retreat from melee
    # must be declared." Ilmo's is public; the goblin Mox's is the Referee's secret.
    controller.perform("declare", {"token": "ilmo", "kind": "spell", "detail": "Sleep"})
    controller.perform("declare", {"token": "mox", "kind": "spell", "detail": "Curse"})
    assert row(controller, "ilmo").revealed == "Spell: Sleep"
    assert row(controller, "mox").secret == "Spell: Curse" and row(controller, "mox").revealed == ""

    # 004 line 63: "Each side rolls 1d6." The party rolls 3, the goblins 5.
    controller.perform("roll-initiative", manual=[3, 5])
    assert [(r.who, r.expression, r.result) for r in encounter.dice_log] == [
        ("Party", "1d6", 3),
        ("Goblins", "1d6", 5),
    ]
    assert controller.view().instruction == "First to act: Goblins. Begin with their movement."
    assert [s.title for s in controller.view().steps if s.depth == 0][2:4] == [
        "3. Acting: Goblins",
        "4. Acting: Party",
    ]
    # 004 line 65: "The side with the highest roll acts first".
    assert [c.token_id for c in controller.view().combatants][:3] == ["grik", "snit", "mox"]
    assert [c.order for c in controller.view().combatants][:4] == ["5", "5", "5", "3"]

    controller.perform("begin")
    assert current(controller) == "Movement"
    assert controller.view().acting == frozenset({"grik", "snit", "mox"})
    # The goblins begin to act: Mox's spell is no secret any more.
    assert row(controller, "mox").revealed == "Spell: Curse"
    assert "Mox: casting, may not move." in controller.view().notes
    assert "Grik: up to 20 ft, or flee the encounter running at 60 ft." in controller.view().notes

    # 004 lines 14-18: movement, missile attacks, magic, melee.
    controller.perform("next")
    assert current(controller) == "Missile attacks"
    # Snit shoots at Ilmo, 35 ft away: medium range of 20/40/60, no modifier (line 97).
    controller.perform("missile", {"attacker": "snit", "target": "ilmo"})
    assert controller.view().instruction == (
        "Snit makes a missile attack on Ilmo: roll with +0 (medium range at 35 ft +0); "
        "record a hit with its damage, or a miss."
    )
    assert controller.view().targets == frozenset({"ilmo"})
    messages = controller.perform("hit", {"damage": 2})
    # 004 line 119: "If a character casting a spell ... is successfully attacked ...
    # before their side's initiative, the spell or rune is disrupted and fails."
    assert (
        "Ilmo is harmed before its side acts: the spell fizzles and is forgotten (004 line 119)."
        in messages
    )
    assert encounter.token("ilmo").figures["hp"] == 2
    assert row(controller, "ilmo").revealed == "Spell: Sleep (disrupted)"

    controller.perform("next")
    assert current(controller) == "Magic"
    controller.perform("cast", {"caster": "mox"})
    assert row(controller, "mox").revealed == "Spell: Curse (cast)"
    controller.perform("harm", {"token": "brega", "damage": 0, "failed_save": True})

    controller.perform("next")
    assert current(controller) == "Melee attacks"
    controller.perform("melee", {"attacker": "grik", "target": "brega"})
    controller.perform("miss")
    # 004 line 28: within 5 ft and one has made a melee attack on the other.
    assert encounter.token("brega").statuses["in melee"] == 1
    assert encounter.token("grik").statuses["in melee"] == 1

    controller.perform("next")
    assert current(controller) == "Movement"
    assert controller.view().acting == frozenset({"brega", "ilmo", "sef"})
    assert [c.done for c in controller.view().combatants] == [True] * 3 + [False] * 3
    # 004 line 75: in melee, half Speed.
    assert (
        "Brega: in melee, up to 15 ft (more only by fleeing, declared)." in controller.view().notes
    )
    controller.perform("next")
    # Sef shoots Snit, 40 ft away: short range of 50/100/150, +1.
    controller.perform("missile", {"attacker": "sef", "target": "snit"})
    assert controller.state().attack.modifier == 1
    messages = controller.perform("hit", {"damage": 3})
    assert "Snit is killed." in messages
    controller.perform("next")
    assert "cast" not in ids(controller)  # Ilmo's spell is gone
    controller.perform("next")
    controller.perform("melee", {"attacker": "brega", "target": "grik"})
    controller.perform("hit", {"damage": 4})
    assert controller.state().out == {"snit": "killed", "grik": "killed"}

    controller.perform("next")
    assert current(controller) == "5. Morale checks for the Referee's sides"
    # 004 line 129: "The first time a combatant on the same side is killed, and when
    # half of the side has been killed or defeated": both at once, one check.
    assert controller.view().instruction == (
        "Morale: Goblins must check (first death, half the side killed or defeated): "
        "roll 2d6 against Morale 7; above it, they break."
    )
    assert controller.primary().id == "check-morale"
    # 004 line 125: "If the result exceeds the combatant's Morale, their morale breaks".
    messages = controller.perform("check-morale", {"side": "goblins"}, manual=[9])
    assert messages[-1] == (
        "Goblins break: 9 exceeds Morale 7. They try to surrender or flee next round."
    )
    assert encounter.dice_log[-1].secret and encounter.dice_log[-1].expression == "2d6"
    assert encounter.token("mox").statuses.get("broken") == 1
    assert controller.primary().id == "next-round"

    controller.perform("next-round")
    view = controller.view()
    assert view.round == 2 and current(controller).startswith("1. Declarations")
    assert row(controller, "mox").revealed == "Morale broken: flees or surrenders"
    assert "Goblins: morale broken, they flee or surrender." in view.notes
    assert controller.state().declarations == {}


def test_a_tie_re_rolled() -> None:
    _encounter, _stack, controller = make_fight(ogre=True)
    # 004 line 67: "Ties: Either both sides may roll again, or actions on both sides
    # may be resolved simultaneously."
    controller.perform("roll-initiative", manual=[4, 4, 2])
    assert controller.view().instruction == (
        "Party and Goblins tie at 4: re-roll, or let them act simultaneously."
    )
    assert controller.primary().id == "reroll-tie"
    assert "begin" not in ids(controller)
    controller.perform("reroll-tie", manual=[1, 6])
    assert [c.order for c in controller.view().combatants] == ["4, 6"] * 3 + ["4, 1"] * 3 + ["2"]
    controller.perform("begin")
    assert controller.state().order == [["goblins"], ["pcs"], ["ogre"]]


def test_a_tie_resolved_simultaneously() -> None:
    _encounter, _stack, controller = make_fight(ogre=True)
    controller.perform("roll-initiative", manual=[4, 4, 2])
    controller.perform("simultaneous")
    assert controller.primary().label == "Begin: Party and Goblins"
    controller.perform("begin")
    view = controller.view()
    assert view.acting == frozenset({"brega", "ilmo", "sef", "grik", "snit", "mox"})
    assert current(controller) == "Movement"
    assert [s.title for s in view.steps if s.depth == 0][2:4] == [
        "3. Acting together: Party and Goblins",
        "4. Acting: Ogre",
    ]
    for _ in range(4):
        controller.perform("next")
    assert controller.view().acting == frozenset({"ogre"})


def test_a_waiting_side_acts_last() -> None:
    _encounter, _stack, controller = make_fight(ogre=True)
    controller.perform("roll-initiative", manual=[6, 3, 2])
    # 004 line 69: "A side may choose to voluntarily lose initiative".
    controller.perform("wait", {"side": "pcs"})
    controller.perform("begin")
    assert controller.state().order == [["goblins"], ["ogre"], ["pcs"]]


def test_flight_from_melee_is_declared_and_gives_the_winners_plus_two() -> None:
    encounter, _stack, controller = make_fight()
    with pytest.raises(RulesError, match="not in melee"):
        controller.perform("declare", {"token": "grik", "kind": "flee"})
    controller.perform("roll-initiative", manual=[2, 5])
    controller.perform("begin")
    for _ in range(3):
        controller.perform("next")
    controller.perform("melee", {"attacker": "grik", "target": "brega"})
    controller.perform("miss")
    for _ in range(4):
        controller.perform("next")
    controller.perform("melee", {"attacker": "brega", "target": "grik"})
    controller.perform("miss")
    controller.perform("next")  # to Morale
    controller.perform("next-round")

    controller.perform("declare", {"token": "grik", "kind": "flee"})
    assert row(controller, "grik").secret == "Flees melee"
    controller.perform("roll-initiative", manual=[6, 1])
    # The winners must know: a Referee's flight is revealed with the initiative.
    assert row(controller, "grik").revealed == "Flees melee"
    controller.perform("begin")
    for _ in range(3):
        controller.perform("next")
    # 004 line 77: "Opponents in melee with a retreating combatant gain a +2 Attack
    # bonus against them this Round and ignore any AC bonus from their shield."
    controller.perform("melee", {"attacker": "brega", "target": "grik"})
    assert controller.state().attack.modifier == 2
    assert "fleeing opponent +2, ignore its shield" in controller.view().instruction
    controller.perform("miss")
    controller.perform("next")
    assert "Grik: flees melee, up to 20 ft (no attack this round)." in controller.view().notes
    for _ in range(3):
        controller.perform("next")
    with pytest.raises(RulesError, match="forfeits its attack"):
        controller.perform("melee", {"attacker": "grik", "target": "brega"})
    assert encounter.token("grik").statuses == {"in melee": 1}


def test_missiles_need_more_than_five_feet_and_no_more_than_long_range() -> None:
    encounter, _stack, controller = make_fight()
    controller.perform("roll-initiative", manual=[5, 1])
    controller.perform("begin")
    controller.perform("next")
    encounter.token("sef").figures["missile"] = "10/20/30"
    with pytest.raises(RulesError, match="beyond long range"):
        controller.perform("missile", {"attacker": "sef", "target": "mox"})
    with pytest.raises(RulesError, match="within 5 ft only melee"):
        controller.perform("missile", {"attacker": "brega", "target": "grik", "ranges": "30/60/90"})
    with pytest.raises(RulesError, match="full cover cannot be hit"):
        controller.perform("missile", {"attacker": "sef", "target": "grik", "cover": "full"})
    # 20 ft: medium of 10/20/30 (0), table cover -1 (004 line 99).
    controller.perform("missile", {"attacker": "sef", "target": "grik", "cover": "-1"})
    assert controller.state().attack.modifier == -1
    assert controller.state().attack.why == "medium range at 20 ft +0, cover -1"


def test_melee_needs_five_feet() -> None:
    _encounter, _stack, controller = make_fight()
    controller.perform("roll-initiative", manual=[5, 1])
    controller.perform("begin")
    for _ in range(3):
        controller.perform("next")
    with pytest.raises(RulesError, match="melee needs 5 ft or less"):
        controller.perform("melee", {"attacker": "ilmo", "target": "grik"})


def test_a_caster_harmed_after_its_side_acted_keeps_the_spell() -> None:
    _encounter, _stack, controller = make_fight()
    controller.perform("declare", {"token": "mox", "kind": "rune", "detail": "Ward"})
    controller.perform("roll-initiative", manual=[2, 5])
    controller.perform("begin")
    for _ in range(4):
        controller.perform("next")
    controller.perform("next")  # Party: missile attacks
    controller.perform("missile", {"attacker": "sef", "target": "mox"})
    controller.perform("hit", {"damage": 1})
    assert controller.state().declarations["mox"].disrupted is False


def test_a_rune_user_harmed_before_its_side_acts_loses_the_rune() -> None:
    _encounter, _stack, controller = make_fight()
    controller.perform("declare", {"token": "mox", "kind": "rune", "detail": "Ward"})
    controller.perform("roll-initiative", manual=[5, 2])
    controller.perform("begin")
    controller.perform("next")
    controller.perform("harm", {"token": "mox", "damage": 0, "failed_save": True})
    assert controller.state().declarations["mox"].disrupted is True
    assert "Mox: Rune: Ward (disrupted)." in controller.view().notes


def test_morale_12_never_checks() -> None:
    encounter, _stack, controller = make_fight(ogre=True)
    encounter.token("ogre").figures["morale"] = 12
    controller.perform("roll-initiative", manual=[6, 1, 2])
    controller.perform("begin")
    controller.perform("harm", {"token": "ogre", "damage": 16})  # first harm, and 4/20
    to_morale(controller)
    # 004 line 133: "Combatants with Morale 12 fight to the death, never rolling a Morale Check."
    assert controller.view().instruction == "Morale: no check is due. Start round 2."
    assert (
        "Ogre: Morale 12, 0 successful checks; Morale 12: fights to the death."
        in controller.view().notes
    )
    with pytest.raises(RulesError):
        controller.perform("check-morale", {"side": "ogre"})


def test_a_lone_creature_checks_when_first_harmed_and_at_a_quarter() -> None:
    # 004 line 129: "For a creature encountered alone, a Morale Check should be made
    # when it is first harmed and when it is reduced to 1/4 or less Hit Points."
    encounter, _stack, controller = make_fight(ogre=True)
    controller.perform("roll-initiative", manual=[6, 1, 2])
    controller.perform("begin")
    controller.perform("harm", {"token": "ogre", "damage": 3})
    to_morale(controller)
    assert "Ogre must check (first harmed)" in controller.view().instruction
    controller.perform("check-morale", {"side": "ogre"}, manual=[10])  # 10 <= 10: holds
    controller.perform("next-round")
    controller.perform("roll-initiative", manual=[6, 1, 2])
    controller.perform("begin")
    controller.perform("harm", {"token": "ogre", "damage": 12})  # 5 of 20: a quarter
    to_morale(controller)
    assert (
        "Ogre must check (at a quarter of its hit points or less)" in controller.view().instruction
    )
    assert encounter.token("ogre").figures["hp"] == 5


def test_two_successes_end_checking() -> None:
    encounter, _stack, controller = make_fight()
    controller.perform("roll-initiative", manual=[6, 1])
    controller.perform("begin")
    controller.perform("take-out", {"token": "grik", "reason": "killed"})
    to_morale(controller)
    controller.perform("check-morale", {"side": "goblins"}, manual=[7])  # 7 <= 7: holds
    controller.perform("next-round")
    controller.perform("roll-initiative", manual=[6, 1])
    controller.perform("begin")
    controller.perform("take-out", {"token": "snit", "reason": "surrendered"})
    to_morale(controller)
    messages = controller.perform("check-morale", {"side": "goblins", "modifier": -2}, manual=[5])
    assert messages == ["Goblins hold: 5 against Morale 5 (success 2)."]
    # 004 line 131: "If a combatant makes two successful Morale Checks in an encounter,
    # they will fight until killed, with no further checks necessary."
    controller.perform("next-round")
    controller.perform("roll-initiative", manual=[6, 1])
    controller.perform("begin")
    to_morale(controller)
    assert "check-morale" not in ids(controller)
    assert any("two successful checks: fights until killed" in n for n in controller.view().notes)
    assert encounter.token("mox").statuses == {}


def test_the_players_side_never_checks() -> None:
    _encounter, _stack, controller = make_fight()
    controller.perform("roll-initiative", manual=[1, 6])
    controller.perform("begin")
    controller.perform("take-out", {"token": "brega", "reason": "killed"})
    controller.perform("take-out", {"token": "ilmo", "reason": "killed"})
    to_morale(controller)
    assert controller.view().instruction == "Morale: no check is due. Start round 2."
    with pytest.raises(RulesError, match="Referee's sides"):
        controller.perform("check-morale", {"side": "pcs"})


def test_one_side_left_makes_end_combat_the_next_step() -> None:
    _encounter, _stack, controller = make_fight()
    controller.perform("roll-initiative", manual=[6, 1])
    controller.perform("begin")
    for token_id in ("grik", "snit"):
        controller.perform("take-out", {"token": token_id, "reason": "killed"})
    controller.perform("take-out", {"token": "mox", "reason": "surrendered"})
    to_morale(controller)
    assert controller.primary().id == "end-combat"
    controller.perform("end-combat")
    assert controller.view().ended and controller.actions() == []


def test_undo_takes_back_a_hit() -> None:
    encounter, stack, controller = make_fight()
    controller.perform("roll-initiative", manual=[6, 1])
    controller.perform("begin")
    controller.perform("next")
    controller.perform("missile", {"attacker": "sef", "target": "snit"})
    controller.perform("hit", {"damage": 3})
    assert controller.state().out == {"snit": "killed"}
    stack.undo()
    assert controller.state().out == {} and encounter.token("snit").figures["hp"] == 3
    assert controller.state().attack is not None


def test_a_save_mid_round_reopens_at_the_same_step() -> None:
    encounter, _stack, controller = make_fight()
    controller.perform("declare", {"token": "mox", "kind": "spell", "detail": "Curse"})
    controller.perform("roll-initiative", manual=[5, 2])
    controller.perform("begin")
    controller.perform("next")
    controller.perform("missile", {"attacker": "sef", "target": "snit"})
    before = controller.view()

    reopened = loads_encounter(dumps_encounter(encounter))
    again = ProcedureController(reopened, UndoStack(reopened).push)
    assert again.state() == controller.state()
    assert again.view() == before
    assert again.primary() == controller.primary() and again.primary().id == "hit"
    assert row(again, "mox").secret == "Spell: Curse"
    again.perform("hit", {"damage": 1})
    again.perform("next")
    assert current(again) == "Magic"


def test_the_example_encounter_opens_at_step_one_and_plays() -> None:
    from pathlib import Path

    from tactical.persistence import load_encounter, validate_file

    path = Path(__file__).resolve().parents[3] / "maps" / "side-initiative.tactical.json"
    assert validate_file(path) == []
    encounter = load_encounter(path)
    assert encounter.procedure == "side-initiative" and encounter.metric == "feet"
    assert set(encounter.sides) >= {"pcs", "goblins", "ogre"}
    controller = ProcedureController(encounter, UndoStack(encounter).push)
    assert controller.state().step == "declarations"
    assert controller.primary().id == "roll-initiative"
    assert controller.state().lone == ["ogre"]
    controller.perform("roll-initiative", manual=[6, 3, 1])
    controller.perform("begin")
    assert controller.state().order == [["pcs"], ["goblins"], ["ogre"]]
