"""Two-second turns (003_8e8ef1bed4dcaaed.txt) played through the controller with fixed dice."""

from __future__ import annotations

import pytest

from tactical.core import Token
from tactical.core.commands import UndoStack
from tactical.persistence import dumps_encounter, loads_encounter
from tactical.rules import ProcedureController, RulesError
from tactical.rules.procedures.two_second_turns.effects import effect_turns

from .fight import action_ids, make_and_start_then_shoot, make_fight, order, rolled, started


def test_registered_with_its_map_kind() -> None:
    from tactical.rules import available, get

    assert "two-second-turns" in available()
    procedure = get("two-second-turns")
    assert procedure.map_kind == "grid" and procedure.metric == "orthogonal"


def test_a_full_round() -> None:
    encounter, _stack, controller = make_fight()
    view = controller.view()
    assert [s.status for s in view.steps][:2] == ["current", "todo"]
    assert view.instruction.startswith("Place the combatants")
    assert controller.primary() is not None and controller.primary().id == "roll-initiative"

    # 003 line 9: "The initiative roll uses the character's dexterity as his consistency,
    # and the number of willpower a character has as it's potential." Choice: Wd6 + Dex.
    rolled(controller, [12, 12, 8, 7])
    assert [(r.who, r.expression, r.result) for r in encounter.dice_log] == [
        ("aria", "2d6+3", 12),
        ("brand", "3d6+1", 12),
        ("grub", "1d6+2", 8),
        ("snag", "2d6+2", 7),
    ]
    # 003 line 9: "When players roll the same initiative, the player with the highest
    # willpower goes first." Brand (willpower 3) before Aria (willpower 2).
    assert order(controller) == ["brand", "aria", "grub", "snag"]
    assert [c.order for c in controller.view().combatants] == ["12", "12", "8", "7"]
    assert controller.state().step == "initiative"
    assert controller.view().instruction == (
        "Check the order (ties: higher willpower first), then start round 1: Brand acts first."
    )

    controller.perform("start-round")
    view = controller.view()
    assert view.round == 1 and view.acting == frozenset({"brand"})
    assert view.instruction == (
        "Round 1, Brand's turn: delay, ready an action, or act; then end the turn. Next: Aria."
    )
    assert {a.id for a in controller.actions()} >= {"delay", "ready", "melee", "ranged"}

    # Brand shoots at Snag, who shares (3, 2) with Grub: a cluster of two.
    # 003 line 31: two squares across and two up, and a climb of 2: distance 6.
    # 003 line 29: "a situational penalty equal to half the distance": 3.
    # 003 line 33: "... equal to the number of characters in that cluster": 2.
    controller.perform("ranged", {"target": "snag", "range": 10})
    assert controller.state().step == "ranged"
    assert controller.view().instruction == (
        "Brand shoots at Snag: roll with penalty 5 on consistency, "
        "then record hit, dodged or blocked."
    )
    # 003 line 33: "If the target manages to dodge the attack, you must re-roll the attack
    # for another character in the combat cluster, now with the situational penalty
    # decreased by one." Initiative order from Snag wraps round to Grub.
    controller.perform("resolve", {"outcome": "dodged"})
    assert controller.view().instruction.startswith(
        "Brand shoots at Grub (re-roll 1): roll with penalty 4"
    )
    controller.perform("resolve", {"outcome": "hit"})
    assert controller.state().step == "action" and controller.state().chain is None
    assert "delay" not in action_ids(controller)  # too late: Brand has acted

    controller.perform("end-turn")
    view = controller.view()
    assert view.acting == frozenset({"aria"})
    assert [c.done for c in view.combatants] == [True, False, False, False]
    assert view.instruction.endswith("Next: Grub.")

    # 003 line 25: "When a character attacks another character, place their character
    # identifier together in the square." Aria steps from (2, 2) into (3, 2).
    controller.perform("melee", {"target": "grub"})
    assert encounter.token("aria").position == (3, 2)
    assert any(n.startswith("Cluster of 3: Aria, Grub, Snag") for n in controller.view().notes)

    controller.perform("end-turn")
    assert controller.view().acting == frozenset({"grub"})
    # Grub's hit makes Aria stumble: it came from the right, she is pushed left out
    # of the cluster (003 line 41) and cannot move right for 2 s // 2 = 1 turn.
    controller.perform(
        "effect", {"target": "aria", "effect": "stumble", "seconds": 2, "direction": "right"}
    )
    assert encounter.token("aria").position == (2, 2)
    assert encounter.token("aria").statuses == {"stumbling": 1}
    assert encounter.token("aria").figures["stumble_from"] == "right"

    controller.perform("end-turn")
    assert controller.view().acting == frozenset({"snag"})
    assert controller.view().instruction.endswith("Next: round 2, Brand.")
    controller.perform("end-turn")

    view = controller.view()
    assert view.round == 2 and view.acting == frozenset({"brand"})
    assert [c.done for c in view.combatants] == [False] * 4
    controller.perform("end-turn")
    # 003 line 41: "While stumbling, you can not use ranged attacks".
    with pytest.raises(RulesError, match="stumbling"):
        controller.perform("ranged", {"target": "brand"})
    with pytest.raises(RulesError, match="cannot move right"):
        controller.perform("join-cluster", {"token": "aria", "with": "grub"})
    controller.perform("end-turn")
    assert encounter.token("aria").statuses == {}
    assert "stumble_from" not in encounter.token("aria").figures


