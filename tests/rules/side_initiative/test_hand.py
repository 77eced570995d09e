"""A player's hand in Side initiative (004_ee0c95b780bc2907.txt): sheet, declarations, roll."""

from __future__ import annotations

import pytest

from tactical.rules import RulesError
from tactical.rules.player_hand import SheetLine

from .fight import make_fight


def test_a_sheet_reads_in_the_texts_words() -> None:
    _encounter, _stack, controller = make_fight()
    controller.answer("sef", "declare", {"kind": "spell", "detail": "Sleep"})
    # 004: "Combatants can move up to half their Speed in feet per Round" in melee;
    # "Missile range: Short: +1 Attack, Medium: no modifier, Long: -1 Attack".
    assert controller.sheet("sef").lines == (
        SheetLine("Hit points", "6 of 6", "hp"),
        SheetLine("Speed", "30 ft a Round; 15 ft in melee", "speed_ft"),
        SheetLine("Missile ranges", "Short 50 ft, Medium 100 ft, Long 150 ft"),
        SheetLine("Declared", "Spell: Sleep"),
        SheetLine("In melee", "no"),
        SheetLine("Action this Round", "not yet"),
    )


def test_a_player_declares_for_their_own_character_before_initiative_only() -> None:
    _encounter, _stack, controller = make_fight()
    asks = controller.asks("ilmo")
    assert [(a.kind, a.action) for a in asks] == [
        ("declare", "declare"),
        ("roll", "party-initiative"),
    ]
    # 004: "The intention to flee from melee this Round must be declared" - Ilmo is in
    # no melee yet, so a spell or a rune only.
    assert [o.value for o in asks[0].fields[0].options] == ["spell", "rune"]
    assert controller.asks("grik") == ()  # the Referee declares for the goblins
    with pytest.raises(RulesError, match="does not take token"):
        controller.answer("ilmo", "declare", {"token": "brega", "kind": "spell"})
    controller.answer("ilmo", "declare", {"kind": "rune", "detail": "Gust"})
    assert controller.state().declarations["ilmo"].detail == "Gust"  # type: ignore[attr-defined]
    assert [a.action for a in controller.asks("ilmo")] == [
        "declare",
        "withdraw",
        "party-initiative",
    ]
    # 004: "One player rolls for the adventuring party as a whole".
    (roll,) = [a for a in controller.asks("brega") if a.kind == "roll"]
    assert roll.roll is not None and roll.roll.text == "1d6"
    controller.answer("brega", "party-initiative", faces=[5])
    assert controller.state().initiative == {"pcs": [5]}  # type: ignore[attr-defined]
    # "Certain actions must be declared before initiative is rolled".
    assert controller.asks("ilmo") == ()
    with pytest.raises(RulesError, match="that is not asked of Ilmo now"):
        controller.answer("ilmo", "withdraw")
    with pytest.raises(RulesError, match="not possible now"):
        controller.perform("declare", {"token": "grik", "kind": "spell"})
    controller.perform("roll-initiative", manual=[2])  # the Referee rolls the goblins
    assert controller.state().initiative == {"pcs": [5], "goblins": [2]}  # type: ignore[attr-defined]
