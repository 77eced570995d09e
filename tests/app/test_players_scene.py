"""The TV's scene asks the players' projection: templates cut to what may be seen, none of a
token the players may not see, no height written under fog (issue 30)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainter, QPdfWriter

from tactical.app.encounter.document import EncounterDocument
from tactical.app.map.geometry import CELL
from tactical.app.map.scene.map_scene import MapScene
from tactical.core.changes import GM
from tactical.core.commands import RevealSquares
from tactical.core.encounter import Encounter
from tactical.core.fog import Fog
from tactical.core.grid import GridMap
from tactical.core.templates import Template
from tactical.core.tokens import Token

from .byte_scan import pdf_text


def fogged_strip() -> Encounter:
    """Six squares across, the left three found; a +2 square under fog at (4, 0)."""
    fog = Fog(enabled=True)
    found = np.zeros((2, 6), dtype=np.bool_)
    found[:, :3] = True
    fog.set_mask(found)
    grid = GridMap(6, 2)
    grid.elevation[0, 4] = 2
    tokens = [Token("a", "A", "pcs", (0, 0)), Token("spy", "Spy", "npcs", (5, 1), hidden=True)]
    templates = [
        Template("fire", "area", 2, origin=(2, 0)),
        Template("trap", "area", 1, "spy", origin=(1, 1)),  # placed by the hidden spy
    ]
    return Encounter(grid, tokens, templates=templates, fog=fog)


def centre(col: int, row: int) -> QPointF:
    return QPointF((col + 0.5) * CELL, (row + 0.5) * CELL)


def test_the_players_scene_draws_templates_only_where_and_whose_they_may_see(qtbot) -> None:  # type: ignore[no-untyped-def]
    document = EncounterDocument(fogged_strip())
    players, gm = MapScene(document, player=True), MapScene(document)
    assert set(gm.template_items) == {"fire", "trap"}
    assert set(players.template_items) == {"fire"}  # not the hidden spy's trap
    fire = players.template_items["fire"]
    assert fire.contains_point(centre(2, 0)) and fire.contains_point(centre(2, 1))
    assert not fire.contains_point(centre(3, 0))  # under fog: not drawn, not even covered
    assert gm.template_items["fire"].contains_point(centre(3, 0))
    document.push(RevealSquares([(3, 0)]), GM)
    assert players.template_items["fire"].contains_point(centre(3, 0))


def written(scene: MapScene, path: Path) -> list[str]:
    """The words a reader could extract from ``scene`` drawn (as the TV draws it) into a PDF."""
    writer = QPdfWriter(str(path))
    painter = QPainter(writer)
    scene.render(painter, QRectF(0, 0, 6000, 2000), QRectF(0, 0, 6 * CELL, 2 * CELL))
    painter.end()
    del writer
    return pdf_text(path).split()


def test_the_players_scene_writes_no_height_under_fog(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    document = EncounterDocument(fogged_strip())
    players, gm = MapScene(document, player=True), MapScene(document)
    assert "+2" in written(gm, tmp_path / "gm.pdf")
    assert "+2" not in written(players, tmp_path / "players.pdf")  # not even under the fog
    gm.set_player_filter(True)  # the GM's "Hide secrets on this screen": the same
    assert "+2" not in written(gm, tmp_path / "hidden.pdf")
    document.push(RevealSquares([(4, 0)]), GM)
    assert "+2" in written(players, tmp_path / "found.pdf")