def test_tied_initiative_and_willpower_goes_to_dexterity() -> None:
    encounter, _stack, controller = make_fight()
    encounter.token("snag").figures["dexterity"] = 4
    # Aria and Snag both 9 with willpower 2: Snag's dexterity 4 beats Aria's 3.
    rolled(controller, [9, 10, 5, 9])
    assert order(controller) == ["brand", "snag", "aria", "grub"]


def test_the_gm_sets_an_initiative_by_hand() -> None:
    _encounter, _stack, controller = make_fight()
    rolled(controller, [12, 12, 8, 7])
    controller.perform("set-initiative", {"token": "snag", "value": 15})
    assert order(controller) == ["snag", "brand", "aria", "grub"]


def test_delay_until_just_after_a_named_character() -> None:
    # 003 line 13: "declaring at the start of their turn, that they will delay until
    # after or just before another character. This character is then moved in the
    # initiative order to where they specified."
    _encounter, _stack, controller = started()
    controller.perform("delay", {"place": "just after", "whom": "grub"})
    assert order(controller) == ["aria", "grub", "brand", "snag"]
    assert controller.view().acting == frozenset({"aria"})
    assert controller.view().combatants[2].order == "12 (delayed)"
    controller.perform("end-turn")
    controller.perform("end-turn")
    assert controller.view().acting == frozenset({"brand"})
    controller.perform("end-turn")
    assert controller.view().acting == frozenset({"snag"})


def test_delay_until_just_before_a_named_character() -> None:
    _encounter, _stack, controller = started()
    controller.perform("delay", {"place": "just before", "whom": "snag"})
    assert order(controller) == ["aria", "grub", "brand", "snag"]
    controller.perform("end-turn")  # Aria
    controller.perform("end-turn")  # Grub
    assert controller.view().acting == frozenset({"brand"})


def test_delay_is_declared_at_the_start_and_only_to_someone_still_to_act() -> None:
    _encounter, _stack, controller = started()
    controller.perform("end-turn")  # Brand has had his turn
    with pytest.raises(RulesError, match="has had its turn"):
        controller.perform("delay", {"place": "just after", "whom": "brand"})
    with pytest.raises(RulesError, match="already comes just before"):
        controller.perform("delay", {"place": "just before", "whom": "grub"})
    controller.perform("melee", {"target": "grub"})
    assert "delay" not in action_ids(controller)


