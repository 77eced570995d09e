"""Approximated Fray (seed 000_b2551d7b392b43c7.txt) played through the controller.

Quotes are from the seed text; "000 l.N" is its line number. Dice are fixed
by typing the results (``manual``) as a GM with physical dice would.
"""

from __future__ import annotations

import copy

import pytest

from tactical.core import Area, AreaMap, Encounter, Token, polygon_from_points
from tactical.core.commands import RemoveToken, UndoStack
from tactical.persistence import dumps_encounter, load_encounter, loads_encounter
from tactical.rules import ProcedureController, RulesError, available
from tactical.rules.procedures.approximated_fray.cards import (
    Card,
    CardError,
    in_hand,
    parse_card,
    parse_hand,
)
from tactical.rules.procedures.approximated_fray.levels import modifier, penalty
from tactical.rules.procedures.approximated_fray.roster import clockwise

from .fight import (
    EXAMPLE,
    FRAY,
    figures,
    ids,
    open_example,
    primary,
    public_text,
    small_fight,
    stage_round_one,
)


def test_registered_with_its_rule_file() -> None:
    assert FRAY in available()
    encounter, _stack, controller = open_example()
    assert controller.procedure is not None
    assert controller.procedure.rule_file == "000_b2551d7b392b43c7.txt"
    assert controller.procedure.map_kind == "areas"
    assert isinstance(encounter.map, AreaMap)


def test_example_opens_at_the_staging() -> None:
    encounter, _stack, controller = open_example()
    assert encounter.procedure == FRAY
    state = controller.state()
    assert (state.step, state.round) == ("staging", 1)
    view = controller.view()
    # 000 l.37: "clockwise around the table ending with the GM and the NPCs" - seats, then GM.
    assert [(r.token_id, r.order) for r in view.combatants] == [
        ("bram", "Seat 1"),
        ("aldra", "Seat 2"),
        ("corin", "Seat 3"),
        ("ogre", "GM"),
        ("spear", "GM"),
        ("archer", "GM"),
        ("shaman", "GM"),
    ]
    assert view.instruction == (
        "Staging, round 1: Brother Bram chooses a card and a target in secret (0 of 6 down)."
    )
    assert [s.id for s in view.steps if s.status == "current"] == ["staging"]
    assert primary(controller) == "declare:bram"
    declare = controller.actions()[0]
    assert declare.params[0].options == ("Mace", "Rebuke", "Sidestep", "Mend")


