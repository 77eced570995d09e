"""A token the players may see is drawn whole over the fog, its name label included."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from tactical.app.encounter.document import EncounterDocument
from tactical.app.fog.layer import install_fog_layer
from tactical.app.fog.look import FLAT
from tactical.app.map.geometry import CELL
from tactical.app.map.scene.map_scene import MapScene
from tactical.core.changes import GM
from tactical.core.commands import RevealSquares
from tactical.persistence import load_encounter

CRYPT = Path(__file__).resolve().parents[2] / "maps" / "crypt-fog.tactical.json"


def square_pixels(scene: MapScene, col: int, row: int) -> np.ndarray:
    """The RGB pixels of one square of ``scene``, drawn one scene unit to a pixel."""
    side = int(CELL)
    image = QImage(side, side, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    scene.render(painter, QRectF(image.rect()), QRectF(col * CELL, row * CELL, CELL, CELL))
    painter.end()
    data = np.frombuffer(image.constBits(), dtype=np.uint8).reshape(side, image.bytesPerLine())
    return data[:, : side * 4].reshape(side, side, 4)[..., :3].astype(int)


def test_a_visible_tokens_label_over_a_fogged_square_is_drawn_for_the_players(qtbot) -> None:  # type: ignore[no-untyped-def]
    document = EncounterDocument(load_encounter(CRYPT))
    ilse = document.encounter.tokens["ilse"]
    assert ilse.position == (3, 11)
    document.push(RevealSquares([(3, 12)], reveal=False), GM)  # fog right under Ilse
    players = MapScene(document, player=True)
    install_fog_layer(players)
    assert "ilse" in players.token_items
    below = square_pixels(players, 3, 12)
    label = players.token_items["ilse"].mapRectToScene(players.token_items["ilse"]._label)
    label_rows = int(label.bottom() - 12 * CELL)  # how far the label reaches into the square
    assert 4 < label_rows < CELL / 2
    # the white letters of "Ilse" show over the fog, in the label's strip
    assert (below[:label_rows].min(axis=2) > 200).sum() >= 10
    # below the label the square is fog and nothing else
    assert int(below[label_rows + 2 :].max()) <= max(FLAT) + 20
    # the GM's scene keeps tokens under its tint, the players' ghoul stays out
    gm = MapScene(document)
    fog = install_fog_layer(gm)
    assert gm.token_items["ilse"].zValue() < fog.zValue() < players.token_items["ilse"].zValue()
    assert "ghoul" not in players.token_items


def test_the_gm_filter_lifts_tokens_over_the_fog_and_puts_them_back(qtbot) -> None:  # type: ignore[no-untyped-def]
    document = EncounterDocument(load_encounter(CRYPT))
    document.push(RevealSquares([(3, 12)], reveal=False), GM)
    gm = MapScene(document)
    fog_z = install_fog_layer(gm).zValue()
    gm.set_player_filter(True)
    assert gm.token_items["ilse"].zValue() > fog_z
    gm.set_player_filter(False)
    assert gm.token_items["ilse"].zValue() < fog_z
