"""The example evening opens in the app, and the party walks it from the first scene to the last."""

from __future__ import annotations

from tactical.core.changes import GM
from tactical.core.commands.party import MoveToScene

from ..conftest import MAPS
from ..test_player_view import open_player_view

EVENING = MAPS / "evening-crow-hill.tactical.json"
PARTY = ["aldric", "mira", "oswin", "elska"]


def test_the_party_walks_from_the_tavern_to_the_crypt(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    assert window.files.open_path(EVENING), window.errors
    document = window.document
    evening = document.evening
    tavern, road, crypt = evening.scenes
    assert document.encounter is tavern.encounter
    player = open_player_view(window, qtbot)
    assert set(PARTY) <= set(player.scene.token_items)
    moves = window.travel.moves
    assert sorted(moves.party()) == sorted(PARTY)
    assert window.travel.party_section.names() == [
        "Ser Aldric",
        "Mira Quickfoot",
        "Brother Oswin",
        "Elska the Wise",
    ]
    (front_door,) = tavern.exits
    assert [m.text for m in window.travel.exits.layer.markers.values()] == [
        "to The road over Crow Hill"
    ]
    fatigue = tavern.encounter.tokens["mira"].figures["fatigue"]
    assert moves.through(front_door, moves.party())
    assert not set(PARTY) & set(player.scene.token_items)  # gone from the tavern's view
    on_road = road.encounter.tokens
    assert sorted(t.character for t in on_road.values() if t.character) == sorted(PARTY)
    assert on_road["aldric"].position == front_door.to
    assert on_road["mira"].figures["fatigue"] == fatigue
    # down the stairs, as the GM on the road would (one step, the crypt's fog opening)
    stairs = next(e for e in road.exits if e.to_scene == crypt.id)
    document.push(MoveToScene.through(evening, road.id, stairs, PARTY), GM)
    grid = crypt.encounter.grid
    assert grid is not None
    qtbot.waitUntil(lambda: bool(crypt.encounter.fog.mask(grid).any()))
    arrived = crypt.encounter.tokens["aldric"].position
    assert arrived == stairs.to
    assert crypt.encounter.fog.mask(grid)[arrived[1], arrived[0]]
    document.undo_stack.undo()  # back up the stairs, the crypt dark again
    assert not crypt.encounter.fog.mask(grid).any()
    assert set(PARTY) <= set(road.encounter.tokens)
