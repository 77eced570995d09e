"""Fog redrawn where it changed (issue 32): each screen keeps its fog picture and redraws
the squares whose fog changed, repainting only them; the players' screen still shows fog
exactly over what it hides after any run of reveals, hides, undos and redos."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
from PySide6.QtCore import QEvent, QObject, QRect, QRectF
from PySide6.QtGui import QColor, QImage, QPainter, QPaintEvent
from PySide6.QtWidgets import QApplication

from tactical.app.encounter.document import EncounterDocument
from tactical.app.fog.layer import FogItem, install_fog_layer
from tactical.app.map.geometry import CELL
from tactical.app.map.map_view import MapView
from tactical.app.map.scene.fog_watch import SHOWN_AT_ONCE
from tactical.app.map.scene.map_scene import MapScene
from tactical.core.changes import GM
from tactical.core.commands import RevealSquares
from tactical.core.commands.fog import reveal_all
from tactical.core.encounter import Encounter
from tactical.core.fog import rectangle_squares
from tactical.core.grid import GridMap
from tactical.core.tokens import Token
from tactical.persistence import load_encounter

from .test_lazy_token_items import made_ids, no_steps, open_field

__all__ = ["no_steps"]  # a fixture of the crowded map's tests, used here too

CRYPT = Path(__file__).resolve().parents[2] / "maps" / "crypt-fog.tactical.json"


def crypt() -> Encounter:
    return load_encounter(CRYPT)


def render(scene: MapScene, encounter: Encounter, px: int = 6) -> bytes:
    grid = encounter.grid
    assert grid is not None
    image = QImage(grid.width * px, grid.height * px, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    scene.render(painter, QRectF(image.rect()), QRectF(0, 0, grid.width * CELL, grid.height * CELL))
    painter.end()
    return bytes(image.constBits())


def fog_item(scene: MapScene) -> FogItem:
    return next(i for i in scene.items() if isinstance(i, FogItem))


def test_the_players_fog_after_reveals_hides_undos_and_redos_is_the_fog_drawn_afresh(
    qtbot: Any,
) -> None:
    document = EncounterDocument(crypt())
    players = MapScene(document, player=True)
    install_fog_layer(players)
    render(players, document.encounter)  # the picture made: from now on it follows
    steps = [
        RevealSquares(rectangle_squares((14, 8), (22, 13))),
        RevealSquares(rectangle_squares((16, 9), (18, 10)), reveal=False),
        RevealSquares([(0, 0), (29, 17)]),
        reveal_all(document.encounter, False),
        RevealSquares(rectangle_squares((2, 2), (9, 6))),
    ]
    for step in steps:
        document.push(step, GM)
        fresh = MapScene(document, player=True)
        install_fog_layer(fresh)
        assert render(players, document.encounter) == render(fresh, document.encounter)
    for _ in steps:
        document.undo_stack.undo()
        fresh = MapScene(document, player=True)
        install_fog_layer(fresh)
        assert render(players, document.encounter) == render(fresh, document.encounter)


class Painted(QObject):
    """The parts of a view's viewport painted (its paint events' regions)."""

    def __init__(self, view: MapView) -> None:
        super().__init__()
        self.rects: list[QRect] = []
        view.viewport().installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if isinstance(event, QPaintEvent):
            self.rects.append(event.region().boundingRect())
        return False


def dabs_repaint_near(qtbot: Any, document: EncounterDocument, player: bool) -> None:
    scene = MapScene(document, player=player)
    install_fog_layer(scene)
    view = MapView(scene)
    qtbot.addWidget(view)
    view.resize(800, 600)
    view.show()
    view.fit_map()
    painted = Painted(view)
    document.push(RevealSquares([(27, 1)]), GM)  # the first change a scene sees
    for col in (21, 24):  # under fog, where nobody stands
        qtbot.waitUntil(lambda: bool(painted.rects))
        QApplication.processEvents()
        painted.rects.clear()
        document.push(RevealSquares(rectangle_squares((col, 14), (col + 1, 16))), GM)
        qtbot.waitUntil(lambda: bool(painted.rects))
        near = QRectF((col - 1) * CELL, 13 * CELL, 4 * CELL, 5 * CELL)
        allowed = view.mapFromScene(near).boundingRect().adjusted(-2, -2, 2, 2)
        assert all(allowed.contains(rect) for rect in painted.rects), (player, painted.rects)


def test_a_fog_dab_repaints_its_squares_and_not_the_whole_map(qtbot: Any) -> None:
    document = EncounterDocument(crypt())
    dabs_repaint_near(qtbot, document, player=False)  # the GM's window
    document.undo_stack.clear()
    document = EncounterDocument(crypt())
    dabs_repaint_near(qtbot, document, player=True)  # the player view


def test_a_fog_stroke_on_a_crowded_map_leaves_the_gms_far_tokens_for_later(
    make_window: Any, tmp_path: Path, no_steps: None
) -> None:
    window = open_field(make_window, tmp_path, fogged=True)
    scene = window.scene
    waiting = set(scene.tokens.pending.ids)
    assert len(waiting) > 1000
    window.document.push(RevealSquares([(1, 1)]), GM)  # the fog lifts from "nw"
    window.document.push(RevealSquares([(1, 1)], reveal=False), GM)
    QApplication.processEvents()
    assert set(scene.tokens.pending.ids) == waiting  # the GM sees every token, fog or not
    assert not made_ids(scene) & waiting
    assert fog_item(scene).isVisible()
    assert (
        np.count_nonzero(~window.document.encounter.fog.mask(window.document.encounter.grid)) == 1
    )  # type: ignore[arg-type]


def crowd() -> Encounter:
    """150 of the party on a 40 x 40 grid under fog, nothing found."""
    tokens = [Token(f"p{i}", f"P{i}", "pcs", (i % 40, i // 40 * 3)) for i in range(150)]
    encounter = Encounter(GridMap(40, 40), tokens)
    encounter.fog.enabled = True
    return encounter


def test_a_reveal_brings_a_crowd_into_the_players_view_over_a_few_frames(qtbot: Any) -> None:
    document = EncounterDocument(crowd())
    players = MapScene(document, player=True)
    refreshed: list[int] = []
    players.tokens_refreshed.connect(lambda: refreshed.append(len(players.token_items)))
    assert not players.token_items
    document.push(reveal_all(document.encounter), GM)
    assert len(players.token_items) == SHOWN_AT_ONCE  # the rest over the next turns
    qtbot.waitUntil(lambda: len(players.token_items) == 150)
    assert refreshed[-1] == 150
    document.push(reveal_all(document.encounter, False), GM)
    assert not players.token_items  # hidden at once, every one
    document.push(reveal_all(document.encounter), GM)
    document.push(RevealSquares(rectangle_squares((0, 0), (39, 20)), reveal=False), GM)
    qtbot.waitUntil(lambda: not players.tokens.fog_watch._later)
    shown = {t.id for t in document.encounter.tokens.values() if t.square[1] > 20}  # type: ignore[index]
    assert set(players.token_items) == shown  # none that the fog hides again came
