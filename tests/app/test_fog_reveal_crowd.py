"""A reveal that brings a crowd into the players' view (issue 32): on a screen showing the
map, the tokens it brings are drawn as dots in the very next frame, and no token item is made
in the turn the reveal lands (5,000 of them on 1024 x 1024 came 48 a turn, over seconds);
their items come over the next turns, or at once when anything needs them. Whatever the fog
hides again, the screen forgets at once: no item and no dot of it is kept."""

from __future__ import annotations

import weakref
from collections import Counter
from typing import Any

import numpy as np
from PySide6.QtCore import QPointF

from tactical.app.map.geometry import CELL
from tactical.core.changes import GM
from tactical.core.commands import MoveToken, RevealSquares
from tactical.core.commands.base import Batch
from tactical.core.commands.fog import SetFogSetting, reveal_all
from tactical.core.fog import rectangle_squares
from tactical.core.fog_queries import each_shown_to_players, shown_to_players

from .test_crowded_map_items import RED, SIZE, close_to, colour_on_view, crowd_on_the_tv, crowded
from .test_lazy_token_items import made_ids, no_steps

__all__ = ["no_steps"]

SE = QPointF((SIZE - 1.5) * CELL, (SIZE - 1.5) * CELL)
"""The middle of the south-east corner's token (red, alone there)."""


def test_a_crowd_revealed_on_the_players_screen_is_drawn_at_once_with_no_item_made(
    make_services: Any, qtbot: Any, no_steps: None
) -> None:
    encounter = crowded()
    encounter.fog.enabled = True  # nothing found: the players see no token
    services = make_services(encounter)
    player = services.open_player_view()
    qtbot.waitExposed(player)
    player.view.viewport().repaint()
    scene, document = player.scene, services.document
    assert not made_ids(scene) and not scene.tokens.pending
    assert not close_to(colour_on_view(player.view, SE), RED)

    document.push(reveal_all(document.encounter), GM)
    squares = Counter(t.position for t in document.encounter.tokens.values())
    shared = {t.id for t in document.encounter.tokens.values() if squares[t.position] > 1}
    assert made_ids(scene) == shared - {"spy"}  # lone tokens wait: no item made for them
    shown = {t.id for t in document.encounter.tokens.values() if not t.hidden}
    assert set(scene.tokens.pending.ids) == shown - shared
    assert not scene.tokens.fog_watch._later  # none left to come turn by turn
    assert close_to(colour_on_view(player.view, SE), RED)  # the next frame draws every one

    hide = rectangle_squares((SIZE // 2, SIZE // 2), (SIZE - 1, SIZE - 1))
    document.push(RevealSquares(hide, reveal=False), GM)  # the fog takes the south-east back
    assert "se" not in scene.tokens.pending.ids and "se" not in made_ids(scene)
    assert not close_to(colour_on_view(player.view, SE), RED)
    assert len(scene.token_items) == len(
        [t for t in document.encounter.tokens.values() if shown_to_players(document.encounter, t)]
    )  # read: every item made, none the fog hides

    document.push(reveal_all(document.encounter, False), GM)  # all hidden again
    assert not made_ids(scene) and not scene.tokens.pending
    assert not close_to(colour_on_view(player.view, SE), RED)


def test_the_players_tokens_asked_together_are_those_asked_one_by_one() -> None:
    encounter = crowded()
    tokens = list(encounter.tokens.values())
    tokens[5].size = 3  # a large token: any of its squares found shows it
    tokens[6].position = (SIZE + 4, 2)  # off the map: never in fog
    for found in (None, (0, 0, 100, 100), (90, 90, SIZE, SIZE)):
        encounter.fog.enabled = True
        mask = None
        if found is not None:
            mask = np.zeros((SIZE, SIZE), dtype=np.bool_)
            mask[found[1] : found[3], found[0] : found[2]] = True
        encounter.fog.set_mask(mask)
        want = [shown_to_players(encounter, t) for t in tokens]
        assert each_shown_to_players(encounter, tokens) == want
        encounter.fog.enabled = False
        assert each_shown_to_players(encounter, tokens) == [not t.hidden for t in tokens]


def test_fog_turned_on_over_the_players_crowd_keeps_none_of_their_items(
    make_services: Any, qtbot: Any
) -> None:
    services, player = crowd_on_the_tv(make_services, qtbot)
    scene, document = player.scene, services.document
    items = [weakref.ref(item) for item in scene.token_items.values()]
    assert len(items) == 1202 and close_to(colour_on_view(player.view, SE), RED)
    document.push(SetFogSetting("enabled", True), GM)  # nothing found: every token hidden
    assert not made_ids(scene) and not scene.tokens.pending
    assert not close_to(colour_on_view(player.view, SE), RED)
    qtbot.waitUntil(lambda: all(item() is None for item in items))  # freed over a few turns


def test_a_move_that_reveals_a_crowd_leaves_it_as_dots_too(
    make_services: Any, qtbot: Any, no_steps: None
) -> None:
    """A party token's move and the reveal it brings are one change: the crowd it brings
    into view waits as dots like any reveal's (the move made every pending item first)."""
    encounter = crowded()
    encounter.fog.enabled = True
    services = make_services(encounter)
    player = services.open_player_view()
    qtbot.waitExposed(player)
    player.view.viewport().repaint()
    scene, document = player.scene, services.document
    step = Batch("t0 moves", [MoveToken("t0", (9, 8)), reveal_all(document.encounter)])
    document.push(step, GM)
    squares = Counter(t.position for t in document.encounter.tokens.values())
    shared = {t.id for t in document.encounter.tokens.values() if squares[t.position] > 1}
    assert made_ids(scene) == shared - {"spy"}
    assert "t0" in scene.tokens.pending.ids and "se" in scene.tokens.pending.ids
    assert close_to(colour_on_view(player.view, SE), RED)
