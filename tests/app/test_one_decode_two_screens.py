"""The GM's map and the TV on one scene decode its background once between them.

Each screen keeps its own picture cache (picture ids may repeat across scenes), but the
decoded picture is shared by its bytes: a 6144 x 3456 battle map decoded twice cost about
85 MB more."""

from __future__ import annotations

import secrets
from typing import Any

from PySide6.QtGui import QColor, QImage

from tactical.app.players.player_view import PlayerView
from tactical.app.storage import pictures
from tactical.core.encounter import Encounter
from tactical.core.grid import GridMap
from tactical.core.pictures import Background, Picture, picture_id

from .qt_images import png_bytes


def a_picture_of_its_own() -> bytes:
    """A PNG no other test decoded (its colour drawn at random)."""
    image = QImage(300, 200, QImage.Format.Format_RGB32)
    image.fill(QColor(f"#{secrets.token_hex(3)}"))
    image.setPixelColor(0, 0, QColor(f"#{secrets.token_hex(3)}"))
    return png_bytes(image)


def test_the_gm_and_the_tv_on_one_scene_decode_its_background_once(
    make_services: Any, qtbot: Any
) -> None:
    data = a_picture_of_its_own()
    picture = Picture(picture_id(data), data=data)
    encounter = Encounter(
        GridMap(3, 2), pictures=[picture], background=Background(picture.id, 0, 0, 100)
    )
    before = pictures.decodes()
    services = make_services(encounter)
    gm_art = services.scene.background_art
    assert gm_art.image is not None and gm_art.image.width() == 300
    player = services.open_player_view()
    assert isinstance(player, PlayerView)
    qtbot.addWidget(player)
    qtbot.waitExposed(player)
    tv_art = player.scene.background_art
    assert tv_art.cache is not gm_art.cache  # each screen its own cache ...
    assert tv_art.image is not None
    assert tv_art.image.cacheKey() == gm_art.image.cacheKey()  # ... one picture in memory
    assert pictures.decodes() - before == 1
