"""The ground after a fog change reaches a real page as a delta (Chromium, selenium).

The GM lifts the fog from the burial chamber, hides part of it again and opens its door: the
page shows each change, having received only what changed (no whole ground after the first);
reloaded, the page holds and paints exactly the ground the page that followed the deltas
holds. Traffic stays on 127.0.0.1; every wait is bounded.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tactical.core.commands.base import UndoStack
from tactical.core.commands.fog import RevealSquares
from tactical.core.commands.terrain import PaintSquares, SetWall
from tactical.core.encounter import Encounter
from tactical.core.grid import Wall
from tactical.share.publish import builder_for
from tactical.share.server import ShareServer
from tests.share.test_browser import (  # noqa: F401
    DESKTOP,
    _open,
    _pixel,
    _received,
    _wait,
    driver,
    pytestmark,
)

CHAMBER = (20.5, 9.5)
"""The middle of the burial chamber (under fog at first), in squares."""
BACKGROUND = (17, 17, 17)
"""The page's colour where nothing is drawn (#111)."""


def _ground(browser: Any) -> dict[str, Any]:
    got: dict[str, Any] = browser.execute_script("return window.tacticalPage.ground()")
    return got


def _chamber(browser: Any) -> tuple[int, int, int]:
    x, y = browser.execute_script("return window.tacticalPage.toScreen(...arguments)", *CHAMBER)
    return _pixel(browser, x, y)


def _picture(browser: Any) -> str:
    picture: str = _wait(
        lambda: browser.execute_script("return window.tacticalPage.groundPicture()")
    )
    return picture


@pytest.mark.parametrize("label", ["Table", "Ilse"])
def test_a_fog_stroke_reaches_the_page_as_a_delta_and_a_reload_shows_the_same(
    driver: Any,  # noqa: F811
    shared: tuple[ShareServer, Encounter],
    label: str,
) -> None:
    server, encounter = shared
    stack = UndoStack(encounter)
    _open(driver, server, label, DESKTOP)
    assert _chamber(driver) == BACKGROUND  # under fog: nothing drawn there
    _received(driver)  # forget the first view's traffic
    changes = [
        PaintSquares([(21, 8)], elevation=3),  # under fog: the page hears nothing of it
        RevealSquares([(c, r) for c in range(17, 25) for r in range(6, 11)]),
        RevealSquares([(c, r) for c in range(17, 20) for r in range(6, 9)], reveal=False),
        SetWall((14, 7), (15, 7), Wall(door=True, open=True)),
    ]
    for change in changes:
        key = _ground(driver)["key"]
        stack.push(change)
        server.publish(builder_for(encounter))
        if not isinstance(change, PaintSquares):
            _wait(lambda old=key: _ground(driver)["key"] != old)
    _wait(lambda: _chamber(driver) != BACKGROUND)  # the stroke shows on the page
    followed = _ground(driver)
    assert (followed["whole"], followed["delta"]) == (1, 3)  # the first ground, then deltas
    frames = [json.loads(text) for text in _received(driver)[0] if text.startswith("{")]
    views = [f for f in frames if f.get("type") == "view"]
    assert views and all("ground" not in f for f in views)
    assert 21 + 8 * 26 in _delta_squares(views)  # the height painted in fog, once revealed
    painted = _picture(driver)
    driver.refresh()
    _wait(lambda: _ground(driver) and _ground(driver)["key"] == followed["key"])
    reloaded = _ground(driver)
    assert (reloaded["whole"], reloaded["delta"]) == (1, 0)
    same = ("key", "height", "terrain", "walls", "lines")
    assert {k: reloaded[k] for k in same} == {k: followed[k] for k in same}
    assert reloaded["height"][21 + 8 * 26] == 3
    assert _picture(driver) == painted


def _delta_squares(views: list[dict[str, Any]]) -> set[int]:
    squares: set[int] = set()
    for view in views:
        spans = view.get("delta", {}).get("spans", [])
        at = 0
        for skip, take in zip(spans[0::2], spans[1::2], strict=True):
            squares.update(range(at + skip, at + skip + take))
            at += skip + take
    return squares


def test_a_page_sent_a_delta_for_a_ground_it_does_not_hold_connects_again_for_the_whole(
    driver: Any,  # noqa: F811
    shared: tuple[ShareServer, Encounter],
) -> None:
    server, encounter = shared
    _open(driver, server, "Table", DESKTOP)
    first = _ground(driver)
    # the next delta, as if the page had missed the ground it applies to
    driver.execute_script(
        "const parse = JSON.parse;"
        "JSON.parse = (text) => { const m = parse(text);"
        " if (m.delta) { m.delta.from = 'a ground never held'; JSON.parse = parse; } return m; };"
    )
    RevealSquares([(c, r) for c in range(17, 25) for r in range(6, 11)]).do(encounter)
    server.publish(builder_for(encounter))
    again = _wait(lambda: (lambda g: g if g["whole"] == 2 else None)(_ground(driver)))
    assert again["delta"] == 0 and again["key"] != first["key"]
    _wait(lambda: _chamber(driver) != BACKGROUND)
    driver.refresh()
    _wait(lambda: _ground(driver) and _ground(driver)["key"] == again["key"])
    same = ("height", "terrain", "walls", "lines")
    assert {k: _ground(driver)[k] for k in same} == {k: again[k] for k in same}
