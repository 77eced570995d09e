"""The player's hand API (issue 31): the values every procedure gives a character's phone."""

from __future__ import annotations

import pytest

from tactical.rules.player_hand import RollSpec, TurnEntry, TurnView, to_json


def test_a_roll_reads_as_the_table_says_it_and_totals_the_faces_typed() -> None:
    spec = RollSpec.of("2d6", 1, "initiative")
    assert (spec.text, spec.count, spec.sides) == ("2d6 + 1", 2, 6)
    assert spec.total([4, 5]) == 10
    with pytest.raises(ValueError, match="a d6 shows 1 to 6, not 7"):
        spec.total([7, 1])
    with pytest.raises(ValueError, match="2d6 \\+ 1 needs 2 dice, not 1"):
        spec.total([3])
    assert RollSpec.of("1d4", -2, "injury").text == "1d4 - 2"


def test_a_turn_seen_by_a_screen_leaves_out_whom_it_does_not_see() -> None:
    turn = TurnView(
        2,
        "Move",
        (TurnEntry("bram", "Bram"), TurnEntry("ghost", "Ghost"), TurnEntry("ann", "Ann")),
        ("ghost",),
        "ann",
    )
    seen = turn.seen_by({"bram", "ann"})
    assert [e.name for e in seen.order] == ["Bram", "Ann"]
    assert seen.current == ()
    assert seen.you_are_next("ann") and not seen.your_turn("ann")
    assert "ghost" not in repr(to_json(seen)).lower()
