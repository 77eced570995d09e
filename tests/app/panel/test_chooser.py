"""With no procedure running, the chooser offers one written for the map's kind."""

from __future__ import annotations

from typing import Any

from tactical.app.encounter.document import EncounterDocument
from tactical.app.panel import CombatPanel
from tactical.core import Area, AreaMap, Encounter, GridMap, polygon_from_points


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