def test_a_readied_action_moves_the_readier_before_the_trigger() -> None:
    # 003 line 17: "When a trigger occurs, the readied action is performed, and the
    # initiative order is changed. The character with the readied action is moved to
    # the turn before the character who triggered the action."
    encounter, _stack, controller = started()
    controller.perform("end-turn")  # Brand
    controller.perform("end-turn")  # Aria
    controller.perform("end-turn")  # Grub
    controller.perform(
        "ready", {"action": "shoot", "trigger": "Aria comes into reach", "target": "aria"}
    )
    row = controller.view().combatants[3]
    assert row.secret == "Ready: shoot, when Aria comes into reach" and row.revealed == ""
    assert controller.view().secret_targets == frozenset({"aria"})
    assert controller.view().targets == frozenset()
    # Round 2: Brand acts, then Aria moves and triggers Snag.
    assert controller.view().round == 2
    controller.perform("end-turn")  # Brand
    assert controller.view().acting == frozenset({"aria"})
    controller.perform("trigger", {"readier": "snag", "by": "aria"})
    assert order(controller) == ["brand", "snag", "aria", "grub"]
    view = controller.view()
    assert view.acting == frozenset({"aria"})
    assert [c.done for c in view.combatants] == [True, True, False, False]
    assert view.secret_targets == frozenset()
    controller.perform("end-turn")  # Aria
    controller.perform("end-turn")  # Grub: Snag's readied action was its turn
    assert controller.view().round == 3
    assert order(controller)[:2] == ["brand", "snag"]
    assert encounter.token("snag").position == (3, 2)


def test_a_ready_that_is_not_triggered_lapses_at_the_readiers_next_turn() -> None:
    # 003 line 17: "If the trigger doesn't occur until the next turn of the character
    # with the readied action, the readied action is lost."
    _encounter, _stack, controller = started()
    controller.perform("ready", {"action": "strike", "trigger": "an enemy comes close"})
    row = controller.view().combatants[0]
    assert row.revealed == "Ready: strike, when an enemy comes close"  # a PC's: public
    assert controller.view().acting == frozenset({"aria"})  # readying ended Brand's turn
    controller.perform("end-turn")  # Aria
    controller.perform("end-turn")  # Grub
    assert controller.state().readies["brand"].action == "strike"
    messages = controller.perform("end-turn")  # Snag ends; round 2 starts with Brand
    assert any("lapses" in m for m in messages)
    assert controller.state().readies == {}
    assert controller.view().combatants[0].revealed == ""
    assert controller.view().acting == frozenset({"brand"})


def test_the_ranged_re_roll_chain_runs_through_the_cluster_in_initiative_order() -> None:
    encounter, _stack, controller = started()
    controller.perform("end-turn")  # Brand
    controller.perform("melee", {"target": "grub"})  # Aria joins Grub and Snag
    controller.perform("end-turn")
    controller.perform("end-turn")  # Grub
    # Snag shoots from inside the cluster at Aria. The attacker is never a target of
    # its own chain; it goes Aria, Grub (003 line 33: "the same as the initiative
    # order, starting from the original target").
    controller.perform("ranged", {"target": "aria"})
    chain = controller.state().chain
    assert chain.targets == ["aria", "grub"]
    # Same square: no distance penalty; a cluster of three: 3.
    assert chain.penalty == 3
    controller.perform("resolve", {"outcome": "dodged"})
    assert controller.state().chain.target == "grub" and controller.state().chain.penalty == 2
    messages = controller.perform("resolve", {"outcome": "dodged"})
    assert messages == ["Everyone in the cluster dodged: the shot misses."]
    # Brand from afar: the chain is Brand's target first, then the rest in order.
    controller.perform("end-turn")
    controller.perform("ranged", {"target": "grub", "range": 6})
    assert controller.state().chain.targets == ["grub", "snag", "aria"]
    assert controller.state().chain.penalty == 3 + 3
    controller.perform("resolve", {"outcome": "dodged"})
    controller.perform("resolve", {"outcome": "blocked"})
    assert controller.state().chain is None
    assert encounter.token("brand").position == (1, 4)


def test_a_ranged_attack_beyond_the_weapon_range_is_refused() -> None:
    _encounter, _stack, controller = started()
    with pytest.raises(RulesError, match="6 away, beyond the range of 5"):
        controller.perform("ranged", {"target": "grub", "range": 5})


def test_melee_needs_the_same_or_a_neighbouring_square() -> None:
    _encounter, _stack, controller = started()
    with pytest.raises(RulesError, match="003 line 23"):
        controller.perform("melee", {"target": "grub"})


