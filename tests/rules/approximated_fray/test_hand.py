"""A player's hand in Approximated Fray (000_b2551d7b392b43c7.txt): sheet, secret card, rolls."""

from __future__ import annotations

import pytest

from tactical.rules import RulesError
from tactical.rules.player_hand import SheetLine

from .fight import open_example, small_fight, stage_round_one


def test_a_sheet_reads_in_the_texts_words() -> None:
    encounter, _stack, controller = open_example()
    bram = encounter.token("bram")
    # 000: "The second level is Wounded ... giving him a -2 modifier on all Actions";
    # "The first is Disquieted ... getting -1 on all actions (n.b. Defence is not an Action)".
    bram.figures.update(injury=2, morale=1, fatigue=1)
    bram.statuses["Burning"] = 1
    sheet = controller.sheet("bram")
    assert sheet.lines == (
        SheetLine("Injury", "Wounded (-2)", "injury"),
        SheetLine("Morale", "Disquieted (-1)", "morale"),
        SheetLine("Fatigue", "1 of 2", "fatigue"),
        SheetLine("Actions", "-3 on all actions (Defence is not an Action)"),
    )
    assert sheet.statuses == ("Burning",)
    assert sheet.cards == (
        "Mace (Middle attack, recovery 1)",
        "Rebuke (First attack morale, recovery 3)",
        "Sidestep (First move, recovery 1)",
        "Mend (Last other, recovery 4)",
    )
    bram.figures.update(injury=4, morale=4)
    lines = controller.sheet("bram").lines
    assert [x.value for x in lines[:2]] == ["Mortally wounded", "Panicked"]


def test_at_the_staging_every_creature_chooses_at_once_and_may_change_its_card() -> None:
    _encounter, stack, controller = open_example()
    # 000: "During the Staging Phase all players choose what action to take during the Turn."
    turn = controller.turn()
    assert set(turn.current) == {"bram", "aldra", "corin", "ogre", "spear", "archer", "shaman"}
    assert turn.next is None
    (ask,) = controller.asks("corin")
    assert (ask.kind, ask.action, ask.secret) == ("choose", "declare:corin", True)
    assert [f.name for f in ask.fields] == ["card", "target", "area", "to"]
    assert [o.value for o in ask.fields[0].options] == [
        "Longbow",
        "Snap Shot",
        "Fire Arrow",
        "Fall Back",
    ]
    # The hidden shaman is no target a player is offered.
    assert [o.value for o in ask.fields[1].options] == ["bram", "aldra", "ogre", "spear", "archer"]
    # Corin chooses out of turn (Bram has not), then changes his mind: one undo step each.
    before = len(stack.done)
    controller.answer("corin", "declare:corin", {"card": "Longbow", "target": "archer"})
    controller.answer("corin", "declare:corin", {"card": "Snap Shot", "target": "spear"})
    assert len(stack.done) == before + 2
    (choice,) = controller.staged()
    assert (choice.token_id, choice.card, choice.target, choice.revealed) == (
        "corin",
        "Snap Shot",
        "spear",
        False,
    )
    assert controller.asks("corin")[0].title == "Change your card"
    assert "corin" not in controller.turn().current


def test_a_choice_is_refused_outside_the_staging_and_for_another_character() -> None:
    _encounter, _stack, controller = open_example()
    with pytest.raises(RulesError, match="that is not asked of Brother Bram now"):
        controller.answer("bram", "declare:aldra", {"card": "Strike", "target": "ogre"})
    with pytest.raises(RulesError, match="does not take recovery"):
        controller.answer("bram", "declare:bram", {"card": "Mace", "recovery": 9})
    with pytest.raises(RulesError, match="Strike is not in Brother Bram's hand"):
        controller.answer("bram", "declare:bram", {"card": "Strike", "target": "ogre"})
    stage_round_one(controller)
    controller.perform("begin")
    assert controller.asks("bram") == ()
    with pytest.raises(RulesError, match="that is not asked of Brother Bram now"):
        controller.answer("bram", "declare:bram", {"card": "Mace", "target": "ogre"})


def test_the_cards_flip_with_their_phase() -> None:
    _encounter, _stack, controller = open_example()
    stage_round_one(controller)
    assert not any(c.revealed for c in controller.staged())
    controller.perform("begin")
    # 000: "When the first phase starts all who have selected cards with the keyword
    # First flip their cards over to show what they intend to do."
    shown = {c.token_id: c.revealed for c in controller.staged()}
    assert shown["bram"] is True  # Rebuke: First
    assert shown["corin"] is False  # Longbow: Last


def test_the_hit_creatures_player_chooses_the_fatigue_traded() -> None:
    encounter, _stack, controller = open_example()
    stage_round_one(controller)
    controller.perform("begin")
    controller.perform("resolve", {"result": "hit"}, manual=[2])  # Bram's Rebuke
    assert controller.asks("corin") == ()
    controller.perform("resolve", {"result": "hit"}, manual=[3])  # the archer's Shortbow
    # 000: "When ever a creature with fatigue gets hit ... the creature can choose to reduce
    # his fatigue by one for each wound level sustained."
    (ask,) = controller.asks("corin")
    assert (ask.kind, ask.action, ask.title) == (
        "declare",
        "settle",
        "You are hit for 3 injury: trade fatigue?",
    )
    assert (ask.fields[0].label, ask.fields[0].default) == ("Fatigue to trade (0 to 2)", 2)
    assert controller.asks("bram") == ()
    controller.answer("corin", "settle", {"fatigue": 1})
    controller.perform("move")
    controller.perform("end-phase")
    assert (
        encounter.token("corin").figures["injury"],
        encounter.token("corin").figures["fatigue"],
    ) == (
        2,
        1,
    )


def test_one_player_rolls_recovery_for_the_party() -> None:
    _encounter, _stack, controller = small_fight()
    controller.perform("declare:knight", {"card": "Shove", "target": "ogre"})
    controller.perform("declare:ogre", {"card": "Club", "target": "knight"})
    controller.perform("begin")
    while controller.state().step != "mopup.recovery":
        assert controller.asks("knight") == ()
        action = controller.primary()
        assert action is not None
        controller.perform(action.id, {"result": "miss"} if action.id == "resolve" else {})
    # 000: "one player rolls for recovery for the PC party. All cards with a lower or equal
    # roll is returned to the players hand."
    (ask,) = controller.asks("knight")
    assert ask.roll is not None and (ask.action, ask.roll.text) == ("recover-party", "1d6")
    assert controller.asks("ogre") == ()  # "The GM rolls for his creatures."
    lines = controller.answer("knight", "recover-party", faces=[4])
    assert lines[0] == "Party recovery 4: back to hand: Knight's Shove"
