"""What the phones' builder keeps between two changes (issue 32's session: memory grown).

Once a build's texts are made, its views (each page's light as an array and as base64:
about 25 MB for 8 pages on 1024 x 1024) go; the characters' sights kept for the next
change stay level (the oldest goes), never all thrown away at once.
"""

from __future__ import annotations

import gc
import weakref

import pytest

from tactical.core.commands.base import UndoStack
from tactical.core.commands.terrain import PaintSquares
from tactical.core.grid import GridMap
from tactical.share import seen, wire_ground
from tactical.share.links import links_for
from tactical.share.publish import builder_for
from tactical.share.server import _build_all
from tests.share.conftest import crypt


def test_a_builds_views_go_once_its_texts_are_made() -> None:
    encounter = crypt()
    links = links_for(encounter).all()
    builder = builder_for(encounter)
    view = builder(links[0])  # as the build makes it
    made = weakref.ref(view)
    del view
    built = _build_all(builder, links, {})
    gc.collect()
    assert made() is None
    again = _build_all(builder, links, {})  # a device joins: the same texts made again
    assert {k: v[0].full for k, v in again.items()} == {k: v[0].full for k, v in built.items()}


def test_a_characters_sight_is_kept_while_newer_ones_come(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    grid = GridMap(20, 20)
    looked: list[object] = []
    real = seen.visible_squares

    def counted(*args: object) -> object:
        looked.append(args)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(seen, "visible_squares", counted)
    monkeypatch.setattr(seen, "_SIGHT", {})
    monkeypatch.setattr(seen, "SIGHT_CACHE_SQUARES", 8 * 20 * 20)  # room for 8 sights
    for col in range(9):
        seen._sight(grid, [(col, 0)], None)
    assert len(looked) == 9
    for col in range(1, 9):  # the 8 newest are all still known
        seen._sight(grid, [(col, 0)], None)
    assert len(looked) == 9
    seen._sight(grid, [(0, 0)], None)  # the oldest went
    assert len(looked) == 10


def test_a_ground_written_again_the_same_keeps_no_bytes_between_two_changes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A change that leaves the pages' ground as it was (a square painted under fog) writes the
    ground again, equal to the one the wire keeps: the bytes its texts were made of go too (on
    1024 x 1024, 3.6 MB a ground: four such changes held 14 MB in issue 32's session)."""
    monkeypatch.setattr(wire_ground, "_ENCODED", {})
    encounter = crypt()
    stack = UndoStack(encounter)
    links = links_for(encounter).all()
    built = _build_all(builder_for(encounter), links, {})
    for height in (3, 5, 7):
        stack.push(PaintSquares([(20, 11)], elevation=height))  # under fog
        before = {token: wire for token, (wire, _) in built.items()}
        again = _build_all(builder_for(encounter), links, before)
        assert [w.ground for w, _ in again.values()] == [w.ground for w, _ in built.values()]
        assert wire_ground._ENCODED == {}