def test_full_round_with_fixed_dice() -> None:
    encounter, stack, controller = open_example()
    stage_round_one(controller)

    # -- Staging: every card is down, nothing is public yet ------------------------
    view = controller.view()
    assert view.instruction == "Staging, round 1: all cards are down. Begin the First phase."
    assert primary(controller) == "begin"
    rows = {r.token_id: r for r in view.combatants}
    assert rows["aldra"].secret == "Charge: Middle charge on Marsh Ogre"
    assert rows["shaman"].secret == "Fire Field: Last attack on West bank"
    assert all(r.revealed == "" and r.done for r in view.combatants)
    assert view.targets == frozenset()
    assert view.secret_targets == {"ogre", "archer", "corin", "bram", "aldra"}
    for card in ("Rebuke", "Charge", "Longbow", "Lumber", "Scurry", "Shortbow", "Fire Field"):
        assert card not in public_text(controller)

    # -- First phase ------------------------------------------------------------
    # 000 l.37: "all who have selected cards with the keyword First flip their cards over"
    messages = controller.perform("begin")
    assert messages == [
        "First cards: Brother Bram - Rebuke: First attack (morale) on Marsh Ogre; "
        "Goblin Spear - Scurry: First move to Harrow Bridge; "
        "Goblin Archer - Shortbow: First attack on Corin"
    ]
    state = controller.state()
    assert state.step == "first.attacks"
    # 000 l.44: "all damage actions are executed before any moving is done"
    assert [(i.token, i.part, i.target, i.to) for i in state.queue] == [
        ("bram", "attack", "ogre", None),
        ("archer", "attack", "corin", None),
        ("spear", "move", None, "bridge"),
    ]
    view = controller.view()
    rows = {r.token_id: r for r in view.combatants}
    assert rows["bram"].revealed == "Rebuke: First attack (morale) on Marsh Ogre"
    assert rows["aldra"].secret == "Charge: Middle charge on Marsh Ogre"
    assert rows["aldra"].revealed == ""
    assert view.targets == {"ogre", "corin"}
    assert "Charge" not in public_text(controller)
    assert (
        view.instruction
        == "First phase, attacks: Brother Bram's Rebuke on Marsh Ogre. Hit or miss?"
    )
    assert view.acting == {"bram"}
    assert [s.id for s in view.steps if s.status == "current"] == ["first", "first.attacks"]
    # 000 l.75: "Some attacks hurt the Targets morale" - a 1d4 of morale levels.
    assert controller.perform("resolve", {"result": "hit"}, manual=[2]) == [
        "Brother Bram's Rebuke hits Marsh Ogre: 2 morale levels at the end of the phase"
    ]
    assert figures(encounter, "ogre")["morale"] == 0  # held until the phase ends
    # 000 l.62: "If the resolve of an attack is a success the attacker rolls a D4."
    controller.perform("resolve", {"result": "hit"}, manual=[3])
    assert controller.state().hit is not None
    assert controller.view().instruction == (
        "First phase: Corin is hit for 3 injury levels; trade fatigue one for one?"
    )
    settle = controller.primary()
    assert settle is not None and settle.id == "settle" and settle.params[0].default == 2
    # 000 l.70: "the creature can choose to reduce his fatigue by one for each wound level"
    controller.perform("settle", {"fatigue": 2})
    assert controller.state().step == "first.moves"
    assert controller.view().instruction == (
        "First phase, moves: Goblin Spear (Scurry) moves to Harrow Bridge."
    )
    controller.perform("move")
    assert encounter.token("spear").position == "bridge"
    assert controller.state().step == "first.effects"
    assert controller.view().instruction == "End of the First phase: 2 effects land."
    assert controller.view().notes == (
        "At phase end: Marsh Ogre +2 morale (Brother Bram's Rebuke)",
        "At phase end: Corin +1 injury, -2 fatigue (Goblin Archer's Shortbow)",
    )
    # 000 l.39: effects are "placed onto the card at the end of the phase"
    messages = controller.perform("end-phase")
    assert messages[:2] == [
        "Marsh Ogre is Scared (-2)",
        "Corin is Bruised (-1); Corin has 0 fatigue",
    ]
    assert figures(encounter, "ogre") == {"injury": 0, "morale": 2, "fatigue": 2, "fatigue_max": 2}
    assert figures(encounter, "corin")["injury"] == 1
    assert figures(encounter, "corin")["fatigue"] == 0

    # -- Middle phase: an attack and a move in the same phase -----------------------
    assert messages[2] == (
        "Middle cards: Aldra - Charge: Middle charge on Marsh Ogre to Harrow Bridge; "
        "Marsh Ogre - Lumber: Middle move to West bank"
    )
    state = controller.state()
    # 000 l.46: "charging is executed as an attack first and then a move"
    assert [(i.token, i.part, i.target, i.to) for i in state.queue] == [
        ("aldra", "attack", "ogre", None),
        ("aldra", "move", None, "bridge"),
        ("ogre", "move", None, "west-bank"),
    ]
    # No reach note: a charge's attack comes before its move.
    assert controller.view().notes == ("Aldra acts at +0",)
    controller.perform("resolve", {"result": "hit"}, manual=[4])
    controller.perform("settle", {"fatigue": 1})
    assert controller.state().step == "middle.moves"
    controller.perform("move")
    assert controller.view().instruction == (
        "Middle phase, moves: Marsh Ogre (Lumber) moves to West bank."
    )
    controller.perform("move")
    # 000 l.41: "the creature will move too the desired area but will be hit by the attack"
    assert encounter.token("ogre").position == "west-bank"
    assert encounter.token("aldra").position == "bridge"
    assert figures(encounter, "ogre")["injury"] == 0
    controller.perform("end-phase")
    assert figures(encounter, "ogre") == {"injury": 3, "morale": 2, "fatigue": 1, "fatigue_max": 2}
    ogre_row = next(r for r in controller.view().combatants if r.token_id == "ogre")
    assert ogre_row.figures["injury"] == "Heavily wounded (-3)"
    assert ogre_row.figures["morale"] == "Scared (-2)"

    # -- Last phase: an area effect hits who stands in the area ----------------------
    state = controller.state()
    assert state.step == "last.attacks"
    # Bram and the ogre (moved there in the Middle phase) stand on the West bank.
    assert [(i.token, i.target) for i in state.queue] == [
        ("corin", "archer"),
        ("shaman", "bram"),
        ("shaman", "ogre"),
    ]
    # 000 l.30: Last cards "have the drawback of all negative effects ... from previous phases"
    assert controller.view().notes[:2] == (
        "Corin acts at -1 (Bruised)",
        # From the engine's area queries: the woods border the east bank.
        "Goblin Archer is 1 area from Corin: not in melee",
    )
    controller.perform("resolve", {"result": "hit"}, manual=[4])  # no fatigue: no trade
    assert controller.view().instruction == (
        "Last phase, attacks: a hidden creature's Fire Field on Brother Bram. Hit or miss?"
    )
    assert "Goblin Shaman" not in public_text(controller)
    controller.perform("resolve", {"result": "hit", "condition": "Burning"}, manual=[1])
    controller.perform("settle", {"fatigue": 0})
    controller.perform("resolve", {"result": "miss"})
    assert controller.state().step == "last.effects"
    messages = controller.perform("end-phase")
    # 000 l.65: "When a creature becomes mortally wounded it automatically falls unconscious"
    assert messages[0] == "Goblin Archer is Mortally wounded and falls unconscious"
    assert encounter.token("archer").statuses == {"Unconscious": 1}
    assert encounter.token("bram").statuses == {"Burning": 1}
    assert figures(encounter, "bram")["injury"] == 1

    # -- Mop Up --------------------------------------------------------------------
    # 000 l.55: "all players and NPCs gets an opportunity to dissolve conditions"
    assert controller.state().step == "mopup.conditions"
    assert ids(controller)[:2] == ["dissolve:bram", "conditions-done"]
    controller.perform("conditions-done")
    # 000 l.57: "Any effects not dissolved that causes damage are resolved at this stage"
    assert controller.state().step == "mopup.damage"
    assert controller.view().instruction == "Mop Up: Brother Bram takes damage from Burning."
    controller.perform("damage", {"levels": 1, "fatigue": 0})
    assert figures(encounter, "bram")["injury"] == 2
    # 000 l.59: "one player rolls for recovery for the PC party ... The GM rolls for his creatures."
    assert controller.state().step == "mopup.recovery"
    assert primary(controller) == "recover-party"
    assert controller.perform("recover-party", manual=[2]) == [
        "Party recovery 2: back to hand: Aldra's Charge, Corin's Longbow"
    ]
    assert primary(controller) == "recover-gm"
    assert controller.perform("recover-gm", manual=[3]) == [
        "GM recovery 3: back to hand: Marsh Ogre's Lumber, Goblin Spear's Scurry, "
        "Goblin Archer's Shortbow"
    ]

    # -- The next turn -------------------------------------------------------------
    state = controller.state()
    assert (state.step, state.round) == ("staging", 2)
    assert {k: [c.name for c in v] for k, v in state.spent.items()} == {
        "bram": ["Rebuke"],
        "shaman": ["Fire Field"],
    }
    bram = controller.actions()[0]
    assert bram.id == "declare:bram" and bram.params[0].options == ("Mace", "Sidestep", "Mend")
    # The unconscious archer puts down no card.
    assert "declare:archer" not in ids(controller)
    view = controller.view()
    assert next(r for r in view.combatants if r.token_id == "archer").out
    assert "Goblin Archer is mortally wounded: a resolve is needed to avoid death" in view.notes
    assert [r.result for r in encounter.dice_log] == [2, 3, 4, 4, 1, 2, 3]
    assert all(r.manual for r in encounter.dice_log)
    # One action, one undo step: the whole round undoes back to the start.
    assert len(stack.done) == 27  # 27 actions since the file was opened
    while stack.undo():
        pass
    assert encounter == load_encounter(EXAMPLE)


