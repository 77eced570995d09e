"""The shipped examples, opened on fake services and played with real mouse events (saving,
quitting and reopening one, which needs the window, is in test_files.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt

from tactical.app.encounter import engine
from tactical.app.map.geometry import CELL

from .conftest import MAPS
from .services_kit import FakeServices

HILLSIDE = MAPS / "hillside-ruin.tactical.json"
TAVERN = MAPS / "tavern-brawl.tactical.json"
BIG = MAPS / "benchmark-256.tactical.json"

pytestmark = pytest.mark.skipif(not HILLSIDE.exists(), reason="example maps not present")


def centre_of(services: FakeServices, token_id: str) -> QPoint:
    return services.view.mapFromScene(services.scene.token_items[token_id].centre())


def square_point(services: FakeServices, square: tuple[int, int], size: int = 1) -> QPoint:
    return services.view.mapFromScene(
        QPointF((square[0] + size / 2) * CELL, (square[1] + size / 2) * CELL)
    )


def open_example(make_services, path: Path) -> FakeServices:  # type: ignore[no-untyped-def]
    services = make_services()
    assert services.files.open_path(path), services.errors
    services.view.fit_map()
    return services


def drag_to(
    qtbot, services: FakeServices, start: QPoint, end: QPoint, mods=Qt.KeyboardModifier.NoModifier
) -> None:  # type: ignore[no-untyped-def]
    viewport = services.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    qtbot.mouseMove(viewport, end)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, mods, end)


def farthest_reachable(services: FakeServices, token_id: str) -> tuple[int, int]:
    encounter = services.document.encounter
    token = encounter.tokens[token_id]
    reach = engine.reachable(encounter, token_id, token.speed)
    return max(reach, key=lambda s: (reach[s], s))


def test_every_token_of_the_hillside_moves_by_dragging_and_undoes(make_services, qtbot) -> None:  # type: ignore[no-untyped-def]
    services = open_example(make_services, HILLSIDE)
    services.view.resetTransform()  # 1:1 so every square is big enough to hit
    encounter = services.document.encounter
    starts = {t.id: t.position for t in encounter.tokens.values()}
    moved = 0
    for token_id in list(encounter.tokens):
        token = encounter.tokens[token_id]
        goal = farthest_reachable(services, token_id)
        if goal == token.position:
            continue
        services.view.centerOn(services.scene.token_items[token_id].centre())
        drag_to(
            qtbot, services, centre_of(services, token_id), square_point(services, goal, token.size)
        )
        assert encounter.tokens[token_id].position == goal, token_id
        moved += 1
    assert moved == len(encounter.tokens)
    assert services.document.undo_stack.count() == moved
    while services.document.undo_stack.canUndo():
        services.document.undo_stack.undo()
    assert {t.id: t.position for t in encounter.tokens.values()} == starts
    while services.document.undo_stack.canRedo():
        services.document.undo_stack.redo()
    assert all(encounter.tokens[t].position != starts[t] for t in starts)


def test_hillside_refuses_a_drop_on_an_enemy(make_services, qtbot) -> None:  # type: ignore[no-untyped-def]
    services = open_example(make_services, HILLSIDE)
    encounter = services.document.encounter
    mira, grak = encounter.tokens["mira"], encounter.tokens["grak"]
    assert grak.square is not None
    drag_to(qtbot, services, centre_of(services, "mira"), square_point(services, grak.square))
    assert mira.position == (4, 19)
    assert "an enemy (Grak, goblin chief) is there" in services.host.statusBar().currentMessage()
    assert services.document.undo_stack.count() == 0


def test_tavern_tokens_move_between_areas(make_services, qtbot) -> None:  # type: ignore[no-untyped-def]
    services = open_example(make_services, TAVERN)
    encounter = services.document.encounter
    area_map = encounter.area_map
    assert area_map is not None
    neighbour = sorted(area_map.neighbours("hearth"))[0]
    target = services.scene.layer.centres()[neighbour]  # type: ignore[union-attr]
    drag_to(qtbot, services, centre_of(services, "oswin"), services.view.mapFromScene(target))
    assert encounter.tokens["oswin"].position == neighbour
    centres = [
        services.scene.token_items[t.id].centre() for t in encounter.tokens_in_area(neighbour)
    ]
    for i, a in enumerate(centres):
        for b in centres[i + 1 :]:
            assert (a - b).manhattanLength() > CELL * 0.5  # laid out apart, not stacked
    services.document.undo_stack.undo()
    assert encounter.tokens["oswin"].position == "hearth"


def test_the_hidden_scout_is_absent_from_the_player_view(make_services, qtbot) -> None:  # type: ignore[no-untyped-def]
    services = open_example(make_services, HILLSIDE)
    assert services.document.encounter.tokens["scout"].hidden
    player = services.open_player_view()
    qtbot.waitExposed(player)
    assert "scout" in services.scene.token_items
    assert "scout" not in player.scene.token_items
    assert len(player.scene.token_items) == len(services.document.encounter.tokens) - 1


@pytest.mark.slow
def test_the_256_benchmark_map_opens_and_a_token_drags(make_services, qtbot) -> None:  # type: ignore[no-untyped-def]
    services = open_example(make_services, BIG)
    encounter = services.document.encounter
    assert len(encounter.tokens) == 200
    token = next(t for t in encounter.tokens.values() if t.size == 1 and not t.hidden)
    services.view.resetTransform()
    services.view.centerOn(services.scene.token_items[token.id].centre())
    goal = farthest_reachable(services, token.id)
    drag_to(qtbot, services, centre_of(services, token.id), square_point(services, goal))
    assert encounter.tokens[token.id].position == goal


EXAMPLES = sorted(p for p in MAPS.glob("*.tactical.json") if p != BIG)


def goal_for(services: FakeServices, token_id: str) -> object:
    """The farthest square (or area) the token may reach with the budget a drag gives it."""
    encounter = services.document.encounter
    budget = services.document.move_budget(encounter.tokens[token_id])
    reach = engine.reachable(encounter, token_id, budget)
    token = encounter.tokens[token_id]
    others = [g for g in reach if g != token.position]
    return max(others, key=lambda g: (reach[g], str(g))) if others else token.position


def point_of(services: FakeServices, goal: object, size: int) -> QPoint:
    if isinstance(goal, str):
        return services.view.mapFromScene(services.scene.layer.centres()[goal])  # type: ignore[union-attr]
    assert isinstance(goal, tuple)
    return square_point(services, goal, size)


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name.split(".")[0] for p in EXAMPLES])
def test_every_token_of_every_example_drags_undoes_and_redoes(
    make_services, qtbot, path: Path
) -> None:  # type: ignore[no-untyped-def]
    """The issue's "Done when": open each example, move every token by dragging, undo, redo."""
    services = open_example(make_services, path)
    encounter = services.document.encounter
    starts = {t.id: t.position for t in encounter.tokens.values()}
    moved: dict[str, object] = {}
    for token_id in list(encounter.tokens):
        token = encounter.tokens[token_id]
        if token.position is None:
            continue
        goal = goal_for(services, token_id)
        if goal == token.position:
            continue
        if encounter.area_map is None:
            services.view.resetTransform()  # 1:1 so every square is big enough to hit
        services.view.centerOn(services.scene.token_items[token_id].centre())
        drag_to(
            qtbot, services, centre_of(services, token_id), point_of(services, goal, token.size)
        )
        assert encounter.tokens[token_id].position == goal, (
            token_id,
            services.host.statusBar().currentMessage(),
        )
        moved[token_id] = goal
        services.view.fit_map()
    assert len(moved) >= len(encounter.tokens) - 1, f"only {sorted(moved)} could move"
    assert services.document.undo_stack.count() == len(moved)
    assert services.document.modified  # the title's *
    while services.document.undo_stack.canUndo():
        services.document.undo_stack.undo()
    assert {t.id: t.position for t in encounter.tokens.values()} == starts
    assert not services.document.modified
    while services.document.undo_stack.canRedo():
        services.document.undo_stack.redo()
    assert {t: encounter.tokens[t].position for t in moved} == moved
