"""A player's hand in Two-second turns (003_8e8ef1bed4dcaaed.txt): initiative and a delay."""

from __future__ import annotations

import pytest

from tactical.rules import RulesError
from tactical.rules.player_hand import SheetLine

from .fight import make_fight, order, started


def test_a_player_rolls_their_own_initiative_with_willpower_dice() -> None:
    encounter, _stack, controller = make_fight()
    # 003: "The initiative roll uses the character's dexterity as his consistency, and
    # the number of willpower a character has as it's potential": Brand has 3 and 1.
    (ask,) = controller.asks("brand")
    assert ask.roll is not None and (ask.action, ask.roll.text) == ("initiative:brand", "3d6 + 1")
    assert controller.asks("grub") == ()  # the GM's to roll
    controller.answer("brand", "initiative:brand", faces=[6, 6, 5])
    assert encounter.token("brand").figures["initiative"] == 18
    assert controller.asks("brand") == ()
    controller.perform("roll-initiative", manual=[9, 8, 7])  # Aria, Grub, Snag
    assert order(controller) == ["brand", "aria", "grub", "snag"]
    assert controller.sheet("brand").lines[:4] == (
        SheetLine("Dexterity", "1", "dexterity"),
        SheetLine("Willpower", "3", "willpower"),
        SheetLine("Initiative roll", "3d6 + 1"),
        SheetLine("Initiative", "18", "initiative"),
    )


def test_a_delay_is_declared_at_the_start_of_ones_own_turn_only() -> None:
    _encounter, _stack, controller = started([12, 10, 8, 7])
    assert order(controller)[:2] == ["aria", "brand"]
    assert controller.asks("brand") == ()  # not his turn
    delay = next(a for a in controller.asks("aria") if a.action == "delay")
    assert [o.value for o in delay.fields[1].options] == ["brand", "grub", "snag"]
    # 003: "delay until after or just before another character. This character is then
    # moved in the initiative order to where they specified."
    controller.answer("aria", "delay", {"place": "just before", "whom": "snag"})
    assert order(controller) == ["brand", "grub", "aria", "snag"]
    with pytest.raises(RulesError, match="that is not asked of Aria now"):
        controller.answer("aria", "delay", {"place": "just after", "whom": "snag"})
