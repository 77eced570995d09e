"""004_ee0c95b780bc2907.txt line 99, "Targets behind full cover cannot be hit": the map knows
where the walls are, so a shot through one is flagged for the GM (who still decides)."""

from __future__ import annotations

from tactical.core.wall_lines import WallLine

from .fight import make_fight

WARNING = (
    "A wall stands between Sef and Grik on the map: behind full cover a target cannot be hit "
    "(004 line 99). Record a miss, or roll if the GM sees a way through."
)


def test_a_shot_through_a_wall_is_announced_with_a_warning_and_left_to_the_gm() -> None:
    encounter, _stack, controller = make_fight()
    grid = encounter.grid
    assert grid is not None
    # A wall across the whole room between Sef (0, 3) and Grik (4, 2), with a closed door.
    grid.wall_lines = [
        WallLine((2, 0), (2, 3)),
        WallLine((2, 3), (2, 4), "door"),
        WallLine((2, 4), (2, 6)),
    ]
    controller.perform("roll-initiative", manual=[5, 1])
    controller.perform("begin")
    controller.perform("next")
    said = controller.perform("missile", {"attacker": "sef", "target": "grik"})
    assert WARNING in said
    assert controller.view().notes[0] == WARNING
    # Still a plain shot: the GM may roll it (a hit goes through).
    controller.perform("hit", {"damage": 2})
    assert encounter.token("grik").figures["hp"] == 1
    assert not [n for n in controller.view().notes if n.startswith("A wall stands")]


def test_an_open_door_or_no_wall_gives_no_warning() -> None:
    encounter, _stack, controller = make_fight()
    grid = encounter.grid
    assert grid is not None
    grid.wall_lines = [
        WallLine((2, 0), (2, 3)),
        WallLine((2, 3), (2, 4), "door", open=True),
        WallLine((2, 4), (2, 6)),
    ]
    controller.perform("roll-initiative", manual=[5, 1])
    controller.perform("begin")
    controller.perform("next")
    said = controller.perform("missile", {"attacker": "sef", "target": "grik"})
    assert not [line for line in said if line.startswith("A wall stands")]
    assert controller.state().attack.warning == ""
    assert not [n for n in controller.view().notes if n.startswith("A wall stands")]
    controller.perform("miss")
    # Without the wall lines at all: no warning either.
    grid.wall_lines = []
    said = controller.perform(
        "missile", {"attacker": "ilmo", "target": "mox", "ranges": "50/100/150"}
    )
    assert not [line for line in said if line.startswith("A wall stands")]
