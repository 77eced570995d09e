"""A crowded map opens before its token items are made, and nothing a GM or a player
sees or does can tell (issue 22, fourth pass: ``scene/token_pending.py``).

The crowded field of ``test_crowded_map_items`` (1,203 tokens, more than
``LAZY_FROM``): its lone tokens are *pending* after the map opens, drawn as dots from
the encounter; their items are made after the first frame a step at a time, or at
once when anything needs them. In most tests here the steps are held back
(:func:`no_steps`), so what is checked is the first instant after the map opened.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

from tactical.app.map.geometry import CELL
from tactical.app.map.scene.map_scene import MapScene
from tactical.app.map.scene.token_pending import LAZY_FROM, PendingTokens
from tactical.app.players.player_view import PlayerView
from tactical.core.changes import GM
from tactical.core.commands import MoveToken
from tactical.persistence import save_encounter

from .services_kit import FakeServices
from .test_crowded_map_items import BLUE, RED, SIZE, close_to, colour_on_view, crowded


@pytest.fixture
def no_steps(monkeypatch: pytest.MonkeyPatch) -> None:
    """The event loop never gets to make the pending items on its own."""
    monkeypatch.setattr(PendingTokens, "start", lambda self: None)


def open_field(make_services: Any, folder: Path, fogged: bool = False) -> FakeServices:
    """The crowded field opened in the window (File > Open, as at start-up) and painted.

    ``fogged``: fog on, everything revealed but the north-west corner's token's square.
    """
    encounter = crowded()
    if fogged:
        mask = np.ones((SIZE, SIZE), dtype=np.bool_)
        mask[1, 1] = False  # row 1, column 1: where "nw" stands
        encounter.fog.enabled = True
        encounter.fog.set_mask(mask)
    path = folder / "crowded.tactical.json"
    save_encounter(encounter, path)
    services: FakeServices = make_services()
    assert services.files.load_path(path)
    services.view.viewport().repaint()
    return services


def made_ids(scene: MapScene) -> set[str]:
    return {item.token_id for item in scene.tokens.made_items()}


def grab(view: Any) -> QImage:
    view.viewport().repaint()
    return view.viewport().grab().toImage()


def centre_on_view(services: FakeServices, col: int, row: int) -> Any:
    return services.view.mapFromScene(QPointF((col + 0.5) * CELL, (row + 0.5) * CELL))


def test_the_lone_tokens_wait_as_dots_drawn_exactly_as_their_items_draw_them(
    make_services: Any, tmp_path: Path, no_steps: None
) -> None:
    services = open_field(make_services, tmp_path)
    scene = services.scene
    pending = set(scene.tokens.pending.ids)
    assert len(crowded().tokens) > LAZY_FROM
    assert {"nw", "se", "spy"} <= pending and len(pending) > 1000
    assert made_ids(scene) == set(crowded().tokens) - pending  # those sharing a square
    assert close_to(colour_on_view(services.view, QPointF(1.5 * CELL, 1.5 * CELL)), RED, 60)
    before = grab(services.view)
    scene.tokens.make_pending()
    assert not scene.tokens.pending and made_ids(scene) == set(crowded().tokens)
    assert grab(services.view) == before  # the same pixels, pending or made


def test_a_click_on_a_token_with_no_item_yet_selects_it(
    make_services: Any, qtbot: Any, tmp_path: Path, no_steps: None
) -> None:
    services = open_field(make_services, tmp_path)
    assert "se" in services.scene.tokens.pending.ids
    where = centre_on_view(services, SIZE - 2, SIZE - 2)
    qtbot.mouseClick(services.view.viewport(), Qt.MouseButton.LeftButton, pos=where)
    assert [item.token_id for item in services.scene.selectedItems()] == ["se"]  # type: ignore[attr-defined]
    assert services.document.undo_stack.count() == 0


def test_a_token_with_no_item_yet_is_dragged_at_once_in_one_undo_entry(
    make_services: Any, qtbot: Any, tmp_path: Path, no_steps: None
) -> None:
    services = open_field(make_services, tmp_path)
    assert "se" in services.scene.tokens.pending.ids
    viewport = services.view.viewport()
    qtbot.mousePress(
        viewport, Qt.MouseButton.LeftButton, pos=centre_on_view(services, SIZE - 2, SIZE - 2)
    )
    for col in (SIZE - 3, SIZE - 4):
        qtbot.mouseMove(viewport, centre_on_view(services, col, SIZE - 2))
    qtbot.mouseRelease(
        viewport, Qt.MouseButton.LeftButton, pos=centre_on_view(services, SIZE - 4, SIZE - 2)
    )
    assert services.document.encounter.tokens["se"].position == (SIZE - 4, SIZE - 2)
    assert services.document.undo_stack.count() == 1
    item = services.scene.token_items["se"]
    assert item.pos() == QPointF((SIZE - 4) * CELL, (SIZE - 2) * CELL)


def test_reading_the_items_or_changing_the_model_makes_every_item_first(
    make_services: Any, tmp_path: Path, no_steps: None
) -> None:
    services = open_field(make_services, tmp_path)
    scene = services.scene
    assert scene.token_items["nw"].token_id == "nw"  # asked for: all made, none missing
    assert not scene.tokens.pending and len(scene.token_items) == len(crowded().tokens)
    other = open_field(make_services, tmp_path)
    assert other.scene.tokens.pending
    other.document.push(MoveToken("se", (SIZE - 3, SIZE - 2)), GM)
    assert not other.scene.tokens.pending
    item = other.scene.tokens.made("se")
    assert item is not None and item.pos() == QPointF((SIZE - 3) * CELL, (SIZE - 2) * CELL)


def test_every_token_gets_its_item_after_the_first_frame_unasked(
    make_services: Any, qtbot: Any, tmp_path: Path
) -> None:
    services = open_field(make_services, tmp_path)
    scene = services.scene
    before = grab(services.view)
    qtbot.waitUntil(lambda: not scene.tokens.pending, timeout=10_000)
    assert made_ids(scene) == set(crowded().tokens)
    assert all(item.dotted for item in scene.tokens.made_items())
    assert grab(services.view) == before


def test_the_players_screen_never_draws_a_hidden_or_fogged_token_before_its_item(
    make_services: Any, qtbot: Any, tmp_path: Path, no_steps: None
) -> None:
    services = open_field(make_services, tmp_path, fogged=True)
    player = services.open_player_view()
    assert isinstance(player, PlayerView)
    qtbot.addWidget(player)
    qtbot.waitExposed(player)
    scene = player.scene
    pending = set(scene.tokens.pending.ids)
    assert len(pending) > 1000
    assert "spy" not in pending and "nw" not in pending  # hidden; in fog
    assert "spy" not in made_ids(scene) and "nw" not in made_ids(scene)
    assert len(list(scene.tokens.pending_dots())) == len(pending)
    spy = services.document.encounter.tokens["spy"]
    assert spy.square is not None
    spot = QPointF((spy.square[0] + 0.5) * CELL, (spy.square[1] + 0.5) * CELL)
    before = grab(player.view)
    assert not close_to(colour_on_view(player.view, spot), BLUE)
    assert not close_to(colour_on_view(player.view, QPointF(1.5 * CELL, 1.5 * CELL)), RED)
    soldier = services.document.encounter.tokens["t5"]
    assert "t5" in pending
    soldier.hidden = True  # behind the scene's back: a dot is drawn only while it is shown
    assert len(list(scene.tokens.pending_dots())) == len(pending) - 1
    soldier.hidden = False
    scene.tokens.make_pending()
    assert "spy" not in made_ids(scene) and "nw" not in made_ids(scene)
    assert grab(player.view) == before  # the same pixels with every item made
    QApplication.processEvents()


def test_opening_another_map_while_tokens_wait_drops_them_for_the_new_maps(
    make_services: Any, tmp_path: Path, no_steps: None
) -> None:
    services = open_field(make_services, tmp_path)
    assert services.scene.tokens.pending
    other = crowded()
    for token in other.tokens.values():
        token.name = "Other " + token.name
    del other.tokens["t5"]
    path = tmp_path / "other.tactical.json"
    save_encounter(other, path)
    assert services.files.load_path(path)
    services.view.viewport().repaint()
    assert "t5" not in services.scene.tokens.pending.ids
    assert set(services.scene.token_items) == set(other.tokens)
    assert services.scene.token_items["nw"].look.name == "Other Northwest"


def test_hiding_secrets_on_the_gm_screen_while_tokens_wait_hides_the_hidden_one(
    make_services: Any, tmp_path: Path, no_steps: None
) -> None:
    services = open_field(make_services, tmp_path)
    assert "spy" in services.scene.tokens.pending.ids
    services.scene.set_player_filter(True)
    assert not services.scene.tokens.pending
    assert "spy" not in services.scene.token_items and "se" in services.scene.token_items
