"""The party's sight is worked out off the GUI thread: Ctrl+R and a move never wait for it,
and a reveal that lands late keeps "one move, one undo step" true."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from tactical.app.fog import sight_worker
from tactical.app.fog.install import install_fog
from tactical.core.changes import GM
from tactical.core.commands import MoveToken
from tactical.core.commands.tokens import SetTokenField
from tactical.core.fog import Fog
from tactical.core.grid import GridMap
from tactical.core.sight import Viewer

from .conftest import small_grid


def found(services: Any) -> set[tuple[int, int]]:
    encounter = services.document.encounter
    rows, cols = np.nonzero(encounter.fog.mask(encounter.grid))
    return {(int(c), int(r)) for r, c in zip(rows, cols, strict=True)}


@pytest.fixture
def held() -> Iterator[threading.Event]:
    """Sight that waits on the worker until the test lets it go."""
    gate = threading.Event()
    real = sight_worker.visible_squares

    def slow(grid: GridMap, viewers: list[Viewer]) -> Any:
        assert threading.current_thread() is not threading.main_thread()
        gate.wait(10)
        return real(grid, viewers)

    sight_worker.visible_squares = slow  # type: ignore[assignment]
    yield gate
    gate.set()
    sight_worker.visible_squares = real  # type: ignore[assignment]


def test_reveal_what_the_party_sees_returns_before_sight_is_worked_out(
    make_services: Any, qtbot: Any, held: threading.Event
) -> None:
    encounter = small_grid()
    encounter.fog = Fog(enabled=True)
    services = make_services(encounter)
    fog_controls = install_fog(services)
    fog = fog_controls
    fog.party_action.trigger()  # the GUI goes on while the worker looks
    assert found(services) == set() and fog.worker.busy()
    assert services.document.undo_stack.count() == 0
    held.set()
    qtbot.waitUntil(lambda: not fog.worker.busy())
    assert (1, 1) in found(services) and (9, 7) not in found(services)
    assert services.document.undo_stack.count() == 1
    assert services.document.undo_stack.undoText() == "Reveal what the party sees"


def test_a_late_reveal_after_another_edit_is_its_own_step_named_after_the_move(
    make_services: Any, qtbot: Any, held: threading.Event
) -> None:
    encounter = small_grid()
    encounter.fog = Fog(enabled=True, auto_reveal=True)
    services = make_services(encounter)
    fog_controls = install_fog(services)
    document, stack = services.document, services.document.undo_stack
    document.push(MoveToken("hero", (5, 1)), GM)  # the move is done at once
    assert encounter.tokens["hero"].position == (5, 1) and found(services) == set()
    document.push(SetTokenField("orc", "hidden", True), GM)  # the GM goes on before sight lands
    held.set()
    qtbot.waitUntil(lambda: not fog_controls.worker.busy())
    assert (9, 7) in found(services)
    assert stack.count() == 3
    assert stack.undoText() == "Reveal what the party sees after Move Hero"
    stack.undo()
    assert found(services) == set() and encounter.tokens["hero"].position == (5, 1)


def test_a_reveal_landing_after_its_move_was_undone_reveals_nothing(
    make_services: Any, qtbot: Any, held: threading.Event
) -> None:
    encounter = small_grid()
    encounter.fog = Fog(enabled=True, auto_reveal=True)
    services = make_services(encounter)
    fog_controls = install_fog(services)
    document, stack = services.document, services.document.undo_stack
    document.push(MoveToken("hero", (5, 1)), GM)
    stack.undo()
    held.set()
    qtbot.waitUntil(lambda: not fog_controls.worker.busy())
    assert found(services) == set()
    assert (stack.count(), stack.index()) == (1, 0)
    stack.redo()  # the move alone: its reveal never joined it
    assert encounter.tokens["hero"].position == (5, 1) and found(services) == set()