def test_save_mid_round_reopens_at_the_same_step() -> None:
    encounter, _stack, controller = open_example()
    stage_round_one(controller)
    controller.perform("begin")
    controller.perform("resolve", {"result": "hit"}, manual=[2])
    controller.perform("resolve", {"result": "hit"})  # a seeded roll: Corin may trade
    before = controller.state()
    assert before.step == "first.attacks" and before.hit is not None
    expected_next = copy.deepcopy(encounter)

    reopened = loads_encounter(dumps_encounter(encounter))
    again = ProcedureController(reopened, UndoStack(reopened).push)
    assert again.state() == before
    assert again.view() == controller.view()
    assert [a.id for a in again.actions()] == ids(controller)
    assert primary(again) == "settle"
    # And it goes on the same way: the same seeded dice after the save.
    for c in (again, ProcedureController(expected_next, UndoStack(expected_next).push)):
        c.perform("settle", {"fatigue": 0})
        c.perform("move")
        c.perform("end-phase")
        c.perform("resolve", {"result": "hit"})
    assert reopened.dice_log == expected_next.dice_log
    assert again.state() == ProcedureController(expected_next, lambda c: None).state()


def test_panicked_creature_only_flees() -> None:
    # 000 l.77: "When a creature is Panicked it automatically uses the best available move card"
    encounter, _stack, controller = open_example()
    controller.perform("adjust", {"token": "ogre", "figure": "morale", "value": 4})
    assert encounter.token("ogre").statuses == {"Panicked": 1}
    declare = next(a for a in controller.actions() if a.id == "declare:ogre")
    assert declare.params[0].options == ("Lumber",)
    with pytest.raises(RulesError, match="Panicked"):
        controller.perform("declare:ogre", {"card": "Club", "target": "aldra"})
    with pytest.raises(RulesError, match="Panicked"):
        controller.perform("declare:ogre", {"card": "Lumber", "kind": "attack", "target": "aldra"})
    controller.perform("declare:ogre", {"card": "Lumber", "to": "east-bank"})
    assert "Marsh Ogre is Panicked: it plays its best move card to flee" in controller.view().notes
    # A panicked creature without a hand declares a free move.
    encounter, _stack, controller = small_fight(morale=4)
    with pytest.raises(RulesError, match="Panicked"):
        controller.perform("declare:ogre", {"card": "Bite", "kind": "attack", "target": "knight"})
    controller.perform("declare:ogre", {"card": "Run", "to": "door"})
    assert controller.state().declarations["ogre"].kind == "move"


