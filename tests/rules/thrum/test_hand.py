"""A player's hand in Thrum (001_18fb441042e7114e.txt): sheet, own rolls, Overexert, delay."""

from __future__ import annotations

import pytest

from tactical.app.panel.presenter import PanelPresenter
from tactical.rules import RulesError
from tactical.rules.player_hand import RollSpec, SheetLine

from .fight import Table, run_turn, start, to_round_one


def test_a_sheet_reads_in_the_texts_words() -> None:
    table = Table()
    to_round_one(table)
    alice = table.encounter.token("alice")
    # 001: "When a character's Stress Load exceeds their Stress Tolerance, they are Frayed".
    alice.figures.update(stress_load=5, fatigue_load=1, wounds=1, stance="Guard")
    alice.statuses.update(Frayed=1, Slowed=2)
    sheet = table.gm.sheet("alice")
    assert sheet.lines == (
        SheetLine("Fatigue Load", "1", "fatigue_load"),
        SheetLine("Fatigue Tolerance", "4", "fatigue_tolerance"),
        SheetLine("Stress Load", "5", "stress_load"),
        SheetLine("Stress Tolerance", "4", "stress_tolerance"),
        SheetLine(
            "Frayed",
            "yes: +1 Bane on all defensive rolls; a Panic Roll at the start of your turn",
        ),
        SheetLine("Exhausted", "no"),
        SheetLine("Wounds", "1 of 3", "wounds"),
        SheetLine("Stance", "Guard", "stance"),
        SheetLine("Initiative", "9"),
    )
    assert sheet.statuses == ("Slowed x2",)


def test_a_player_rolls_their_own_initiative_on_the_table() -> None:
    table = Table()
    start(table)
    table.press("npcs-placed")
    # 001: "each combatant ... rolls Initiative, by rolling 2d6 and adding their
    # Initiative modifier" - Alice's modifier is +1.
    (ask,) = table.gm.asks("alice")
    assert (ask.kind, ask.action, ask.roll) == (
        "roll",
        "initiative:alice",
        RollSpec("2d6", 1, "2d6 + 1", "Initiative", 2, 6),
    )
    assert table.gm.asks("brute") == ()  # an NPC's roll is the GM's
    table.gm.answer("alice", "initiative:alice", faces=[6, 5])
    assert table.state.initiative == {"alice": 12}
    assert table.gm.asks("alice") == ()
    with pytest.raises(RulesError, match="that is not asked of Alice now"):
        table.gm.answer("alice", "initiative:alice", faces=[1, 1])
    # The GM corrects the entered roll: rolled again by the GM, it replaces the first.
    table.press("initiative:alice", manual=(8,))
    assert table.state.initiative == {"alice": 8}
    table.press("roll-initiative", manual=(11, 9, 6))  # the rest: Bob, Brute, Archer
    assert table.state.initiative == {"alice": 8, "bob": 11, "brute": 9, "archer": 6}


def test_overexert_takes_its_stress_before_the_roll_and_shows_in_the_panel() -> None:
    table = Table()
    to_round_one(table)
    assert table.current == "bob"
    assert table.gm.asks("alice") == ()  # not her turn
    table.press("start-done")
    assert [a.action for a in table.gm.asks("bob")] == []  # Move step: nothing to declare
    table.press("move-done")
    (ask,) = table.gm.asks("bob")
    assert (ask.kind, ask.action) == ("declare", "overexert")
    presenter = PanelPresenter(lambda: table.encounter, table.stack.push)
    assert "overexert" in [a.id for a in presenter.present().actions]
    # 001: "Overexert needs to be declared and Stress taken before any rolls occur."
    table.gm.answer("bob", "overexert", {"stress": 2, "ability": "Cleave"})
    assert table.figure("bob", "stress_load") == 2
    table.gm.free_roll("2d6", "bob", "Cleave")
    assert table.gm.asks("bob") == ()
    assert "overexert" not in [a.id for a in presenter.present().actions]
    with pytest.raises(RulesError, match="that is not asked of Bob now"):
        table.gm.answer("bob", "overexert", {"stress": 1})
    with pytest.raises(RulesError, match="not possible now"):
        table.press("overexert", stress=1)


def test_a_delay_is_declared_at_the_start_of_ones_own_turn() -> None:
    table = Table()
    to_round_one(table)
    (delay,) = [a for a in table.gm.asks("bob") if a.action == "delay"]
    assert [o.label for o in delay.fields[0].options] == ["Alice", "Brute", "Archer"]
    table.gm.answer("bob", "delay", {"after": "alice"})
    assert table.current == "alice"
    assert table.gm.asks("bob") == ()


def test_round_zero_asks_a_pc_its_first_stance() -> None:
    table = Table()
    start(table)
    table.press("npcs-placed")
    table.press("roll-initiative", manual=(9, 11, 9, 6))
    table.press("begin-round-zero")
    assert table.current == "bob"
    # 001: "on their turn can position themselves within the Starting Area designated by
    # the GM, and enter a Stance".
    assert [(a.action, a.title) for a in table.gm.asks("bob")] == [
        ("take-stance", "Enter a Stance")
    ]
    table.gm.answer("bob", "take-stance", {"stance": "Guard"})
    assert table.figure("bob", "stance") == "Guard"
    assert table.gm.asks("alice") == ()


def test_the_turn_names_who_is_next_even_across_the_round() -> None:
    table = Table()
    to_round_one(table)
    # 001: "Turns within a round take place in descending order of Initiative."
    assert (table.gm.turn().current, table.gm.turn().next) == (("bob",), "alice")
    for _ in range(3):
        run_turn(table)
    assert table.current == "archer"
    # "This order remains the same round after round": Bob opens the next round.
    assert table.gm.turn().next == "bob"
