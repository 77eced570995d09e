"""The example evening opens in the app, and the party walks it from the first scene to the last."""

from __future__ import annotations

from tactical.app.scenes.travel.move_dialog import MoveChoice

from ..conftest import MAPS
from ..test_player_view import open_player_view

EVENING = MAPS / "evening-crow-hill.tactical.json"
PARTY = ["aldric", "mira", "oswin", "elska"]


def test_the_party_walks_from_the_tavern_to_the_crypt(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    assert window.files.open_path(EVENING), window.errors
    document = window.document
    tavern, road, crypt = document.evening.scenes
    assert document.encounter is tavern.encounter
    player = open_player_view(window, qtbot)
    assert set(PARTY) <= set(player.scene.token_items)
    travel = window.travel
    assert travel.party_section.names() == [
        "Ser Aldric",
        "Mira Quickfoot",
        "Brother Oswin",
        "Elska the Wise",
    ]
    assert [m.text for m in travel.exits.layer.markers.values()] == ["to The road over Crow Hill"]
    fatigue = tavern.encounter.tokens["mira"].figures["fatigue"]
    # the whole party, through the front door, and the GM goes along
    (front_door,) = tavern.exits
    travel.moves.ask_move = lambda request: MoveChoice(
        request.party, front_door.to_scene, front_door.to, follow=True
    )
    assert travel.moves.move_selected([])
    assert document.encounter is road.encounter
    on_road = road.encounter.tokens
    assert sorted(t.character for t in on_road.values() if t.character) == sorted(PARTY)
    assert on_road["aldric"].position == front_door.to
    assert on_road["mira"].figures["fatigue"] == fatigue
    assert sorted(m.text for m in travel.exits.layer.markers.values()) == [
        "to Crypt of the Hollow Saint",
        "to The Drowned Rat",
    ]
    # the goblins spring their ambush; the party then takes the stairs down
    travel.encounters.ask_procedure = lambda choices, offered: "thrum"
    (ambush,) = road.groups
    assert travel.encounters.spring(ambush.id)
    assert road.encounter.procedure == "thrum"
    assert not any(on_road[t].hidden for t in ambush.tokens)
    stairs = next(e for e in road.exits if e.to_scene == crypt.id)
    for token_id in PARTY:
        window.scene.token_items[token_id].setSelected(True)
    assert travel.exits.take(stairs)
    grid = crypt.encounter.grid
    assert grid is not None
    qtbot.waitUntil(lambda: bool(crypt.encounter.fog.mask(grid).any()))  # reveal after moves
    arrived = {crypt.encounter.tokens[t].position for t in PARTY}
    assert crypt.encounter.tokens["aldric"].position == stairs.to and len(arrived) == 4
    assert all(crypt.encounter.fog.mask(grid)[row, col] for col, row in arrived)  # type: ignore[misc]
    document.undo_stack.undo()  # back up the stairs, the crypt dark again
    assert not crypt.encounter.fog.mask(grid).any()
    assert set(PARTY) <= set(road.encounter.tokens)