def test_fleeing_creature_leaves_the_scene() -> None:
    encounter, _stack, controller = small_fight(morale=4)
    controller.perform("declare:knight", {"card": "Sword", "target": "ogre"})
    controller.perform("declare:ogre", {"card": "Run", "phase": "First", "to": "door"})
    controller.perform("begin")
    assert controller.state().step == "first.moves"
    controller.perform("move", {"leave": True})
    assert encounter.token("ogre").position is None
    assert encounter.token("ogre").statuses == {"Fled": 1}
    controller.perform("end-phase")
    assert controller.state().step == "middle.attacks"
    assert (
        controller.view().instruction
        == "Middle phase, attacks: Knight's Sword on Ogre. Hit or miss?"
    )
    assert next(r for r in controller.view().combatants if r.token_id == "ogre").out


def test_a_charge_at_a_creature_off_the_map_asks_where_to() -> None:
    encounter, _stack, controller = small_fight()
    encounter.token("ogre").position = None
    controller.perform("declare:knight", {"card": "Rush", "kind": "charge", "target": "ogre"})
    controller.perform("pass:ogre")
    controller.perform("begin")
    controller.perform("end-phase")
    controller.perform("resolve", {"result": "miss"})
    assert (
        controller.view().instruction
        == "Middle phase, moves: Knight (Rush) moves; choose the area."
    )
    with pytest.raises(RulesError, match="say where Knight moves"):
        controller.perform("move")
    controller.perform("move", {"to": "door"})
    assert encounter.token("knight").position == "door"


def test_a_move_beyond_speed_is_noted() -> None:
    encounter, _stack, controller = small_fight()
    encounter.token("knight").speed = 1
    controller.perform("declare:knight", {"card": "Run", "kind": "move", "to": "yard"})
    controller.perform("pass:ogre")
    controller.perform("begin")
    controller.perform("end-phase")
    assert controller.state().step == "middle.moves"
    assert "Yard is 2 areas from Hall (Knight's speed is 1)" in controller.view().notes
    encounter.token("knight").speed = 2
    assert not any("speed" in note for note in controller.view().notes)


