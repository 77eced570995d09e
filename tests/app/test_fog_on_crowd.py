"""Fog turned on over a crowd on the players' screen (issue 32): the turn it lands hides
every token item the fog now hides (the screen shows none, not for a frame) and leaves them
on the scene, taken off a few hundred a turn after: taking 5,000 off in that turn held the
GUI 14 ms of the 69 it spent. The GM's own map keeps every item."""

from __future__ import annotations

import weakref
from typing import Any

from tactical.app.map.scene.token_item import TokenItem
from tactical.app.map.scene.token_pending import RELEASED_PER_TURN
from tactical.core.changes import GM
from tactical.core.commands.fog import SetFogSetting

from .test_crowded_map_items import RED, close_to, colour_on_view, crowd_on_the_tv
from .test_fog_reveal_crowd import SE
from .test_lazy_token_items import made_ids


def on_scene(scene: Any) -> list[TokenItem]:
    return [item for item in scene.items() if isinstance(item, TokenItem)]


def test_fog_on_hides_the_players_crowd_at_once_and_takes_their_items_off_later(
    make_services: Any, qtbot: Any
) -> None:
    services, player = crowd_on_the_tv(make_services, qtbot)
    scene, document = player.scene, services.document
    gm_items = len(on_scene(services.scene))
    items = [weakref.ref(item) for item in scene.token_items.values()]
    assert len(items) == 1202 and close_to(colour_on_view(player.view, SE), RED)

    document.push(SetFogSetting("enabled", True), GM)  # nothing found: every token hidden
    kept = on_scene(scene)
    assert len(kept) == 1202  # still on the scene in this turn: none taken off yet
    assert not any(item.isVisible() for item in kept)  # but none shown
    assert not made_ids(scene) and not scene.tokens.pending
    assert scene.token_item_at(SE) is None
    assert not close_to(colour_on_view(player.view, SE), RED)  # the first frame shows none
    del kept

    qtbot.waitUntil(lambda: not on_scene(scene))  # off the scene a few hundred a turn
    assert len(items) > RELEASED_PER_TURN
    qtbot.waitUntil(lambda: all(item() is None for item in items))  # and freed
    assert len(on_scene(services.scene)) == gm_items  # the GM's map keeps them all


def test_fog_off_again_before_the_old_items_are_gone_shows_each_token_once(
    make_services: Any, qtbot: Any
) -> None:
    services, player = crowd_on_the_tv(make_services, qtbot)
    scene, document = player.scene, services.document
    document.push(SetFogSetting("enabled", True), GM)
    document.push(SetFogSetting("enabled", False), GM)  # the same turn: the old ones hidden still
    shown = [item for item in on_scene(scene) if item.isVisible()]
    assert len(shown) == 1202 == len(scene.token_items)
    assert {item.token_id for item in shown} == set(scene.token_items)
    qtbot.waitUntil(lambda: len(on_scene(scene)) == 1202)  # the old ones gone, the new ones kept
    assert all(item.isVisible() for item in on_scene(scene))
    assert close_to(colour_on_view(player.view, SE), RED)