def test_an_effect_of_five_seconds_will_last_two_turns() -> None:
    # 003 line 37: "So an effect of five seconds will last two turns."
    assert effect_turns(5) == 2
    assert [effect_turns(s) for s in (1, 2, 3, 4, 6)] == [0, 1, 1, 2, 3]
    encounter, _stack, controller = started()
    controller.perform(
        "effect", {"target": "grub", "effect": "other", "name": "burning", "seconds": 5}
    )
    assert encounter.token("grub").statuses == {"burning": 2}
    for _ in range(3):  # Brand, Aria, Grub (first counted turn)
        controller.perform("end-turn")
    assert encounter.token("grub").statuses == {"burning": 1}
    for _ in range(4):  # Snag, Brand, Aria, Grub (second counted turn)
        controller.perform("end-turn")
    assert encounter.token("grub").statuses == {}


def test_an_effect_landing_in_ones_own_turn_counts_from_the_next() -> None:
    encounter, _stack, controller = started()
    controller.perform(
        "effect", {"target": "brand", "effect": "other", "name": "blinded", "seconds": 2}
    )
    controller.perform("end-turn")
    assert encounter.token("brand").statuses == {"blinded": 1}


def test_daze_takes_the_actions_and_the_defence() -> None:
    # 003 line 47: "You can not take any actions during your turn, and you can not make
    # defensive rolls until the daze effect has passed."
    encounter, _stack, controller = started()
    controller.perform("effect", {"target": "grub", "effect": "daze", "seconds": 2})
    assert encounter.token("grub").statuses == {"dazed": 1, "no defence": 1}
    controller.perform("end-turn")  # Brand
    controller.perform("end-turn")  # Aria
    assert controller.view().instruction.startswith("Round 1: Grub is dazed and takes no actions")
    assert not {"melee", "ranged", "ready", "delay"} & set(action_ids(controller))
    controller.perform("end-turn")  # even: the defence is back after the turn
    assert encounter.token("grub").statuses == {}


def test_an_odd_daze_keeps_the_defence_away_until_the_next_turn_starts() -> None:
    # 003 line 47: "If the daze effect is an odd number (1, 3, 5, etc.), you can not
    # defend until the start of the turn in which the effect ends".
    encounter, _stack, controller = started()
    controller.perform("effect", {"target": "snag", "effect": "daze", "seconds": 3})
    controller.perform("end-turn")  # Brand
    controller.perform("end-turn")  # Aria
    controller.perform("end-turn")  # Grub
    controller.perform("end-turn")  # Snag's dazed turn
    assert encounter.token("snag").statuses == {"no defence": 1}
    # Round 2: Brand shoots at Snag, who cannot dodge or block.
    controller.perform("ranged", {"target": "snag"})
    with pytest.raises(RulesError, match="cannot make defensive rolls"):
        controller.perform("resolve", {"outcome": "dodged"})
    controller.perform("resolve", {"outcome": "hit"})
    for _ in range(3):
        controller.perform("end-turn")
    assert controller.view().acting == frozenset({"snag"})
    assert encounter.token("snag").statuses == {}


def test_a_one_second_daze_costs_no_action_only_defence() -> None:
    encounter, _stack, controller = started()
    controller.perform("effect", {"target": "aria", "effect": "daze", "seconds": 1})
    assert encounter.token("aria").statuses == {"no defence": 1}
    controller.perform("end-turn")
    assert "melee" in action_ids(controller)
    assert encounter.token("aria").statuses == {}


def test_stumble_outside_a_cluster_does_not_move_and_needs_a_direction() -> None:
    encounter, _stack, controller = started()
    with pytest.raises(RulesError, match="direction"):
        controller.perform("effect", {"target": "brand", "effect": "stumble", "seconds": 2})
    controller.perform(
        "effect", {"target": "brand", "effect": "stumble", "seconds": 4, "direction": "up"}
    )
    assert encounter.token("brand").position == (1, 4)
    assert encounter.token("brand").statuses == {"stumbling": 2}


def test_stumble_off_the_map_asks_for_another_direction() -> None:
    encounter, _stack, controller = started()
    encounter.token("brand").position = (5, 4)
    encounter.token("snag").position = (5, 4)
    with pytest.raises(RulesError, match="cannot stumble down"):
        controller.perform(
            "effect", {"target": "brand", "effect": "stumble", "direction": "up", "seconds": 2}
        )
    controller.perform(
        "effect",
        {"target": "brand", "effect": "stumble", "direction": "up", "seconds": 2, "push": "left"},
    )
    assert encounter.token("brand").position == (4, 4)