def test_a_creature_removed_mid_phase_is_skipped() -> None:
    _encounter, stack, controller = small_fight()
    controller.perform("declare:knight", {"card": "Sword", "target": "ogre"})
    controller.perform("declare:ogre", {"card": "Club", "target": "knight"})
    controller.perform("begin")
    controller.perform("end-phase")
    assert controller.state().step == "middle.attacks"
    stack.push(RemoveToken("ogre"))  # the GM deletes the ogre from the map
    assert controller.view().instruction == (
        "Middle phase: this card's creature is no longer on the map; skip it."
    )
    assert primary(controller) == "skip"
    controller.perform("skip")
    controller.perform("skip")
    assert controller.state().step == "middle.effects"
    assert [r.token_id for r in controller.view().combatants] == ["knight"]


def test_a_creature_with_every_card_spent_can_only_pass() -> None:
    encounter, _stack, controller = open_example()
    assert encounter.token("archer").figures["cards"] == (
        "Shortbow (First attack 1); Scurry (First move 1)"
    )
    for token_id in ("bram", "aldra", "corin", "ogre", "spear"):
        controller.perform(f"pass:{token_id}")
    cards = [{"name": "Shortbow", "recovery": 1}, {"name": "Scurry", "recovery": 1}]
    encounter.procedure_state = {**encounter.procedure_state, "spent": {"archer": cards}}
    assert controller.state().step == "staging"
    assert "declare:archer" not in ids(controller)
    assert primary(controller) == "pass:archer"


def test_refusals_change_nothing() -> None:
    _encounter, stack, controller = small_fight()
    with pytest.raises(RulesError, match="target creature or a target area"):
        controller.perform("declare:knight", {"card": "Sword"})
    with pytest.raises(RulesError, match="charge needs"):
        controller.perform("declare:knight", {"card": "Rush", "kind": "charge", "area": "door"})
    with pytest.raises(RulesError, match="move needs"):
        controller.perform("declare:knight", {"card": "Step", "kind": "move"})
    with pytest.raises(RulesError, match="no area 'moon'"):
        controller.perform("declare:knight", {"card": "Step", "kind": "move", "to": "moon"})
    with pytest.raises(RulesError, match="First, Middle or Last"):
        controller.perform("declare:knight", {"card": "Sword", "phase": "Late", "target": "ogre"})
    with pytest.raises(RulesError, match="not possible now"):
        controller.perform("resolve", {"result": "hit"})
    assert len(stack.done) == 1 and controller.state().declarations == {}


def test_unconscious_card_is_cancelled_when_its_phase_comes() -> None:
    encounter, _stack, controller = small_fight()
    controller.perform("declare:knight", {"card": "Lunge", "phase": "First", "target": "ogre"})
    controller.perform("declare:ogre", {"card": "Club", "phase": "Last", "target": "knight"})
    controller.perform("begin")
    controller.perform("resolve", {"result": "hit"}, manual=[4])
    controller.perform("end-phase")  # First: the ogre falls
    assert encounter.token("ogre").statuses == {"Unconscious": 1}
    assert controller.state().step == "middle.effects"
    controller.perform("end-phase")  # Middle: nothing played
    state = controller.state()
    assert state.step == "last.effects" and state.queue == []
    assert state.declarations["ogre"].cancelled == "unconscious"
    row = next(r for r in controller.view().combatants if r.token_id == "ogre")
    assert row.revealed == "Club: Last attack on Knight (cancelled: unconscious)"
    assert row.out and row.done


def test_area_attack_on_an_empty_area_is_an_other_action() -> None:
    encounter, _stack, controller = small_fight()
    controller.perform("declare:knight", {"card": "Bomb", "target": None, "area": "yard"})
    controller.perform("pass:ogre")
    controller.perform("begin")
    controller.perform("end-phase")
    state = controller.state()
    assert [(i.part, i.to) for i in state.queue] == [("other", "yard")]
    assert controller.view().instruction == (
        "Middle phase: Knight plays Bomb; hold its effects until the phase ends."
    )
    controller.perform("hold", {"token": "ogre", "condition": "Deafened"})
    controller.perform("resolve")
    assert controller.view().notes == ("At phase end: Ogre Deafened (Knight's Bomb)",)
    controller.perform("end-phase")
    assert encounter.token("ogre").statuses == {"Deafened": 1}
    # A condition that does no damage is offered for dissolving, then nothing is rolled.
    assert controller.state().step == "last.effects"
    controller.perform("end-phase")
    assert controller.state().step == "mopup.conditions"
    controller.perform("dissolve:ogre", {"condition": "Deafened"})
    # Nothing left to dissolve, no damage, a free-text card of recovery 1 for the party.
    assert controller.state().step == "mopup.recovery"
    assert ids(controller)[0] == "recover-party" and "recover-gm" not in ids(controller)
    controller.perform("recover-party", manual=[1])
    assert (controller.state().step, controller.state().round) == ("staging", 2)


