"""The pages of one update share one ground: a GM's edit still reaches every page.

Each update's links allow the same squares (those the fog reveals), so their heights,
terrain, walls and version are cut and written once (:func:`tactical.share.view._ground`,
:func:`tactical.share.wire.wire`); what each page is sent stays exactly what it was sent
when each was cut on its own.
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
from tactical.share.links import Link, character_token, links_for
from tactical.share.public import panel_view
from tactical.share.publish import builder_for, frozen_copy
from tactical.share.view import character_view, table_view
from tactical.share.wire import Wire, wire
from tests.rules.approximated_fray.fight import open_example
from tests.share.conftest import crypt
from tests.share.held_ground import HeldGround, take_in

DOOR = [14, 7, 15, 7]
"""The burial chamber's door, at the end of the corridor: shown on every page."""
HIDDEN_SQUARE = (20, 11)
"""A square under fog (column, row)."""
WIDTH = 26
"""crypt-fog's width in squares."""


def _pages(
    encounter: Encounter, before: dict[str, tuple[Wire, HeldGround | None]]
) -> dict[str, HeldGround]:
    """The ground the table's and each character's page hold now, sent as the server sends it
    to a page that held ``before`` (its last message and ground), which is updated."""
    build = builder_for(encounter)
    received: dict[str, HeldGround] = {}
    for link in links_for(encounter).all():
        last, held = before.get(link.label, (None, None))
        sent = wire(dict(build(link).data), last)
        message = json.loads(sent.for_socket(last.ground if last is not None else ""))
        now = take_in(held, message)
        assert now is not None
        received[link.label] = now
        before[link.label] = (sent, now)
    return received


def _door(held: HeldGround) -> str | None:
    return next((w[4] for w in held.walls if list(w[:4]) == DOOR), None)


def _height(held: HeldGround, square: tuple[int, int]) -> int:
    return held.height_at(WIDTH, square)


def test_a_door_the_gm_opens_reaches_every_page_and_goes_back_on_undo_and_redo() -> None:
    encounter = crypt()
    stack = UndoStack(encounter)
    held: dict[str, tuple[Wire, HeldGround | None]] = {}
    assert {_door(m) for m in _pages(encounter, held).values()} == {"door"}
    stack.push(SetWall((14, 7), (15, 7), Wall(door=True, open=True)))
    assert {_door(m) for m in _pages(encounter, held).values()} == {"open"}
    stack.undo()
    assert {_door(m) for m in _pages(encounter, held).values()} == {"door"}
    stack.redo()
    assert {_door(m) for m in _pages(encounter, held).values()} == {"open"}


def test_a_square_the_gm_reveals_shows_its_height_on_every_page_and_hides_it_again() -> None:
    encounter = crypt()
    stack = UndoStack(encounter)
    stack.push(PaintSquares([HIDDEN_SQUARE], elevation=7))
    held: dict[str, tuple[Wire, HeldGround | None]] = {}
    assert {_height(m, HIDDEN_SQUARE) for m in _pages(encounter, held).values()} == {0}
    stack.push(RevealSquares([HIDDEN_SQUARE]))
    assert {_height(m, HIDDEN_SQUARE) for m in _pages(encounter, held).values()} == {7}
    stack.undo()
    assert {_height(m, HIDDEN_SQUARE) for m in _pages(encounter, held).values()} == {0}


def _alone(encounter: Encounter, link: Link) -> dict[str, Any]:
    """``link``'s page cut on its own, from nothing shared with another page."""
    frozen = frozen_copy(encounter)
    view = panel_view(frozen)
    if link.character is None:
        data = table_view(frozen, None, view).data
    else:
        token = character_token(frozen, link.character)
        assert token is not None
        may = link.permissions()
        data = character_view(frozen, token.id, None, view, link.moves, token.speed, None, may).data
    return json.loads(json.dumps(data))


@pytest.mark.parametrize("opened", ["crypt-fog", "approximated fray"])
def test_every_page_built_together_is_the_page_built_alone(opened: str) -> None:
    encounter = crypt() if opened == "crypt-fog" else open_example()[0]
    links = links_for(encounter)
    for link in links.all():
        for what in ("declare", "roll", "move"):
            links.allow(link.token, what, True)
    build = builder_for(encounter)
    together = {x.label: json.loads(json.dumps(build(x).data)) for x in links.all()}
    assert len(together) > 2
    if opened != "crypt-fog":
        assert any(page.get("hand") for page in together.values())
    for link in links.all():
        assert together[link.label] == _alone(encounter, link), link.label
