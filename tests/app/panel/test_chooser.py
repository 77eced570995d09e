"""With no procedure running, the chooser offers one written for the map's kind."""

from __future__ import annotations

from typing import Any

from tactical.app.encounter.document import EncounterDocument
from tactical.app.panel import CombatPanel
from tactical.core import Area, AreaMap, Encounter, GridMap, polygon_from_points
from tactical.core.evening import Evening, Scene


def test_a_grid_offers_thrum_and_an_area_map_approximated_fray(qtbot: Any) -> None:
    document = EncounterDocument(Encounter(GridMap(4, 4)))
    panel = CombatPanel(document)
    qtbot.addWidget(panel)
    assert panel.chooser.selected() == "thrum"
    # The GM's own pick survives a refresh.
    panel.chooser.combo.setCurrentIndex(panel.chooser.combo.findData("two-second-turns"))
    panel.refresh()
    assert panel.chooser.selected() == "two-second-turns"
    square = polygon_from_points([(0, 0), (4, 0), (4, 4), (0, 4)])
    document.replace_encounter(Encounter(AreaMap([Area("yard", "Yard", square)])), None)
    assert panel.chooser.selected() == "approximated-fray"


def test_the_chooser_follows_the_scene_not_the_pick_made_on_another(qtbot: Any) -> None:
    road, crypt = Encounter(GridMap(4, 4), name="Road"), Encounter(GridMap(6, 6), name="Crypt")
    Evening([Scene("road", road), Scene("crypt", crypt)], shown="road")
    document = EncounterDocument(road)
    panel = CombatPanel(document)
    qtbot.addWidget(panel)
    opened_on_crypt = EncounterDocument(crypt)  # what the chooser shows on the crypt's file
    fresh = CombatPanel(opened_on_crypt)
    qtbot.addWidget(fresh)
    natural = fresh.chooser.combo.currentText()
    panel.chooser.combo.setCurrentIndex(panel.chooser.combo.findData("two-second-turns"))
    assert panel.chooser.combo.currentText() != natural
    document.switch_scene("crypt")  # no fight there
    assert panel.chooser.combo.currentText() == natural
    panel.chooser.combo.setCurrentIndex(panel.chooser.combo.findData("two-second-turns"))
    document.replace_encounter(Encounter(GridMap(5, 5)), None)  # another file of a grid
    assert panel.chooser.combo.currentText() == natural