def test_a_spent_free_text_card_stays_out_until_recovered() -> None:
    _encounter, _stack, controller = small_fight()
    controller.perform("declare:knight", {"card": "Big Swing", "recovery": 5, "target": "ogre"})
    controller.perform("pass:ogre")
    controller.perform("begin")
    controller.perform("end-phase")
    controller.perform("resolve", {"result": "miss"})
    controller.perform("end-phase")
    controller.perform("end-phase")
    controller.perform("recover-party", manual=[4])
    with pytest.raises(RulesError, match="out of hand"):
        controller.perform("declare:knight", {"card": "Big Swing", "target": "ogre"})
    row = controller.view().combatants[0]
    assert row.figures["cards"] == "out: Big Swing"


def test_after_combat_healing_then_cards_back_and_fatigue_reset() -> None:
    # 000 l.80: "Healing using skill can be done once per creature."
    # 000 l.82, 84: "all cards are returned ... Fatigue is also reset for all involved"
    encounter, _stack, controller = open_example()
    stage_round_one(controller)
    controller.perform("begin")
    controller.perform("resolve", {"result": "miss"})
    controller.perform("resolve", {"result": "hit"}, manual=[3])
    controller.perform("settle", {"fatigue": 2})
    controller.perform("move")
    controller.perform("end-phase")
    controller.perform("end-combat")
    state = controller.state()
    assert state.step == "healing" and state.declarations == {} and state.pending == []
    assert figures(encounter, "corin") == {
        "injury": 1,
        "morale": 0,
        "seat": 3,
        "fatigue": 0,
        "fatigue_max": 2,
    }
    controller.perform("heal", {"token": "corin", "levels": 1, "method": "skill"})
    assert figures(encounter, "corin")["injury"] == 0
    controller.perform("adjust", {"token": "corin", "figure": "injury", "value": 2})
    with pytest.raises(RulesError, match="already healed by skill"):
        controller.perform("heal", {"token": "corin", "levels": 1, "method": "skill"})
    # 000 l.80: "only heal spells still residing on a players hand can be cast"
    with pytest.raises(RulesError, match="not on Brother Bram's hand"):
        controller.perform(
            "heal",
            {"token": "corin", "method": "spell", "caster": "bram", "card": "Rebuke"},
        )
    controller.perform(
        "heal", {"token": "corin", "levels": 1, "method": "spell", "caster": "bram", "card": "Mend"}
    )
    assert figures(encounter, "corin")["injury"] == 1
    assert primary(controller) == "end-scene"
    controller.perform("end-scene")
    state = controller.state()
    assert state.ended and state.step == "over" and state.spent == {}
    assert figures(encounter, "corin")["fatigue"] == 2
    assert controller.actions() == []
    assert controller.view().instruction == (
        "Combat over: every card is back in hand and fatigue is reset."
    )


def test_secrets_stay_off_the_public_view_until_revealed() -> None:
    _encounter, _stack, controller = open_example()
    stage_round_one(controller)
    seen = {"staging": public_text(controller)}
    controller.perform("begin")
    while controller.state().step.split(".")[0] in ("first", "middle", "last"):
        step = controller.state().step
        seen[step] = public_text(controller)
        if step == "middle.attacks":
            # The shaman's Last card and its area are still the GM's only.
            view = controller.view()
            assert next(r for r in view.combatants if r.token_id == "shaman").secret == (
                "Fire Field: Last attack on West bank"
            )
            assert {"bram", "aldra"} <= view.secret_targets
        action = primary(controller)
        controller.perform(action, {"result": "miss"} if action == "resolve" else {})
    assert "Goblin Shaman" not in " ".join(seen.values())
    for step, text in seen.items():
        if "Fire Field" in text:
            assert step.startswith("last"), step
        assert ("Charge" in text) == (step.split(".")[0] in ("middle", "last")), step
    assert "Fire Field" in seen["last.attacks"]


