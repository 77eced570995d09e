"""The shipped examples, opened in the window and played with real mouse events."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt

from tactical.app.encounter import engine
from tactical.app.map.geometry import CELL
from tactical.app.window.main_window import MainWindow
from tactical.app.window.startup import start
from tactical.core.changes import GM
from tactical.core.commands import SetStatus
from tactical.persistence import load_encounter

from .conftest import MAPS
from .test_player_view import open_player_view

HILLSIDE = MAPS / "hillside-ruin.tactical.json"
TAVERN = MAPS / "tavern-brawl.tactical.json"
BIG = MAPS / "benchmark-256.tactical.json"

pytestmark = pytest.mark.skipif(not HILLSIDE.exists(), reason="example maps not present")


def centre_of(window: MainWindow, token_id: str) -> QPoint:
    return window.view.mapFromScene(window.scene.token_items[token_id].centre())


def square_point(window: MainWindow, square: tuple[int, int], size: int = 1) -> QPoint:
    return window.view.mapFromScene(
        QPointF((square[0] + size / 2) * CELL, (square[1] + size / 2) * CELL)
    )


def open_example(make_window, path: Path) -> MainWindow:  # type: ignore[no-untyped-def]
    window = make_window()
    assert window.files.open_path(path), window.errors
    window.view.fit_map()
    return window


def drag_to(
    qtbot, window: MainWindow, start: QPoint, end: QPoint, mods=Qt.KeyboardModifier.NoModifier
) -> None:  # type: ignore[no-untyped-def]
    viewport = window.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    qtbot.mouseMove(viewport, end)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, mods, end)


def farthest_reachable(window: MainWindow, token_id: str) -> tuple[int, int]:
    encounter = window.document.encounter
    token = encounter.tokens[token_id]
    reach = engine.reachable(encounter, token_id, token.speed)
    return max(reach, key=lambda s: (reach[s], s))


def test_every_token_of_the_hillside_moves_by_dragging_and_undoes(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = open_example(make_window, HILLSIDE)
    window.view.resetTransform()  # 1:1 so every square is big enough to hit
    encounter = window.document.encounter
    starts = {t.id: t.position for t in encounter.tokens.values()}
    moved = 0
    for token_id in list(encounter.tokens):
        token = encounter.tokens[token_id]
        goal = farthest_reachable(window, token_id)
        if goal == token.position:
            continue
        window.view.centerOn(window.scene.token_items[token_id].centre())
        drag_to(qtbot, window, centre_of(window, token_id), square_point(window, goal, token.size))
        assert encounter.tokens[token_id].position == goal, token_id
        moved += 1
    assert moved == len(encounter.tokens)
    assert window.document.undo_stack.count() == moved
    while window.document.undo_stack.canUndo():
        window.edit_menu.undo_action.trigger()
    assert {t.id: t.position for t in encounter.tokens.values()} == starts
    while window.document.undo_stack.canRedo():
        window.edit_menu.redo_action.trigger()
    assert all(encounter.tokens[t].position != starts[t] for t in starts)


def test_hillside_refuses_a_drop_on_an_enemy(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = open_example(make_window, HILLSIDE)
    encounter = window.document.encounter
    mira, grak = encounter.tokens["mira"], encounter.tokens["grak"]
    assert grak.square is not None
    drag_to(qtbot, window, centre_of(window, "mira"), square_point(window, grak.square))
    assert mira.position == (4, 19)
    assert "an enemy (Grak, goblin chief) is there" in window.statusBar().currentMessage()
    assert window.document.undo_stack.count() == 0


def test_tavern_tokens_move_between_areas(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = open_example(make_window, TAVERN)
    encounter = window.document.encounter
    area_map = encounter.area_map
    assert area_map is not None
    neighbour = sorted(area_map.neighbours("hearth"))[0]
    target = window.scene.layer.centres()[neighbour]  # type: ignore[union-attr]
    drag_to(qtbot, window, centre_of(window, "oswin"), window.view.mapFromScene(target))
    assert encounter.tokens["oswin"].position == neighbour
    centres = [window.scene.token_items[t.id].centre() for t in encounter.tokens_in_area(neighbour)]
    for i, a in enumerate(centres):
        for b in centres[i + 1 :]:
            assert (a - b).manhattanLength() > CELL * 0.5  # laid out apart, not stacked
    window.edit_menu.undo_action.trigger()
    assert encounter.tokens["oswin"].position == "hearth"


def test_the_hidden_scout_is_absent_from_the_player_view(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = open_example(make_window, HILLSIDE)
    assert window.document.encounter.tokens["scout"].hidden
    player = open_player_view(window, qtbot)
    assert "scout" in window.scene.token_items
    assert "scout" not in player.scene.token_items
    assert len(player.scene.token_items) == len(window.document.encounter.tokens) - 1


def test_save_quit_and_reopen_to_the_same_state(
    make_window, qtbot, tmp_path: Path, settings
) -> None:  # type: ignore[no-untyped-def]
    window = open_example(make_window, HILLSIDE)
    goal = farthest_reachable(window, "mira")
    drag_to(qtbot, window, centre_of(window, "mira"), square_point(window, goal))
    window.document.push(SetStatus("grak", "Dazed", 1), GM)
    saved = tmp_path / "session.tactical.json"
    window.files.ask_save_path = lambda: str(saved)
    window.file_menu.save_as_action.trigger()
    window.files.background.wait()  # written on a worker thread
    assert window.document.path == saved
    state = window.document.encounter
    assert window.close()
    again = start(saved, settings=settings, recovery_dir=tmp_path / "recovery", ask=lambda r: False)
    qtbot.addWidget(again)
    again.files.ask_unsaved = lambda: "discard"
    assert again.document.encounter == state
    assert again.document.encounter.tokens["mira"].position == goal
    assert load_encounter(HILLSIDE).tokens["mira"].position == (4, 19)  # the example is untouched
    assert again.windowTitle() == "session[*] — tactical"


@pytest.mark.slow
def test_the_256_benchmark_map_opens_and_a_token_drags(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = open_example(make_window, BIG)
    encounter = window.document.encounter
    assert len(encounter.tokens) == 200
    token = next(t for t in encounter.tokens.values() if t.size == 1 and not t.hidden)
    window.view.resetTransform()
    window.view.centerOn(window.scene.token_items[token.id].centre())
    goal = farthest_reachable(window, token.id)
    drag_to(qtbot, window, centre_of(window, token.id), square_point(window, goal))
    assert encounter.tokens[token.id].position == goal


EXAMPLES = sorted(p for p in MAPS.glob("*.tactical.json") if p != BIG)


def goal_for(window: MainWindow, token_id: str) -> object:
    """The farthest square (or area) the token may reach with the budget a drag gives it."""
    encounter = window.document.encounter
    budget = window.document.move_budget(encounter.tokens[token_id])
    reach = engine.reachable(encounter, token_id, budget)
    token = encounter.tokens[token_id]
    others = [g for g in reach if g != token.position]
    return max(others, key=lambda g: (reach[g], str(g))) if others else token.position


def point_of(window: MainWindow, goal: object, size: int) -> QPoint:
    if isinstance(goal, str):
        return window.view.mapFromScene(window.scene.layer.centres()[goal])  # type: ignore[union-attr]
    assert isinstance(goal, tuple)
    return square_point(window, goal, size)


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name.split(".")[0] for p in EXAMPLES])
def test_every_token_of_every_example_drags_undoes_and_redoes(
    make_window, qtbot, path: Path
) -> None:  # type: ignore[no-untyped-def]
    """The issue's "Done when": open each example, move every token by dragging, undo, redo."""
    window = open_example(make_window, path)
    encounter = window.document.encounter
    starts = {t.id: t.position for t in encounter.tokens.values()}
    moved: dict[str, object] = {}
    for token_id in list(encounter.tokens):
        token = encounter.tokens[token_id]
        if token.position is None:
            continue
        goal = goal_for(window, token_id)
        if goal == token.position:
            continue
        if encounter.area_map is None:
            window.view.resetTransform()  # 1:1 so every square is big enough to hit
        window.view.centerOn(window.scene.token_items[token_id].centre())
        drag_to(qtbot, window, centre_of(window, token_id), point_of(window, goal, token.size))
        assert encounter.tokens[token_id].position == goal, (
            token_id,
            window.statusBar().currentMessage(),
        )
        moved[token_id] = goal
        window.view.fit_map()
    assert len(moved) >= len(encounter.tokens) - 1, f"only {sorted(moved)} could move"
    assert window.document.undo_stack.count() == len(moved)
    assert window.isWindowModified()
    while window.document.undo_stack.canUndo():
        window.edit_menu.undo_action.trigger()
    assert {t.id: t.position for t in encounter.tokens.values()} == starts
    assert not window.isWindowModified()
    while window.document.undo_stack.canRedo():
        window.edit_menu.redo_action.trigger()
    assert {t: encounter.tokens[t].position for t in moved} == moved
