"""Fog over an imported real map: no art, no wall line, no token under fog, at any zoom."""

from __future__ import annotations

import pytest

from tactical.app.encounter.document import EncounterDocument
from tactical.app.fog.look import FLAT
from tactical.app.panel.public_view import PublicTracker
from tactical.app.players.player_view import PlayerView
from tactical.core.changes import GM
from tactical.core.commands import SetFogSetting
from tactical.core.commands.fog import reveal_party_sight
from tactical.core.tokens import Token
from tactical.persistence.foreign import import_map
from tests.realdata import RealData

from .test_fog_privacy import pixels, render


@pytest.mark.parametrize("px", [3, 12, 40, 100])
def test_the_player_view_shows_only_the_found_room_of_an_imported_map(
    real_data: RealData, qtbot, px: int
) -> None:  # type: ignore[no-untyped-def]
    encounter, _ = import_map(real_data("uvtt/dd-imagix-sampleMap.dd2vtt"))
    encounter.tokens["hero"] = Token("hero", "Hero", "pcs", (3, 5))
    encounter.tokens["orc"] = Token("orc", "Orc", "npcs", (7, 5))
    document = EncounterDocument(encounter)
    document.push(SetFogSetting("enabled", True), GM)
    command = reveal_party_sight(encounter)
    assert command is not None
    document.push(command, GM)
    grid = encounter.grid
    assert grid is not None
    found = encounter.fog.mask(grid)
    assert found[5, 3] and not found[5, 7]  # the middle wall keeps the far room dark
    view = PlayerView(document, tracker=PublicTracker(document))
    qtbot.addWidget(view)
    image = pixels(render(view.scene, encounter, px))
    edge = max(1, px // 8)  # a revealed neighbour's wall line may reach a pen's width in
    found_floor = 0
    for row in range(grid.height):
        for col in range(grid.width):
            if found[row, col]:
                square = image[row * px : (row + 1) * px, col * px : (col + 1) * px]
                found_floor = max(found_floor, int(square.max()))
                continue
            inner = image[
                row * px + edge : (row + 1) * px - edge, col * px + edge : (col + 1) * px - edge
            ]
            if inner.size:
                assert int(inner.max()) <= max(FLAT) + 20, (col, row, px)
    assert found_floor > 150  # the found room's art is drawn (light wood), not fog
    view.close()
