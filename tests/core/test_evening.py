"""The evening's model: one party on every scene, moving between scenes, springing an ambush."""

from __future__ import annotations

from tactical.core.commands import SetStatus, UndoStack
from tactical.core.commands.party import MarkGroup, MoveToScene, SetCharacter
from tactical.core.commands.scenes import DeleteScene, DuplicateScene, RenameScene, ShowScene
from tactical.core.encounter import Encounter
from tactical.core.evening import Character, Evening, Scene, TokenGroup
from tactical.core.grid import GridMap
from tactical.core.tokens import Token
from tactical.rules.spring import spring


def _evening() -> Evening:
    mira = Character("mira", "Mira", statuses={"Blessed": 1})
    tavern = Encounter(GridMap(10, 10), [mira.token("mira", (1, 1))], name="Tavern")
    road = Encounter(
        GridMap(20, 10),
        [mira.token("mira", (2, 2)), Token("bandit", "Bandit", position=(9, 5), hidden=True)],
        name="Road",
    )
    return Evening([Scene("tavern", tavern), Scene("road", road)], [mira], shown="tavern")


def test_a_status_set_on_one_scene_shows_on_every_scene_and_its_undo_too() -> None:
    evening = _evening()
    tavern, road = (s.encounter for s in evening.scenes)
    stack = UndoStack(tavern)
    stack.push(SetStatus("mira", "Prone", 1))
    assert road.tokens["mira"].statuses == {"Blessed": 1, "Prone": 1}
    assert evening.roster["mira"].statuses == {"Blessed": 1, "Prone": 1}
    stack.undo()
    assert road.tokens["mira"].statuses == {"Blessed": 1}


def test_a_roster_edit_reaches_every_scene() -> None:
    evening = _evening()
    stack = UndoStack(evening.scenes[0].encounter)
    stack.push(SetCharacter(evening, Character("mira", "Mira the Bold", speed=8)))
    assert {s.encounter.tokens["mira"].name for s in evening.scenes} == {"Mira the Bold"}
    stack.undo()
    assert {s.encounter.tokens["mira"].speed for s in evening.scenes} == {6}


def test_moving_to_a_scene_keeps_statuses_and_figures_and_undoes_in_one_step() -> None:
    evening = _evening()
    tavern = evening.scenes[0].encounter
    tavern.add_token(Token("ox", "Ox", side="pcs", position=(3, 3), figures={"Load": 2}))
    tavern.tokens["ox"].statuses["Tired"] = 2
    stack = UndoStack(tavern)
    stack.push(MoveToScene(evening, "tavern", ["ox"], "road", (10, 5)))
    road = evening.scenes[1].encounter
    assert "ox" not in tavern.tokens
    assert road.tokens["ox"].statuses == {"Tired": 2}
    assert road.tokens["ox"].figures == {"Load": 2}
    assert road.tokens["ox"].position == (10, 5)
    stack.undo()
    assert tavern.tokens["ox"].position == (3, 3) and "ox" not in road.tokens


def test_spring_reveals_the_group_and_starts_the_fight() -> None:
    evening = _evening()
    road = evening.scenes[1].encounter
    stack = UndoStack(road)
    stack.push(MarkGroup(evening, "road", TokenGroup("ambush", "Ambush", ["bandit"])))
    stack.push(spring(evening, "road", "ambush", "thrum", seed=1))
    assert not road.tokens["bandit"].hidden
    assert road.procedure == "thrum"
    stack.undo()
    assert road.tokens["bandit"].hidden and road.procedure is None


def test_scene_list_edits_undo() -> None:
    evening = _evening()
    stack = UndoStack(evening.scenes[0].encounter)
    stack.push(DuplicateScene(evening, "road"))
    stack.push(RenameScene(evening, "tavern", "Inn"))
    stack.push(ShowScene(evening, "road"))
    stack.push(DeleteScene(evening, "road"))
    assert [s.name for s in evening.scenes] == ["Inn", "Road (copy)"]
    assert evening.shown_scene.name == "Inn"
    for _ in range(4):
        stack.undo()
    assert [s.name for s in evening.scenes] == ["Tavern", "Road"]
    assert evening.shown is None or evening.shown == "tavern"
