"""A fog dab on 1024 x 1024 costs its own squares (issue 32): no whole-map array is made
while the dab is pushed, undone or redone, and both screens and the players' legend still
show exactly the fog of the model, square by square."""

from __future__ import annotations

import tracemalloc
from collections.abc import Callable
from typing import Any

import numpy as np
from PySide6.QtGui import QColor

from tactical.app.fog.install import install_fog
from tactical.app.fog.picture import FogPicture
from tactical.app.map.scene.colours import elevation_rgb
from tactical.core.changes import GM
from tactical.core.commands import RevealSquares
from tactical.core.commands.base import Batch
from tactical.core.commands.fog import SetFogSetting, reveal_all
from tactical.core.commands.tokens import MoveToken
from tactical.core.encounter import Encounter
from tactical.core.fog import brush_squares, rectangle_squares
from tactical.core.fog_queries import legend_contents, token_in_fog
from tactical.core.grid import GridMap
from tactical.core.tokens import Token
from tactical.share.players import shown_squares

from .test_fog_follows_changes import fog_item

SIDE = 1024
WHOLE_MAP = SIDE * SIDE
"""Bytes of one whole-map mask of bools: a dab may not make one."""


def big_map() -> Encounter:
    elevation = np.zeros((SIDE, SIDE), dtype=np.int16)
    elevation[:, SIDE // 2 :] = 2  # a ridge the players' legend names once found
    tokens = [Token(f"t{i}", f"T{i}", "pcs", (i * 37 % SIDE, i * 91 % SIDE)) for i in range(60)]
    encounter = Encounter(GridMap(SIDE, SIDE, elevation=elevation), tokens)
    encounter.fog.enabled = True
    return encounter


def allocated(action: Callable[[], object]) -> int:
    """The most bytes held at once by what ``action`` made (numpy's arrays included)."""
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        base = tracemalloc.get_traced_memory()[0]
        action()
        return tracemalloc.get_traced_memory()[1] - base
    finally:
        tracemalloc.stop()


def test_a_dab_on_the_biggest_map_makes_no_whole_map_array(make_services: Any, qtbot: Any) -> None:
    services = make_services(big_map())
    install_fog(services)
    player = services.open_player_view()
    document = services.document
    document.push(RevealSquares(brush_squares((10, 10), 5)), GM)  # the pictures made
    qtbot.waitUntil(lambda: player.legend.entries is not None)
    dabs = [RevealSquares(brush_squares((SIDE // 2 + i, 300), 5), gesture=7) for i in range(4)]
    for dab in dabs:
        assert allocated(lambda dab=dab: document.push(dab, GM)) < WHOLE_MAP // 4
    assert allocated(document.undo_stack.undo) < WHOLE_MAP // 4
    assert allocated(document.undo_stack.redo) < WHOLE_MAP // 4


def screens_match_the_model(services: Any, player: Any) -> None:
    """Both screens' fog pictures are the fog of the model, square by square (each the
    picture made afresh), the players' heights are written on found squares only, the
    players' legend names what they found, and the players see the tokens they found."""
    encounter = services.document.encounter
    grid, fog = encounter.grid, encounter.fog
    found = fog.mask(grid)
    for scene in (services.scene, player.scene):
        item = fog_item(scene)
        opaque = item.opaque()
        image = item._image(opaque)  # what its next paint draws
        fresh = FogPicture(found, **item._look(opaque)).image
        assert image.constBits().tobytes() == fresh.constBits().tobytes(), scene.player
    numbered = player.scene.ground.layer.numbered
    assert numbered is not None and np.array_equal(numbered, shown_squares(encounter))
    assert player.legend.entries == [
        (v, QColor(*elevation_rgb(v))) for v in legend_contents(encounter, players=True)[0]
    ]
    shown = {t.id for t in encounter.tokens.values() if not token_in_fog(encounter, t)}
    assert set(player.scene.token_items) | set(player.scene.tokens.pending.ids) == shown


def test_both_screens_follow_every_fog_change_square_by_square(
    make_services: Any, qtbot: Any
) -> None:
    encounter = big_map()
    encounter.fog.enabled = False
    services = make_services(encounter)
    install_fog(services)
    player = services.open_player_view()
    document = services.document
    ridge = SIDE // 2

    def dab(col: int, row: int, reveal: bool = True, gesture: object = 3) -> RevealSquares:
        return RevealSquares(brush_squares((col, row), 5), reveal=reveal, gesture=gesture)

    def check() -> None:
        qtbot.waitUntil(lambda: not player.scene.tokens.fog_watch._later)
        screens_match_the_model(services, player)

    steps: list[Callable[[], object]] = [
        lambda: document.push(SetFogSetting("enabled", True), GM),  # fog on: all fogged
        lambda: document.push(RevealSquares(rectangle_squares((0, 0), (600, 400))), GM),
        *[lambda i=i: document.push(dab(ridge - 4 + 3 * i, 500), GM) for i in range(5)],
        lambda: document.push(dab(ridge, 500, reveal=False, gesture=4), GM),  # the ridge hid
        lambda: document.push(  # two reveals in one step: both boxes followed
            Batch("two", [dab(900, 900, gesture=None), dab(20, 1000, gesture=None)]), GM
        ),
        lambda: document.push(MoveToken("t1", (37, 91)), GM),  # the GM does something else
        document.undo_stack.undo,
        document.undo_stack.undo,
        document.undo_stack.undo,
        document.undo_stack.redo,
        lambda: document.push(SetFogSetting("enabled", False), GM),
        lambda: document.push(dab(ridge + 200, 10), GM),  # fog off: revealed all the same
        lambda: document.push(SetFogSetting("enabled", True), GM),
        lambda: document.push(reveal_all(document.encounter, False), GM),
    ]
    for number, step in enumerate(steps):
        step()
        check()
        assert number < 1 or document.encounter.fog.enabled == (number not in (14, 15))
    for _ in range(6):  # back through all of it
        document.undo_stack.undo()
        check()
    document.undo_stack.redo()
    document.push(dab(ridge + 1, 600), GM)  # two changes before the next turn
    document.push(dab(ridge + 2, 601, reveal=False, gesture=9), GM)
    check()