def test_cards_and_levels() -> None:
    assert parse_card("Battle Cry (Last, attack morale 3)") == Card(
        "Battle Cry", "last", "attack", "morale", 3
    )
    assert parse_card("Strike") == Card("Strike")  # 000: Middle, "which most actions do"
    assert parse_hand("Dash (First move 1); ; Strike") == [
        Card("Dash", "first", "move"),
        Card("Strike"),
    ]
    with pytest.raises(CardError, match="'soon'"):
        parse_card("Dash (soon)")
    hand = parse_hand("Strike; Strike; Dash (First move)")
    assert [c.name for c in in_hand(hand, ["Strike"])] == ["Strike", "Dash"]
    # 000 l.65, 77: Bruised -1, Wounded -2, Heavily wounded -3; morale the same; they add up.
    assert [penalty(level) for level in range(5)] == [0, -1, -2, -3, -3]
    assert modifier(1, 1) == -2 and modifier(2, 3) == -5


def test_clockwise_seats_then_unseated_then_gm() -> None:
    areas = AreaMap([Area("a", "A", polygon_from_points([(0, 0), (1, 0), (1, 1)]))])
    encounter = Encounter(
        areas,
        [
            Token("orc", side="npcs"),
            Token("c", side="pcs"),
            Token("b", side="pcs", figures={"seat": 2}),
            Token("a", side="pcs", figures={"seat": 1}),
            Token("wolf", side="npcs"),
        ],
    )
    assert [t.id for t in clockwise(encounter)] == ["a", "b", "c", "orc", "wolf"]


def test_second_wind_regains_fatigue_up_to_its_maximum() -> None:
    # 000 l.72: "Lost fatigue can be regained by using, among other, the card second wind."
    encounter, _stack, controller = small_fight()
    controller.perform("adjust", {"token": "knight", "figure": "fatigue", "value": 0})
    controller.perform("declare:knight", {"card": "Second Wind", "phase": "Last", "kind": "other"})
    controller.perform("pass:ogre")
    controller.perform("begin")
    controller.perform("end-phase")
    controller.perform("end-phase")
    assert controller.state().step == "last.attacks"
    controller.perform("hold", {"token": "knight", "fatigue": 5})
    controller.perform("resolve")
    assert controller.perform("end-phase")[0] == "Knight has 2 fatigue"  # 2 at the start
    assert encounter.token("knight").figures["fatigue"] == 2


def test_one_level_is_said_in_the_singular() -> None:
    from tactical.rules.procedures.approximated_fray.levels import levels_text

    assert levels_text(1, "injury") == "1 injury level"
    assert levels_text(3, "morale") == "3 morale levels"
    assert levels_text(0, "injury") == "0 injury levels"


def test_a_card_form_aims_at_a_seen_foe_only_for_an_attack_or_a_charge() -> None:
    """000 l.32: a target is "an area or a Creature"; the form's default follows the card."""
    encounter, _, controller = open_example()
    declare = next(a for a in controller.actions() if a.id == "declare:bram")
    target = next(p for p in declare.params if p.name == "target")
    assert target.follows is not None
    first_foe = next(t.id for t in clockwise(encounter) if t.side == "npcs" and not t.hidden)
    assert target.follows({"card": "Mace"}) == first_foe  # Middle attack
    assert target.follows({"card": "Rebuke"}) == first_foe  # First attack (morale)
    assert target.follows({"card": "Sidestep"}) is None  # a move goes to an area
    assert target.follows({"card": "Mend"}) is None  # "other"
    assert target.follows({"card": "Mace", "area": "bridge"}) is None  # an area attack
    assert target.follows({"card": "Sidestep", "kind": "charge"}) == first_foe
    # The hidden shaman is never the default, even when it is the only foe left.
    shaman = encounter.token("shaman")
    assert shaman.hidden
    for token in list(encounter.tokens.values()):
        if token.side == "npcs" and token.id != "shaman":
            token.hidden = True
    declare = next(a for a in controller.actions() if a.id == "declare:bram")
    target = next(p for p in declare.params if p.name == "target")
    assert target.follows is not None
    assert target.follows({"card": "Mace"}) is None