def test_hidden_characters_are_marked_for_the_gm_and_not_named_in_notes() -> None:
    encounter, _stack, controller = started()
    encounter.token("grub").hidden = True
    controller.perform("end-turn")
    view = controller.view()
    assert view.instruction.endswith("Next: Grub (hidden).")  # the GM's line
    assert all("Grub" not in note for note in view.notes)
    assert any("a hidden character" in note for note in view.notes)


def test_take_out_skips_the_character() -> None:
    _encounter, _stack, controller = started()
    controller.perform("take-out", {"token": "aria"})
    controller.perform("end-turn")
    assert controller.view().acting == frozenset({"grub"})
    assert [c.out for c in controller.view().combatants] == [False, True, False, False]


def test_undo_restores_the_turn() -> None:
    encounter, stack, controller = started()
    controller.perform("end-turn")
    controller.perform("melee", {"target": "grub"})
    assert encounter.token("aria").position == (3, 2)
    stack.undo()
    assert encounter.token("aria").position == (2, 2)
    assert controller.state().step == "turn-start"
    stack.undo()
    assert controller.view().acting == frozenset({"brand"})


def test_a_save_mid_round_reopens_at_the_same_step() -> None:
    encounter, _stack, controller = started()
    controller.perform("end-turn")  # Brand
    controller.perform("melee", {"target": "grub"})  # Aria joins the cluster
    controller.perform("end-turn")
    controller.perform("ranged", {"target": "aria"})  # Grub shoots into its own cluster
    controller.perform("resolve", {"outcome": "dodged"})
    before = controller.view()

    reopened = loads_encounter(dumps_encounter(encounter))
    again = ProcedureController(reopened, UndoStack(reopened).push)
    assert again.state() == controller.state()
    assert again.view() == before
    assert again.state().step == "ranged" and again.state().chain.target == "snag"
    assert again.primary() == controller.primary()
    again.perform("resolve", {"outcome": "hit"})
    again.perform("end-turn")
    assert again.view().acting == frozenset({"snag"})


def test_the_example_encounter_opens_at_step_one_and_plays() -> None:
    from pathlib import Path

    from tactical.persistence import load_encounter, validate_file

    path = Path(__file__).resolve().parents[3] / "maps" / "two-second-turns.tactical.json"
    assert validate_file(path) == []
    encounter = load_encounter(path)
    assert encounter.procedure == "two-second-turns" and encounter.metric == "orthogonal"
    controller = ProcedureController(encounter, UndoStack(encounter).push)
    assert controller.state().step == "setup"
    assert controller.primary().id == "roll-initiative"
    grid = encounter.grid
    assert grid is not None and int(grid.elevation.max()) - int(grid.elevation.min()) >= 4
    assert encounter.token("tomas").position == encounter.token("rook").position
    controller.perform("roll-initiative")
    controller.perform("start-round")
    assert controller.view().round == 1 and len(controller.view().acting) == 1


def test_a_joiner_rolls_when_no_initiative_is_typed_and_keeps_a_typed_zero() -> None:
    from tactical.core.commands import AddToken

    encounter, stack, controller = started()
    stack.push(AddToken(Token("mox", "Mox", "npcs", (0, 0), figures={"dexterity": 1})))
    stack.push(AddToken(Token("zed", "Zed", "npcs", (0, 1), figures={"dexterity": 1})))
    rolls = len(encounter.dice_log)
    controller.perform("add-combatant", {"token": "mox"}, manual=[5])
    assert encounter.token("mox").figures["initiative"] == 5
    assert len(encounter.dice_log) == rolls + 1
    controller.perform("add-combatant", {"token": "zed", "value": 0})
    assert encounter.token("zed").figures["initiative"] == 0
    assert len(encounter.dice_log) == rolls + 1
    assert order(controller)[-1] == "zed"


def test_a_ranged_attack_without_a_weapon_range_has_no_limit() -> None:
    _encounter, _stack, controller = started()
    controller.perform("ranged", {"target": "grub"})  # 6 away; no range given: not refused
    assert controller.state().chain is not None
    with pytest.raises(RulesError, match="6 away, beyond the range of 0"):
        make_and_start_then_shoot(0)
