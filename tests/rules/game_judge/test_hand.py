"""A player's hand in Game Judge phases (002_207f3f1951758ab0.txt): declarations and FEAT."""

from __future__ import annotations

import pytest

from tactical.rules import RulesError
from tactical.rules.player_hand import SheetLine

from .fight import Table


def test_a_sheet_reads_in_the_texts_words(table: Table) -> None:
    # 002 Step Seven: "KEEP TRACK OF LOST HEALTH, LOST KARMA, STUN TIME".
    assert table.c.sheet("spark").lines == (
        SheetLine("Health", "46", "health"),
        SheetLine("Karma", "30", "karma"),
        SheetLine("Intuition", "Good", "intuition"),
        SheetLine("Declared", "nothing yet"),
        SheetLine("Movement", "3 areas"),
    )


def test_each_step_asks_the_players_what_it_asks_and_nothing_else(table: Table) -> None:
    # Step One is the GM's: "THIS IS NOT DECLARED TO THE PLAYERS UNTIL STEP THREE".
    assert table.c.asks("spark") == ()
    table.do("declare", token="brute", kind="slugfest", target="vigil")
    table.do("next")
    # "STEP TWO: PLAYERS DECIDE WHAT ACTIONS THEIR CHARACTERS EXECUTE".
    (ask,) = table.c.asks("vigil")
    assert (ask.kind, ask.action, ask.fixed) == ("declare", "declare", (("token", "vigil"),))
    assert table.c.asks("brute") == ()
    table.c.answer("vigil", "declare", {"kind": "slugfest", "target": "brute"})
    with pytest.raises(RulesError, match="does not take token"):
        table.c.answer("vigil", "declare", {"token": "spark", "kind": "hold"})
    table.c.answer("spark", "declare", {"kind": "lateral", "areas": 2})
    table.do("next")
    # Step Three: "Dodge while moving (declared during STEP THREE)"; "MULTIPLE FIGHTING
    # FEATS, EXTRA ATTACKS" for whoever declared an attack.
    assert [a.action for a in table.c.asks("vigil")] == ["dodge", "attacks"]
    assert [a.action for a in table.c.asks("spark")] == ["dodge"]
    table.c.answer("vigil", "attacks", {"count": 2})
    assert table.c.state().declarations["vigil"].attacks == 2  # type: ignore[attr-defined]
    table.c.answer("spark", "dodge", {"result": "green", "areas": 2})
    assert table.c.state().declarations["spark"].dodge == "green"  # type: ignore[attr-defined]
    with pytest.raises(RulesError, match="that is not asked of Captain Vigil now"):
        table.c.answer("vigil", "declare", {"kind": "hold"})


def test_a_player_rolls_their_own_attack_feat_when_it_is_resolved(table: Table) -> None:
    table.do("next")
    table.c.answer("vigil", "declare", {"kind": "slugfest", "target": "brute"})
    table.do("next")
    table.to_phases([6, 2])
    while table.c.primary() is not None and table.c.view().acting != {"vigil"}:
        assert table.c.asks("vigil") == ()
        table.do(table.primary()[0])
    (ask,) = table.c.asks("vigil")
    assert ask.roll is not None and (ask.action, ask.roll.text) == ("roll-feat", "1d100")
    table.c.answer("vigil", "roll-feat", faces=[87])
    assert table.encounter.dice_log[-1].result == 87
    assert table.encounter.dice_log[-1].manual
