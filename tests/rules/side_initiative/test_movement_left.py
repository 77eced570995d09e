"""Movement spent across several drags: ``ProcedureState.moved`` and ``movement_left``.

Thrum quotes ``001_18fb441042e7114e.txt``; Side initiative ``004_ee0c95b780bc2907.txt``.
"""

from __future__ import annotations

from .fight import side_fight

# -- Side initiative --------------------------------------------------------------


def test_side_initiative_half_speed_in_melee_and_none_when_casting() -> None:
    table = side_fight()
    # 004 line 81: "Combatants can move up to their Speed in feet per Round": 20 ft is 4.
    assert table.gm.movement_left("snit") == 4
    # 004 line 75: in melee, "up to half their Speed in feet per Round": 10 ft is 2.
    assert table.gm.movement_left("grik") == 2
    # 004 line 36: "Those wishing to cast a spell ... may not move in the same Round."
    assert table.gm.movement_left("mox") == 0
    # The party is not moving now.
    assert table.gm.movement_left("brega") is None
    assert table.gm.movement_budgets() == {"grik": 2, "snit": 4, "mox": 0}


def test_side_initiative_stepping_out_of_melee_does_not_give_back_the_other_half() -> None:
    table = side_fight()
    table.drag("grik", (6, 2), 1)
    assert table.gm.movement_left("grik") == 1
    assert "Grik: in melee, up to 10 ft (more only by fleeing, declared)." in table.gm.view().notes
    table.drag("snit", (8, 0), 2)
    assert table.gm.movement_left("snit") == 2
    table.stack.undo()
    assert table.gm.movement_left("snit") == 4


def test_side_initiative_counts_only_in_the_movement_phase_and_resets_each_round() -> None:
    table = side_fight()
    table.drag("snit", (8, 0), 2)
    table.press("next")
    assert table.state.phase == "missile"
    assert table.gm.movement_left("snit") is None
    for _ in range(3):
        table.press("next")
    assert table.state.phase == "movement" and table.state.order[table.state.group] == ["pcs"]
    assert table.gm.movement_left("brega") == 3  # still in melee with Grik: 15 ft
    for _ in range(4):
        table.press("next")
    table.press("next-round")
    assert table.state.moved == {}
