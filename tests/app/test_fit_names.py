"""A fitted map shows the whole name of a token at its edge.

QA: at the default window size the GM view cut "Elska the Wise" (hillside ruin,
first columns) at the view's left edge: the fit framed the squares only, and a
name centred under a token at the edge reaches past them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QRectF

from tactical.persistence import load_encounter

from .settle import settle

HILLSIDE = Path(__file__).resolve().parents[2] / "maps" / "hillside-ruin.tactical.json"


@pytest.mark.parametrize(
    ("size", "legend"), [((1400, 900), False), ((1280, 900), False), ((1200, 900), True)]
)
def test_a_fitted_map_shows_every_name_whole(
    qtbot: Any, make_window: Any, size: tuple[int, int], legend: bool
) -> None:
    window = make_window(load_encounter(HILLSIDE), HILLSIDE)
    window.ensure_panel()  # docked beside the map, as the GM sees it
    window.view_menu.legend_action.setChecked(legend)  # the legend's corner moves the map aside
    window.resize(*size)
    view = window.view
    view.fit_map()
    settle(qtbot, window)  # laid out at its size, the map fitted to it and drawn
    items = window.scene.token_items.values()  # the names sized for the zoom, dots or not:
    qtbot.waitUntil(lambda: all(item.view_zoom == view.zoom for item in items))
    viewport = QRectF(view.viewport().rect())
    names = {}
    for token_id, item in window.scene.token_items.items():
        if item.dotted or not item.label_shown:
            continue  # drawn as a dot, or no room: no name drawn
        label = view.mapFromScene(item.mapRectToScene(item.label_rect())).boundingRect()
        names[token_id] = viewport.contains(QRectF(label))
    assert "elska" in names
    assert names == dict.fromkeys(names, True)
